//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/record"
)

// replayChildFile names, in a child process's environment, the file the
// child replays (TestReplayOfAHugeFileChild).
const replayChildFile = "CARDTABLE_REPLAY_CHILD_FILE"

// TestReplayOfAHugeFileChild is the child of the test below: it runs
// `app replay FILE` in a process of its own, so that its peak memory is
// the child's alone.
func TestReplayOfAHugeFileChild(t *testing.T) {
	name := os.Getenv(replayChildFile)
	if name == "" {
		t.Skip("run by TestReplayRefusesAHugeFileInLittleMemory")
	}
	var out, errOut bytes.Buffer
	err := runReplay([]string{name}, &out, &errOut)
	if err == nil {
		t.Fatalf("a huge file was replayed: %s", out.String())
	}
	os.Stdout.WriteString("REFUSED: " + err.Error() + "\n")
}

// replayPeak runs `app replay name` in a child process and returns what it
// printed and its peak memory.
func replayPeak(t *testing.T, name string) (string, int64) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestReplayOfAHugeFileChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), replayChildFile+"="+name)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	require.True(t, ok)
	return string(out), ru.Maxrss << 10 // Linux counts kilobytes
}

func TestReplayRefusesAHugeFileInLittleMemory(t *testing.T) {
	if os.Getenv(replayChildFile) != "" {
		t.Skip("this is the child")
	}
	// A 300 MB file, sparse: made at once, read as zeros; and a file just
	// over the limit, whose replay is the same work.
	dir := t.TempDir()
	huge, over := filepath.Join(dir, "huge.json"), filepath.Join(dir, "over.json")
	for name, size := range map[string]int64{huge: 300 << 20, over: record.MaxSize + 1} {
		f, err := os.Create(name)
		require.NoError(t, err)
		require.NoError(t, f.Truncate(size))
		require.NoError(t, f.Close())
	}
	out, peak := replayPeak(t, huge)
	assert.Contains(t, out, "REFUSED: replay: "+huge+" is larger than a record may be (4194304 bytes at most)")
	_, base := replayPeak(t, over)
	t.Logf("peak memory of the replay: %.1f MB (%.1f MB for a file one byte over the limit)", float64(peak)/(1<<20), float64(base)/(1<<20))
	assert.Less(t, peak-base, int64(8<<20), "a larger file costs no more memory")
	if !raceEnabled { // the race detector's own memory is not the replay's
		assert.Less(t, peak, int64(64<<20), "the replay's peak memory")
	}
}

func TestReplayReadsARecordFileUnderTheLimit(t *testing.T) {
	name := filepath.Join(t.TempDir(), "short.json")
	require.NoError(t, os.WriteFile(name, []byte(`{"game":"king","players":4,"seed":7,"actions":[]}`), 0o600))
	var out, errOut bytes.Buffer
	require.NoError(t, runReplay([]string{name}, &out, &errOut))
	assert.Contains(t, out.String(), `"done":false`)
}
