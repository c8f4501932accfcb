//go:build !js

package wasmtest

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestE2ERoundEndsWithASummary plays the first round of The King with bots
// at a human pace: when it ends, the middle of the table shows how it ended,
// the deciding trick and every seat's score for the round, the next deal
// waits until the player moves on, and the summary fits a phone.
func TestE2ERoundEndsWithASummary(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	eval[bool](t, ctx, `(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"off",leftHanded:false,botPace:20})), true)`)
	startGame(t, ctx, "king")
	deadline := time.Now().Add(2 * time.Minute)
	for !eval[bool](t, ctx, `!!document.querySelector('#round-summary')`) {
		require.True(t, time.Now().Before(deadline), "no round summary after 2 minutes")
		eval[bool](t, ctx, clickLegal)
		time.Sleep(30 * time.Millisecond)
	}
	text := eval[string](t, ctx, `document.querySelector('#round-summary').innerText`)
	assert.Contains(t, text, "The round is over")
	assert.Equal(t, 4, eval[int](t, ctx, `document.querySelectorAll('#round-summary tbody tr').length`), "a row per seat")
	assert.Equal(t, 4, eval[int](t, ctx, `document.querySelectorAll('#round-summary .trick [data-card]').length`), "the deciding trick")
	var changes []string
	require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx,
		`JSON.stringify([...document.querySelectorAll('#round-summary tbody tr')].map(r => r.children[1].innerText))`)), &changes))
	assert.Len(t, changes, 4)
	for _, c := range changes {
		assert.Regexp(t, `^[+-]\d+$`, c, "each seat's score for the round")
	}
	checkFit(t, ctx, "king-summary", "king-summary", 360, 640, true)
	checkFit(t, ctx, "king-summary", "king-summary", 640, 360, true)
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))

	steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	if !eval[bool](t, ctx, `document.querySelector('#table').dataset.turn === "true"`) {
		time.Sleep(800 * time.Millisecond)
		assert.Equal(t, steps, eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`), "the next deal waits for the player")
	}
	must(t, clickUntil(ctx, `#summary-close`, `!document.querySelector('#round-summary')`, 10*time.Second))
	playActions(t, ctx, steps+2, 30*time.Second)
}
