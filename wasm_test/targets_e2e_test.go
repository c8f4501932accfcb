//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"cardtable/games/catalog"
)

// minTarget is the smallest width and height of anything a player taps.
const minTarget = 44

// smallTargets lists every visible button, link, form field and disclosure
// on the page smaller than minTarget either way. Cards are left out: a hand
// card is a strip of a fanned hand and a board card is sized by its board,
// and both have their own tests of where a tap lands (hand cards: the tap
// accuracy test; board cards: the fit test's reachability).
var smallTargets = `(min => {
	const out = [];
	const visible = e => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
		return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none' &&
			!e.closest('details:not([open]) > :not(summary)') && !e.closest('.sr-only'); };
	for (const e of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, summary, label.btn, [role=button], [tabindex="0"]')) {
		if (!visible(e)) continue;
		if (e.matches('.card, .stock, .slot, .slot *') || e.closest('.hand, .table__centre .card, .kl, .klondike')) continue;
		// A radio or check box is tapped through its whole label.
		let box = e;
		if (e.matches('input[type=radio], input[type=checkbox]') && e.closest('label')) box = e.closest('label');
		const r = box.getBoundingClientRect();
		if (r.width < min - 0.5 || r.height < min - 0.5) {
			const name = (e.id ? '#' + e.id : '') || e.dataset.action || e.getAttribute('aria-label') || (e.innerText || e.value || e.tagName).trim().slice(0, 30);
			out.push(name + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
		}
	}
	return JSON.stringify(out);
})(` + fmt.Sprint(minTarget) + `)`

// checkTargets asserts that no target on the page at w×h is smaller than
// minTarget; what names the page in a failure.
func checkTargets(t *testing.T, ctx context.Context, what string, w, h int64) {
	t.Helper()
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h)))
	time.Sleep(250 * time.Millisecond) // a render after the resize
	var small []string
	must(t, json.Unmarshal([]byte(eval[string](t, ctx, smallTargets)), &small))
	assert.Empty(t, small, "%s at %dx%d: targets smaller than %d×%d px", what, w, h, minTarget, minTarget)
}

// TestE2ETargetsAreFingerSized plays a few turns of every game and, at
// 360×640 and 640×360, finds every visible button, link, field and
// disclosure at least 44×44 px: the top bar's home link, Install and
// Settings, the tools (Rules, Hint, Undo, Leave), the moves and the log's
// toggle. Hand and board cards are not measured here (see smallTargets).
// The pages around the tables (home, new game, rules, settings) are
// measured too.
func TestE2ETargetsAreFingerSized(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	for _, sz := range screens[:2] {
		checkTargets(t, ctx, "home", sz.w, sz.h)
	}
	for _, p := range []struct{ name, path, ready string }{
		{"new game", "/new?game=king", "#start:not([disabled])"},
		{"rules", "/rules?game=mindikot", "#rules"},
		{"settings", "/settings", "#settings"},
	} {
		must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+p.path)))
		must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector(%q)`, p.ready), loadTimeout))
		for _, sz := range screens[:2] {
			checkTargets(t, ctx, p.name, sz.w, sz.h)
		}
	}
	for _, g := range catalog.All() {
		id := g.Game.Info().ID
		t.Run(id, func(t *testing.T) {
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
			openHome(t, ctx, srv.URL)
			startGame(t, ctx, id)
			playActions(t, ctx, 6, 60*time.Second)
			waitOwnTurn(ctx)
			for _, sz := range screens[:2] {
				checkTargets(t, ctx, id, sz.w, sz.h)
				shot(t, ctx, fmt.Sprintf("targets-%s-%dx%d.png", id, sz.w, sz.h))
			}
		})
	}
}
