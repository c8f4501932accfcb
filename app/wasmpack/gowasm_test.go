package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPackGoProgram packs a program Go linked for js/wasm (testdata/hello):
// its memory is the same, it has far fewer segments, and under node it
// prints what the linked program prints, frames found from PCs included.
func TestPackGoProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm")
	}
	dir := t.TempDir()
	linked := filepath.Join(dir, "hello.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", linked, "./testdata/hello")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	in, err := os.ReadFile(linked)
	require.NoError(t, err)
	packedPath := filepath.Join(dir, "packed.wasm")
	st, err := packFile(linked, packedPath, defaultGap, "")
	require.NoError(t, err)
	packed, err := os.ReadFile(packedPath)
	require.NoError(t, err)
	assert.Equal(t, image(t, in), image(t, packed), "the packed program starts with the same memory")
	checkLayout(t, packed, defaultGap)
	assert.Less(t, st.segmentsAfter*5, st.segmentsBefore, "packing leaves a fifth of the segments or fewer")
	t.Logf("hello.wasm: %d data segments → %d, %d B → %d B", st.segmentsBefore, st.segmentsAfter, st.bytesBefore, st.bytesAfter)

	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; WebAssembly tests can't run")
		}
		t.Skip("node is not installed")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	exe := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	run := func(path string) string {
		out, err := exec.Command(exe, path).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	want := run(linked)
	require.Contains(t, want, "main.inner:", "the program names its frames")
	assert.Equal(t, want, run(packedPath))
}

// TestRunPacksThenRuns is the -run mode go test's -exec uses: the file is
// packed in place, then the program runs with it and the arguments after it.
func TestRunPacksThenRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasmpack")
	}
	if runtime.GOOS == "windows" {
		t.Skip("uses a shell script as the program")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "wasmpack")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	script := filepath.Join(dir, "runner")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\"\nexit 3\n"), 0o755))
	mod := filepath.Join(dir, "pkg.test")
	in := wasmOf(typeSec, section(11, dataBody(segment{8, []byte{1}}, segment{12, []byte{2}})))
	require.NoError(t, os.WriteFile(mod, in, 0o755))

	cmd := exec.Command(bin, "-run", script, mod, "-test.v", "-test.run", "X")
	out, err = cmd.Output()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 3, exit.ExitCode(), "the runner's status is wasmpack's")
	assert.Equal(t, mod+" -test.v -test.run X", strings.TrimSpace(string(out)))
	packed, err := os.ReadFile(mod)
	require.NoError(t, err)
	want, _, err := pack(in, defaultGap)
	require.NoError(t, err)
	assert.Equal(t, want, packed)

	require.NoError(t, os.WriteFile(mod, []byte("not wasm"), 0o755))
	out, err = exec.Command(bin, "-run", script, mod).CombinedOutput()
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 1, exit.ExitCode())
	assert.NotContains(t, string(out), mod+"\n", "a module that does not pack is not run")
}
