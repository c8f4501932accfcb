//go:build !js

package wasmtest

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
)

// replayState is what the replay page shows of itself.
const replayState = `(() => { const t = document.querySelector('#table');
	return JSON.stringify({step: +t.dataset.step, steps: +t.dataset.steps, viewer: t.dataset.viewer,
		line: document.querySelector('#replay-line').innerText,
		cards: [...document.querySelectorAll('#table [data-card]')].map(e => e.dataset.card).sort().join(' '),
		faceDown: document.querySelectorAll('#table .card:not([data-card])').length}); })()`

type replayReport struct {
	Step     int    `json:"step"`
	Steps    int    `json:"steps"`
	Viewer   string `json:"viewer"`
	Line     string `json:"line"`
	Cards    string `json:"cards"`
	FaceDown int    `json:"faceDown"`
}

func readReplay(t *testing.T, ctx context.Context) replayReport {
	t.Helper()
	var r replayReport
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, replayState)), &r))
	return r
}

// clickReplay presses a step button and waits for the step it leads to.
func clickReplay(t *testing.T, ctx context.Context, id string) replayReport {
	t.Helper()
	before := readReplay(t, ctx).Step
	must(t, clickUntil(ctx, "#"+id, fmt.Sprintf(`+document.querySelector('#table').dataset.step !== %d`, before), 10*time.Second))
	time.Sleep(100 * time.Millisecond)
	return readReplay(t, ctx)
}

// checkReplayFits checks the replay's table at w×h as the tables are
// checked (no scroll, no overflow, no notation) and that every control is on
// screen, and saves a screenshot.
func checkReplayFits(t *testing.T, ctx context.Context, name string, w, h int64) {
	t.Helper()
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h)))
	time.Sleep(300 * time.Millisecond)
	var r fitReport
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, fitCheck)), &r))
	size := fmt.Sprintf("%dx%d", w, h)
	assert.LessOrEqual(t, r.OverflowX, 0, "%s at %s: wider than the screen", name, size)
	assert.LessOrEqual(t, r.OverflowY, 0, "%s at %s: taller than the screen", name, size)
	assert.Zero(t, r.Scrolled, "%s at %s: scrolled", name, size)
	assert.Empty(t, r.Notation, "%s at %s: notation a person reads", name, size)
	off := eval[[]string](t, ctx, `(() => { const out = [];
		for (const e of document.querySelectorAll('.replay__controls button, .replay__controls input, .replay__controls select')) {
			const r = e.getBoundingClientRect();
			if (r.width <= 0 || r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) out.push(e.id);
		} return out; })()`)
	assert.Empty(t, off, "%s at %s: controls off screen", name, size)
	shot(t, ctx, "replay-"+name+"-"+size+".png")
}

// TestE2EReplayOfflineFromTheResult finishes a short solo match (Klondike,
// given up after a few moves), takes its replay link from the result page,
// copies it with Share replay, stops the server and opens the link: the
// service worker serves the page, which replays the match from the link
// alone. It steps forwards and backwards (one action, to the end, to the
// start, the slider), each step telling its action in words; the player's
// view hides the face-down cards that "All cards shown" turns up. The page
// fits a phone held either way.
func TestE2EReplayOfflineFromTheResult(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	waitOffline(t, ctx)
	fastBots(t, ctx)
	startGame(t, ctx, "klondike")
	steps := playActions(t, ctx, 6, 60*time.Second)
	require.GreaterOrEqual(t, steps, 6)
	// Give the deal up: the match is over.
	must(t, clickUntil(ctx, `#table [data-action="end"]`, `!!document.querySelector('#confirm-yes') || !!document.querySelector('#result')`, 10*time.Second))
	if eval[bool](t, ctx, `!!document.querySelector('#confirm-yes')`) {
		must(t, clickUntil(ctx, `#confirm-yes`, `!document.querySelector('#confirm-yes')`, 10*time.Second))
	}
	must(t, clickUntil(ctx, `#see-result`, `!!document.querySelector('#result[data-ready="true"]')`, 30*time.Second))
	must(t, waitJS(ctx, `!!document.querySelector('#watch-replay')`, 10*time.Second))
	link := eval[string](t, ctx, `document.querySelector('#watch-replay').getAttribute('href')`)
	require.True(t, strings.HasPrefix(link, "/replay#"), "the link: %s", link)
	saved := eval[string](t, ctx, `document.querySelector('#save-replay').getAttribute('download')`)
	assert.Regexp(t, `^cardtable-klondike-\d+\.json$`, saved)
	// Share replay: without a share sheet (Chromium on Linux has none) the
	// link is copied.
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: srv.URL})
		require.NoError(t, err)
	}
	must(t, clickUntil(ctx, `#share-replay`, `!!document.querySelector('.replay-share__said')`, 10*time.Second))
	must(t, waitJS(ctx, `document.querySelector('.replay-share__said').innerText === "Link copied."`, 10*time.Second))
	assert.Equal(t, srv.URL+link, eval[string](t, ctx, `navigator.clipboard.readText()`), "the whole link is copied")
	actions := eval[int](t, ctx, `JSON.parse(localStorage.getItem("cardtable.save.klondike")).record.actions.length`)
	t.Logf("Klondike: %d actions, replay link of %d characters", actions, len(link))

	srv.Stop()
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+link)))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && !!document.querySelector('#replay-line')`, loadTimeout))
	assert.True(t, eval[bool](t, ctx, `!!navigator.serviceWorker.controller`), "the service worker serves the page")
	r := readReplay(t, ctx)
	assert.Equal(t, 0, r.Step)
	assert.Equal(t, actions, r.Steps)
	assert.Equal(t, "0", r.Viewer, "the player's own view first")
	start := r
	checkReplayFits(t, ctx, "klondike-start", 360, 640)

	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	lines := map[string]bool{}
	for i := 1; i <= 3; i++ {
		r = clickReplay(t, ctx, "replay-next")
		require.Equal(t, i, r.Step)
		assert.NotEmpty(t, r.Line)
		lines[r.Line] = true
	}
	r = clickReplay(t, ctx, "replay-prev")
	assert.Equal(t, 2, r.Step)
	r = clickReplay(t, ctx, "replay-end")
	assert.Equal(t, actions, r.Step)
	assert.Contains(t, r.Line, "over", "the last step ends the match")
	checkReplayFits(t, ctx, "klondike-end", 640, 360)
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	r = clickReplay(t, ctx, "replay-start")
	assert.Equal(t, 0, r.Step)
	assert.Equal(t, start.Cards, r.Cards, "back at the start, the same table")

	// With every card shown, the face-down cards turn up.
	eval[bool](t, ctx, `(s => { s.value = "all"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#replay-viewer'))`)
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.viewer === "all"`, 10*time.Second))
	all := readReplay(t, ctx)
	assert.Less(t, all.FaceDown, start.FaceDown, "fewer face-down cards with every card shown")
	assert.Greater(t, len(strings.Fields(all.Cards)), len(strings.Fields(start.Cards)))
	checkReplayFits(t, ctx, "klondike-all", 360, 640)

	// The slider goes anywhere.
	eval[bool](t, ctx, `(s => { s.value = "4"; s.dispatchEvent(new Event('input', {bubbles: true})); return true })(document.querySelector('#replay-slider'))`)
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.step === "4"`, 10*time.Second))
}

// kingLink is the replay link of a whole King match of random bots, made
// as the app makes it: the record's JSON, DEFLATE, base64url.
func kingLink(t *testing.T) (string, int) { return kingLinkCut(t, -1) }

// kingLinkCut is kingLink with the record cut after n actions (n < 0: the
// whole match).
func kingLinkCut(t *testing.T, n int) (string, int) {
	t.Helper()
	e, err := catalog.Lookup("king")
	require.NoError(t, err)
	rec := botMatch(t, e, 4, 21)
	if n >= 0 {
		rec.Actions = rec.Actions[:n]
	}
	data, err := rec.Marshal()
	require.NoError(t, err)
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestCompression)
	require.NoError(t, err)
	zw.Write(data)
	require.NoError(t, zw.Close())
	return "/replay#" + base64.RawURLEncoding.EncodeToString(buf.Bytes()), len(rec.Actions)
}

// TestE2EReplayKingByTrick opens a King match's replay link offline and
// steps trick by trick and back; a seat's view shows that seat's hand alone
// and "All cards shown" every hand; the table fits a phone held either way.
// A record cut before the match ends shows a spectator's view alone and says
// why; a link cut short, or not a replay, is refused in words.
func TestE2EReplayKingByTrick(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	waitOffline(t, ctx)
	link, actions := kingLink(t)
	t.Logf("King: %d actions, replay link of %d characters", actions, len(link))
	srv.Stop()

	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+link)))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && !!document.querySelector('#replay-line')`, loadTimeout))
	t.Logf("offline, from the link to the replay's table: about %.0f ms (app.wasm started); checking the record's %d actions in the page: %s ms",
		eval[float64](t, ctx, `performance.now()`), actions, eval[string](t, ctx, `document.querySelector('#table').dataset.openMs`))
	r := readReplay(t, ctx)
	require.Equal(t, actions, r.Steps)
	hand := eval[int](t, ctx, `document.querySelectorAll('.hand [data-card]').length`)
	assert.Equal(t, 8, hand, "seat 1's hand of eight")

	var stops []int
	for range 3 {
		r = clickReplay(t, ctx, "replay-next-trick")
		stops = append(stops, r.Step)
		assert.Regexp(t, `(?i)takes the trick|trick`, r.Line, "a trick step ends on a taken trick")
	}
	require.Less(t, stops[0], stops[1])
	require.Less(t, stops[1], stops[2])
	checkReplayFits(t, ctx, "king-trick", 360, 640)
	checkReplayFits(t, ctx, "king-trick", 640, 360)
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	r = clickReplay(t, ctx, "replay-prev-trick")
	assert.Equal(t, stops[1], r.Step)
	r = clickReplay(t, ctx, "replay-prev")
	assert.Equal(t, stops[1]-1, r.Step)

	// Seat 2's view: its own hand, not seat 1's.
	mine := eval[string](t, ctx, `[...document.querySelectorAll('.hand [data-card]')].map(e => e.dataset.card).sort().join(' ')`)
	eval[bool](t, ctx, `(s => { s.value = "1"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#replay-viewer'))`)
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.viewer === "1"`, 10*time.Second))
	theirs := eval[string](t, ctx, `[...document.querySelectorAll('.hand [data-card]')].map(e => e.dataset.card).sort().join(' ')`)
	assert.NotEqual(t, mine, theirs)
	for _, c := range strings.Fields(mine) {
		assert.NotContains(t, " "+theirs+" ", " "+c+" ", "seat 2 does not see seat 1's %s", c)
	}
	eval[bool](t, ctx, `(s => { s.value = "all"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#replay-viewer'))`)
	must(t, waitJS(ctx, `document.querySelector('#table').dataset.viewer === "all"`, 10*time.Second))
	badges := eval[string](t, ctx, `[...document.querySelectorAll('.table__opponents .seat')].map(e => e.innerText).join(' | ')`)
	assert.Regexp(t, `[♣♦♥♠]`, badges, "every hand shown on the badges")
	checkReplayFits(t, ctx, "king-all", 360, 640)
	checkReplayFits(t, ctx, "king-all", 640, 360)

	// A record cut before the end: a spectator's view only, said so.
	cutLink, _ := kingLinkCut(t, 60)
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+cutLink)))
	_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
	require.NoError(t, err)
	must(t, waitJS(ctx, `!!document.querySelector('#replay-unfinished')`, loadTimeout))
	assert.Equal(t, "spectator", readReplay(t, ctx).Viewer)
	assert.True(t, eval[bool](t, ctx, `document.querySelector('#replay-viewer').disabled`), "no other view to pick")
	assert.Zero(t, eval[int](t, ctx, `document.querySelectorAll('.hand [data-card]').length`), "no hand shown")
	assert.False(t, eval[bool](t, ctx, `[...document.querySelectorAll('#replay-viewer option')].some(o => o.value === "all")`))
	r = clickReplay(t, ctx, "replay-end")
	assert.Equal(t, 60, r.Step)
	assert.Zero(t, eval[int](t, ctx, `document.querySelectorAll('.hand [data-card]').length`), "no hand shown at the end either")
	checkReplayFits(t, ctx, "king-unfinished", 360, 640)

	// Bad links, offline too.
	frag := strings.TrimPrefix(link, "/replay#")
	for _, tc := range []struct{ name, fragment, want string }{
		{"cut", frag[:len(frag)/2], "cut short"},
		{"junk", "aGVsbG8gd29ybGQ", "damaged"},
	} {
		must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/replay#"+tc.fragment)))
		_, err = chromedp.Call(ctx, page.Reload, page.ReloadParams{})
		require.NoError(t, err)
		must(t, waitJS(ctx, `!!document.querySelector('#replay-error')`, loadTimeout))
		assert.Contains(t, eval[string](t, ctx, `document.querySelector('#replay-error').innerText`), tc.want, tc.name)
	}
	shot(t, ctx, "replay-bad-link-360x640.png")
}

// TestE2EReplayOpensAFile opens a saved record (the file "Save as file"
// writes) on the replay page without a link, and refuses a file that is not
// a record, saying so.
func TestE2EReplayOpensAFile(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	e, err := catalog.Lookup("king")
	require.NoError(t, err)
	rec := botMatch(t, e, 4, 23)
	data, err := rec.Marshal()
	require.NoError(t, err)
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "cardtable-king.json"), filepath.Join(dir, "notes.json")
	require.NoError(t, os.WriteFile(good, data, 0o644))
	require.NoError(t, os.WriteFile(bad, data[:len(data)/2], 0o644))

	openPage(t, ctx, "/replay", "#replay-file")
	must(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`#replay-file`), []string{bad})))
	must(t, waitJS(ctx, `!!document.querySelector('#replay-error')`, 10*time.Second))
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#replay-error').innerText`), "not a cardtable record")
	must(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`#replay-file`), []string{good})))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && !!document.querySelector('#replay-line')`, 10*time.Second))
	r := readReplay(t, ctx)
	assert.Equal(t, len(rec.Actions), r.Steps)
	r = clickReplay(t, ctx, "replay-end")
	assert.Equal(t, len(rec.Actions), r.Step)
}

// TestE2EReplayFromARoom: a host, a friend and bots play Eat Pairs to the end;
// under the room's result both pages offer the replay, with the same link
// (the friend's page has the whole record once the match is over), and the
// friend's link opens the replay of the whole match.
func TestE2EReplayFromARoom(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 2)
	link := openRoomAsHost(t, pages[0], srv.URL, "eatpairs", "Ann")
	joinRoom(t, pages[1], link, "Bo")
	must(t, chromedp.Do(pages[0], chromedp.SetValue(chromedp.CSS("#filllevel"), "easy"), chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(pages[0], `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	deadline := time.Now().Add(10 * time.Minute)
	for {
		done := 0
		for _, ctx := range pages {
			if eval[bool](t, ctx, `!!document.querySelector('#room-result')`) {
				done++
				continue
			}
			eval[bool](t, ctx, clickLegal)
		}
		if done == len(pages) {
			break
		}
		require.False(t, time.Now().After(deadline), "the match did not end")
		time.Sleep(5 * time.Millisecond)
	}
	var links []string
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#watch-replay')`, 10*time.Second))
		links = append(links, eval[string](t, ctx, `document.querySelector('#watch-replay').getAttribute('href')`))
	}
	require.True(t, strings.HasPrefix(links[0], "/replay#"))
	assert.Equal(t, links[0], links[1], "the host's and the friend's replay are one record")
	shot(t, pages[1], "replay-room-result.png")
	for _, sz := range []struct{ w, h int64 }{{360, 640}, {640, 360}} {
		must(t, chromedp.Do(pages[1], chromedp.EmulateViewport(sz.w, sz.h)))
		time.Sleep(250 * time.Millisecond)
		// The box scrolls when the screen is short, as a person scrolls it.
		assert.True(t, eval[bool](t, pages[1], `(() => { const b = document.querySelector('#watch-replay'); b.scrollIntoView({block: "nearest"});
			const r = b.getBoundingClientRect();
			const h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			return r.bottom <= innerHeight && r.right <= innerWidth && !!h && (h === b || b.contains(h)); })()`),
			"at %dx%d Watch the replay is on screen (the box scrolled to it) and not covered", sz.w, sz.h)
		assert.Zero(t, eval[int](t, pages[1], `scrollY`), "the page itself does not scroll")
		shot(t, pages[1], fmt.Sprintf("replay-room-result-%dx%d.png", sz.w, sz.h))
	}
	must(t, chromedp.Do(pages[1], chromedp.EmulateViewport(1000, 800)))
	must(t, chromedp.Do(pages[1], chromedp.Click(chromedp.CSS("#watch-replay"))))
	must(t, waitJS(pages[1], `!!document.querySelector('#table[data-ready="true"]') && !!document.querySelector('#replay-line')`, loadTimeout))
	r := readReplay(t, pages[1])
	assert.Positive(t, r.Steps)
	r = clickReplay(t, pages[1], "replay-end")
	assert.Equal(t, r.Steps, r.Step)
	assert.Contains(t, r.Line, "over")
}
