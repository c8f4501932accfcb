//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// savedKing reads the King save exactly as stored.
const savedKing = `localStorage.getItem("cardtable.save.king") || ""`

// bigTarget holds when every element sel is at least 44×44 px.
func bigTarget(sel string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(%q)].every(e => { const r = e.getBoundingClientRect(); return r.width >= 44 && r.height >= 44; })`, sel)
}

// askToReplace presses Start on King's new-game page over the match in
// progress and waits for the question.
func askToReplace(t *testing.T, ctx context.Context) {
	t.Helper()
	openPage(t, ctx, "/new?game=king", "#start")
	must(t, clickUntil(ctx, "#start", `!!document.querySelector('#losing')`, 10*time.Second))
}

// TestE2ENewGameAsksBeforeReplacingASave: with a King match in progress the
// home page offers Continue first and bright; New game → Start asks first,
// says what would be lost, and shows its question and both buttons whole
// and uncovered on a phone held either way. "Keep playing" goes back to the
// table with the save untouched byte for byte; "Start a new game" replaces
// it.
func TestE2ENewGameAsksBeforeReplacingASave(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	startGame(t, ctx, "king")
	playActions(t, ctx, 9, 60*time.Second)
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 30*time.Second))
	before := eval[string](t, ctx, savedKing)
	require.NotEmpty(t, before)

	// Home: Continue comes first and bright, New game is the quieter one.
	openPage(t, ctx, "/", `[data-resume="king"]`)
	assert.True(t, eval[bool](t, ctx, `(() => { const r = document.querySelector('[data-resume="king"]'), n = document.querySelector('[data-new]');
		return !!(r.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING); })()`), "Continue comes before every New game")
	assert.True(t, eval[bool](t, ctx, `document.querySelector('[data-resume="king"]').classList.contains('btn--primary')`))
	assert.True(t, eval[bool](t, ctx, `document.querySelector('[data-continue="king"]').classList.contains('btn--primary')`), "the tile's Continue is bright")
	assert.False(t, eval[bool](t, ctx, `document.querySelector('[data-new="king"]').classList.contains('btn--primary')`), "the tile's New game is quiet")
	assert.True(t, eval[bool](t, ctx, `document.querySelector('[data-new="mindikot"]').classList.contains('btn--primary')`), "a game with nothing saved keeps a bright New game")
	assert.Regexp(t, `Continue The King\s+Round 1, \d+ moves\.`, eval[string](t, ctx, `document.querySelector('#resume').innerText`))
	shot(t, ctx, "ui-pages-home-continue-360x640.png")

	askToReplace(t, ctx)
	text := eval[string](t, ctx, `document.querySelector('#losing').innerText`)
	assert.Contains(t, text, "Start a new game of The King?")
	assert.Regexp(t, `Your match of The King \(round 1, \d+ moves\) will be lost\.`, text)
	assert.Equal(t, "keep-playing", eval[string](t, ctx, `document.activeElement.id`), "the safe choice has the focus")
	for _, size := range []struct{ w, h int64 }{{360, 640}, {640, 360}} {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h)))
		time.Sleep(250 * time.Millisecond) // a render after the resize
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		assert.True(t, eval[bool](t, ctx, inViewport(`#losing-question, #losing-what, #keep-playing, #replace-save`)), "the question and its buttons on screen at %s", name)
		assert.True(t, eval[bool](t, ctx, bigTarget(`#keep-playing, #replace-save`)), "its buttons are big enough to tap at %s", name)
		shot(t, ctx, "ui-pages-new-game-asks-"+name+".png")
	}
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	assert.Equal(t, before, eval[string](t, ctx, savedKing), "asking changes nothing")

	// Keep playing: back to the same table, the save byte for byte.
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#keep-playing"))))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && document.querySelector('#table').dataset.turn === "true"`, loadTimeout))
	assert.Equal(t, before, eval[string](t, ctx, savedKing), "Keep playing keeps the save byte for byte")

	// Start a new game: the save is replaced by a new match.
	askToReplace(t, ctx)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#replace-save"))))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
	must(t, waitJS(ctx, fmt.Sprintf(`(%s) !== %q`, savedKing, before), 10*time.Second))
	var old, replaced struct {
		Record struct {
			Seed uint64 `json:"seed"`
		} `json:"record"`
	}
	require.NoError(t, json.Unmarshal([]byte(before), &old))
	require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx, savedKing)), &replaced))
	assert.NotEqual(t, old.Record.Seed, replaced.Record.Seed, "a new deal")
}

// TestE2ESettingsApplyAtOnce: each change on the settings page is stored and
// applied at once, without a Save button; the page stays where it is and
// says "Saved" quietly; a reload shows the choices kept.
func TestE2ESettingsApplyAtOnce(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	openPage(t, ctx, "/settings", "#settings")
	assert.False(t, eval[bool](t, ctx, `!!document.querySelector('#save-settings')`), "no Save button")
	assert.Empty(t, eval[string](t, ctx, `document.querySelector('#settings-saved').innerText`), "nothing said before a change")

	// A change far down the page: the page stays there.
	eval[bool](t, ctx, `(document.querySelector('#pace-1200').scrollIntoView({block: "center"}), true)`)
	time.Sleep(100 * time.Millisecond)
	scrolled := eval[float64](t, ctx, `scrollY`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`label[for="pace-1200"]`))))
	must(t, waitJS(ctx, `JSON.parse(localStorage.getItem("cardtable.settings")).botPace === 1200`, 10*time.Second))
	must(t, waitJS(ctx, `document.querySelector('#settings-saved').innerText.includes("Saved")`, 10*time.Second))
	assert.Equal(t, "/settings", eval[string](t, ctx, `location.pathname`), "the page stays")
	assert.InDelta(t, scrolled, eval[float64](t, ctx, `scrollY`), 2, "and stays where it was")

	// Card size applies to the page at once.
	eval[bool](t, ctx, `(document.querySelector('#cardsize-l').scrollIntoView({block: "center"}), true)`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`label[for="cardsize-l"]`))))
	must(t, waitJS(ctx, `!!document.querySelector('.ct.cards-l') && JSON.parse(localStorage.getItem("cardtable.settings")).cardSize === "l"`, 10*time.Second))
	eval[bool](t, ctx, `(document.querySelector('#lefty').scrollIntoView({block: "center"}), true)`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#lefty`))))
	must(t, waitJS(ctx, `!!document.querySelector('.ct.lefty') && JSON.parse(localStorage.getItem("cardtable.settings")).leftHanded === true`, 10*time.Second))
	assert.True(t, eval[bool](t, ctx, inViewport(`#settings-saved`)), "the word is on screen")
	shot(t, ctx, "ui-pages-settings-saved-360x640.png")

	// A reload keeps every choice.
	_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
	require.NoError(t, err)
	must(t, waitJS(ctx, `!!document.querySelector('#settings') && !!document.querySelector('.ct.cards-l')`, loadTimeout))
	assert.True(t, eval[bool](t, ctx, `document.querySelector('#pace-1200').checked && document.querySelector('#cardsize-l').checked && document.querySelector('#lefty').checked`))
}

// logLines are the game log's lines as the list shows them, first to last.
const logLines = `JSON.stringify([...document.querySelectorAll('.log__lines li')].map(e => e.textContent))`

// TestE2EGameLogOpensAtTheNewest: the log lists the newest line first, so
// it opens at what just happened: each move's lines come in at the top,
// the older ones keep their order below, and the first line is in sight.
func TestE2EGameLogOpensAtTheNewest(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	startGame(t, ctx, "klondike")
	var lines []string
	for move := 0; move < 4; move++ {
		steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
		must(t, json.Unmarshal([]byte(eval[string](t, ctx, logLines)), &lines))
		eval[bool](t, ctx, `(window.__keepPlaying = true, true)`)
		if !eval[bool](t, ctx, clickLegal) {
			break
		}
		if err := waitJS(ctx, fmt.Sprintf(`+document.querySelector('#table').dataset.steps > %d`, steps), 10*time.Second); err != nil {
			continue // a hand card waits for its second tap: try again
		}
		var after []string
		must(t, waitJS(ctx, fmt.Sprintf(`JSON.parse(%s).length > %d`, logLines, len(lines)), 10*time.Second))
		must(t, json.Unmarshal([]byte(eval[string](t, ctx, logLines)), &after))
		require.Greater(t, len(after), len(lines))
		assert.Equal(t, lines, after[len(after)-len(lines):], "after move %d the older lines stay below, in order", move+1)
		assert.Contains(t, after[0], "You ", "the newest line comes first: %q", after[0])
	}
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".log > summary"))))
	must(t, waitJS(ctx, `document.querySelector('.log').open`, 5*time.Second))
	assert.True(t, eval[bool](t, ctx, `(() => { const ol = document.querySelector('.log__lines'), li = ol.querySelector('li'); if (!li) return false;
		const a = ol.getBoundingClientRect(), b = li.getBoundingClientRect(); return ol.scrollTop === 0 && b.top >= a.top && b.bottom <= a.bottom && b.top < innerHeight; })()`), "the newest line is in sight when the log opens")
	assert.True(t, eval[bool](t, ctx, `document.querySelector('.log__lines').reversed`), "the list counts down")
	shot(t, ctx, "ui-pages-log-open-360x640.png")
}
