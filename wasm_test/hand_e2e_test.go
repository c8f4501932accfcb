//go:build !js

package wasmtest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
)

// fullHands are the matches whose first turn shows each game's largest
// hand: a seeded deal, the player in seat 0 against quick bots, and the
// fewest cards that hand holds (Klondike has no hand).
var fullHands = []struct {
	game    string
	cfg     games.Config
	atLeast int
}{
	{"mindikot", games.Config{Players: 4, Seed: 5}, 12},
	{"king", games.Config{Players: 4, Seed: 5}, 8},
	{"catte", games.Config{Players: 4, Seed: 5}, 6},
	{"eatreds", games.Config{Players: 2, Seed: 5}, 12},
	{"eatpairs", games.Config{Players: 2, Seed: 5}, 6},
	{"sortcoop", games.Config{Players: 2, Seed: 5}, 7},
	{"papas", games.Config{Players: 2, Seed: 5, Options: map[string]string{"startHand": "7", "handLimit": "10", "reactionSeconds": "10"}}, 7},
}

// handCardArea is the part of hand card i that is its own: the card less
// every card drawn over it (a later card of its row covers its right side,
// a card of the row under it its lower part). It reports the card, that
// area, whether it is on screen, and the hand's cards counted.
const handCardArea = `((i) => {
	const cards = [...document.querySelectorAll('.hand .hand__slot > .card')];
	const c = cards[i], r = c.getBoundingClientRect();
	let right = r.right, bottom = r.bottom;
	for (const o of cards.slice(i + 1)) {
		const q = o.getBoundingClientRect();
		if (q.right <= r.left || q.left >= right || q.bottom <= r.top || q.top >= bottom) continue;
		if (q.left > r.left + 1 && q.top < r.top + r.height / 2) right = Math.min(right, q.left);
		else bottom = Math.min(bottom, q.top);
	}
	const a = {card: c.dataset.card, n: cards.length, left: r.left, top: r.top, right, bottom,
		onScreen: r.left >= 0 && r.top >= 0 && right <= innerWidth && bottom <= innerHeight, hits: []};
	// Where a tap lands: the centre of the own area and points near its corners.
	const inset = 4, xs = [(a.left + right) / 2, a.left + inset, right - inset], ys = [(a.top + bottom) / 2, a.top + inset, bottom - inset];
	for (const x of xs) for (const y of ys) {
		const h = document.elementFromPoint(x, y), hc = h && h.closest('.card');
		a.hits.push(hc ? hc.dataset.card : (h ? h.tagName + '.' + h.className : 'nothing'));
	}
	return JSON.stringify(a);
})`

type handArea struct {
	Card                     string
	N                        int
	Left, Top, Right, Bottom float64
	OnScreen                 bool
	Hits                     []string
}

// recordTaps notes the card every click lands on, in window.__taps.
const recordTaps = `(() => { if (!window.__taps) { window.__taps = [];
	document.addEventListener('click', e => { const c = e.target.closest && e.target.closest('.card'); window.__taps.push(c ? c.dataset.card : ''); }, true); }
	window.__taps.length = 0; return true; })()`

// handStill holds once the hand's cards have stayed where they are between
// two polls (a render after a resize or a tap has settled).
const handStill = `(() => { const s = JSON.stringify([innerWidth, ...[...document.querySelectorAll('.hand .hand__slot > .card')].map(c => {
	const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, c.className]; })]);
	const same = window.__handWas === s; window.__handWas = s; return same; })()`

// TestE2ETapLandsOnTheCardItTouches: in every game with a hand, at 360×640
// and 640×360, with the largest hand the game deals, every hand card has an
// area of its own at least 36×44 px on screen, where the page finds that
// card at the centre and near every corner; a real tap at its centre lands
// on that card (it is selected when it may be played), never a neighbour.
func TestE2ETapLandsOnTheCardItTouches(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, g := range fullHands {
		t.Run(g.game, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			openHome(t, ctx, srv.URL)
			fastBots(t, ctx)
			bots := []string{""}
			for len(bots) < g.cfg.Players {
				bots = append(bots, "easy")
			}
			startSaved(t, ctx, srv.URL, g.game, record.New(g.game, g.cfg), bots)
			must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 60*time.Second))
			for _, sz := range screens[:2] {
				size := fmt.Sprintf("%dx%d", sz.w, sz.h)
				must(t, chromedp.Do(ctx, chromedp.EmulateViewport(sz.w, sz.h)))
				n := eval[int](t, ctx, `document.querySelectorAll('.hand .hand__slot > .card').length`)
				require.GreaterOrEqual(t, n, g.atLeast, "%s at %s: a full hand", g.game, size)
				eval[bool](t, ctx, recordTaps)
				// The hand has measured itself at this size (it lays out its rows).
				must(t, waitJS(ctx, `(h => h.style !== undefined && +h.dataset.width === Math.trunc(h.clientWidth) && h.querySelector('.hand__fan').style.getPropertyValue('--per') !== '')(document.querySelector('.hand'))`, 10*time.Second))
				for i := range n {
					must(t, waitJS(ctx, handStill, 10*time.Second))
					var a handArea
					must(t, json.Unmarshal([]byte(eval[string](t, ctx, fmt.Sprintf("%s(%d)", handCardArea, i))), &a))
					w, h := a.Right-a.Left, a.Bottom-a.Top
					what := fmt.Sprintf("%s at %s, card %d of %d (%s)", g.game, size, i+1, a.N, a.Card)
					assert.True(t, a.OnScreen, "%s: its own area is on screen", what)
					assert.GreaterOrEqual(t, w, 36.0, "%s: its own area is %.0f px wide", what, w)
					assert.GreaterOrEqual(t, h, 44.0, "%s: its own area is %.0f px tall", what, h)
					for _, hit := range a.Hits {
						assert.Equal(t, a.Card, hit, "%s: a point of its own area finds another element", what)
					}
					tapped := eval[int](t, ctx, `window.__taps.length`)
					must(t, chromedp.Do(ctx, chromedp.MouseClickXY((a.Left+a.Right)/2, (a.Top+a.Bottom)/2)))
					must(t, waitJS(ctx, fmt.Sprintf(`window.__taps.length > %d`, tapped), 10*time.Second))
					if got := eval[string](t, ctx, `window.__taps[window.__taps.length - 1]`); got != a.Card {
						// Say what lies at the point now and where the card went.
						now := eval[string](t, ctx, fmt.Sprintf(`(() => { const h = document.elementFromPoint(%f, %f), c = document.querySelector('.hand [data-card=%q]');
							return (h ? h.tagName + '.' + h.className : 'nothing') + ' / card at ' + (c ? JSON.stringify(c.getBoundingClientRect()) : 'gone'); })()`, (a.Left+a.Right)/2, (a.Top+a.Bottom)/2, a.Card))
						assert.Equal(t, a.Card, got, "%s: the tap at %.0f,%.0f (its area %.0f,%.0f to %.0f,%.0f) landed on another card; at the point now: %s",
							what, (a.Left+a.Right)/2, (a.Top+a.Bottom)/2, a.Left, a.Top, a.Right, a.Bottom, now)
					}
					if eval[bool](t, ctx, fmt.Sprintf(`!!document.querySelector('.hand button.card[data-card=%q]')`, a.Card)) {
						must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('.hand .card--selected[data-card=%q]')`, a.Card), 10*time.Second))
					}
					if t.Failed() {
						shot(t, ctx, fmt.Sprintf("hand-%s-%s-failed.png", g.game, size))
						t.FailNow()
					}
				}
				shot(t, ctx, fmt.Sprintf("hand-%s-%s.png", g.game, size))
			}
		})
	}
}

// TestE2ECardsSayWhoPlayedThemAndWhatTheyShow: after the player leads in
// Mindikot and the bots follow, every card of the trick says who played it
// ("West played the 9 of clubs"), and no card button holds text of its own
// that its spoken name leaves out (its face is a picture).
func TestE2ECardsSayWhoPlayedThemAndWhatTheyShow(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	startSaved(t, ctx, srv.URL, "mindikot", record.New("mindikot", games.Config{Players: 4, Seed: 5}), []string{"", "easy", "easy", "easy"})
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 60*time.Second))
	faces := `[...document.querySelectorAll('#table .card')].filter(c => c.innerText.trim() !== '' || c.querySelector('svg text')).map(c => c.dataset.card)`
	assert.Empty(t, eval[[]string](t, ctx, faces), "cards with text in them")
	// The player leads; the bots answer; the trick shows every card with its player.
	eval[bool](t, ctx, `(document.querySelector('.hand button.card').click(), true)`)
	must(t, clickUntil(ctx, `.hand button.card--selected`, `+document.querySelector('#table').dataset.steps > 0`, 10*time.Second))
	// The bots answer; where the player's first move was not a lead (a
	// hidden card set aside) or a trick just ended, the player plays on
	// until a trick holds two cards.
	for end := time.Now().Add(60 * time.Second); !eval[bool](t, ctx, `document.querySelectorAll('.trick .card').length >= 2`); {
		require.True(t, time.Now().Before(end), "no trick of two cards after a minute: %s", pageText(t, ctx))
		eval[bool](t, ctx, clickLegal)
		time.Sleep(30 * time.Millisecond)
	}
	labels := eval[[]string](t, ctx, `[...document.querySelectorAll('.trick .card')].map(c => c.getAttribute('aria-label'))`)
	require.NotEmpty(t, labels)
	for _, l := range labels {
		assert.Regexp(t, `^(You|West|North|East) played the (ace|king|queen|jack|[2-9]|10) of (clubs|diamonds|hearts|spades)$`, l)
	}
	assert.Empty(t, eval[[]string](t, ctx, faces), "cards with text in them")
}

// TestE2EPapasAnswerWindowLeavesTheHandInSight: while a reaction window is
// open, at 360×640 and 640×360, every card of a seven-card hand can still
// be found where it is tapped: the window covers none of them.
func TestE2EPapasAnswerWindowLeavesTheHandInSight(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	firstSeat := 1
	rec := record.New("papas", games.Config{Players: 2, Seed: 11,
		Options: map[string]string{"reactionSeconds": "10", "startHand": "7", "handLimit": "10"},
		Deals: []games.Deal{{First: &firstSeat, Hands: [][]string{
			{"nopoh", "tedije", "papa1", "papa2", "fritas4", "duquesas3", "wild"},
			{"dorada", "papa3", "papa3", "papa3", "duquesas5", "fritas1", "fritas2"},
		}}}})
	startSaved(t, ctx, srv.URL, "papas", rec, []string{"", "easy"})
	must(t, waitJS(ctx, `!!document.querySelector('#papas-window')`, 30*time.Second))
	for _, sz := range screens[:2] {
		size := fmt.Sprintf("%dx%d", sz.w, sz.h)
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(sz.w, sz.h)))
		must(t, waitJS(ctx, handStill, 10*time.Second))
		require.True(t, eval[bool](t, ctx, `!!document.querySelector('#papas-window')`), "the window is still open at %s", size)
		// Every card at once: the window lasts ten seconds.
		var areas []string
		must(t, json.Unmarshal([]byte(eval[string](t, ctx, fmt.Sprintf(`JSON.stringify([...document.querySelectorAll('.hand .hand__slot > .card')].map((_, i) => %s(i)))`, handCardArea))), &areas))
		require.True(t, eval[bool](t, ctx, `!!document.querySelector('#papas-window')`), "the window was open while the hand was measured at %s", size)
		require.Len(t, areas, 7)
		for i, js := range areas {
			var a handArea
			must(t, json.Unmarshal([]byte(js), &a))
			assert.True(t, a.OnScreen, "papas at %s: card %d (%s) on screen", size, i+1, a.Card)
			for _, hit := range a.Hits {
				assert.Equal(t, a.Card, hit, "papas at %s: card %d (%s) is covered", size, i+1, a.Card)
			}
		}
		shot(t, ctx, fmt.Sprintf("hand-papas-window-%s.png", size))
	}
}

// TestE2ECatTeFoldLooksApartFromPlay: following a lead in Cat Te, a card
// the next tap would fold face down is marked apart from one it would play
// (every card that folds, and only those), and once picked it says so above
// itself before the second tap.
func TestE2ECatTeFoldLooksApartFromPlay(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	dealer := 3 // East deals; West leads, North follows, then the player
	rec := record.New("catte", games.Config{Players: 4, Seed: 5, Deals: []games.Deal{{First: &dealer}}})
	startSaved(t, ctx, srv.URL, "catte", rec, []string{"", "easy", "easy", "easy"})
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 60*time.Second))
	type mark struct {
		Card, Action string
		FaceDown     bool
	}
	var marks []mark
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll('.hand button.card')].map(c => ({
		card: c.dataset.card, action: c.dataset.action, faceDown: c.closest('.hand__slot').classList.contains('hand__slot--facedown')})))`)), &marks))
	require.NotEmpty(t, marks)
	folds := 0
	for _, m := range marks {
		fold := len(m.Action) > 5 && m.Action[:5] == "fold "
		assert.Equal(t, fold, m.FaceDown, "%s (%s): marked face down exactly when it folds", m.Card, m.Action)
		if fold {
			folds++
		}
	}
	t.Logf("%d of %d playable cards fold", folds, len(marks))
	for _, m := range marks {
		if !m.FaceDown {
			continue
		}
		assert.NotEqual(t, eval[string](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector('.hand button.card[data-card=%q]')).outlineStyle`, m.Card)), "none",
			"a folding card has its own outline")
		eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector('.hand button.card[data-card=%q]').click(), true)`, m.Card))
		must(t, waitJS(ctx, `!!document.querySelector('.hand__slot--facedown .hand__tag')`, 10*time.Second))
		assert.Regexp(t, `^Fold the .+ face down$`, eval[string](t, ctx, `document.querySelector('.hand__tag').textContent`))
		break
	}
	for _, sz := range screens[:2] {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(sz.w, sz.h)))
		must(t, waitJS(ctx, handStill, 10*time.Second))
		shot(t, ctx, fmt.Sprintf("hand-catte-fold-%dx%d.png", sz.w, sz.h))
	}
}

// TestE2EFocusRingStandsApart: a hand card focused from the keyboard wears
// a dashed white ring of its own, unlike the gold ring of a playable card
// (a box shadow, no outline) and the white and gold of a picked one, and it
// comes over its neighbours so the whole ring shows.
func TestE2EFocusRingStandsApart(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	startSaved(t, ctx, srv.URL, "mindikot", record.New("mindikot", games.Config{Players: 4, Seed: 5}), []string{"", "easy", "easy", "easy"})
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 60*time.Second))
	eval[bool](t, ctx, `(document.querySelector('.hand button.card').focus(), true)`)
	must(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	require.True(t, eval[bool](t, ctx, `document.activeElement.matches('.hand button.card:focus-visible')`), "a hand card has the keyboard's focus")
	ring := eval[[]string](t, ctx, `(s => [s.outlineStyle, s.outlineColor, getComputedStyle(document.activeElement.closest('.hand__slot')).zIndex])(getComputedStyle(document.activeElement))`)
	assert.Equal(t, []string{"dashed", "rgb(255, 255, 255)", "3"}, ring, "the focus ring and its card over the neighbours")
	other := eval[string](t, ctx, `getComputedStyle([...document.querySelectorAll('.hand button.card--legal')].find(c => c !== document.activeElement)).outlineStyle`)
	assert.Equal(t, "none", other, "a playable card without the focus has no outline")
	shot(t, ctx, "hand-focus-360x640.png")
}
