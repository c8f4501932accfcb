//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
	"cardtable/msg"
)

// speak sets the player's language in the page's settings (with bots that
// move at once) and reloads the app, which starts in that language.
func speak(t *testing.T, ctx context.Context, base, tag string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"off",leftHanded:false,botPace:0,lang:%q})), true)`, tag))
	openHome(t, ctx, base)
	must(t, waitJS(ctx, fmt.Sprintf(`document.documentElement.lang === %q`, tag), loadTimeout))
}

// englishLeft lists the English messages still on the page (a leaf
// element's whole text or an aria-label) that the language says otherwise:
// a sentence that skipped the catalogue or its lookup.
func englishLeft(t *testing.T, ctx context.Context, c *msg.Catalogue) []string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(repoRoot(t), "msg", "catalogue.txt"))
	require.NoError(t, err)
	keys := strings.Split(string(raw), "\n")
	said := map[string]bool{} // what the language itself says (a title may read as an English word)
	for _, k := range keys {
		if k != "" && !strings.Contains(k, "%") {
			said[c.T(k)] = true
		}
	}
	var en []string
	for _, k := range keys {
		if k == "" || strings.Contains(k, "%") || c.T(k) == k || said[k] {
			continue
		}
		en = append(en, k)
	}
	list, _ := json.Marshal(en)
	var out []string
	require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx, `((en) => { const set = new Set(en), out = [];
		for (const e of document.querySelectorAll('body *')) {
			if (e.children.length || e.closest('script,style')) continue;
			const t = (e.textContent || '').trim(); if (set.has(t)) out.push(t); }
		for (const e of document.querySelectorAll('[aria-label],[title]')) for (const a of ['aria-label', 'title']) {
			const t = e.getAttribute(a); if (t && set.has(t.trim())) out.push(t); }
		return JSON.stringify(out); })(`+string(list)+`)`)), &out))
	return out
}

// TestE2EEveryLanguageFitsAPhone opens the app in every language it speaks
// and in the pseudo-language (every message 40 %% longer) at 360×640: the
// page's lang attribute follows, the home page speaks the language, every
// game's rules page is no wider than the screen, every new-game page keeps
// Start in reach, and every game's table
// after a few moves fits the screen with every move in reach and no
// notation (the checks of TestE2ETableFitsEveryScreen). Screenshots of the
// home page, every rules page and every table in every language go to the
// test output.
func TestE2EEveryLanguageFitsAPhone(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	tags := []string{msg.Pseudo}
	for _, l := range msg.Languages[1:] {
		tags = append(tags, l.Tag)
	}
	for _, tag := range tags {
		t.Run(tag, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			openHome(t, ctx, srv.URL)
			speak(t, ctx, srv.URL, tag)
			c := msg.PseudoCatalogue()
			if tag != msg.Pseudo {
				var err error
				c, err = msg.Load(tag)
				require.NoError(t, err)
			}
			home := eval[string](t, ctx, `document.querySelector('#home').innerText`)
			assert.Contains(t, home, c.T("New game"), "the home page speaks %s", tag)
			assert.NotContains(t, home, "New game", "no English left on the home page in %s", tag)
			r := checkPage(t, ctx)
			assert.LessOrEqual(t, r.OverflowX, 0, "home in %s is wider than the screen", tag)
			assert.Empty(t, englishLeft(t, ctx, c), "English left on the home page in %s", tag)
			shot(t, ctx, "lang-"+tag+"-home.png")
			for _, g := range catalog.All() {
				id := g.Game.Info().ID
				openPage(t, ctx, "/rules?game="+id, `#rules[data-game="`+id+`"]`)
				r := checkPage(t, ctx)
				assert.LessOrEqual(t, r.OverflowX, 0, "rules of %s in %s are wider than the screen", id, tag)
				assert.Empty(t, r.Notation, "rules of %s in %s", id, tag)
				assert.Empty(t, englishLeft(t, ctx, c), "English left on the rules of %s in %s", id, tag)
				fullShot(t, ctx, "lang-"+tag+"-rules-"+id+".png")
			}
			for _, g := range catalog.All() {
				id := g.Game.Info().ID
				openPage(t, ctx, "/new?game="+id, `#newgame[data-game="`+id+`"] #start`)
				r := checkPage(t, ctx)
				assert.LessOrEqual(t, r.OverflowX, 0, "the new-game page of %s in %s is wider than the screen", id, tag)
				assert.True(t, r.StartInside && r.StartFree, "the new-game page of %s in %s keeps Start in reach", id, tag)
				assert.Empty(t, englishLeft(t, ctx, c), "English left on the new-game page of %s in %s", id, tag)
				shot(t, ctx, "lang-"+tag+"-new-"+id+".png")
			}
			for _, g := range catalog.All() {
				id := g.Game.Info().ID
				openPage(t, ctx, "/", "#home")
				startGame(t, ctx, id)
				playActions(t, ctx, 4, 60e9)
				if eval[bool](t, ctx, `!document.querySelector('#table')`) {
					continue // the match ended early
				}
				waitOwnTurn(ctx)
				checkFit(t, ctx, tag+"-"+id, tag+"-"+id, 360, 640, true)
				assert.Empty(t, englishLeft(t, ctx, c), "English left on the table of %s in %s", id, tag)
				if tag == msg.Pseudo {
					checkFit(t, ctx, tag+"-"+id, tag+"-"+id, 640, 360, true)
					must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
				}
			}
		})
	}
}

// TestE2ELanguageChangesAtOnce: choosing a language in Settings changes the
// page at once, without a reload (the page's own state survives), and the
// choice is remembered: a reload starts in it.
func TestE2ELanguageChangesAtOnce(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	openPage(t, ctx, "/settings", "#settings")
	eval[bool](t, ctx, `(window.__sameDocument = true, true)`)
	ru, err := msg.Load("ru")
	require.NoError(t, err)
	eval[bool](t, ctx, `(() => { const s = document.querySelector('#language'); s.value = "ru"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	must(t, waitJS(ctx, fmt.Sprintf(`document.querySelector('#settings').innerText.includes(%q)`, ru.T("Card size")), loadTimeout))
	assert.True(t, eval[bool](t, ctx, `window.__sameDocument === true`), "the page was not reloaded")
	assert.Equal(t, "ru", eval[string](t, ctx, `document.documentElement.lang`))
	shot(t, ctx, "lang-settings-ru.png")
	openPage(t, ctx, "/", "#home")
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#home').innerText`), ru.T("New game"))
	openHome(t, ctx, srv.URL) // a reload
	must(t, waitJS(ctx, `document.documentElement.lang === "ru"`, loadTimeout))
	home := eval[string](t, ctx, `document.querySelector('#home').innerText`)
	assert.Contains(t, home, ru.T("New game"), "the choice is remembered")
	// The page the server renders speaks it too (the page told it by cookie).
	// (A query the service worker has not cached: it goes to the server.)
	body := eval[string](t, ctx, `fetch("/rules?game=king&fresh=" + Date.now(), {credentials: "same-origin", cache: "no-store"}).then(r => r.text())`)
	assert.True(t, strings.Contains(body, `lang="ru"`), "the server renders the page in Russian")
	// And back to the device's language.
	openPage(t, ctx, "/settings", "#settings")
	eval[bool](t, ctx, `(() => { const s = document.querySelector('#language'); s.value = ""; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	must(t, waitJS(ctx, `document.documentElement.lang === "en"`, loadTimeout))
}
