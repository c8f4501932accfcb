//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"cardtable/games/catalog"
)

// screens are the sizes every table is designed for: a phone held upright
// and sideways, and a desktop.
var screens = []struct{ w, h int64 }{{360, 640}, {640, 360}, {1280, 800}}

// fitCheck is what the page reports of itself at one size: how far it
// overflows, the moves a player cannot reach, and any engine notation a
// person would read or hear.
const fitCheck = `(() => {
	const W = innerWidth, H = innerHeight, de = document.documentElement;
	const out = {overflowX: Math.max(de.scrollWidth, document.body.scrollWidth) - W,
		overflowY: Math.max(de.scrollHeight, document.body.scrollHeight) - H,
		scrolled: scrollY, unreachable: [], notation: []};
	const visible = e => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
		return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && !e.closest('details:not([open]) > :not(summary)'); };
	// A picked card's choices open over the table like a menu: while open
	// they may cover other moves (a tap elsewhere closes them).
	const hits = (e, x, y) => { const h = document.elementFromPoint(x, y); return h && (h === e || e.contains(h) || (!e.closest('.hand__choices') && !!h.closest('.hand__choices'))); };
	// The seats, the player's row and the notice stay inside the screen's width.
	for (const e of document.querySelectorAll('#table .seat, #table .table__me > *, #table .notice')) {
		if (!visible(e) || e.closest('.table__side')) continue;
		const r = e.getBoundingClientRect();
		if (r.left < -1 || r.right > W + 1) out.unreachable.push((e.className || e.tagName) + ' outside the screen at ' + [r.left, r.right].map(Math.round).join(','));
	}
	for (const e of document.querySelectorAll('#table [data-action]')) {
		if (e.disabled || !visible(e)) continue;
		const r = e.getBoundingClientRect();
		const inside = r.left >= -1 && r.top >= -1 && r.right <= W + 1 && r.bottom <= H + 1;
		const pts = [];
		for (const fx of [0.5, 0.1, 0.2, 0.3]) for (const fy of [0.5, 0.3, 0.7, 0.15]) pts.push([r.left + fx * r.width, r.top + fy * r.height]);
		if (!inside || !pts.some(([x, y]) => hits(e, x, y)))
			out.unreachable.push(e.dataset.action + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
	}
	// Engine notation: a card code (9C, 10H, QS), a Papas card code
	// (papa3, robo2), or a camel-cased identifier (lastStanding).
	const notation = /\b(10|[2-9AJQK])[CDHS]\b|\b(papa|duquesas|fritas|robo|wild)\d|\b[a-z]+[A-Z][a-z]+\b/;
	const texts = [document.body.innerText];
	for (const e of document.querySelectorAll('[aria-label]')) texts.push(e.getAttribute('aria-label'));
	for (const e of document.querySelectorAll('[title]')) texts.push(e.getAttribute('title'));
	for (const t of texts) for (const line of (t || '').split('\n')) if (notation.test(line)) out.notation.push(line);
	return JSON.stringify(out);
})()`

type fitReport struct {
	OverflowX   int      `json:"overflowX"`
	OverflowY   int      `json:"overflowY"`
	Scrolled    int      `json:"scrolled"`
	Unreachable []string `json:"unreachable"`
	Notation    []string `json:"notation"`
}

// TestE2ETableFitsEveryScreen plays a solo match of every game and, at
// 360×640, 640×360 and 1280×800 after several turns: the page does not
// scroll either way, every move the player may make is on screen and
// reachable by a tap (no other element covers it), and no visible text,
// aria-label or title is engine notation. Screenshots of every table at
// every size go to the test output.
func TestE2ETableFitsEveryScreen(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, g := range catalog.All() {
		id := g.Game.Info().ID
		t.Run(id, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			openHome(t, ctx, srv.URL)
			fastBots(t, ctx)
			startGame(t, ctx, id)
			steps := 0
			for turn := range 3 {
				steps = playActions(t, ctx, steps+4, 60*time.Second)
				if eval[bool](t, ctx, `!document.querySelector('#table')`) {
					break // the match ended early
				}
				waitOwnTurn(ctx)
				for _, sz := range screens {
					checkFit(t, ctx, id, sz.w, sz.h, turn == 1)
				}
				// A card picked from the hand (one tap) lights where it may
				// go on the board: those places must be on screen too.
				if eval[bool](t, ctx, `(b => !!b && (b.click(), true))(document.querySelector('.hand button.card'))`) {
					for _, sz := range screens[:2] {
						checkFit(t, ctx, id+"-picked", sz.w, sz.h, turn == 1)
					}
				}
			}
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
		})
	}
}

// waitOwnTurn waits a little for the player's turn, so that the moves are
// on screen when the page is measured; a table where others still act is
// measured as it is.
func waitOwnTurn(ctx context.Context) {
	_ = waitJS(ctx, `!document.querySelector('#table') || document.querySelector('#table').dataset.turn === "true"`, 5*time.Second)
}

func checkFit(t *testing.T, ctx context.Context, id string, w, h int64, save bool) {
	t.Helper()
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h)))
	time.Sleep(250 * time.Millisecond) // a render after the resize
	if eval[bool](t, ctx, `!document.querySelector('#table')`) {
		return
	}
	var r fitReport
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, fitCheck)), &r))
	size := fmt.Sprintf("%dx%d", w, h)
	assert.LessOrEqual(t, r.OverflowX, 0, "%s at %s: the page is wider than the screen", id, size)
	assert.LessOrEqual(t, r.OverflowY, 0, "%s at %s: the page is taller than the screen", id, size)
	assert.Zero(t, r.Scrolled, "%s at %s: the page scrolled", id, size)
	assert.Empty(t, r.Unreachable, "%s at %s: moves off screen or covered", id, size)
	assert.Empty(t, r.Notation, "%s at %s: notation a person reads", id, size)
	if save || t.Failed() {
		shot(t, ctx, id+"-"+size+".png")
	}
}
