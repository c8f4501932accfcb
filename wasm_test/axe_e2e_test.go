//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
)

// axe-core is pinned in wasm_test/axe (package.json and its lock) and
// installed from the npm registry with `npm ci` the first time a test needs
// it. Without npm the test is skipped on a developer's machine and fails on
// CI (CI=true).
var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
)

func axeScript(t *testing.T) string {
	t.Helper()
	axeOnce.Do(func() {
		dir := filepath.Join(repoRoot(t), "wasm_test", "axe")
		file := filepath.Join(dir, "node_modules", "axe-core", "axe.min.js")
		if _, err := os.Stat(file); err != nil {
			npm, err := exec.LookPath("npm")
			if err != nil {
				axeErr = fmt.Errorf("npm is needed to install axe-core: %w", err)
				return
			}
			cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--prefix", dir)
			if out, err := cmd.CombinedOutput(); err != nil {
				axeErr = fmt.Errorf("npm ci in %s: %v\n%s", dir, err, out)
				return
			}
		}
		b, err := os.ReadFile(file)
		axeSource, axeErr = string(b), err
	})
	if axeErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(axeErr)
		}
		t.Skip(axeErr)
	}
	return axeSource
}

// axeRun runs axe-core over the page as it is and returns its serious and
// critical violations, one line a rule: the rule, how many nodes and the
// first few of them.
const axeRun = `axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(
	r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v =>
		v.id + ' (' + v.impact + ', ' + v.nodes.length + ' nodes): ' + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | '))))`

// axeViolations injects axe-core into the page and returns its serious and
// critical violations.
func axeViolations(t *testing.T, ctx context.Context) []string {
	t.Helper()
	src := axeScript(t)
	if !eval[bool](t, ctx, `typeof axe !== 'undefined'`) {
		eval[bool](t, ctx, src+";true")
	}
	var out []string
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, axeRun)), &out))
	sort.Strings(out)
	return out
}

// checkAxe asserts that axe-core finds no serious or critical violation on
// the page; name names the page in a failure.
func checkAxe(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	time.Sleep(250 * time.Millisecond) // a render settles
	v := axeViolations(t, ctx)
	assert.Empty(t, v, "%s: axe-core's serious and critical violations:\n%s", name, strings.Join(v, "\n"))
}

// TestE2EAxeEveryPage runs axe-core (every rule it has) at 360×640 on the
// home, new-game, rules, settings and replay pages and on a table of every
// game at its start and after a few turns: no serious or critical
// violation.
func TestE2EAxeEveryPage(t *testing.T) {
	needBrowser(t)
	axeScript(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	checkAxe(t, ctx, "home")
	link, _ := kingLink(t)
	for _, p := range []struct{ name, path, ready string }{
		{"new game", "/new?game=mindikot", "#start:not([disabled])"},
		{"rules", "/rules?game=catte", "#rules"},
		{"settings", "/settings", "#settings"},
		{"replay", link, "#replay-line"},
	} {
		must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+p.path)))
		must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector(%q)`, p.ready), loadTimeout))
		if p.name == "replay" {
			for range 6 {
				clickReplay(t, ctx, "replay-next")
			}
		}
		checkAxe(t, ctx, p.name)
	}
	for _, g := range catalog.All() {
		id := g.Game.Info().ID
		t.Run(id, func(t *testing.T) {
			openHome(t, ctx, srv.URL)
			startGame(t, ctx, id)
			checkAxe(t, ctx, id+" at its start") // an empty waste, an empty trick
			playActions(t, ctx, 6, 60*time.Second)
			waitOwnTurn(ctx)
			checkAxe(t, ctx, id+" after a few turns")
		})
	}
}

// TestE2EAxeFindsAViolation: the check fails on a page with a known
// serious violation (an image without a text alternative), so a silent
// axe (not loaded, not run) cannot pass for a clean page.
func TestE2EAxeFindsAViolation(t *testing.T) {
	needBrowser(t)
	axeScript(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	eval[bool](t, ctx, `(document.body.appendChild(Object.assign(document.createElement('img'), {src: '/web/icon.svg'})), true)`)
	v := axeViolations(t, ctx)
	require.NotEmpty(t, v)
	assert.True(t, strings.HasPrefix(strings.Join(v, "\n"), "image-alt") || strings.Contains(strings.Join(v, "\n"), "\nimage-alt"), "%v", v)
}
