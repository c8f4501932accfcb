//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"cardtable/games/benchmark"
	"cardtable/games/catalog"
)

// runBench prints every game's engine and bot figures natively and, with
// -wasm (the default), the same figures measured as WebAssembly under node.
func runBench(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	per := fs.Duration("time", time.Second, "time spent on each figure")
	moves := fs.Int("hard-moves", 15, "hard decisions to take the median move time over (0: skip the bot figures)")
	only := fs.String("game", "", "measure only this game")
	wasm := fs.Bool("wasm", true, "also measure as WebAssembly under node (needs the Go toolchain and node)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var rows []benchmark.Figures
	for _, g := range catalog.All() {
		if *only != "" && g.Game.Info().ID != *only {
			continue
		}
		f, err := benchmark.Measure(g, *per, *moves)
		if err != nil {
			return fmt.Errorf("bench %s: %w", g.Game.Info().ID, err)
		}
		rows = append(rows, f)
	}
	printFigures(out, "native", rows)
	if !*wasm {
		return nil
	}
	wrows, err := wasmFigures(*per, *moves, *only)
	if err != nil {
		return fmt.Errorf("bench as wasm: %w", err)
	}
	printFigures(out, "wasm (node)", wrows)
	return nil
}

func printFigures(out io.Writer, build string, rows []benchmark.Figures) {
	fmt.Fprintf(out, "%s\n%-10s %13s %11s %14s %12s %14s\n", build, "game", "actions/s", "playouts/s", "samples/s", "ismcts it/s", "hard move p50")
	for _, f := range rows {
		fmt.Fprintf(out, "%-10s %13.0f %11.1f %14.0f %12.0f %14s\n", f.Game, f.ActionsPerSec, f.PlayoutsPerSec, f.SamplesPerSec, f.ISMCTSPerSec, f.HardMoveMedian.Round(100*time.Microsecond))
	}
}

// wasmFigures runs wasm_test/bench as WebAssembly under node through Go's
// own go_js_wasm_exec.
func wasmFigures(per time.Duration, moves int, only string) ([]benchmark.Figures, error) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	cmd := exec.Command("go", "run", "./wasm_test/bench", "-time", per.String(), "-hard-moves", fmt.Sprint(moves), "-game", only)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm",
		"PATH="+filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm")+string(os.PathListSeparator)+os.Getenv("PATH"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%w: %s", err, stderr.String())
	}
	var rows []benchmark.Figures
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var f benchmark.Figures
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			return nil, fmt.Errorf("bad line %q: %w", sc.Text(), err)
		}
		rows = append(rows, f)
	}
	return rows, nil
}
