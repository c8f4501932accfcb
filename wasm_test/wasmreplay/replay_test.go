//go:build js && wasm

package wasmreplay

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReplayMatchesNative replays every record in $CARDTABLE_RECORDS and
// compares the outcome with the native one written next to it.
func TestReplayMatchesNative(t *testing.T) {
	dir := os.Getenv("CARDTABLE_RECORDS")
	if dir == "" {
		t.Skip("CARDTABLE_RECORDS is not set: run through wasm_test's TestWasmReplayMatchesNative")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.record.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no records in %s", dir)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".record.json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			want, err := os.ReadFile(strings.TrimSuffix(f, ".record.json") + ".outcome.json")
			require.NoError(t, err)
			got, err := Replay(data)
			require.NoError(t, err)
			if !bytes.Equal(want, got) {
				t.Fatalf("WebAssembly replay differs from native:\nnative: %.400s\nwasm:   %.400s", want, got)
			}
		})
	}
	t.Logf("%d records replayed identically", len(files))
}
