//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// klondikeDeal is a fixed deal whose tops are known: column 1 the ace of
// hearts (its one move: to its foundation), column 2 the 6 of hearts (its
// one move: onto the 7 of clubs of column 3), column 4 the 2 of hearts
// (once the ace is up: to its foundation or onto the 3 of spades of column
// 5), column 6 the 9 of diamonds, column 7 the king of clubs (to column 1
// once it is empty). Each column is listed bottom to top, the stock top
// first.
func klondikeDeal() map[string]any {
	tops := []string{"AH", "6H", "7C", "2H", "3S", "9D", "KC"}
	used := map[string]bool{}
	for _, c := range tops {
		used[c] = true
	}
	var rest []string
	for _, s := range "CDHS" {
		for _, r := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			if c := r + string(s); !used[c] {
				rest = append(rest, c)
			}
		}
	}
	tableau := make([][]string, 7)
	k := 0
	for i := range tableau {
		tableau[i] = append(tableau[i], rest[k:k+i]...)
		k += i
		tableau[i] = append(tableau[i], tops[i])
	}
	return map[string]any{"tableau": tableau, "stock": rest[k:]}
}

// klondikeTable opens a Klondike match of the fixed deal (options: the
// record's, e.g. timed) at width×height, as the page resumes a saved match.
func klondikeTable(t *testing.T, srv *server, width, height int, options map[string]string) context.Context {
	t.Helper()
	ctx, cancel := newBrowser(t, width, height)
	t.Cleanup(cancel)
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	save := map[string]any{
		"record": map[string]any{"game": "klondike", "players": 1, "options": options, "seed": 12345,
			"deals": []any{klondikeDeal()}, "actions": []any{}},
		"seat": 0, "bots": []string{""}, "undo": true,
	}
	b, err := json.Marshal(save)
	require.NoError(t, err)
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.removeItem("cardtable.klondike.clock"), localStorage.setItem("cardtable.save.klondike", %q), true)`, b))
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/play?game=klondike")))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && document.querySelector('#table').dataset.turn === "true" && !!document.querySelector('.klondike .kl__tableau')`, loadTimeout))
	return ctx
}

// klSteps is the table's count of applied actions.
const klSteps = `+document.querySelector('#table').dataset.steps`

// klCentre is the centre of the element sel's visible top strip (a
// column card is mostly under the next one) as "x,y".
func klCentre(t *testing.T, ctx context.Context, sel string) (x, y float64) {
	t.Helper()
	p := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return [];
		const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height / 2, 8)]; })()`, sel))
	require.Len(t, p, 2, "%s is on the page", sel)
	return p[0], p[1]
}

// klDrag drags with the mouse from (x0, y0) to (x1, y1) in steps.
func klDrag(t *testing.T, ctx context.Context, x0, y0, x1, y1 float64) {
	t.Helper()
	left := chromedp.ButtonType(input.MouseButtonLeft)
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, left, chromedp.ClickCount(1))}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, left))
	}
	acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, left, chromedp.ClickCount(1)))
	must(t, chromedp.Do(ctx, acts...))
}

// klTouchDrag drags with a finger from (x0, y0) to (x1, y1) in steps.
func klTouchDrag(t *testing.T, ctx context.Context, x0, y0, x1, y1 float64) {
	t.Helper()
	touch := func(typ input.DispatchTouchEventType, x, y float64) {
		pts := []*input.TouchPoint{{X: x, Y: y}}
		if typ == input.DispatchTouchEventTypeTouchEnd {
			pts = []*input.TouchPoint{}
		}
		_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
		must(t, err)
	}
	touch(input.DispatchTouchEventTypeTouchStart, x0, y0)
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		touch(input.DispatchTouchEventTypeTouchMove, x0+(x1-x0)*f, y0+(y1-y0)*f)
	}
	touch(input.DispatchTouchEventTypeTouchEnd, x1, y1)
}

// klTap taps (a touch, which the page sees as pointer events and a click)
// at (x, y).
func klTap(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{
		Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}})
	must(t, err)
	_, err = chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{
		Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
	must(t, err)
}

// klTopOf is the selector of column n's top card.
func klTopOf(n int) string {
	return fmt.Sprintf(`.kl__tableau > [data-drop="t%d"] > :last-child .card`, n)
}

// TestE2EKlondikePlaysLikeASolitaireApp plays the fixed deal as a person
// would: the ace of hearts goes to its foundation with one tap (its one
// move), the 6 of hearts is dragged onto the 7 of clubs, the 2 of hearts
// (two places to go) is picked up by a first tap, lighting both, and a
// second tap sends it to its foundation (a double tap), the king is dragged
// with a finger to the empty column; a drag onto a place no move allows plays nothing.
// The move count follows, the clock ticks, and the hint lights the cards
// to move and where they go.
func TestE2EKlondikePlaysLikeASolitaireApp(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx := klondikeTable(t, srv, 360, 640, map[string]string{})
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	moves := func() string { return eval[string](t, ctx, `document.querySelector('#kl-moves').innerText`) }
	assert.Equal(t, "Moves 0", moves())

	// The clock ticks.
	clock0 := eval[string](t, ctx, `document.querySelector('#kl-clock').innerText`)
	must(t, waitJS(ctx, fmt.Sprintf(`document.querySelector('#kl-clock').innerText !== %q`, clock0), 4*time.Second))

	// A tap on the ace: its one move.
	x, y := klCentre(t, ctx, klTopOf(1))
	klTap(t, ctx, x, y)
	must(t, waitJS(ctx, klSteps+` === 1`, 5*time.Second))
	assert.Equal(t, "AH", eval[string](t, ctx, `document.querySelector('.kl__foundations [data-card="AH"]').dataset.card`))
	must(t, waitJS(ctx, `document.querySelector('#kl-moves').innerText === "Moves 1"`, 5*time.Second))

	// A drag onto a column no move allows: nothing happens.
	x, y = klCentre(t, ctx, klTopOf(2))
	x1, y1 := klCentre(t, ctx, klTopOf(6))
	klDrag(t, ctx, x, y, x1, y1+20)
	time.Sleep(500 * time.Millisecond)
	assert.Equal(t, 1, eval[int](t, ctx, klSteps), "a drop where no move goes plays nothing")

	// Dragged onto the 7 of clubs.
	x1, y1 = klCentre(t, ctx, klTopOf(3))
	klDrag(t, ctx, x, y, x1, y1+20)
	must(t, waitJS(ctx, klSteps+` === 2`, 5*time.Second))
	assert.Equal(t, "6H", eval[string](t, ctx, `document.querySelector('`+klTopOf(3)+`').dataset.card`))
	must(t, waitJS(ctx, `document.querySelector('#kl-moves').innerText === "Moves 2"`, 5*time.Second))

	// The 2 of hearts has two places to go: a first tap picks it up and
	// lights both; the second sends it to its foundation.
	x, y = klCentre(t, ctx, klTopOf(4))
	klTap(t, ctx, x, y)
	must(t, waitJS(ctx, `!!document.querySelector('.kl__found.kl__target--on') && !!document.querySelector('[data-drop="t5"].kl__target--on')`, 5*time.Second))
	assert.Equal(t, 2, eval[int](t, ctx, klSteps), "a first tap on cards with two places picks them up")
	shot(t, ctx, "klondike-picked-360x640.png")
	klTap(t, ctx, x, y)
	must(t, waitJS(ctx, klSteps+` === 3 && !!document.querySelector('.kl__foundations [data-card="2H"]')`, 5*time.Second))

	// The king dragged with a finger to the empty column 1.
	x, y = klCentre(t, ctx, klTopOf(7))
	x1, y1 = klCentre(t, ctx, `[data-drop="t1"]`)
	klTouchDrag(t, ctx, x, y, x1, y1+20)
	must(t, waitJS(ctx, klSteps+` === 4`, 5*time.Second))
	assert.Equal(t, "KC", eval[string](t, ctx, `document.querySelector('`+klTopOf(1)+`').dataset.card`))
	assert.Equal(t, "Moves 4", moves())

	// The hint lights the cards to move and where they go, and says it.
	must(t, clickUntil(ctx, `#hint`, `/Looking for a good move|Hint: |No hint now/.test(document.querySelector('#table').innerText)`, 10*time.Second))
	must(t, waitJS(ctx, `/Hint: |No hint now/.test(document.querySelector('#table').innerText)`, 30*time.Second))
	if strings.Contains(eval[string](t, ctx, `document.querySelector('#table').innerText`), "Hint: ") {
		assert.True(t, eval[bool](t, ctx, `!!document.querySelector('.klondike .card--hint, .kl__stock--hint, .kl__auto.btn--hint')`), "the hinted cards glow")
		if eval[bool](t, ctx, `!!document.querySelector('.klondike .card--hint')`) {
			assert.True(t, eval[bool](t, ctx, `!!document.querySelector('.kl__target--hint')`), "so does where they go")
		}
	}
	shot(t, ctx, "klondike-hint-360x640.png")
}

// TestE2EKlondikeFitsEveryScreen: the fixed deal's table, with a long
// column, at 360×640, 640×360, 1280×800 and 780×360: no scrolling, nothing cut off,
// every card of every column inside its board, and words only.
func TestE2EKlondikeFitsEveryScreen(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx := klondikeTable(t, srv, 360, 640, map[string]string{"timed": "on", "drawCount": "3"})
	// A few draws fill the waste's fan.
	for i := 1; i <= 2; i++ {
		must(t, clickUntil(ctx, `.kl__stock`, fmt.Sprintf(`%s >= %d`, klSteps, i), 5*time.Second))
	}
	// The timed game's clock runs.
	clock0 := eval[string](t, ctx, `document.querySelector('#kl-clock').innerText`)
	must(t, waitJS(ctx, fmt.Sprintf(`document.querySelector('#kl-clock').innerText !== %q`, clock0), 4*time.Second))
	// Beside the three screens, a long phone on its side (780×360), where
	// the board is wide and low: the foundations go to its left, the stock
	// and the waste to its right.
	for _, sz := range append(screens[:len(screens):len(screens)], struct{ w, h int64 }{780, 360}) {
		checkFit(t, ctx, "klondike", "klondike", sz.w, sz.h, true)
		name := fmt.Sprintf("klondike-%dx%d.png", sz.w, sz.h)
		shot(t, ctx, name)
		// Every card inside the screen.
		out := eval[string](t, ctx, `(() => { const W = innerWidth, H = innerHeight, bad = [];
			for (const c of document.querySelectorAll('.klondike .card, .klondike .pile__empty')) {
				const r = c.getBoundingClientRect();
				if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) bad.push((c.dataset.card || 'empty') + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round));
			}
			return bad.join('; '); })()`)
		assert.Empty(t, out, "cards off screen at %dx%d", sz.w, sz.h)
		// Column 7 made as long as a column gets (6 face down, 13 face up):
		// its overlap shrinks so that it ends inside the board and the
		// screen, each card still showing its rank.
		long := eval[string](t, ctx, `(() => { const H = innerHeight, bad = [];
			const col = document.querySelector('.kl__tableau > [data-drop="t7"]');
			const up = col.querySelector('.kl__up');
			for (let i = col.querySelectorAll('.kl__up').length; i < 13; i++) { const c = up.cloneNode(true); c.classList.add('kl-test-clone'); col.appendChild(c); }
			const was = col.style.getPropertyValue('--up');
			col.style.setProperty('--up', '13');
			const last = col.lastElementChild.getBoundingClientRect();
			const prev = col.lastElementChild.previousElementSibling.getBoundingClientRect();
			const board = document.querySelector('.klondike').getBoundingClientRect();
			if (last.bottom > Math.min(H, board.bottom) + 1) bad.push('column 7 of 19 cards ends at ' + Math.round(last.bottom) + ', the board at ' + Math.round(board.bottom));
			if (last.top - prev.top < 0.22 * prev.width - 0.5) bad.push('a long column shows strips of ' + Math.round(last.top - prev.top) + ' px of cards ' + Math.round(prev.width) + ' px wide');
			return bad.join('; '); })()`)
		if sz.w == 360 {
			shot(t, ctx, "klondike-long-column-360x640.png")
		}
		eval[bool](t, ctx, `(() => { const col = document.querySelector('.kl__tableau > [data-drop="t7"]');
			for (const e of col.querySelectorAll('.kl-test-clone')) e.remove();
			col.style.setProperty('--up', String(col.querySelectorAll('.kl__up').length)); return true; })()`)
		assert.Empty(t, long, "a long column at %dx%d", sz.w, sz.h)
	}
}
