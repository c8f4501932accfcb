//go:build !js

package wasmtest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"
)

// The phone of the first-visit benchmark: 1.6 Mbps down, 150 ms latency,
// a CPU four times slower than this machine's.
const (
	phoneDown    = 1.6e6 / 8 // bytes per second
	phoneLatency = 150 * time.Millisecond
	phoneCPU     = 4
)

// phoneVisit is one first visit: when the page the server rendered was
// first painted, when the app answered (its ready mark), the bytes the
// server sent until then (the page, its service worker and everything they
// fetched) and once the service worker had filled its cache.
type phoneVisit struct {
	paint, interactive time.Duration
	bytesReady         int64
	bytesCached        int64
	pageBytes          int64         // as the page's resource timing counts them (its own requests only)
	tables             time.Duration // when app.wasm's traceback tables were written back (0: the app has none)
}

// phoneProxy is the phone's network: it forwards to target and shapes
// what it sends back as the phone's link would, for the page and its
// service worker alike (the browser's own network emulation leaves a
// service worker's fetches at full speed, so a worker that fetched
// app.wasm first made the page's copy come from the cache at once). Every
// request waits the phone's latency before it is answered; every response
// shares one downstream link of phoneDown bytes a second, chunk by chunk
// in the order they are ready; uploads are not shaped (requests are small).
// It counts the body bytes it sends, as they go over the wire (compressed
// when the server compressed).
type phoneProxy struct {
	*httptest.Server
	sent atomic.Int64
	link *rate.Limiter // the downstream link: phoneDown bytes a second
}

func newPhoneProxy(t *testing.T, target string) *phoneProxy {
	u, err := url.Parse(target)
	require.NoError(t, err)
	p := &phoneProxy{link: rate.NewLimiter(rate.Limit(phoneDown), shapedChunk)}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1 // every shaped chunk goes out as it is let through
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(phoneLatency)
		rp.ServeHTTP(shapedWriter{w, r.Context(), p}, r)
	}))
	t.Cleanup(p.Close)
	return p
}

// shapedChunk is how much of a response goes over the link at a time.
const shapedChunk = 4 << 10

type shapedWriter struct {
	http.ResponseWriter
	ctx context.Context // the request's: a page that went away stops waiting
	p   *phoneProxy
}

func (s shapedWriter) Write(b []byte) (int, error) {
	written := 0
	for len(b) > 0 {
		n := min(len(b), shapedChunk)
		if err := s.p.link.WaitN(s.ctx, n); err != nil {
			return written, err
		}
		m, err := s.ResponseWriter.Write(b[:n])
		written += m
		s.p.sent.Add(int64(m))
		if err != nil {
			return written, err
		}
		s.Flush()
		b = b[n:]
	}
	return written, nil
}

func (s shapedWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// firstVisitOnPhone opens base in a fresh 360×640 browser under the phone
// profile and measures the visit until mark is set and the service worker
// has cached the app.
func firstVisitOnPhone(t *testing.T, base, mark string) phoneVisit {
	t.Helper()
	proxy := newPhoneProxy(t, base)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: phoneCPU})
	require.NoError(t, err)

	must(t, chromedp.Do(ctx, chromedp.Navigate(proxy.URL+"/")))
	must(t, waitJS(ctx, fmt.Sprintf(`performance.getEntriesByName(%q).length > 0`, mark), 3*loadTimeout))
	v := phoneVisit{bytesReady: proxy.sent.Load()}
	v.interactive = ms(eval[float64](t, ctx, fmt.Sprintf(`performance.getEntriesByName(%q)[0].startTime`, mark)))
	v.paint = ms(eval[float64](t, ctx, `(performance.getEntriesByName("first-contentful-paint")[0] || {startTime: -1}).startTime`))
	v.pageBytes = int64(eval[float64](t, ctx, `performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).reduce((n, e) => n + (e.transferSize || 0), 0)`))
	must(t, waitJS(ctx, `navigator.serviceWorker.ready.then(r => !!r.active && r.active.state === "activated")`, 3*loadTimeout))
	if eval[bool](t, ctx, `typeof cardtableTables === "object"`) {
		must(t, waitJS(ctx, `!!document.documentElement.dataset.tables`, 3*loadTimeout))
		require.Equal(t, "loaded", eval[string](t, ctx, `document.documentElement.dataset.tables`))
		v.tables = ms(eval[float64](t, ctx, `performance.getEntriesByName("cardtable-tables")[0].startTime`))
	}
	time.Sleep(time.Second) // the last cache writes
	v.bytesCached = proxy.sent.Load()
	return v
}

func ms(f float64) time.Duration {
	return time.Duration(f * float64(time.Millisecond)).Round(time.Millisecond)
}

// logPhoneVisits reports the visits of one app, each figure as its median
// and its runs; it returns the median seconds to interactive.
func logPhoneVisits(t *testing.T, name string, vs []phoneVisit) (interactive float64) {
	t.Helper()
	med := func(f func(phoneVisit) float64) (float64, []float64) {
		xs := make([]float64, len(vs))
		for i, v := range vs {
			xs[i] = f(v)
		}
		s := slices.Clone(xs)
		slices.Sort(s)
		return s[len(s)/2], xs
	}
	secs := func(d time.Duration) float64 { return d.Seconds() }
	mb := func(n int64) float64 { return float64(n) / 1e6 }
	p, ps := med(func(v phoneVisit) float64 { return secs(v.paint) })
	i, is := med(func(v phoneVisit) float64 { return secs(v.interactive) })
	b, bs := med(func(v phoneVisit) float64 { return mb(v.bytesReady) })
	pb, pbs := med(func(v phoneVisit) float64 { return mb(v.pageBytes) })
	c, cs := med(func(v phoneVisit) float64 { return mb(v.bytesCached) })
	t.Logf("first visit on a phone (1.6 Mbps down, 150 ms, CPU 4× slower), %s, median of %d:", name, len(vs))
	t.Logf("  first paint of the page: %.2f s %v", p, round2(ps))
	t.Logf("  interactive (the app answers): %.2f s %v", i, round2(is))
	t.Logf("  bytes sent until interactive: %.2f MB %v (the page's own requests: %.2f MB %v)", b, round2(bs), pb, round2(pbs))
	t.Logf("  bytes sent once the service worker cached the app: %.2f MB %v", c, round2(cs))
	if tb, tbs := med(func(v phoneVisit) float64 { return secs(v.tables) }); tb > 0 {
		t.Logf("  traceback tables written back (app.tables): %.2f s %v", tb, round2(tbs))
	}
	return i
}

func round2(xs []float64) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%.2f", x)
	}
	return out
}

// buildHello builds the go-app hello app (wasm_test/hello): its server and
// a web folder with app.wasm and a brotli copy made as `make build` makes
// cardtable's.
func buildHello(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	require.NoError(t, os.MkdirAll(web, 0o755))
	root := repoRoot(t)
	run := func(env []string, args ...string) {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %s\n%s", strings.Join(args, " "), out)
	}
	run([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(web, "app.wasm"), "./wasm_test/hello")
	run(nil, "run", "./app/wasmpack", filepath.Join(web, "app.wasm"))
	run(nil, "build", "-o", filepath.Join(dir, "hello"), "./wasm_test/hello")
	raw, err := os.ReadFile(filepath.Join(web, "app.wasm"))
	require.NoError(t, err)
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	w.Write(raw)
	w.Close()
	require.NoError(t, os.WriteFile(filepath.Join(web, "app.wasm.br"), b.Bytes(), 0o644))
	t.Logf("go-app hello app.wasm: raw %.2f MB, brotli %.2f MB", float64(len(raw))/1e6, float64(b.Len())/1e6)
	return web
}

// startHello runs the hello server built by buildHello.
func startHello(t *testing.T, web string) *server {
	t.Helper()
	cmd := exec.Command(filepath.Join(filepath.Dir(web), "hello"), "-addr", "127.0.0.1:0", "-web", web)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	dieWithParent(cmd)
	require.NoError(t, cmd.Start())
	s := &server{cmd: cmd}
	t.Cleanup(s.Stop)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err, "the hello server printed no address")
	i := strings.Index(line, "http://")
	require.GreaterOrEqual(t, i, 0, "hello: unexpected first line %q", line)
	s.URL = strings.TrimSpace(line[i:])
	go io.Copy(io.Discard, stdout)
	return s
}
