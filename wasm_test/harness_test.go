//go:build !js

package wasmtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// repoRoot is the module root (this package's parent folder).
func repoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// appBuild is one build of the app for the tests: its folder, or why it
// failed.
type appBuild struct {
	once sync.Once
	dir  string
	err  error
}

// builds holds the app's builds by their build tags ("" for the app that
// ships), each made once per test run.
var builds sync.Map

// buildApp builds the native app binary and a web folder with app.wasm (its
// data segments packed, as `make wasm` ships it) and the static assets, once
// per test run.
func buildApp(t testing.TB) (bin, web string) {
	t.Helper()
	return buildAppTags(t, "")
}

// buildAppTags is buildApp with the build tags tags (comma-separated, "" for
// none), in a folder of its own: `testgames` adds the test games.
func buildAppTags(t testing.TB, tags string) (bin, web string) {
	t.Helper()
	b0, _ := builds.LoadOrStore(tags, &appBuild{})
	b := b0.(*appBuild)
	b.once.Do(func() { b.dir, b.err = buildAppIn(repoRoot(t), tags) })
	if b.err != nil {
		t.Fatalf("building the app: %v", b.err)
	}
	return filepath.Join(b.dir, "app"), filepath.Join(b.dir, "web")
}

// buildAppIn makes the binary and the web folder with tags in a new folder
// and returns the folder.
func buildAppIn(root, tags string) (buildDir string, buildErr error) {
	buildDir, buildErr = os.MkdirTemp("", "cardtable-e2e-")
	if buildErr != nil {
		return
	}
	var tagArgs []string
	if tags != "" {
		tagArgs = []string{"-tags", tags}
	}
	web := filepath.Join(buildDir, "web")
	if buildErr = os.MkdirAll(web, 0o755); buildErr != nil {
		return
	}
	entries, _ := os.ReadDir(filepath.Join(root, "web"))
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), "app.wasm") || e.Name() == "app.tables" || strings.HasPrefix(e.Name(), "mental.wasm") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, "web", e.Name()))
		if err == nil {
			err = os.WriteFile(filepath.Join(web, e.Name()), b, 0o644)
		}
		if err != nil {
			buildErr = err
			return
		}
	}
	run := func(env []string, args ...string) error {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	// app.wasm as `make wasm` makes it: linked, then packed, its traceback
	// tables moved to app.tables; the linked module stays next to web for
	// the test that compares the two.
	linked := filepath.Join(buildDir, "app.linked.wasm")
	args := append(append([]string{"build"}, tagArgs...), "-trimpath", "-ldflags=-s -w")
	args = append(append(args, wasmGCFlags...), "-o", linked, "./app")
	if buildErr = run([]string{"GOOS=js", "GOARCH=wasm"}, args...); buildErr != nil {
		return
	}
	if buildErr = run(nil, "run", "./app/wasmpack", "-tables", filepath.Join(web, "app.tables"), "-o", filepath.Join(web, "app.wasm"), linked); buildErr != nil {
		return
	}
	buildErr = run(nil, append(append([]string{"build"}, tagArgs...), "-o", filepath.Join(buildDir, "app"), "./app")...)
	return
}

// mentalBuild is mental.wasm, built once per test run.
var mentalBuild struct {
	once sync.Once
	err  error
}

// buildMental adds mental.wasm (app/mentalworker, packed, as `make wasm`
// makes it) to the web folder of the app that ships, once per test run,
// and returns the folder. `app serve` serves it from there.
func buildMental(t testing.TB) (web string) {
	t.Helper()
	_, web = buildApp(t)
	mentalBuild.once.Do(func() {
		root := repoRoot(t)
		out := filepath.Join(web, "mental.wasm")
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./app/mentalworker")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if b, err := cmd.CombinedOutput(); err != nil {
			mentalBuild.err = fmt.Errorf("building mental.wasm: %v\n%s", err, b)
			return
		}
		cmd = exec.Command("go", "run", "./app/wasmpack", out)
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			mentalBuild.err = fmt.Errorf("packing mental.wasm: %v\n%s", err, b)
		}
	})
	if mentalBuild.err != nil {
		t.Fatal(mentalBuild.err)
	}
	return web
}

// server is a running `app serve`.
type server struct {
	URL string
	cmd *exec.Cmd
}

// startServer runs `app serve` on a free loopback port.
func startServer(t testing.TB) *server {
	t.Helper()
	_, web := buildApp(t)
	return startServerWeb(t, web)
}

// startServerWeb runs `app serve` on a free loopback port with its assets
// from web.
func startServerWeb(t testing.TB, web string) *server {
	t.Helper()
	return startServerAt(t, web, "127.0.0.1:0")
}

// startServerAt runs `app serve` on addr with its assets from web.
func startServerAt(t testing.TB, web, addr string) *server {
	t.Helper()
	bin, _ := buildApp(t)
	return startServerBin(t, bin, web, addr)
}

// startServerBin runs the app binary bin's `app serve` on addr with its
// assets from web.
func startServerBin(t testing.TB, bin, web, addr string) *server {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-addr", addr, "-web", web)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd}
	t.Cleanup(s.Stop)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("app serve printed no address: %v", err)
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("app serve: unexpected first line %q", line)
	}
	s.URL = strings.TrimSpace(line[i:])
	go io.Copy(io.Discard, stdout)
	return s
}

// Stop ends the server (idempotent).
func (s *server) Stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Kill()
	s.cmd.Wait()
	s.cmd = nil
}

// chromium finds the browser: $CHROME, then the usual names.
func chromium() string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser returns Chromium's path; without one the test fails under CI
// and skips elsewhere.
func needBrowser(t testing.TB) string {
	t.Helper()
	p := chromium()
	if p == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed (apt-get install -y chromium); browser tests can't run")
		}
		t.Skip("skipping: Chromium is not installed (apt-get install -y chromium, or set CHROME)")
	}
	return p
}

// newBrowser starts headless Chromium with a fresh profile and returns a tab;
// extra adds command-line flags.
func newBrowser(t testing.TB, width, height int, extra ...chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc) {
	t.Helper()
	path := needBrowser(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	opts = append(opts, extra...)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		acancel()
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx, func() { cancel(); acancel() }
}

// outDir is where screenshots go.
func outDir(t testing.TB) string {
	dir := os.Getenv("CARDTABLE_TEST_OUT")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "wasm_test", "test-output")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// waitJS polls a JavaScript expression until it is true.
func waitJS(ctx context.Context, expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waiting for %s: %w", expr, err)
			}
			return fmt.Errorf("waiting for %s: still false after %s", expr, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// clickUntil clicks the button sel from the page's own script, again at
// every poll while it is there and enabled, until the expression done holds.
// On a timeout the error quotes the table's text.
func clickUntil(ctx context.Context, sel, done string, timeout time.Duration) error {
	expr := fmt.Sprintf(`(() => { if (%s) return true; const b = document.querySelector(%q); if (b && !b.disabled) b.click(); return false })()`, done, sel)
	err := waitJS(ctx, expr, timeout)
	if err != nil {
		var text string
		text, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#table") || document.body).innerText`))
		return fmt.Errorf("clicking %s: %w; the page shows:\n%s", sel, err, text)
	}
	return nil
}

// eval evaluates a JavaScript expression (awaiting a promise).
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
