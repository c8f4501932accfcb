package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tablesRunner runs a js/wasm program under node as go_js_wasm_exec does,
// after writing a traceback tables file into its memory with the page's own
// reader (web/tables.js) when one is given: node runner.js WASM [TABLES].
const tablesRunner = `"use strict";
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("performance");
globalThis.crypto ??= require("crypto");
require(process.env.WASM_EXEC);
const tables = new Function(fs.readFileSync(process.env.TABLES_JS, "utf8") + "; return cardtableTables;")();
const go = new Go();
go.argv = [process.argv[2]];
go.env = {};
go.exit = process.exit;
(async () => {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[2]), go.importObject);
  if (process.argv[3]) {
    const ok = await tables.restore(instance.exports.mem, fs.readFileSync(process.argv[3]));
    console.log("restored:", ok);
  }
  await go.run(instance);
})().catch((err) => { console.error(err); process.exit(1); });
`

// buildHello builds testdata/hello for js/wasm into dir.
func buildHello(t *testing.T, dir string) string {
	t.Helper()
	linked := filepath.Join(dir, "hello.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", linked, "./testdata/hello")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return linked
}

// TestTablesComeBackIntoTheRunningProgram: a Go program packed without its
// traceback tables runs, its frames nameless; the page's reader writes the
// tables file into its memory before it runs, and it prints what the
// program linked with its tables prints, frames named with their lines.
func TestTablesComeBackIntoTheRunningProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm")
	}
	dir := t.TempDir()
	linked := buildHello(t, dir)
	stripped, tablesPath := filepath.Join(dir, "stripped.wasm"), filepath.Join(dir, "hello.tables")
	st, err := packFile(linked, stripped, defaultGap, tablesPath)
	require.NoError(t, err)
	assert.Positive(t, st.tablesBytes)

	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; WebAssembly tests can't run")
		}
		t.Skip("node is not installed")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	runner := filepath.Join(dir, "runner.js")
	require.NoError(t, os.WriteFile(runner, []byte(tablesRunner), 0o644))
	tablesJS, err := filepath.Abs("../../web/tables.js")
	require.NoError(t, err)
	node := func(args ...string) string {
		cmd := exec.Command("node", append([]string{runner}, args...)...)
		cmd.Env = append(os.Environ(), "WASM_EXEC="+filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), "TABLES_JS="+tablesJS)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	want := node(linked)
	require.Contains(t, want, "main.inner:", "the program names its frames")

	without := node(stripped)
	assert.NotContains(t, without, "main.inner", "without its tables no frame has a name")
	assert.Contains(t, without, "cardtable cardtable", "without its tables the program runs")

	assert.Equal(t, "restored: true\n"+want, node(stripped, tablesPath))

	// A tables file from another build is refused, and nothing is written.
	other := filepath.Join(dir, "other.tables")
	require.NoError(t, os.WriteFile(other, reTables(t, tablesPath, func(raw []byte) { raw[20] ^= 1 }), 0o644))
	assert.Equal(t, "restored: false\n"+without, node(stripped, other))
}

// reTables is a tables file's bytes, changed.
func reTables(t *testing.T, path string, change func(raw []byte)) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	change(b)
	return b
}

// TestStripTablesKeepsWhatTheRuntimeRunsOn reads the stripped program's
// function tables: every name, file and line offset is 0, the frame-size
// tables are where they were, and the tables file puts back every byte.
func TestStripTablesKeepsWhatTheRuntimeRunsOn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm")
	}
	linked, err := os.ReadFile(buildHello(t, t.TempDir()))
	require.NoError(t, err)
	stripped, file, err := stripTables(linked)
	require.NoError(t, err)
	before, after := image(t, linked), image(t, stripped)
	tb, err := findTables(before)
	require.NoError(t, err)
	for i := uint64(0); i < tb.nftab-1; i++ {
		f := tb.pclntab.at + uint64(binary.LittleEndian.Uint32(before[tb.ftab+8*i+4:]))
		for _, at := range []uint64{funcNameOff, funcPCFile, funcPCLn} {
			require.Zero(t, binary.LittleEndian.Uint32(after[f+at:]), "function %d, field at %d", i, at)
		}
		sp := binary.LittleEndian.Uint32(before[f+funcPCSP:])
		require.Equal(t, sp, binary.LittleEndian.Uint32(after[f+funcPCSP:]), "function %d keeps its frame-size table", i)
		if sp != 0 {
			n, err := tableLen(before[tb.pctab.at:tb.pctab.end()], uint64(sp))
			require.NoError(t, err)
			at := tb.pctab.at + uint64(sp)
			require.Equal(t, before[at:at+n], after[at:at+n], "function %d's frame-size table is whole", i)
		}
	}
	back := append(after, make([]byte, len(before)-len(after))...)
	require.NoError(t, applyTables(back, file))
	assert.Equal(t, before, back)

	_, _, err = stripTables(stripped)
	assert.Error(t, err, "a stripped module has no tables left to move")
}

// TestApplyTablesRefusesDamage: a file for other memory, cut short, or
// with a run out of its bounds changes nothing.
func TestApplyTablesRefusesDamage(t *testing.T) {
	mem := make([]byte, 64)
	for i := range mem {
		mem[i] = byte(i)
	}
	stripped := bytes.Clone(mem)
	clear(stripped[10:20])
	file, err := encodeTables(mem, stripped, funcTab{})
	require.NoError(t, err)
	tmp := filepath.Join(t.TempDir(), "t")
	require.NoError(t, os.WriteFile(tmp, file, 0o644))

	ok := bytes.Clone(stripped)
	require.NoError(t, applyTables(ok, file))
	assert.Equal(t, mem, ok)

	for name, bad := range map[string][]byte{
		"too short":           []byte("CTTBLS02"),
		"another build":       reTables(t, tmp, func(raw []byte) { raw[16] ^= 1 }),
		"another magic":       reTables(t, tmp, func(raw []byte) { raw[0] = 'X' }),
		"a run out of bounds": reTables(t, tmp, func(raw []byte) { binary.LittleEndian.PutUint32(raw[64:], 40) }),
		"cut short":           reTables(t, tmp, func(raw []byte) { binary.LittleEndian.PutUint32(raw[60:], 9) }),
		"functions elsewhere": reTables(t, tmp, func(raw []byte) { binary.LittleEndian.PutUint32(raw[52:], 1) }),
		"bytes after":         append(bytes.Clone(file), 0),
	} {
		m := bytes.Clone(stripped)
		assert.Error(t, applyTables(m, bad), name)
		assert.Equal(t, stripped, m, "%s: nothing is written", name)
	}
}

// FuzzApplyTables: any file either restores or is refused, and a refused
// one writes nothing.
func FuzzApplyTables(f *testing.F) {
	mem := make([]byte, 64)
	for i := range mem {
		mem[i] = byte(i)
	}
	stripped := bytes.Clone(mem)
	clear(stripped[10:20])
	file, err := encodeTables(mem, stripped, funcTab{})
	require.NoError(f, err)
	f.Add(file)
	f.Add([]byte("CTTBLS02"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m := bytes.Clone(stripped)
		if err := applyTables(m, b); err != nil {
			assert.Equal(t, stripped, m)
		}
	})
}
