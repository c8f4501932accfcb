//go:build !js

package wasmtest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
	"cardtable/stats"
)

// statsReady waits for the statistics page to have read the store.
const statsReady = `!!document.querySelector('#stats[data-ready="true"]')`

// openStats opens the statistics page inside the running app.
func openStats(t *testing.T, ctx context.Context) {
	t.Helper()
	openPage(t, ctx, "/stats", `#stats[data-ready="true"]`)
}

// statFigure is one figure of a game's overall figures ("" when not shown).
func statFigure(t *testing.T, ctx context.Context, game, fig string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(e => e ? e.innerText : "")(document.querySelector('#stats-%s [data-fig=%q] dd'))`, game, fig))
}

// winKlondike plays a Klondike deal one Finish away from won to its end and
// opens its result.
func winKlondike(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	rec, _ := klondikeNearlyWon(t)
	data, err := rec.Marshal()
	require.NoError(t, err)
	save, err := json.Marshal(map[string]any{"record": json.RawMessage(data), "seat": 0, "bots": []string{""}, "undo": true})
	require.NoError(t, err)
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.save.klondike", %q), true)`, save))
	must(t, chromedp.Do(ctx, chromedp.Navigate(base+"/play?game=klondike")))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && !!document.querySelector('.kl__auto')`, loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.kl__auto`))))
	must(t, waitJS(ctx, `!!document.querySelector('#table #match-end')`, 60*time.Second))
	must(t, clickUntil(ctx, `#end-result`, `!!document.querySelector('#result[data-ready="true"]')`, loadTimeout))
}

// playKing plays a short King match (four collecting rounds) against bots
// that move at once, clicking legal moves, to its result.
func playKing(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	openHome(t, ctx, base)
	must(t, waitJS(ctx, `!!document.querySelector('[data-new="king"]')`, loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-new="king"]`))))
	must(t, waitJS(ctx, `!!document.querySelector('#start')`, loadTimeout))
	eval[bool](t, ctx, `(sel => { if (!sel) return false; sel.value = "4"; sel.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('select[data-option="collectingRounds"]'))`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#start`))))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
	deadline := time.Now().Add(8 * time.Minute)
	for !eval[bool](t, ctx, `!!document.querySelector('#result[data-ready="true"]')`) {
		if time.Now().After(deadline) {
			t.Fatal("no King result after 8 minutes")
		}
		eval[bool](t, ctx, `(b => (b && b.click(), true))(document.querySelector("#confirm-yes, #end-result"))`)
		eval[bool](t, ctx, clickLegal)
		time.Sleep(10 * time.Millisecond)
	}
}

// statsShots measures the statistics page at the phone's two sizes, with
// every match's details open: no wider than the screen; screenshots of the
// first screen and of the whole page go to the test output.
func statsShots(t *testing.T, ctx context.Context, tag string) {
	t.Helper()
	eval[bool](t, ctx, `([...document.querySelectorAll('#stats details')].forEach(d => d.open = true), true)`)
	for _, sz := range screens[:2] {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(sz.w, sz.h)))
		time.Sleep(300 * time.Millisecond)
		r := checkPage(t, ctx)
		size := fmt.Sprintf("%dx%d", sz.w, sz.h)
		assert.LessOrEqual(t, r.OverflowX, 0, "the statistics page in %s at %s is wider than the screen", tag, size)
		wide := eval[string](t, ctx, `[...document.querySelectorAll('#stats *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5).map(e => e.tagName + '.' + e.className).slice(0, 5).join(', ')`)
		assert.Empty(t, wide, "elements past the right edge in %s at %s", tag, size)
		shot(t, ctx, "stats-"+tag+"-"+size+".png")
		fullShot(t, ctx, "stats-"+tag+"-"+size+"-full.png")
	}
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
}

// TestE2EStatisticsCountKeepExportAndImport wins a Klondike deal and plays a
// King match against fast bots; the statistics page (linked from the
// result and from home) counts both, with Klondike's best time and King's
// round-by-round chart (also on its result), and keeps them over a reload.
// The exported file, imported into a fresh profile, shows the same figures;
// importing it again adds nothing. The page fits 360×640 and 640×360 in
// English and Russian with no English left, axe-core finds no serious
// violation, and Reset asks first, then forgets every match.
func TestE2EStatisticsCountKeepExportAndImport(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)

	// Nothing counted yet; home links to the page.
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#home-stats`))))
	must(t, waitJS(ctx, statsReady, loadTimeout))
	assert.Equal(t, "0", eval[string](t, ctx, `document.querySelector('#stats').dataset.played`))
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#stats').innerText`), "No matches yet.")

	winKlondike(t, ctx, srv.URL)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#result-stats`))))
	must(t, waitJS(ctx, statsReady, loadTimeout))
	assert.Equal(t, "1", eval[string](t, ctx, `document.querySelector('#stats').dataset.played`), "the won deal is counted")
	assert.Equal(t, "1", statFigure(t, ctx, "klondike", "played"))
	assert.Equal(t, "1", statFigure(t, ctx, "klondike", "won"))
	assert.Equal(t, "100%", statFigure(t, ctx, "klondike", "rate"))
	// The deal is won within a second or two: its time shows from one
	// second on.
	assert.Regexp(t, `^(\d+:\d\d)?$`, statFigure(t, ctx, "klondike", "best-time"))
	assert.NotEmpty(t, statFigure(t, ctx, "klondike", "fewest-moves"))

	playKing(t, ctx, srv.URL)
	// The result draws the rounds' running scores, one line a seat.
	assert.Equal(t, 4, eval[int](t, ctx, `document.querySelectorAll('#result-chart .chart__series').length`))
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#result-chart svg').getAttribute('aria-label')`), "Score round by round")
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	eval[bool](t, ctx, `(document.querySelector('#result-chart').scrollIntoView(), true)`)
	shot(t, ctx, "stats-king-result-360x640.png")
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#result-stats`))))
	must(t, waitJS(ctx, statsReady, loadTimeout))
	assert.Equal(t, "2", eval[string](t, ctx, `document.querySelector('#stats').dataset.played`), "the King match is counted too")
	assert.Equal(t, "1", statFigure(t, ctx, "king", "played"))
	figures := eval[string](t, ctx, `document.querySelector('#stats-games').innerText`)
	history := eval[string](t, ctx, `document.querySelector('#stats-history-list').innerText`)

	// Kept over a reload.
	must(t, chromedp.Do(ctx, chromedp.Reload()))
	must(t, waitJS(ctx, statsReady, loadTimeout))
	assert.Equal(t, figures, eval[string](t, ctx, `document.querySelector('#stats-games').innerText`), "the same figures after a reload")

	// The history, newest first: King then Klondike; King's entry has its
	// chart and its replay.
	assert.Equal(t, []string{"king", "klondike"}, strings.Fields(eval[string](t, ctx, `[...document.querySelectorAll('.stats__match')].map(e => e.dataset.match.split('-')[0]).join(' ')`)))
	eval[bool](t, ctx, `(document.querySelector('.stats__match details').open = true, true)`)
	assert.Equal(t, 4, eval[int](t, ctx, `document.querySelectorAll('.stats__match details .chart__series').length`))
	replay := eval[string](t, ctx, `(a => a ? a.getAttribute('href') : "")(document.querySelector('.stats__match a[href^="/replay#"]'))`)
	assert.NotEmpty(t, replay, "Watch the replay links to the replay page")
	checkAxe(t, ctx, "statistics")
	statsShots(t, ctx, "en")

	// Export: the link carries the store's JSON.
	href := eval[string](t, ctx, `document.querySelector('#stats-export').getAttribute('href')`)
	assert.Equal(t, "cardtable-statistics.json", eval[string](t, ctx, `document.querySelector('#stats-export').getAttribute('download')`))
	b64, ok := strings.CutPrefix(href, "data:application/json;base64,")
	require.True(t, ok, href)
	data, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	var exported struct {
		Version int               `json:"version"`
		Tallies []json.RawMessage `json:"tallies"`
		Matches []json.RawMessage `json:"matches"`
	}
	require.NoError(t, json.Unmarshal(data, &exported))
	assert.Equal(t, stats.Version, exported.Version)
	assert.Len(t, exported.Tallies, 2)
	assert.Len(t, exported.Matches, 2)
	file := filepath.Join(t.TempDir(), "cardtable-statistics.json")
	require.NoError(t, os.WriteFile(file, data, 0o644))

	// Replay from the history opens the replay page.
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+replay)))
	must(t, waitJS(ctx, `!!document.querySelector('#replay-line')`, loadTimeout))

	// A fresh profile: nothing counted, then the file imported.
	ctx2, cancel2 := newBrowser(t, 360, 640)
	defer cancel2()
	openHome(t, ctx2, srv.URL)
	openStats(t, ctx2)
	assert.Equal(t, "0", eval[string](t, ctx2, `document.querySelector('#stats').dataset.played`))
	importFile := func(want string) {
		t.Helper()
		must(t, chromedp.Do(ctx2, chromedp.SetUploadFiles(chromedp.CSS(`#stats-import`), []string{file})))
		note := `(n => n ? n.innerText : "")(document.querySelector('#stats-note'))`
		if err := waitJS(ctx2, fmt.Sprintf(`%s === %q`, note, want), 20*time.Second); err != nil {
			t.Fatalf("importing: %v; the note says %q", err, eval[string](t, ctx2, note))
		}
	}
	importFile("2 matches added.")
	assert.Equal(t, "2", eval[string](t, ctx2, `document.querySelector('#stats').dataset.played`))
	assert.Equal(t, figures, eval[string](t, ctx2, `document.querySelector('#stats-games').innerText`), "the same figures in the new profile")
	assert.Equal(t, history, eval[string](t, ctx2, `document.querySelector('#stats-history-list').innerText`), "the same history in the new profile")
	importFile("0 matches added.")
	must(t, chromedp.Do(ctx2, chromedp.Reload()))
	must(t, waitJS(ctx2, statsReady, loadTimeout))
	assert.Equal(t, figures, eval[string](t, ctx2, `document.querySelector('#stats-games').innerText`), "the import is kept")

	// In Russian: every word translated, the page fits.
	speak(t, ctx2, srv.URL, "ru")
	openStats(t, ctx2)
	ru, err := msg.Load("ru")
	require.NoError(t, err)
	assert.Contains(t, eval[string](t, ctx2, `document.body.innerText`), ru.T("Statistics"))
	assert.Empty(t, englishLeft(t, ctx2, ru), "English left on the statistics page in Russian")
	statsShots(t, ctx2, "ru")

	// Reset asks first; No keeps everything, Yes forgets it.
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/stats")))
	must(t, waitJS(ctx, statsReady, loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#stats-reset`))))
	must(t, waitJS(ctx, `!!document.querySelector('#stats-reset-confirm')`, 5*time.Second))
	shot(t, ctx, "stats-reset-confirm-360x640.png")
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#stats-reset-no`))))
	must(t, waitJS(ctx, `!document.querySelector('#stats-reset-confirm')`, 5*time.Second))
	assert.Equal(t, "2", eval[string](t, ctx, `document.querySelector('#stats').dataset.played`))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#stats-reset`))))
	must(t, waitJS(ctx, `!!document.querySelector('#stats-reset-yes')`, 5*time.Second))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#stats-reset-yes`))))
	must(t, waitJS(ctx, `document.querySelector('#stats').dataset.played === "0"`, 5*time.Second))
	must(t, chromedp.Do(ctx, chromedp.Reload()))
	must(t, waitJS(ctx, statsReady, loadTimeout))
	assert.Equal(t, "0", eval[string](t, ctx, `document.querySelector('#stats').dataset.played`), "the reset is kept")
}

// TestE2EStatisticsDamagedStoreIsSaid: a damaged store is said in a
// sentence, offered as a file, and left as it was.
func TestE2EStatisticsDamagedStoreIsSaid(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	eval[bool](t, ctx, `(localStorage.setItem("cardtable.statistics", '{"version":1,"tallies":[{"id":'), true)`)
	openStats(t, ctx)
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#stats-damaged').innerText`), "Your statistics are damaged")
	assert.True(t, eval[bool](t, ctx, `!!document.querySelector('#stats-save-damaged[download]')`))
	assert.Equal(t, `{"version":1,"tallies":[{"id":`, eval[string](t, ctx, `localStorage.getItem("cardtable.statistics")`), "the damaged text is kept")
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	shot(t, ctx, "stats-damaged-360x640.png")
}
