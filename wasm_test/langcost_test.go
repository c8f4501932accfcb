//go:build !js

package wasmtest

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
)

// brotliSize is the size of b compressed as the server sends app.wasm.
func brotliSize(b []byte) int {
	var out bytes.Buffer
	w := brotli.NewWriterOptions(&out, brotli.WriterOptions{Quality: 11, LGWin: 24})
	w.Write(b)
	w.Close()
	return out.Len()
}

// englishPlural is package msg's plural rule without CLDR (English's one
// and other), for the build that measures what the other languages' rules
// add.
const englishPlural = `package msg

func (l Language) form(n int) form {
	if n == 1 {
		return formOne
	}
	return formOther
}
`

// TestLanguageCost is part of `make bench` (CARDTABLE_BENCH=1): the brotli
// bytes that speaking languages adds to the browser's download — the CLDR
// plural rules in app.wasm (app.wasm built as it is and with msg/plural.go
// swapped for English's rule through an overlay) and each language's catalogue, of
// which the browser fetches only the one it speaks. The rules and the
// largest catalogue stay under 80 kB.
func TestLanguageCost(t *testing.T) {
	if os.Getenv("CARDTABLE_BENCH") == "" {
		t.Skip("set CARDTABLE_BENCH=1 (make bench) to measure what the languages cost")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	plural := filepath.Join(dir, "plural.go")
	require.NoError(t, os.WriteFile(plural, []byte(englishPlural), 0o644))
	overlay := filepath.Join(dir, "overlay.json")
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(root, "msg", "plural.go"): plural}})
	require.NoError(t, os.WriteFile(overlay, ov, 0o644))
	build := func(name string, flags ...string) []byte {
		out := filepath.Join(dir, name)
		args := append(append([]string{"build", "-trimpath", "-ldflags=-s -w"}, wasmGCFlags...), "-o", out)
		args = append(args, flags...)
		cmd := exec.Command("go", append(args, "./app")...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		b, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", b)
		pack := exec.Command("go", "run", "./app/wasmpack", "-tables", out+".tables", out) // as `make wasm` ships it
		pack.Dir = root
		b, err = pack.CombinedOutput()
		require.NoError(t, err, "%s", b)
		raw, err := os.ReadFile(out)
		require.NoError(t, err)
		return raw
	}
	with, without := build("with.wasm"), build("without.wasm", "-overlay", overlay)
	rules := brotliSize(with) - brotliSize(without)
	t.Logf("CLDR plural rules in app.wasm: %d bytes raw, %d bytes brotli", len(with)-len(without), rules)
	largest, total := 0, 0
	for _, l := range msg.Languages[1:] {
		b, err := msg.Files.ReadFile("lang/" + l.Tag + ".json")
		require.NoError(t, err)
		n := brotliSize(b)
		t.Logf("catalogue %-7s %6d bytes raw, %6d bytes brotli", l.Tag, len(b), n)
		largest, total = max(largest, n), total+n
	}
	t.Logf("all catalogues: %d bytes brotli; the browser fetches the one it speaks (at most %d bytes)", total, largest)
	t.Logf("rules + the largest catalogue: %d bytes brotli (target < 80 kB); rules + all catalogues: %d bytes", rules+largest, rules+total)
	assert.Less(t, rules+largest, 80_000)
}
