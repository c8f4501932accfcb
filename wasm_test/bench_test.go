//go:build !js

package wasmtest

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestLoadTimings is the app half of `make bench` (CARDTABLE_BENCH=1): the
// size of app.wasm raw, gzip and brotli, the cold load to interactive and the
// offline reload to interactive in headless Chromium on loopback, then the
// first visit on a phone (phone_bench_test.go) of cardtable and of go-app's
// hello app (wasm_test/hello), the floor of this stack. It serves web/ as
// `make build` left it (with the pre-compressed copies). Speed is reported,
// not asserted.
func TestLoadTimings(t *testing.T) {
	if os.Getenv("CARDTABLE_BENCH") == "" {
		t.Skip("set CARDTABLE_BENCH=1 (make bench) to measure load timings")
	}
	needBrowser(t)
	web := filepath.Join(repoRoot(t), "web")
	raw, err := os.ReadFile(filepath.Join(web, "app.wasm"))
	require.NoError(t, err, "run make build first")
	gz, err := os.ReadFile(filepath.Join(web, "app.wasm.gz"))
	if err != nil {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(raw)
		w.Close()
		gz = b.Bytes()
	}
	br, err := os.ReadFile(filepath.Join(web, "app.wasm.br"))
	if err != nil {
		var b bytes.Buffer
		w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: 11, LGWin: 24})
		w.Write(raw)
		w.Close()
		br = b.Bytes()
	}
	mb := func(n int) float64 { return float64(n) / 1e6 }
	t.Logf("app.wasm: raw %.2f MB, gzip %.2f MB, brotli %.2f MB (target ≤ 1.6 MB brotli)", mb(len(raw)), mb(len(gz)), mb(len(br)))

	const runs = 3
	var cold, offline []time.Duration
	for i := 0; i < runs; i++ {
		srv := startServerWeb(t, web)
		ctx, cancel := newBrowser(t, 1280, 800)
		must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
		must(t, waitJS(ctx, `performance.getEntriesByName("cardtable-ready").length > 0`, loadTimeout))
		cold = append(cold, time.Duration(eval[float64](t, ctx, `performance.getEntriesByName("cardtable-ready")[0].startTime`)*float64(time.Millisecond)))
		waitOffline(t, ctx)
		srv.Stop()
		_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
		require.NoError(t, err)
		must(t, waitJS(ctx, `performance.getEntriesByName("cardtable-ready").length > 0`, loadTimeout))
		offline = append(offline, time.Duration(eval[float64](t, ctx, `performance.getEntriesByName("cardtable-ready")[0].startTime`)*float64(time.Millisecond)))
		cancel()
	}
	t.Logf("cold load to interactive: %v (target ≤ 1 s)", cold)
	t.Logf("offline reload to interactive: %v (target ≤ 0.5 s)", offline)

	// The first visit on a phone: cardtable, then go-app's hello app, the
	// floor of this stack (-run 'TestLoadTimings/phone_hello' runs one).
	interactive := map[string]float64{}
	for _, app := range []struct{ name, mark string }{
		{"phone cardtable", "cardtable-ready"},
		{"phone hello", "hello-ready"},
	} {
		t.Run(app.name, func(t *testing.T) {
			start := func() *server { return startServerWeb(t, web) }
			if app.mark == "hello-ready" {
				hello := buildHello(t)
				start = func() *server { return startHello(t, hello) }
			}
			var visits []phoneVisit
			for i := 0; i < runs; i++ {
				srv := start()
				visits = append(visits, firstVisitOnPhone(t, srv.URL, app.mark))
				srv.Stop()
			}
			interactive[app.mark] = logPhoneVisits(t, app.name, visits)
		})
	}
	if c, h := interactive["cardtable-ready"], interactive["hello-ready"]; c > 0 && h > 0 {
		t.Logf("first visit on a phone: cardtable interactive after %.2f s, %.2f× the hello floor's %.2f s (goal ≤ 1.45×)", c, c/h, h)
	}
}
