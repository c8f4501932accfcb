package wasmtest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handoffShown is true while the table hides every hand behind the
// handoff; faces counts the card faces of any hand in the page.
const (
	handoffShown = `!!document.querySelector('#table[data-handoff]')`
	handFaces    = `document.querySelectorAll('.hand [data-card], .hand .card:not(.card--back)').length`
	shownSeat    = `+document.querySelector('#table').dataset.seat`
)

// sharedNewGame opens game's new-game page on a phone with fast bots and
// makes seat a player on this phone; the page waits for Start.
func sharedNewGame(t *testing.T, game string, seat int) context.Context {
	t.Helper()
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	t.Cleanup(cancel)
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	openPage(t, ctx, "/new?game="+game, "#start")
	sel := fmt.Sprintf("#bot%d", seat)
	must(t, chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(sel), "person")))
	eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).dispatchEvent(new Event('change', {bubbles: true})), true)`, sel))
	must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('#person%d') && !!document.querySelector('#person0')`, seat), loadTimeout))
	return ctx
}

// TestE2EPassAndPlayKingHidesEveryHandAtTheHandoff: two people (Ann in
// seat 1, Bo in seat 3) and two bots play The King on one phone. Whenever
// the turn passes from one person to the other, a full-screen handoff
// names the next person and no card face of any hand is in the page; after
// the tap only that person's hand shows, and its seat is theirs. A trick
// and more is played this way; a reload hides the hand again.
func TestE2EPassAndPlayKingHidesEveryHandAtTheHandoff(t *testing.T) {
	ctx := sharedNewGame(t, "king", 2)
	shot(t, ctx, "passplay-newgame-360x640.png")
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
	shot(t, ctx, "passplay-newgame-640x360.png")
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	must(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#person0"), "Ann"),
		chromedp.SendKeys(chromedp.CSS("#person2"), "Bo"),
		chromedp.Click(chromedp.CSS("#start")),
	))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))

	seen := map[int]bool{}
	handoffs := 0
	deadline := time.Now().Add(3 * time.Minute)
	for handoffs < 3 || eval[int](t, ctx, `+document.querySelector('#table').dataset.steps || 0`) < 8 {
		require.False(t, time.Now().After(deadline), "the people did not play a trick: %s", pageText(t, ctx))
		if eval[bool](t, ctx, handoffShown) {
			require.Zero(t, eval[int](t, ctx, handFaces), "a card face of a hand shows behind the handoff")
			to := eval[string](t, ctx, `document.querySelector('#table').dataset.handoff`)
			text := eval[string](t, ctx, `document.querySelector('#handoff').innerText`)
			name := map[string]string{"0": "Ann", "2": "Bo"}[to]
			require.NotEmpty(t, name, "the handoff goes to a person: seat %q", to)
			assert.Contains(t, text, "Pass the phone to "+name)
			if handoffs == 0 {
				shot(t, ctx, "passplay-handoff-360x640.png")
			}
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#handoff-ready"))))
			must(t, waitJS(ctx, `!`+handoffShown, 10*time.Second))
			require.Equal(t, to, eval[string](t, ctx, `document.querySelector('#table').dataset.seat`), "the hand shown is the next person's")
			handoffs++
			seen[eval[int](t, ctx, shownSeat)] = true
			continue
		}
		eval[bool](t, ctx, clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	assert.Equal(t, map[int]bool{0: true, 2: true}, seen, "both people held the phone")
	if eval[bool](t, ctx, handoffShown) {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
		shot(t, ctx, "passplay-handoff-640x360.png")
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640), chromedp.Click(chromedp.CSS("#handoff-ready"))))
		must(t, waitJS(ctx, `!`+handoffShown, 10*time.Second))
	}
	shot(t, ctx, "passplay-table-360x640.png")
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#table').innerText`), map[int]string{0: "Bo", 2: "Ann"}[eval[int](t, ctx, shownSeat)],
		"the other person is named at the table")

	// A reload hides the hands until the person holding the phone taps.
	must(t, chromedp.Do(ctx, chromedp.Reload()))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
	must(t, waitJS(ctx, handoffShown, 10*time.Second))
	assert.Zero(t, eval[int](t, ctx, handFaces))
}

// TestE2EPassAndPlayPapasAsksEveryPersonInAWindow: in Donde Las Papas
// Queman with two people on the phone, an answer window waits while the
// phone passes: each person in turn answers or lets it pass ("Let it
// pass"), behind the handoff, and play goes on.
func TestE2EPassAndPlayPapasAsksEveryPersonInAWindow(t *testing.T) {
	ctx := sharedNewGame(t, "papas", 1)
	must(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#person1"), "Bo"), chromedp.Click(chromedp.CSS("#start"))))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
	passes, handoffs := 0, 0
	deadline := time.Now().Add(4 * time.Minute)
	for passes < 2 || handoffs < 2 {
		require.False(t, time.Now().After(deadline), "no window was passed by both people: %d passes, %d handoffs: %s", passes, handoffs, pageText(t, ctx))
		if eval[bool](t, ctx, `!!document.querySelector('#result[data-ready="true"], #table[data-done="true"]')`) {
			break
		}
		if eval[bool](t, ctx, handoffShown) {
			require.Zero(t, eval[int](t, ctx, handFaces), "a card face of a hand shows behind the handoff")
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#handoff-ready"))))
			must(t, waitJS(ctx, `!`+handoffShown, 10*time.Second))
			handoffs++
			continue
		}
		if eval[bool](t, ctx, `!!document.querySelector('#let-pass')`) {
			if passes == 0 {
				shot(t, ctx, "passplay-papas-window-360x640.png")
				assert.Contains(t, eval[string](t, ctx, `document.querySelector('#table').innerText`), "let it pass")
			}
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#let-pass"))))
			passes++
			time.Sleep(50 * time.Millisecond)
			continue
		}
		eval[bool](t, ctx, clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	assert.GreaterOrEqual(t, passes, 2, "windows were let pass")
	assert.GreaterOrEqual(t, handoffs, 2)
}

// TestE2EPassAndPlayEachPersonHasStatistics: Ann (the phone's owner, seat
// 0) and Bo (seat 1) play a match of Eat Pairs on one phone to its end.
// The statistics page offers "You" and Bo; Bo's figures count the match
// with his own result, and its history says each person's result.
func TestE2EPassAndPlayEachPersonHasStatistics(t *testing.T) {
	ctx := sharedNewGame(t, "eatpairs", 1)
	must(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#person0"), "Ann"),
		chromedp.SendKeys(chromedp.CSS("#person1"), " Bo "),
		chromedp.Click(chromedp.CSS("#start")),
	))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
	deadline := time.Now().Add(6 * time.Minute)
	for !eval[bool](t, ctx, `!!document.querySelector('#result[data-ready="true"]')`) {
		require.False(t, time.Now().After(deadline), "the shared match did not end: %s", pageText(t, ctx))
		if eval[bool](t, ctx, handoffShown) {
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#handoff-ready"))))
			must(t, waitJS(ctx, `!`+handoffShown, 10*time.Second))
			continue
		}
		eval[bool](t, ctx, `(b => (b && b.click(), true))(document.querySelector("#confirm-yes, #end-result"))`)
		eval[bool](t, ctx, clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	// Bo's result as the game counts it for his seat.
	boWon := eval[bool](t, ctx, `(JSON.parse(localStorage.getItem("cardtable.save.eatpairs")).result.winners || []).includes(1)`)

	openStats(t, ctx)
	must(t, waitJS(ctx, `!!document.querySelector('#stats-who')`, 10*time.Second))
	names := eval[[]string](t, ctx, `[...document.querySelectorAll('#stats-who button')].map(b => b.innerText.trim())`)
	assert.Equal(t, []string{"You", "Bo"}, names, "the owner and the other person on the phone")
	assert.Equal(t, "1", statFigure(t, ctx, "eatpairs", "played"), "the owner's figures count the match")
	people := eval[string](t, ctx, `document.querySelector('#stats-history .stats__people').textContent`)
	want := map[bool]string{true: "Bo won", false: "Bo lost"}[boWon]
	assert.Contains(t, people, want, "the history says Bo's result")
	shot(t, ctx, "stats-people-360x640.png")

	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#stats-who button[data-who="bo"]`))))
	must(t, waitJS(ctx, `document.querySelector('#stats').dataset.who === "bo"`, 10*time.Second))
	assert.Equal(t, "true", eval[string](t, ctx, `document.querySelector('#stats-who button[data-who="bo"]').getAttribute('aria-pressed')`))
	assert.Equal(t, "1", statFigure(t, ctx, "eatpairs", "played"), "Bo's count")
	won := map[bool]string{true: "1", false: "0"}[boWon]
	assert.Equal(t, won, statFigure(t, ctx, "eatpairs", "won"), "Bo's own result")
	h := eval[float64](t, ctx, `document.querySelector('#stats-who button[data-who="bo"]').getBoundingClientRect().height`)
	assert.GreaterOrEqual(t, h, 44.0, "the chooser's buttons are 44 px targets")
	shot(t, ctx, "stats-people-bo-360x640.png")
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
	shot(t, ctx, "stats-people-bo-640x360.png")
	assert.LessOrEqual(t, eval[int](t, ctx, `document.documentElement.scrollWidth - window.innerWidth`), 0, "no wider than the screen")
}
