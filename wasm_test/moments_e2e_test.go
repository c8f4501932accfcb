//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
)

// wordsOnly is engine notation a person must never read: a card code, a
// potato card's name, a slot or column code.
var wordsOnly = regexp.MustCompile(`\b(10|[1-9AJQK])[CDHS]\b|\b(papa|duquesas|fritas)[1-5]\b|\b(nopoh|tedije|dorada|robo|wild)\b|@\d`)

// readableJS is what a person reads or hears inside the element sel: its
// text and every aria-label.
func readableJS(sel string) string {
	return fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return "";
		return el.innerText + " | " + [...el.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join(" | "); })()`, sel)
}

// inViewport holds when every element sel is wholly on screen and not
// covered at its centre.
func inViewport(sel string) string {
	return fmt.Sprintf(`(() => { const els = [...document.querySelectorAll(%q)]; return els.length > 0 && els.every(e => {
		const r = e.getBoundingClientRect();
		const c = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
		return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && !!c && (c === e || e.contains(c)); }); })()`, sel)
}

// startSaved opens the table of a saved match: the save is written to the
// page's storage as the new-game page writes it.
func startSaved(t *testing.T, ctx context.Context, base, game string, rec *record.Record, bots []string) {
	t.Helper()
	save, err := json.Marshal(map[string]any{"record": rec, "seat": 0, "bots": bots})
	require.NoError(t, err)
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.save.%s", %q), true)`, game, string(save)))
	must(t, chromedp.Do(ctx, chromedp.Navigate(base+"/play?game="+game)))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
}

// TestE2EPapasAnswerWindowOverTheTable: a bot's play opens a reaction
// window while the player holds a No Poh and a Te Dije: a window over the
// table offers both answers in words with their cards and counts down; it
// is on screen in portrait and landscape phones; answering plays the
// interrupt, and the window closes for the player (nobody answers their
// own card).
func TestE2EPapasAnswerWindowOverTheTable(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	firstSeat := 1
	rec := record.New("papas", games.Config{Players: 2, Seed: 11, Options: map[string]string{"reactionSeconds": "10"},
		Deals: []games.Deal{{First: &firstSeat, Hands: [][]string{
			{"nopoh", "tedije", "papa1", "papa2", "fritas4"},
			{"dorada", "papa3", "papa3", "papa3", "duquesas5"},
		}}}})
	startSaved(t, ctx, srv.URL, "papas", rec, []string{"", "easy"})
	must(t, waitJS(ctx, `!!document.querySelector('#papas-window')`, 30*time.Second))

	answers := eval[[]string](t, ctx, `[...document.querySelectorAll('#papas-window [data-action]')].map(e => e.dataset.action)`)
	require.NotEmpty(t, answers)
	for _, a := range answers {
		assert.Regexp(t, `^interrupt `, a)
	}
	text := eval[string](t, ctx, readableJS(`#papas-window`))
	assert.Contains(t, text, "Answer Bot 1 with a Te Dije")
	assert.Contains(t, text, "Answer it?")
	assert.Contains(t, text, "seconds to answer")
	assert.NotRegexp(t, wordsOnly, text)
	assert.True(t, eval[bool](t, ctx, `!!document.querySelector('#papas-window [data-card="tedije"]')`), "the answer shows its card")
	shown := `[...document.querySelectorAll('.papas-window__tick')].filter(e => getComputedStyle(e).visibility === 'visible').map(e => +e.textContent)`
	first := eval[[]int](t, ctx, shown)
	require.Len(t, first, 1, "one number of the countdown shows")
	must(t, waitJS(ctx, fmt.Sprintf(`(() => { const v = %s; return v.length === 1 && v[0] < %d; })()`, shown, first[0]), 3*time.Second))
	assert.False(t, eval[bool](t, ctx, `!!document.querySelector('.table__actions [data-action^="interrupt"]')`), "the answers are not repeated under the table")
	for _, size := range [][2]int64{{360, 640}, {640, 360}} {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])))
		time.Sleep(250 * time.Millisecond)
		require.True(t, eval[bool](t, ctx, `!!document.querySelector('#papas-window')`), "the window is still open at %v", size)
		assert.True(t, eval[bool](t, ctx, inViewport(`#papas-window, #papas-window [data-action]`)), "the window and its answers are on screen at %dx%d", size[0], size[1])
		shot(t, ctx, fmt.Sprintf("papas-window-%dx%d.png", size[0], size[1]))
	}

	steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	must(t, clickUntil(ctx, `#papas-window [data-action^="interrupt tedije"]`, fmt.Sprintf(`+document.querySelector('#table').dataset.steps > %d`, steps), 10*time.Second))
	must(t, waitJS(ctx, `!document.querySelector('#papas-window')`, 5*time.Second))
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#table').innerText`), "You interrupt with a Te Dije")
}

// TestE2ECoopRevealAndResultInWords plays a Co-op Sort match to its end:
// the board is turned face up with the result in a sentence, and the
// result page says how many cards the players sorted together.
func TestE2ECoopRevealAndResultInWords(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx := soloTable(t, srv, "sortcoop")
	deadline := time.Now().Add(3 * time.Minute)
	for !eval[bool](t, ctx, `!!document.querySelector('#sortcoop-reveal')`) {
		require.True(t, time.Now().Before(deadline), "the board was never turned face up")
		eval[bool](t, ctx, clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	sentence := regexp.MustCompile(`Together you sorted (\d+) of 14 — you (win!|lose\.)`)
	text := eval[string](t, ctx, readableJS(`#sortcoop-reveal`))
	assert.NotRegexp(t, wordsOnly, text)
	assert.Regexp(t, `1: the \w+ of \w+, (in order|out of place)`, text, "each card said in words")
	assert.Equal(t, 14, eval[int](t, ctx, `document.querySelectorAll('#sortcoop-reveal .reveal__card').length`))
	if eval[bool](t, ctx, `!!document.querySelector('#sortcoop-continue')`) {
		// The table keeps the reveal until the player moves on.
		assert.Regexp(t, sentence, text)
		for _, size := range [][2]int64{{360, 640}, {640, 360}} {
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])))
			time.Sleep(4500 * time.Millisecond) // the reveal plays card by card
			assert.True(t, eval[bool](t, ctx, inViewport(`#sortcoop-continue`)), "Continue is on screen at %dx%d", size[0], size[1])
			shot(t, ctx, fmt.Sprintf("sortcoop-reveal-%dx%d.png", size[0], size[1]))
		}
		require.False(t, eval[bool](t, ctx, `!!document.querySelector('#result')`), "the table stays until Continue")
		must(t, clickUntil(ctx, `#sortcoop-continue`, `!!document.querySelector('#result[data-ready="true"]')`, 20*time.Second))
	}
	must(t, clickUntil(ctx, `#end-result`, `!!document.querySelector('#result[data-ready="true"]')`, 20*time.Second))
	result := eval[string](t, ctx, `document.querySelector('#result').innerText`)
	assert.Regexp(t, sentence, result)
	assert.NotContains(t, result, "Nobody won")
	assert.NotContains(t, result, "Team 1")
	assert.NotRegexp(t, wordsOnly, eval[string](t, ctx, readableJS(`#result`)))
	for _, size := range [][2]int64{{360, 640}, {640, 360}} {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])))
		time.Sleep(4500 * time.Millisecond) // the reveal plays card by card
		shot(t, ctx, fmt.Sprintf("sortcoop-result-%dx%d.png", size[0], size[1]))
	}
}

// TestE2EMindikotHiddenCardStep: with the hidden trump chosen by its owner
// and the player leading first, the table says what the hidden card is for
// before the player picks it from the hand; on screen on a phone.
func TestE2EMindikotHiddenCardStep(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	me := 0
	rec := record.New("mindikot", games.Config{Players: 4, Seed: 21, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"},
		Deals: []games.Deal{{First: &me}}})
	startSaved(t, ctx, srv.URL, "mindikot", rec, []string{"", "easy", "easy", "easy"})
	must(t, waitJS(ctx, `!!document.querySelector('#hidden-step')`, 30*time.Second))
	text := eval[string](t, ctx, readableJS(`#hidden-step`))
	assert.Contains(t, text, "Choose your hidden card.")
	assert.Contains(t, text, "its suit is the trump")
	assert.NotRegexp(t, wordsOnly, text)
	assert.Positive(t, eval[int](t, ctx, `document.querySelectorAll('.hand [data-action^="hide "]').length`), "the hidden card is picked from the hand")
	for _, size := range [][2]int64{{360, 640}, {640, 360}} {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])))
		time.Sleep(250 * time.Millisecond)
		shot(t, ctx, fmt.Sprintf("mindikot-hidden-%dx%d.png", size[0], size[1]))
	}
}
