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
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/eatreds"
	"cardtable/games/record"
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
		if (!inside || !pts.some(([x, y]) => hits(e, x, y))) {
			const over = inside && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			out.unreachable.push(e.dataset.action + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',') +
				(over ? ' under ' + (over.closest('[id]') || over).id + ' ' + over.tagName.toLowerCase() + '.' + [...over.classList].join('.') : ''));
		}
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

// fitSeeds are the deals every table is measured in: a table that fits
// one deal may not fit another (a long Eat Reds layout), so each game is
// played from several, and a failure names its deal.
var fitSeeds = []uint64{1, 2, 3}

// TestE2ETableFitsEveryScreen plays solo matches of every game, one per
// seed of fitSeeds, and, at 360×640, 640×360 and 1280×800 after several
// turns: the page does not scroll either way, every move the player may make
// is on screen and reachable by a tap (no other element covers it), and no
// visible text, aria-label or title is engine notation. Screenshots of
// every table at every size go to the test output.
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
			for _, seed := range fitSeeds {
				deal := fmt.Sprintf("%s (seed %d)", id, seed)
				must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
				reseed(t, ctx, srv.URL, id, seed)
				steps := 0
				for turn := range 3 {
					steps = playActions(t, ctx, steps+4, 60*time.Second)
					if eval[bool](t, ctx, `!document.querySelector('#table') || document.querySelector('#table').dataset.done === "true"`) {
						break // the match ended early
					}
					waitOwnTurn(ctx)
					shots := turn == 1 && seed == fitSeeds[0]
					for _, sz := range screens {
						checkFit(t, ctx, deal, id, sz.w, sz.h, shots)
					}
					// A card picked from the hand (one tap) lights where it may
					// go on the board: those places must be on screen too.
					if eval[bool](t, ctx, `(b => !!b && (b.click(), true))(document.querySelector('.hand button.card'))`) {
						for _, sz := range screens[:2] {
							checkFit(t, ctx, deal+" with a card picked", id+"-picked", sz.w, sz.h, shots)
						}
					}
				}
			}
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
		})
	}
}

// TestE2EEatRedsLongLayoutFitsAPhone: a deal where nothing pairs to ten for
// six turns leaves sixteen cards on the layout; at 360×640 and 640×360 every
// layout card the picked hand card can take is on screen and not under the
// hand (a layout that wrapped past the board went under it at 640×360).
func TestE2EEatRedsLongLayoutFitsAPhone(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	dealer := 1
	rec := record.New("eatreds", games.Config{Players: 2, Seed: 7, Deals: []games.Deal{{
		First:  &dealer,
		Layout: []string{"AC", "2C", "3C", "4C"},
		Hands: [][]string{
			{"AS", "2S", "3S", "4S", "10C", "10D", "JC", "JD", "QC", "QD", "KC", "KD"},
			{"10H", "10S", "JH", "JS", "QH", "QS", "KH", "KS", "5C", "5D", "5H", "5S"},
		},
		Stock: []string{"AD", "2D", "3D", "4D", "AH", "2H", "3H", "4H",
			"6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S"},
	}}})
	for _, st := range []record.Step{{Seat: 0, Act: "play AS"}, {Seat: 1, Act: "play 10H"}, {Seat: 0, Act: "play 2S"},
		{Seat: 1, Act: "play JH"}, {Seat: 0, Act: "play 3S"}, {Seat: 1, Act: "play QH"}} {
		rec.Actions = append(rec.Actions, st)
	}
	startSaved(t, ctx, srv.URL, "eatreds", rec, []string{"", "easy"})
	require.Equal(t, 16, eval[int](t, ctx, `document.querySelectorAll('.fish__layout .card').length`))
	for _, sz := range screens[:2] {
		checkFit(t, ctx, "eatreds with 16 layout cards", "eatreds-long", sz.w, sz.h, true)
		assert.GreaterOrEqual(t, layoutCardWidth(t, ctx), longLayoutCard[sz.w], "the layout's cards at %dx%d", sz.w, sz.h)
	}
	// The queen of clubs takes the queen of hearts on the layout.
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.hand button.card[data-action^="play QC"]`))))
	for _, sz := range screens[:2] {
		checkFit(t, ctx, "eatreds with 16 layout cards and the queen picked", "eatreds-long-picked", sz.w, sz.h, true)
	}
	// Played on until the stock's card may take one of several layout cards
	// and the player chooses which: the card waiting to capture stands
	// beside the stock, and the long layout stays readable.
	n := playUntil(t, rec, func(v *eatreds.View, legal int) bool { return v.Phase == "take" && legal > 1 })
	startSaved(t, ctx, srv.URL, "eatreds", rec, []string{"", "easy"})
	require.True(t, eval[bool](t, ctx, `!!document.querySelector('.spot--pending')`), "the stock's card waits to capture")
	require.Equal(t, n, eval[int](t, ctx, `document.querySelectorAll('.fish__layout .card').length`))
	for _, sz := range screens[:2] {
		checkFit(t, ctx, fmt.Sprintf("eatreds with %d layout cards and the stock's card to place", n), "eatreds-long-take", sz.w, sz.h, true)
		assert.GreaterOrEqual(t, layoutCardWidth(t, ctx), longLayoutCard[sz.w], "the layout's cards at %dx%d", sz.w, sz.h)
	}
}

// longLayoutCard is how wide, at least, a long layout's cards (up to 24)
// are on an upright phone (three or four rows beside the stock) and on a
// sideways one (two or three rows between the stock and the side column).
var longLayoutCard = map[int64]float64{360: 32, 640: 22}

// layoutCardWidth is the width of Eat Reds' narrowest layout card, logged
// with how many there are.
func layoutCardWidth(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	w := eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll('#table .fish__layout .card')].map(c => c.getBoundingClientRect().width), 999)`)
	t.Logf("%d layout cards at %.0fx%.0f: %.1f px wide", eval[int](t, ctx, `document.querySelectorAll('#table .fish__layout .card').length`),
		eval[float64](t, ctx, `innerWidth`), eval[float64](t, ctx, `innerHeight`), w)
	return w
}

// playUntil plays rec on (each seat its first legal move) until it is seat
// 0's move with nine layout cards or more and want holds (of seat 0's view
// and how many moves it has), and reports how many layout cards.
func playUntil(t *testing.T, rec *record.Record, want func(v *eatreds.View, legal int) bool) int {
	t.Helper()
	g, err := catalog.Lookup(rec.Game)
	require.NoError(t, err)
	s, err := record.Replay(g.Game, rec, nil)
	require.NoError(t, err)
	for range 400 {
		require.False(t, s.Done(), "the deal ended before a long layout")
		v, ok := s.View(0).(*eatreds.View)
		require.True(t, ok)
		if v.Turn == 0 && len(v.Layout) >= 9 && want(v, len(s.Legal(0, nil))) {
			return len(v.Layout)
		}
		seat := s.Actors(nil)[0]
		a := s.Legal(seat, nil)[0]
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
		require.NoError(t, s.Apply(seat, a))
	}
	t.Fatal("no long layout in 400 moves")
	return 0
}

// TestE2EEatRedsLongLayoutAtFourPlayers: with three opponents' badges above
// the board, a long layout on the player's turn still fits a phone and its
// cards stay as wide as the long layout's test holds them.
func TestE2EEatRedsLongLayoutAtFourPlayers(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	rec := record.New("eatreds", games.Config{Players: 4, Seed: 62}) // twelve layout cards on the player's turn, sixteen moves in
	n := playUntil(t, rec, func(v *eatreds.View, legal int) bool { return v.Phase == "play" && len(v.Layout) >= 12 })
	startSaved(t, ctx, srv.URL, "eatreds", rec, []string{"", "easy", "easy", "easy"})
	require.Equal(t, n, eval[int](t, ctx, `document.querySelectorAll('.fish__layout .card').length`))
	for _, sz := range screens[:2] {
		checkFit(t, ctx, fmt.Sprintf("eatreds at four players with %d layout cards", n), "eatreds-long-four", sz.w, sz.h, true)
		assert.GreaterOrEqual(t, layoutCardWidth(t, ctx), longLayoutCard[sz.w], "the layout's cards at %dx%d", sz.w, sz.h)
	}
}

// reseed starts the game saved on the page again from the deal of seed, with
// the options and seats the new-game page chose, and opens its table.
func reseed(t *testing.T, ctx context.Context, base, id string, seed uint64) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const k = "cardtable.save.%s", s = JSON.parse(localStorage.getItem(k));
		s.record.seed = %d; s.record.actions = []; delete s.record.peeks; s.done = false; delete s.result;
		localStorage.setItem(k, JSON.stringify(s)); return true; })()`, id, seed))
	must(t, chromedp.Do(ctx, chromedp.Navigate(base+"/play?game="+id)))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
}

// waitOwnTurn waits a little for the player's turn, so that the moves are
// on screen when the page is measured; a table where others still act is
// measured as it is.
func waitOwnTurn(ctx context.Context) {
	_ = waitJS(ctx, `!document.querySelector('#table') || document.querySelector('#table').dataset.turn === "true" || document.querySelector('#table').dataset.done === "true"`, 5*time.Second)
}

// settled holds once the page has laid itself out for a screen %d px wide:
// two frames have been drawn, and the hand's rows and the round summary's
// room were measured at that width.
const settled = `(async () => {
	await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	const h = document.querySelector('.hand'), v = (document.querySelector('#round-summary') || {}).parentElement;
	return innerWidth === %[1]d && (!h || !h.querySelector('.card') || +h.dataset.width === Math.trunc(h.clientWidth)) &&
		(!v || +v.dataset.width === innerWidth);
})()`

// checkFit measures the table at w×h; what names the deal in a failure,
// name the screenshot.
func checkFit(t *testing.T, ctx context.Context, what, name string, w, h int64, save bool) {
	t.Helper()
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h)))
	must(t, waitJS(ctx, fmt.Sprintf(settled, w), 10*time.Second))
	if eval[bool](t, ctx, `!document.querySelector('#table')`) {
		return
	}
	var r fitReport
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, fitCheck)), &r))
	size := fmt.Sprintf("%dx%d", w, h)
	assert.LessOrEqual(t, r.OverflowX, 0, "%s at %s: the page is wider than the screen", what, size)
	assert.LessOrEqual(t, r.OverflowY, 0, "%s at %s: the page is taller than the screen", what, size)
	assert.Zero(t, r.Scrolled, "%s at %s: the page scrolled", what, size)
	assert.Empty(t, r.Unreachable, "%s at %s: moves off screen or covered", what, size)
	assert.Empty(t, r.Notation, "%s at %s: notation a person reads", what, size)
	if save || t.Failed() {
		shot(t, ctx, name+"-"+size+".png")
	}
}
