//go:build !js

package wasmtest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestE2ESoundsOnlyWhenTurnedOn counts the tones the page synthesises
// (Web Audio oscillators started) while a King match is played: none with
// the default settings, some once the player turned sounds on.
func TestE2ESoundsOnlyWhenTurnedOn(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("sounds=", on), func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
				window.__tones = 0;
				const start = OscillatorNode.prototype.start;
				OscillatorNode.prototype.start = function(...a) { window.__tones++; return start.apply(this, a); };`})
			require.NoError(t, err)
			openHome(t, ctx, srv.URL)
			eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"off",leftHanded:false,botPace:0,sounds:%v})), true)`, on))
			startGame(t, ctx, "king")
			playActions(t, ctx, 12, 60*time.Second)
			tones := eval[int](t, ctx, `window.__tones`)
			if on {
				assert.Positive(t, tones, "a tone for the cards and turns")
			} else {
				assert.Zero(t, tones, "silent by default")
			}
		})
	}
}
