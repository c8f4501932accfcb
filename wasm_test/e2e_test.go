//go:build !js

package wasmtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
)

const loadTimeout = 60 * time.Second

// openHome loads the home page and waits until the app runs in the page.
func openHome(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	must(t, chromedp.Do(ctx, chromedp.Navigate(base+"/")))
	must(t, waitJS(ctx, `!!document.querySelector('#home[data-ready="true"]')`, loadTimeout))
}

// waitOffline waits until the service worker is active and has cached the
// app.
func waitOffline(t *testing.T, ctx context.Context) {
	t.Helper()
	must(t, waitJS(ctx, `navigator.serviceWorker.ready.then(r => !!r.active && r.active.state === "activated")`, loadTimeout))
	must(t, waitJS(ctx, `(async () => { const ks = await caches.keys(); if (!ks.length) return false;
		const c = await caches.open(ks[0]); return !!(await c.match('/web/app.wasm')); })()`, loadTimeout))
}

// soloTable opens the app in a fresh browser and starts a solo game of id
// against bots that move without pause.
func soloTable(t *testing.T, srv *server, id string) context.Context {
	t.Helper()
	ctx, cancel := newBrowser(t, 1280, 800)
	t.Cleanup(cancel)
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	startGame(t, ctx, id)
	return ctx
}

// fastBots makes the bots move without pause for the rest of the test.
func fastBots(t *testing.T, ctx context.Context) {
	eval[bool](t, ctx, `(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"off",leftHanded:false,botPace:0})), true)`)
}

func TestE2EHomeListsGames(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	openHome(t, ctx, srv.URL)
	text := eval[string](t, ctx, `document.querySelector('#games').innerText`)
	assert.Contains(t, text, "The King")
	for _, g := range catalog.All() {
		info := g.Game.Info()
		assert.Contains(t, text, info.Title)
		n := eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll('[data-new=%q]').length`, info.ID))
		assert.Equal(t, 1, n, "a New game button for %s", info.ID)
	}
	assert.Contains(t, text, "4 players", "The King's player count")
}

func TestE2EInstallable(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	openHome(t, ctx, srv.URL)
	waitOffline(t, ctx)
	res, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
	require.NoError(t, err)
	var errs []string
	for _, e := range res.InstallabilityErrors {
		errs = append(errs, e.ErrorID)
	}
	assert.Empty(t, errs, "installability errors")
	manifest := eval[string](t, ctx, `fetch('/manifest.webmanifest').then(r => r.text())`)
	for _, want := range []string{`"name":"cardtable"`, `"short_name":"Cardtable"`, `"purpose":"maskable"`, `"sizes":"192x192"`, `"sizes":"512x512"`, `"theme_color"`} {
		assert.Contains(t, manifest, want)
	}
}

func TestE2EOfflineReload(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	// app.wasm's traceback tables come back once the app is ready
	// (web/tables.js): the page checked they are this build's, then wrote
	// them into its memory.
	must(t, waitJS(ctx, `!!document.documentElement.dataset.tables`, loadTimeout))
	assert.Equal(t, "loaded", eval[string](t, ctx, `document.documentElement.dataset.tables`))
	assert.Zero(t, eval[int](t, ctx, `performance.getEntriesByType("resource").filter(e => e.name.endsWith("/web/app.tables")).length`),
		"the page takes the tables the service worker downloaded, not a second copy")
	waitOffline(t, ctx)
	srv.Stop()
	_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
	require.NoError(t, err)
	must(t, waitJS(ctx, `!!document.querySelector('#home[data-ready="true"]')`, loadTimeout))
	must(t, waitJS(ctx, `!!document.documentElement.dataset.tables`, loadTimeout))
	assert.Equal(t, "loaded", eval[string](t, ctx, `document.documentElement.dataset.tables`), "offline, the service worker has the tables")
	assert.Contains(t, eval[string](t, ctx, `document.body.innerText`), "The King")
	assert.True(t, eval[bool](t, ctx, `!!navigator.serviceWorker.controller`), "the service worker serves the page")
	assert.False(t, eval[bool](t, ctx, `!!document.querySelector('#update-banner')`), "no update banner for the same version")

	// A new game starts and plays with the server gone.
	fastBots(t, ctx)
	startGame(t, ctx, "king")
	steps := playActions(t, ctx, 12, 60*time.Second)
	assert.GreaterOrEqual(t, steps, 12)
}

// quickOptions shorten matches that run on a clock: the smallest value of
// each named option is chosen on the new-game page.
var quickOptions = map[string][]string{
	"papas": {"reactionSeconds", "turnLimit"},
}

// startGame clicks through the home and new-game pages.
func startGame(t *testing.T, ctx context.Context, id string) { startGameWith(t, ctx, id, "") }

// startGameWith starts a game with every bot at level ("" keeps the page's
// default).
func startGameWith(t *testing.T, ctx context.Context, id, level string) {
	t.Helper()
	must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('[data-new=%q]')`, id), loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-new=%q]`, id)))))
	must(t, waitJS(ctx, `!!document.querySelector('#start')`, loadTimeout))
	chooseQuickOptions(t, ctx, id)
	if level != "" {
		eval[bool](t, ctx, fmt.Sprintf(`(() => { for (const sel of document.querySelectorAll('.seats select')) {
			sel.value = %q; sel.dispatchEvent(new Event('change', {bubbles: true})); } return true; })()`, level))
	}
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#start`))))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
}

// chooseQuickOptions picks the shortest clock options on the new-game page.
func chooseQuickOptions(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	for _, name := range quickOptions[id] {
		eval[bool](t, ctx, fmt.Sprintf(`(() => {
			const sel = document.querySelector('select[data-option=%q]');
			if (!sel) return false;
			const nums = [...sel.options].map(o => o.value).filter(v => /^[0-9]+$/.test(v)).sort((a, b) => a - b);
			sel.value = nums[0];
			sel.dispatchEvent(new Event('change', {bubbles: true}));
			return true;
		})()`, name))
	}
}

// clickLegal clicks one legal move the page offers (a card or a button with
// data-action), twice for a hand card (select, then play). It reports false
// when none is offered now.
const clickLegal = `(() => {
	const all = [...document.querySelectorAll('#table [data-action]')].filter(e => !e.disabled);
	const goOn = all.filter(e => !(window.__keepPlaying && e.dataset.action === "end"));
	const els = goOn.length ? goOn : all; // "end" when it is the only move (a Papas turn with nothing left to play)
	if (!els.length) return false;
	const el = els[Math.floor(Math.random() * els.length)];
	el.click();
	if (el.isConnected && el.classList.contains('card') && el.closest('.hand')) {
		const again = document.querySelector('.hand [data-card="' + el.dataset.card + '"]');
		if (again) again.click();
	}
	return true;
})()`

// playActions plays until the table has applied at least n actions (by
// anyone) or the match ends, and returns the action count.
func playActions(t *testing.T, ctx context.Context, n int, timeout time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if eval[bool](t, ctx, `!!document.querySelector('#result') || !!document.querySelector('#table[data-done="true"]')`) {
			return n
		}
		steps := eval[int](t, ctx, `+((document.querySelector('#table')||{dataset:{}}).dataset.steps||0)`)
		if steps >= n {
			eval[bool](t, ctx, `(window.__keepPlaying = false, true)`)
			return steps
		}
		eval[bool](t, ctx, `(window.__keepPlaying = true, true)`)
		eval[bool](t, ctx, clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("fewer than %d actions after %s", n, timeout)
	return 0
}

func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(outDir(t), name), b, 0o644))
}

// TestE2EPlayEveryGame starts a solo game of every registered game from the
// home page, plays it to the end by clicking legal moves, and checks the
// result page (its screenshot goes to the test output folder; the tables'
// own are TestE2ETableFitsEveryScreen's).
func TestE2EPlayEveryGame(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, g := range catalog.All() {
		id := g.Game.Info().ID
		t.Run(id, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 1280, 800)
			defer cancel()
			openHome(t, ctx, srv.URL)
			fastBots(t, ctx)
			startGame(t, ctx, id)
			playActions(t, ctx, 6, 30*time.Second)

			deadline := time.Now().Add(8 * time.Minute)
			sawEnd := false
			for !eval[bool](t, ctx, `!!document.querySelector('#result[data-ready="true"]')`) {
				if time.Now().After(deadline) {
					t.Fatalf("%s: no result page after 8 minutes", id)
				}
				if !sawEnd && eval[bool](t, ctx, `!!document.querySelector('#table #match-end')`) {
					// The match's end waits over its table, in words, its
					// button on screen.
					sawEnd = true
					assert.Regexp(t, `(?i)won|win|nobody|lose|draw`, eval[string](t, ctx, `document.querySelector('#match-end .result__headline').innerText`))
					assert.True(t, eval[bool](t, ctx, inViewport("#end-result")), "See the result is on screen")
					shot(t, ctx, id+"-end.png")
				}
				// A move that gives something up asks first, and the co-op
				// reveal waits for Continue: a player says yes and goes on.
				// The match's end waits over the table for See the result,
				// pressed once it was seen (a bot's last move may end the
				// match between the look above and this press).
				next := "#confirm-yes, #sortcoop-continue"
				if sawEnd {
					next += ", #end-result"
				}
				eval[bool](t, ctx, fmt.Sprintf(`(b => (b && b.click(), true))(document.querySelector(%q))`, next))
				eval[bool](t, ctx, clickLegal)
				time.Sleep(10 * time.Millisecond)
			}
			if id != "sortcoop" { // the co-op board's reveal is its end
				assert.True(t, sawEnd, "the match's end was shown over the table")
			}
			text := eval[string](t, ctx, `document.querySelector('#result').innerText`)
			assert.Regexp(t, `(?i)won|win|nobody|lose`, text)
			assert.Contains(t, text, "Play again")
			rows := eval[int](t, ctx, `document.querySelectorAll('.result__scores tbody tr').length`)
			assert.Equal(t, eval[int](t, ctx, `JSON.parse(localStorage.getItem("cardtable.save.`+id+`")).record.players`), rows)
			switch id {
			case "king": // its rounds, listed and charted
				assert.Positive(t, eval[int](t, ctx, `document.querySelectorAll('#result .history tbody tr').length`), "The King's result lists its rounds")
				assert.True(t, eval[bool](t, ctx, `!!document.querySelector('#result #result-chart svg')`), "The King's result charts its rounds")
			case "sortcoop": // the board turned face up
				assert.Positive(t, eval[int](t, ctx, `document.querySelectorAll('#result #sortcoop-reveal [data-reveal]').length`), "Co-op Sort's result turns its board up")
			}
			shot(t, ctx, id+"-result.png")
			// The statistics counted the match, once, with its detail.
			assert.Equal(t, []int{1, 1}, eval[[]int](t, ctx, fmt.Sprintf(`(() => {
				const s = JSON.parse(localStorage.getItem("cardtable.statistics"));
				const r = JSON.parse(localStorage.getItem("cardtable.save.%[1]s")).record;
				const id = "%[1]s-" + r.seed.toString(36) + "-" + r.actions.length;
				return [s.tallies.filter(t => t.id === id).length, s.matches.filter(m => m.id === id && m.replay).length];
			})()`, id)), "the match in the statistics")
		})
	}
}

// TestE2EReloadResumes reloads in the middle of a game: the same position
// comes back (same number of actions, same hand, same cards on the table).
func TestE2EReloadResumes(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx := soloTable(t, srv, "king")
	playActions(t, ctx, 10, 60*time.Second)
	// Freeze the bots: wait until it is our turn, then read the position.
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 30*time.Second))
	const position = `JSON.stringify({steps: document.querySelector('#table').dataset.steps,
		hand: [...document.querySelectorAll('.hand [data-card]')].map(e => e.dataset.card),
		trick: [...document.querySelectorAll('.table__centre [data-card]')].map(e => e.dataset.card),
		score: document.querySelector('.scoreboard').innerText})`
	before := eval[string](t, ctx, position)
	_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
	require.NoError(t, err)
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && document.querySelector('#table').dataset.turn === "true"`, loadTimeout))
	after := eval[string](t, ctx, position)
	assert.Equal(t, before, after)
	// The home page offers to continue it.
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	must(t, waitJS(ctx, `!!document.querySelector('[data-continue="king"]')`, loadTimeout))
}

// TestLongTasks is part of `make bench` (CARDTABLE_BENCH=1): the long tasks
// (over 50 ms) the page runs while the bots play King at a brisk pace and the
// player answers, with easy bots and with hard ones (ISMCTS thinking in 8 ms
// slices), over three windows of 40 actions each, with the machine's load.
// A starved browser stretches every task, so they are reported, not asserted.
func TestLongTasks(t *testing.T) {
	if os.Getenv("CARDTABLE_BENCH") == "" {
		t.Skip("set CARDTABLE_BENCH=1 (make bench) to measure long tasks")
	}
	needBrowser(t)
	srv := startServer(t)
	for _, level := range []string{"easy", "hard"} {
		t.Run(level, func(t *testing.T) { longTasks(t, srv, level) })
	}
}

func longTasks(t *testing.T, srv *server, level string) {
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
		window.__longtasks = [];
		new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(Math.round(e.duration)); })
			.observe({type: "longtask", buffered: false});`})
	require.NoError(t, err)
	openHome(t, ctx, srv.URL)
	eval[bool](t, ctx, `(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"normal",leftHanded:false,botPace:150})), true)`)
	startGameWith(t, ctx, "king", level)
	// Setting the table (replaying the record, the first render) is one task
	// before play starts; measure from the first moves on.
	playActions(t, ctx, 2, 30*time.Second)
	steps := func() int { return eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`) }
	for window := 1; window <= 3; window++ {
		eval[bool](t, ctx, `(window.__longtasks = [], true)`)
		start := steps()
		deadline := time.Now().Add(40 * time.Second)
		for time.Now().Before(deadline) && steps()-start < 40 && !eval[bool](t, ctx, `!document.querySelector('#table')`) {
			// At a human pace the next deal waits for the round's summary
			// to be put away, as a player does.
			eval[bool](t, ctx, `(b => !!b && (b.click(), true))(document.querySelector('#summary-close'))`)
			if eval[bool](t, ctx, `(t => !!t && t.dataset.turn === "true")(document.querySelector('#table'))`) {
				eval[bool](t, ctx, clickLegal)
			}
			time.Sleep(100 * time.Millisecond)
		}
		load, cpus, _ := loadAverage()
		t.Logf("%s bots, window %d: %d actions, long tasks (ms): %v; load %.1f on %d cores; Go heap: %s", level, window,
			steps()-start, eval[[]float64](t, ctx, `window.__longtasks`), load, cpus, eval[string](t, ctx, `window.cardtableStats ? window.cardtableStats() : ""`))
	}
}

// loadAverage reads the one-minute load average (Linux).
func loadAverage() (float64, int, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, 0, false
	}
	var load float64
	if _, err := fmt.Sscanf(string(b), "%f", &load); err != nil {
		return 0, 0, false
	}
	return load, runtime.NumCPU(), true
}

// TestE2EUpdateBanner serves one build, then a new one on the same address:
// after a reload the new service worker installs and the page offers the
// update.
func TestE2EUpdateBanner(t *testing.T) {
	needBrowser(t)
	_, web := buildApp(t)
	first := startServerWeb(t, web)
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	openHome(t, ctx, first.URL)
	waitOffline(t, ctx)
	assert.False(t, eval[bool](t, ctx, `!!document.querySelector('#update-banner')`))

	// The next build: the same app with a custom section appended, so
	// app.wasm (and with it the version) differs.
	next := t.TempDir()
	entries, err := os.ReadDir(web)
	require.NoError(t, err)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(web, e.Name()))
		require.NoError(t, err)
		if e.Name() == "app.wasm" {
			name := "cardtable-next"
			section := append([]byte{byte(len(name))}, name...)
			b = append(b, 0x00, byte(len(section)))
			b = append(b, section...)
		}
		require.NoError(t, os.WriteFile(filepath.Join(next, e.Name()), b, 0o644))
	}
	addr := strings.TrimPrefix(first.URL, "http://")
	first.Stop()
	second := startServerAt(t, next, addr)
	require.Equal(t, first.URL, second.URL)
	_, err = chromedp.Call(ctx, page.Reload, page.ReloadParams{})
	require.NoError(t, err)
	must(t, waitJS(ctx, `!!document.querySelector('#update-banner')`, loadTimeout))
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#update-banner').innerText`), "new version")
}

// TestE2EKeyboardPlay plays a card with the keyboard alone: arrows move along
// the hand, Enter selects and Enter again plays.
func TestE2EKeyboardPlay(t *testing.T) {
	needBrowser(t)
	ctx := soloTable(t, startServer(t), "king")
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true"`, 30*time.Second))
	before := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	// Focus the first legal card; with two or more, the right arrow moves on.
	eval[bool](t, ctx, `(document.querySelector('.hand button.card').focus(), true)`)
	require.True(t, eval[bool](t, ctx, `document.activeElement.matches('.hand button.card')`), "a legal card has the focus")
	if eval[int](t, ctx, `document.querySelectorAll('.hand button.card').length`) >= 2 {
		first := eval[string](t, ctx, `document.activeElement.dataset.card`)
		must(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
		assert.NotEqual(t, first, eval[string](t, ctx, `document.activeElement.dataset.card`), "the arrow moved the focus")
		assert.True(t, eval[bool](t, ctx, `document.activeElement.matches('.hand button.card')`))
	}
	card := eval[string](t, ctx, `document.activeElement.dataset.card`)
	must(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)))
	must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('.hand [data-card=%q].card--selected')`, card), 5*time.Second))
	must(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)))
	must(t, waitJS(ctx, fmt.Sprintf(`+document.querySelector('#table').dataset.steps > %d && !document.querySelector('.hand [data-card=%q]')`, before, card), 10*time.Second))
}

// TestE2EDragToPlay drags a legal card up out of the hand with the mouse:
// it is played at once, without the select-then-confirm taps.
func TestE2EDragToPlay(t *testing.T) {
	needBrowser(t)
	ctx := soloTable(t, startServer(t), "king")
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true" && !!document.querySelector('.hand button.card')`, 30*time.Second))
	before := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	card := eval[string](t, ctx, `document.querySelector('.hand button.card').dataset.card`)
	box := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector('.hand [data-card=%q]').getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 3]; })()`, card))
	x, y := box[0], box[1]
	left := chromedp.ButtonType(input.MouseButtonLeft)
	must(t, chromedp.Do(ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, left, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y-4, left),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y-30, left),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y-60, left),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y-90, left),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y-90, left, chromedp.ClickCount(1)),
	))
	must(t, waitJS(ctx, fmt.Sprintf(`+document.querySelector('#table').dataset.steps > %d && !document.querySelector('.hand [data-card=%q]')`, before, card), 10*time.Second))
	assert.Contains(t, eval[string](t, ctx, `document.body.textContent`), "You play the "+cardWords(card)+".")
}

// TestE2EUndoAgainstBots turns on undo for a King match: after the player's
// card and the bots' answers, Undo brings back the position before the card.
func TestE2EUndoAgainstBots(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	must(t, waitJS(ctx, `!!document.querySelector('[data-new="king"]')`, loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-new="king"]`))))
	must(t, waitJS(ctx, `!!document.querySelector('#undo')`, loadTimeout))
	// The "Allow undo" checkbox, brought clear of the bar that keeps Start on screen.
	eval[bool](t, ctx, `(document.querySelector('#undo').scrollIntoView({block: "center"}), true)`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#undo`))))
	require.True(t, eval[bool](t, ctx, `document.querySelector('#undo').checked`), "undo is allowed")
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#start`))))
	const position = `JSON.stringify({steps: document.querySelector('#table').dataset.steps,
		hand: [...document.querySelectorAll('.hand [data-card]')].map(e => e.dataset.card)})`
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && document.querySelector('#table').dataset.turn === "true"`, loadTimeout))
	assert.True(t, eval[bool](t, ctx, `document.querySelector('button#undo').disabled`), "nothing to undo before the first move")
	before := eval[string](t, ctx, position)
	steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	eval[bool](t, ctx, clickLegal)
	must(t, waitJS(ctx, fmt.Sprintf(`+document.querySelector('#table').dataset.steps > %d`, steps), 10*time.Second))
	must(t, waitJS(ctx, `!document.querySelector('button#undo').disabled`, 10*time.Second))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button#undo`))))
	must(t, waitJS(ctx, fmt.Sprintf(`+document.querySelector('#table').dataset.steps === %d && document.querySelector('#table').dataset.turn === "true"`, steps), 10*time.Second))
	assert.Equal(t, before, eval[string](t, ctx, position))
}

// TestE2EKlondikeHint asks for a hint: the page names a move in words and
// plays nothing. "Can this deal be won?" is a separate question that asks
// for a confirmation, answers, and is noted in the saved record.
func TestE2EKlondikeHint(t *testing.T) {
	needBrowser(t)
	ctx := soloTable(t, startServer(t), "klondike")
	steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	// A re-render can replace a button between finding it and clicking it,
	// and a click on the old one is lost: clickUntil clicks again until the
	// page answers (the page ignores a second request while one is worked
	// out).
	must(t, clickUntil(ctx, `#hint`, `/Looking for a good move|Hint: |No hint now/.test(document.querySelector('#table').innerText)`, 10*time.Second))
	must(t, waitJS(ctx, `/Hint: |No hint now/.test(document.querySelector('#table').innerText)`, 30*time.Second))
	text := eval[string](t, ctx, `document.querySelector('#table').innerText`)
	assert.Regexp(t, `Hint: [A-Z][a-z]+ [^\n]+\.`, text, "a move in words")
	assert.NotRegexp(t, `Hint: [^\n]*\b([2-9]|10|[JQKA])[CDHS]\b`, text, "no card in notation")
	assert.NotContains(t, text, "can still be won", "a hint does not look at the hidden cards")
	assert.Equal(t, steps, eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`), "a hint plays nothing")

	must(t, clickUntil(ctx, `#winnable`, `!!document.querySelector('#winnable-ask')`, 10*time.Second))
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#winnable-note').innerText`), "cards you cannot see")
	must(t, clickUntil(ctx, `#winnable-ask`, `!document.querySelector('#winnable-ask')`, 10*time.Second))
	must(t, waitJS(ctx, `/this deal can still be won|No way to win this deal was found/.test(document.querySelector('#table').innerText)`, 60*time.Second))
	must(t, waitJS(ctx, `(JSON.parse(localStorage.getItem("cardtable.save.klondike")).record.peeks || []).length === 1`, 10*time.Second))
	assert.Equal(t, steps, eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`), "the question plays nothing")
}

// cardWords names a card of the notation as the page says it ("QH": "queen
// of hearts").
func cardWords(card string) string {
	ranks := map[string]string{"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
	suits := map[byte]string{'C': "clubs", 'D': "diamonds", 'H': "hearts", 'S': "spades"}
	r := card[:len(card)-1]
	if w, ok := ranks[r]; ok {
		r = w
	}
	return r + " of " + suits[card[len(card)-1]]
}
