//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
)

// pageCheck is what a page around the tables reports of itself: how far it
// overflows sideways, where Start is and what covers it, which selects show
// on the first screen and which wait under "More options", and any engine
// notation a person would read or hear.
const pageCheck = `(() => {
	const W = innerWidth, H = innerHeight, de = document.documentElement;
	const out = {overflowX: Math.max(de.scrollWidth, document.body.scrollWidth) - W, notation: [], shown: [], folded: []};
	const start = document.querySelector('#start');
	if (start) {
		const r = start.getBoundingClientRect();
		const h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		out.startInside = r.top >= 0 && r.bottom <= H && r.left >= 0 && r.right <= W;
		out.startFree = !!h && (h === start || start.contains(h));
	}
	for (const s of document.querySelectorAll('select[data-option]'))
		(s.closest('details:not([open])') ? out.folded : out.shown).push(s.dataset.option);
	// Engine notation: an option name (camelCase), a value in capitals
	// (ROUNDS_6_7) or with an underscore, a card code.
	const notation = /\b[a-z]+[A-Z][a-zA-Z]*\b|\b[A-Z]{2,}\d*\b|_|\b(10|[2-9AJQK])[CDHS]\b/;
	const texts = [document.body.innerText];
	for (const e of document.querySelectorAll('[aria-label]')) texts.push(e.getAttribute('aria-label'));
	for (const t of texts) for (const line of (t || '').split('\n')) if (notation.test(line)) out.notation.push(line);
	return JSON.stringify(out);
})()`

type pageReport struct {
	OverflowX   int      `json:"overflowX"`
	StartInside bool     `json:"startInside"`
	StartFree   bool     `json:"startFree"`
	Shown       []string `json:"shown"`
	Folded      []string `json:"folded"`
	Notation    []string `json:"notation"`
}

func checkPage(t *testing.T, ctx context.Context) pageReport {
	t.Helper()
	var r pageReport
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, pageCheck)), &r))
	return r
}

// openPage navigates inside the running app (no reload) and waits for sel.
func openPage(t *testing.T, ctx context.Context, path, sel string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const a = document.createElement('a'); a.href = %q; document.body.appendChild(a); a.click(); a.remove(); return true })()`, path))
	must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel), loadTimeout))
	time.Sleep(200 * time.Millisecond) // a render settles
}

// TestE2ENewGamePageFitsAPhone opens the new-game page of every game at
// 360×640: Start is on the first screen and nothing covers it, the page is
// not wider than the screen, the options a player meets first are the few
// that matter while the rest wait folded under "More options", and nothing
// reads as engine notation, folded or not. At 640×360 Start is still in
// reach. Screenshots of both, and of the opened "More options", go to the
// test output.
func TestE2ENewGamePageFitsAPhone(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	for _, g := range catalog.All() {
		info := g.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
			openPage(t, ctx, "/new?game="+info.ID, `#newgame[data-game="`+info.ID+`"] #start`)
			r := checkPage(t, ctx)
			assert.LessOrEqual(t, r.OverflowX, 0, "the page is wider than the screen")
			assert.True(t, r.StartInside, "Start is on the first screen")
			assert.True(t, r.StartFree, "nothing covers Start")
			assert.LessOrEqual(t, len(r.Shown), 3, "options on the first screen: %v", r.Shown)
			assert.Equal(t, len(info.Options), len(r.Shown)+len(r.Folded), "every option is on the page")
			if len(info.Options) > 3 {
				assert.NotEmpty(t, r.Folded, "the rest wait under More options")
			}
			shot(t, ctx, "newgame-"+info.ID+"-360x640.png")
			if len(r.Folded) > 0 {
				eval[bool](t, ctx, `(document.querySelector('#more-options').open = true, true)`)
				time.Sleep(100 * time.Millisecond)
				open := checkPage(t, ctx)
				assert.Empty(t, open.Folded)
				assert.LessOrEqual(t, open.OverflowX, 0, "with More options open, the page is wider than the screen")
				assert.True(t, open.StartInside && open.StartFree, "with More options open, Start stays in reach")
				fullShot(t, ctx, "newgame-"+info.ID+"-more-360.png")
				eval[bool](t, ctx, `(document.querySelector('#more-options').open = false, true)`)
			}
			assert.Empty(t, r.Notation, "notation a person reads")
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
			time.Sleep(150 * time.Millisecond)
			land := checkPage(t, ctx)
			assert.LessOrEqual(t, land.OverflowX, 0, "at 640×360 the page is wider than the screen")
			assert.True(t, land.StartInside && land.StartFree, "at 640×360 Start is in reach")
			shot(t, ctx, "newgame-"+info.ID+"-640x360.png")
		})
	}
}

// TestE2ERulesAndHomeFitAPhone: the home page and every game's rules are no
// wider than a phone held either way, and read in words.
func TestE2ERulesAndHomeFitAPhone(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	for _, sz := range []struct{ w, h int64 }{{360, 640}, {640, 360}} {
		size := fmt.Sprintf("%dx%d", sz.w, sz.h)
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(sz.w, sz.h)))
		openPage(t, ctx, "/", "#home")
		r := checkPage(t, ctx)
		assert.LessOrEqual(t, r.OverflowX, 0, "home at %s is wider than the screen", size)
		assert.Empty(t, r.Notation, "home at %s", size)
		shot(t, ctx, "home-"+size+".png")
		for _, g := range catalog.All() {
			id := g.Game.Info().ID
			openPage(t, ctx, "/rules?game="+id, `#rules[data-game="`+id+`"]`)
			// The options fold under a summary; opened, they are read too.
			eval[bool](t, ctx, `(() => { const d = document.querySelector("#rules-options"); if (d) d.open = true; return true })()`)
			r := checkPage(t, ctx)
			assert.LessOrEqual(t, r.OverflowX, 0, "rules of %s at %s are wider than the screen", id, size)
			assert.Empty(t, r.Notation, "rules of %s at %s", id, size)
			if sz.w == 360 {
				fullShot(t, ctx, "rules-"+id+"-360.png")
			}
		}
	}
}

// TestE2EFirstVisitShowsThePage holds app.wasm's download open (the
// first visit on a slow network) and checks that the page the server
// rendered is on screen and usable meanwhile: the games' tiles are visible
// and not covered, the loader is a thin bar along the top edge that says in
// words what it is, and a tap on a game's Rules link opens its rules.
func TestE2EFirstVisitShowsThePage(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	held := make(chan struct{}, 8)
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			_ = e // never answered: the download stays under way
			held <- struct{}{}
		}
	})
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*app.wasm*"}}})
	must(t, err)
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	select {
	case <-held:
	case <-time.After(loadTimeout):
		t.Fatal("the page never asked for app.wasm")
	}
	must(t, waitJS(ctx, `!!document.querySelector('#app-wasm-loader[role="progressbar"]')`, 10*time.Second))
	var loader struct {
		Height  float64 `json:"height"`
		Top     float64 `json:"top"`
		Label   string  `json:"label"`
		Covered bool    `json:"covered"`
		Tiles   int     `json:"tiles"`
	}
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, `(() => {
		const a = document.querySelector('#app-wasm-loader'), r = a.getBoundingClientRect();
		const tile = document.querySelector('.tile [data-new]'), tr = tile.getBoundingClientRect();
		const h = document.elementFromPoint(tr.left + tr.width / 2, tr.top + tr.height / 2);
		return JSON.stringify({height: r.height, top: r.top, label: a.getAttribute('aria-label'),
			covered: !(h === tile || tile.contains(h)), tiles: document.querySelectorAll('.tile').length});
	})()`)), &loader))
	assert.LessOrEqual(t, loader.Height, 8.0, "the loader is a thin bar")
	assert.Equal(t, 0.0, loader.Top, "along the top edge")
	assert.Equal(t, "Loading the game", loader.Label)
	assert.False(t, loader.Covered, "the games' tiles are not covered while app.wasm downloads")
	assert.Equal(t, len(catalog.All()), loader.Tiles)
	assert.False(t, eval[bool](t, ctx, `document.querySelector('#home').dataset.ready === "true"`), "the app is not running yet")
	shot(t, ctx, "first-visit-loading-360x640.png")

	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.tile[data-game="king"] a[href^="/rules"]`))))
	must(t, waitJS(ctx, `!!document.querySelector('#rules') && document.body.innerText.includes('No hearts')`, loadTimeout))
	require.Contains(t, eval[string](t, ctx, `location.pathname`), "/rules")
	shot(t, ctx, "first-visit-rules-360x640.png")
}

// fullShot saves a screenshot of the whole page, beyond the screen.
func fullShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG
	must(t, err)
	must(t, os.WriteFile(filepath.Join(outDir(t), name), b, 0o644))
}
