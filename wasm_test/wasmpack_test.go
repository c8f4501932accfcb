//go:build !js

package wasmtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memoryJS instantiates each module it is given, without running it (every
// import a function that does nothing), and prints the size and SHA-256 of
// the memory its data segments made. A module given as FILE=TABLES has its
// traceback tables file written back first, by the page's own reader
// (web/tables.js, at TABLES_JS).
const memoryJS = `
const fs = require("fs");
const tables = new Function(fs.readFileSync(process.env.TABLES_JS, "utf8") + "; return cardtableTables;")();
(async () => {
  for (const arg of process.argv.slice(2)) {
    const [file, tablesFile] = arg.split("=");
    const mod = await WebAssembly.compile(fs.readFileSync(file));
    const imports = {};
    for (const i of WebAssembly.Module.imports(mod)) {
      if (i.kind !== "function") throw new Error("import " + i.module + "." + i.name + " is a " + i.kind);
      (imports[i.module] ??= {})[i.name] = () => {};
    }
    const inst = await WebAssembly.instantiate(mod, imports);
    if (tablesFile && !await tables.restore(inst.exports.mem, fs.readFileSync(tablesFile))) throw new Error("the tables were refused");
    const mem = new Uint8Array(inst.exports.mem.buffer);
    let nonzero = 0;
    for (const b of mem) if (b) nonzero++;
    console.log(mem.length, nonzero, require("crypto").createHash("sha256").update(mem).digest("hex"));
  }
})().catch(e => { console.error(e); process.exit(1); });
`

// TestWasmPackedAppStartsTheSame instantiates app.wasm as linked and as
// packed (`make wasm`, and buildApp, run app/wasmpack after go build) in
// node: once its traceback tables are written back (app.tables, as the
// page does when the app is ready), the memory each starts with is the
// same, byte for byte.
func TestWasmPackedAppStartsTheSame(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; WebAssembly tests can't run")
		}
		t.Skip("skipping: node is not installed")
	}
	_, web := buildApp(t)
	linked := filepath.Join(filepath.Dir(web), "app.linked.wasm")
	packed := filepath.Join(web, "app.wasm")
	script := filepath.Join(t.TempDir(), "memory.js")
	require.NoError(t, os.WriteFile(script, []byte(memoryJS), 0o644))
	cmd := exec.Command("node", script, linked, packed+"="+filepath.Join(web, "app.tables"))
	cmd.Env = append(os.Environ(), "TABLES_JS="+filepath.Join(repoRoot(t), "web", "tables.js"))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, 2, "%s", out)
	t.Logf("memory (bytes, non-zero bytes, SHA-256): linked %s, packed %s", lines[0], lines[1])
	assert.Equal(t, lines[0], lines[1], "the packed app.wasm starts with the memory the linked one does")
	a, err := os.Stat(linked)
	require.NoError(t, err)
	b, err := os.Stat(packed)
	require.NoError(t, err)
	assert.NotEqual(t, a.Size(), b.Size(), "app.wasm was packed")
}
