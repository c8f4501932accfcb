package wasmtest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holdWasm makes the browser's request for app.wasm wait until the returned
// release is called (a first visit on a slow network, stopped mid-way).
// The page's requests bypass the service worker: it installs on the first
// visit and, once it controls the page, would hand the page its own copy
// of app.wasm, which it fetched unheld.
func holdWasm(t *testing.T, ctx context.Context) (release func()) {
	t.Helper()
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	must(t, err)
	_, err = chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true})
	must(t, err)
	held := make(chan fetch.RequestID, 8)
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			held <- e.RequestID
		}
	})
	_, err = chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*app.wasm*"}}})
	must(t, err)
	return func() {
		t.Helper()
		var id fetch.RequestID
		select {
		case id = <-held:
		case <-time.After(loadTimeout):
			t.Fatal("the page never asked for app.wasm")
		}
		_, err := chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
		must(t, err)
	}
}

// TestE2EATapBeforeTheAppRunsIsKept taps the controls of the pages the
// server rendered while app.wasm is still on its way: the tap is not lost
// and not a silent dead button. A note says the game is still loading and
// that the tap is kept; once the app runs, the tap is carried out: Start on
// the new-game page opens the table, and a settings checkbox ticked early
// ends up ticked and applied.
func TestE2EATapBeforeTheAppRunsIsKept(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, c := range []struct {
		name, path, tap, then string
	}{
		{"Start on the new-game page", "/new?game=king", "#start", `!!document.querySelector('#table[data-ready="true"]') && location.pathname === "/play"`},
		{"a settings checkbox", "/settings", "#lefty", `document.querySelector('#lefty').checked && !!document.querySelector('.ct.lefty')`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			release := holdWasm(t, ctx)
			must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+c.path)))
			must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector(%q)`, c.tap), loadTimeout))
			require.NotEqual(t, "ready", eval[string](t, ctx, `document.documentElement.dataset.app || ""`), "the app is not running yet")
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(c.tap))))
			must(t, waitJS(ctx, `!!document.querySelector('.await-note')`, 10*time.Second))
			note := eval[string](t, ctx, `document.querySelector('.await-note').textContent`)
			assert.Contains(t, note, "Loading the game…", "the note says how far the download is")
			assert.Contains(t, note, "Your tap is kept: it happens as soon as the game is ready.")
			assert.Equal(t, "status", eval[string](t, ctx, `document.querySelector('.await-note').getAttribute('role')`))
			assert.Equal(t, c.path, eval[string](t, ctx, `location.pathname + location.search`), "the tap did nothing yet")
			shot(t, ctx, "await-"+c.tap[1:]+"-360x640.png")

			release()
			must(t, waitJS(ctx, c.then, loadTimeout))
			assert.False(t, eval[bool](t, ctx, `!!document.querySelector('.await-note')`), "the note is gone once the tap is carried out")
		})
	}
}
