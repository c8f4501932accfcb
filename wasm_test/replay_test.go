//go:build !js

package wasmtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/wasm_test/wasmreplay"
)

// botMatch plays one match of random bots and returns its record.
func botMatch(t *testing.T, g games.Entry, players int, seed uint64) *record.Record {
	t.Helper()
	cfg := games.Config{Players: players, Seed: seed}
	s, err := g.Game.New(cfg)
	require.NoError(t, err)
	rec := record.New(g.Game.Info().ID, cfg)
	seats := make([]bots.Bot, players)
	for i := range seats {
		seats[i] = bots.NewRandom(seed*31 + uint64(i))
	}
	err = bots.Play(g, cfg, s, seats, games.NewRand(seed+99), 200000, func(seat games.Seat, a games.Action) {
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
	})
	require.NoError(t, err)
	return rec
}

// TestWasmReplayMatchesNative writes random bot matches of every registered
// game with their native outcome (God view and Result as JSON), then replays
// them in WebAssembly under node, the test binary packed as app.wasm is: the
// bytes must be identical.
func TestWasmReplayMatchesNative(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("this is the native driver")
	}
	exe := filepath.Join(runtimeGOROOT(t), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(exe); err != nil {
		t.Fatalf("Go's WebAssembly runner is missing: %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; WebAssembly tests can't run")
		}
		t.Skip("skipping: node is not installed")
	}
	dir := t.TempDir()
	n := 0
	for _, g := range catalog.All() {
		info := g.Game.Info()
		counts := []int{info.MinPlayers}
		if info.MaxPlayers != info.MinPlayers {
			counts = append(counts, info.MaxPlayers)
		}
		for _, players := range counts {
			for seed := uint64(1); seed <= 3; seed++ {
				rec := botMatch(t, g, players, seed)
				data, err := rec.Marshal()
				require.NoError(t, err)
				out, err := wasmreplay.Replay(data)
				require.NoError(t, err)
				base := filepath.Join(dir, fmt.Sprintf("%s-%dp-%d", info.ID, players, seed))
				require.NoError(t, os.WriteFile(base+".record.json", data, 0o644))
				require.NoError(t, os.WriteFile(base+".outcome.json", out, 0o644))
				n++
			}
		}
	}
	// The test binary runs packed (app/wasmpack), as app.wasm ships.
	packer := filepath.Join(t.TempDir(), "wasmpack")
	build := exec.Command("go", "build", "-o", packer, "./app/wasmpack")
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building wasmpack: %v\n%s", err, out)
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", "-exec", "'"+packer+"' -run '"+exe+"'", "./wasm_test/wasmreplay")
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CARDTABLE_RECORDS="+dir,
		"PATH="+filepath.Dir(exe)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("WebAssembly replay failed: %v\n%s", err, out)
	}
	require.Contains(t, string(out), fmt.Sprintf("%d records replayed identically", n))
	t.Logf("%d records of %d games replayed identically in WebAssembly", n, len(catalog.All()))
}

func runtimeGOROOT(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	return strings.TrimSpace(string(out))
}
