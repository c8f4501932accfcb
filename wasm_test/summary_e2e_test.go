//go:build !js

package wasmtest

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
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

// TestE2ESummaryLeavesTheMovesFree: a bot's move ends Cat Te's first round
// and the player leads the next one while its summary is up. On a phone held
// either way, every move the player has (the cards and "Throw in my hand")
// is on screen and not under the summary, and so is the summary's Next deal.
func TestE2ESummaryLeavesTheMovesFree(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	// Large cards and animations on: the hand and the moves reach highest,
	// and the summary comes in as a player sees it.
	eval[bool](t, ctx, `(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"l",animation:"normal",leftHanded:false,botPace:0})), true)`)
	dealer := 0
	rec := record.New("catte", games.Config{Players: 4, Seed: 5, Options: map[string]string{"region": "KHMER"},
		Deals: []games.Deal{{First: &dealer, Hands: [][]string{
			{"AS", "KS", "QS", "AC", "KC", "9D"},
			{"2H", "8H", "10H", "JH", "3D", "4C"},
			{"3H", "4H", "9H", "QH", "5D", "6D"},
			{"5H", "6H", "7H", "KH", "7D", "8D"},
		}}}})
	for _, trick := range [][4]string{{"AS", "2H", "3H", "5H"}, {"KS", "8H", "4H", "6H"}, {"QS", "10H", "9H", "7H"},
		{"AC", "JH", "QH", "KH"}, {"KC", "3D", "5D", ""}} {
		for seat, c := range trick {
			act := "fold " + c
			if seat == 0 {
				act = "play " + c
			}
			if c != "" {
				rec.Actions = append(rec.Actions, record.Step{Seat: games.Seat(seat), Act: act})
			}
		}
	}
	// The bot's answer to the king of clubs ends the round; the player won
	// it, so deals and leads the next.
	startSaved(t, ctx, srv.URL, "catte", rec, []string{"", "easy", "easy", "easy"})
	must(t, waitJS(ctx, `!!document.querySelector('#round-summary') && document.querySelector('#table').dataset.turn === "true"`, 30*time.Second))
	require.True(t, eval[bool](t, ctx, `!!document.querySelector('.table__actions [data-action="foldhand"]')`), "the player may throw in the hand")
	for _, sz := range screens {
		checkFit(t, ctx, "catte's summary on the player's lead", "catte-summary-lead", sz.w, sz.h, true)
		assert.True(t, eval[bool](t, ctx, `(b => { const r = b.getBoundingClientRect(), h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && (h === b || b.contains(h)); })(document.querySelector('#summary-close'))`),
			"Next deal is on screen and on top at %dx%d", sz.w, sz.h)
	}
	// A longer summary (a wordier language, more seats) still ends above
	// the moves on a phone held upright: its body scrolls instead.
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	eval[bool](t, ctx, `(document.querySelector('.summary__told').style.fontSize = '2.5rem', true)`)
	checkFit(t, ctx, "catte's long summary on the player's lead", "catte-summary-long", 360, 640, true)
	assert.True(t, eval[bool](t, ctx, `document.querySelector('#round-summary').getBoundingClientRect().bottom <=
		document.querySelector('.table__actions').getBoundingClientRect().top`), "the summary ends above the moves")
}
