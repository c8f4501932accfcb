//go:build !js

package wasmtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wasmBudget is the most app.wasm may weigh as the server sends it (packed,
// its traceback tables moved to app.tables, brotli at the quality `make
// build` uses): the goal of 2.0 MB. The first visit on a phone is mostly its
// download: a change that adds to it must take as much away elsewhere. The
// budget was 2,230,000 B until the traceback tables (the function names,
// files and lines Go's runtime prints a trace with, 0.26 MB of brotli) moved
// out of app.wasm into a file the page loads once the app is ready
// (app/wasmpack's tables.go, web/tables.js); app.wasm was then 1.957 MB.
const wasmBudget = 2_000_000

// TestWasmSizeBudget builds app.wasm as `make wasm` does and fails when its
// brotli copy is over wasmBudget (a size, not a timing: the same on every
// machine).
func TestWasmSizeBudget(t *testing.T) {
	_, web := buildApp(t)
	raw, err := os.ReadFile(filepath.Join(web, "app.wasm"))
	require.NoError(t, err)
	br := brotliSize(raw)
	t.Logf("app.wasm: raw %d B, brotli %d B (budget %d B)", len(raw), br, wasmBudget)
	assert.LessOrEqual(t, br, wasmBudget, "app.wasm grew past its budget: take as much away elsewhere, or move the budget in the open")
}

// wasmGCFlags are the compiler flags `make wasm` builds app.wasm with
// (WASMGCFLAGS in the Makefile): the page's own packages and peer play's
// plumbing (rtc), whose code runs once per render, event or message,
// without inlining, which takes about 53 kB of brotli out of app.wasm (the
// copies of inlined callees and the line tables that place them), and so
// are the libraries only the page calls (go-app, fmt, encoding/json, regexp,
// mime, math/big, log, net/url: about 63 kB more; the text, time and
// encoding helpers strings, strconv, bytes, unicode, bufio, sort, html,
// time, path, base64 and binary: about 16 kB more). The engines, the bots
// and the runtime keep theirs.
var wasmGCFlags = []string{
	"-gcflags=cardtable/app=-l",
	"-gcflags=cardtable/components/...=-l",
	"-gcflags=cardtable/ui/...=-l",
	"-gcflags=cardtable/msg/...=-l",
	"-gcflags=cardtable/stats/...=-l",
	"-gcflags=cardtable/rtc/...=-l",
	"-gcflags=github.com/maxence-charriere/go-app/v10/...=-l",
	"-gcflags=fmt=-l",
	"-gcflags=encoding/json=-l",
	"-gcflags=regexp/...=-l",
	"-gcflags=mime=-l",
	"-gcflags=math/big=-l",
	"-gcflags=log=-l",
	"-gcflags=net/url=-l",
	"-gcflags=strings=-l",
	"-gcflags=strconv=-l",
	"-gcflags=bytes=-l",
	"-gcflags=unicode/...=-l",
	"-gcflags=bufio=-l",
	"-gcflags=sort=-l",
	"-gcflags=html=-l",
	"-gcflags=internal/fmtsort=-l",
	"-gcflags=encoding/base64=-l",
	"-gcflags=encoding/binary=-l",
	"-gcflags=time=-l",
	"-gcflags=path=-l",
}

// TestWasmGCFlagsAsMakefile: the tests build app.wasm with the flags the
// Makefile ships it with, so the budget and the browser tests measure the
// app that is served.
func TestWasmGCFlagsAsMakefile(t *testing.T) {
	mk, err := os.ReadFile(filepath.Join(repoRoot(t), "Makefile"))
	require.NoError(t, err)
	var line string
	for _, l := range strings.Split(string(mk), "\n") {
		if v, ok := strings.CutPrefix(l, "WASMGCFLAGS :="); ok {
			line = strings.TrimSpace(v)
		}
	}
	require.NotEmpty(t, line, "the Makefile has no WASMGCFLAGS")
	assert.Equal(t, strings.Join(wasmGCFlags, " "), line)
	assert.Contains(t, string(mk), "$(WASMGCFLAGS) -o web/app.wasm ./app", "make wasm builds with WASMGCFLAGS")
}

// TestWasmSizeByLayer (make bench) builds app.wasm layer by layer
// (wasm_test/layers: the Go runtime alone, go-app's hello page, the
// engines, bots and local session, the peer play, and the whole app with
// its UI), each packed as app.wasm is, and reports each layer's bytes and
// what it adds, brotli, against the hello floor.
func TestWasmSizeByLayer(t *testing.T) {
	if os.Getenv("CARDTABLE_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (CARDTABLE_BENCH=1)")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	pack := filepath.Join(dir, "wasmpack")
	build := func(out string, args ...string) {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		b, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %s\n%s", strings.Join(args, " "), b)
		b, err = exec.Command(pack, "-tables", out+".tables", out).CombinedOutput()
		require.NoError(t, err, "wasmpack %s\n%s", out, b)
	}
	cmd := exec.Command("go", "build", "-o", pack, "./app/wasmpack")
	cmd.Dir = root
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	layers := []struct{ name, tags, pkg string }{
		{"Go runtime", "layer_runtime", "./wasm_test/layers"},
		{"go-app (hello page: the floor)", "", "./wasm_test/layers"},
		{"engines, bots, local session", "layer_engines", "./wasm_test/layers"},
		{"peer play (host, peer, wire, WebRTC, signaling)", "layer_peer", "./wasm_test/layers"},
		{"statistics (stats, charts, components)", "layer_peer,layer_stats", "./wasm_test/layers"},
		{"the UI (the whole app)", "", "./app"},
	}
	var report strings.Builder
	fmt.Fprintf(&report, "%-50s %12s %12s %12s %8s\n", "layer", "raw B", "brotli B", "adds B", "× floor")
	prev, floor := 0, 0
	for i, l := range layers {
		out := filepath.Join(dir, fmt.Sprintf("layer%d.wasm", i))
		args := []string{"build", "-tags", l.tags, "-trimpath", "-ldflags=-s -w"}
		if l.pkg == "./app" {
			args = append(args, wasmGCFlags...)
		}
		build(out, append(args, "-o", out, l.pkg)...)
		raw, err := os.ReadFile(out)
		require.NoError(t, err)
		br := brotliSize(raw)
		if i == 1 {
			floor = br
		}
		ratio := "—"
		if floor > 0 {
			ratio = fmt.Sprintf("%.2f", float64(br)/float64(floor))
		}
		fmt.Fprintf(&report, "%-50s %12d %12d %+12d %8s\n", l.name, len(raw), br, br-prev, ratio)
		prev = br
	}
	t.Logf("app.wasm by layer (each packed; brotli as make build):\n%s", report.String())
}
