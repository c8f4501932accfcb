//go:build !js

package wasmtest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"cardtable/games/catalog"
)

// desktopCheck reports, at the size the page has: the side column's words
// smaller than 15 px, the widest card on the table, and how much of the
// table's width the side column takes.
const desktopCheck = `(() => {
	const small = [];
	const side = document.querySelector('#table .table__side');
	for (const e of side.querySelectorAll('*')) {
		const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== '');
		if (!own || e.closest('.sr-only, details:not([open]) > :not(summary)')) continue;
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) continue;
		const px = parseFloat(getComputedStyle(e).fontSize);
		if (px < 14.95) small.push(e.textContent.trim().slice(0, 30) + ' ' + px + 'px');
	}
	const widest = Math.max(0, ...[...document.querySelectorAll('#table .card')].map(c => c.getBoundingClientRect().width));
	return JSON.stringify({small, widest, side: side.getBoundingClientRect().width / innerWidth});
})()`

// TestE2EDesktopUsesTheRoom: at 1280×800 every table's side column speaks
// in words of at least 15 px and takes no more than a third of the width,
// and the cards are large (at least 90 px wide somewhere on the table).
func TestE2EDesktopUsesTheRoom(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	for _, g := range catalog.All() {
		id := g.Game.Info().ID
		t.Run(id, func(t *testing.T) {
			openHome(t, ctx, srv.URL)
			startGame(t, ctx, id)
			// The game's usual options: the shortest ones end some matches
			// within six moves (Eat Pairs to one point).
			eval[bool](t, ctx, fmt.Sprintf(`(() => { const k = "cardtable.save.%s", s = JSON.parse(localStorage.getItem(k));
				delete s.record.options; s.record.actions = []; localStorage.setItem(k, JSON.stringify(s)); return true; })()`, id))
			must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/play?game="+id)))
			must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
			playActions(t, ctx, 6, 60*time.Second)
			waitOwnTurn(ctx)
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))
			time.Sleep(250 * time.Millisecond)
			var r struct {
				Small  []string `json:"small"`
				Widest float64  `json:"widest"`
				Side   float64  `json:"side"`
			}
			must(t, json.Unmarshal([]byte(eval[string](t, ctx, desktopCheck)), &r))
			assert.Empty(t, r.Small, "%s: words under 15 px in the side column", id)
			assert.GreaterOrEqual(t, r.Widest, 90.0, "%s: the cards use the room", id)
			assert.LessOrEqual(t, r.Side, 0.34, "%s: the side column leaves the felt its room", id)
			shot(t, ctx, "desktop-"+id+"-1280x800.png")
		})
	}
}
