//go:build !js

package wasmtest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestE2ERoomFairDealThreePagesAndABot: a host and two friends in Chromium
// pages of their own, and a bot, shuffle together: the lobby says that the
// host's page knows every hand, the match starts once every page's share
// is in, and at the end every page's own check says "Deal verified" and
// every page shows the same scores. One friend reloads mid-match: its check
// still holds from what its new page was shown.
func TestE2ERoomFairDealThreePagesAndABot(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 3)
	host := pages[0]
	openRoomAsHostWith(t, host, srv.URL, "catte", "Ann", 4)
	link := eval[string](t, host, `document.querySelector('#room-link').value`)
	seats := []int{0}
	for i, name := range []string{"Bob", "Cy"} {
		seats = append(seats, joinRoom(t, pages[i+1], link, name))
	}
	must(t, chromedp.Do(host, chromedp.SetValue(chromedp.CSS("#filllevel"), "easy"), chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(host, `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	for i, ctx := range pages {
		note := eval[string](t, ctx, `(document.querySelector('.lobby__fair')||{}).innerText||""`)
		assert.Contains(t, note, "the host's page runs the game, so it knows every hand", "page %d's lobby says what the fair deal does not cover", i)
	}
	shot(t, pages[1], "room-fair-lobby.png")
	begin := time.Now()
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	t.Logf("from the host's Start to every page's table: %v (the shared shuffle included)", time.Since(begin).Round(time.Millisecond))
	playRoom(t, pages, seats, 2, 4, 10*time.Minute)
	for i, ctx := range pages {
		if err := waitJS(ctx, `!!document.querySelector('#deal-verdict')`, loadTimeout); err != nil {
			t.Fatalf("page %d: %v; its result shows: %s", i, err, eval[string](t, ctx, `(document.querySelector('#room-result')||{}).outerHTML||""`))
		}
		text := eval[string](t, ctx, `document.querySelector('#deal-verdict').innerText`)
		assert.True(t, strings.HasPrefix(text, "Deal verified"), "page %d: %q", i, text)
		assert.Equal(t, "true", eval[string](t, ctx, `document.querySelector('#deal-verdict').dataset.verified`), "page %d", i)
	}
	shot(t, pages[1], "room-fair-result.png")

	// The rules page says it too.
	must(t, chromedp.Do(host, chromedp.Navigate(srv.URL+"/rules?game=catte")))
	must(t, waitJS(host, `!!document.querySelector('.rules__fair')`, loadTimeout))
	require.Contains(t, eval[string](t, host, `document.querySelector('.rules__fair').innerText`), "it knows every hand")
}

// TestE2ERoomFairDealAPageThatLostWhatItSawOfTheShuffleCannotVouch: a
// friend on a phone keeps what its page saw of the shuffle in the page's
// storage; when that is lost (here wiped before a reload mid-match), its
// result says in words that it cannot vouch for the deal, while the host's
// page still says "Deal verified".
func TestE2ERoomFairDealAPageThatLostWhatItSawOfTheShuffleCannotVouch(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 2)
	host, friend := pages[0], pages[1]
	openRoomAsHostWith(t, host, srv.URL, "catte", "Ann", 4)
	link := eval[string](t, host, `document.querySelector('#room-link').value`)
	joinRoom(t, friend, link, "Bob")
	must(t, chromedp.Do(friend, chromedp.EmulateViewport(360, 640)))
	must(t, chromedp.Do(host, chromedp.SetValue(chromedp.CSS("#filllevel"), "easy"), chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(host, `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	const memory = `((JSON.parse(localStorage.getItem('cardtable.join')||'{}').draws)||[]).length`
	assert.Equal(t, 1, eval[int](t, friend, memory), "the friend's page keeps what it saw of the one shuffle")
	deadline := time.Now().Add(10 * time.Minute)
	wiped := false
	for {
		done := 0
		for i, ctx := range pages {
			if eval[bool](t, ctx, `!!document.querySelector('#room-result')`) {
				done++
				continue
			}
			eval[bool](t, ctx, clickLegal)
			if i == 1 && !wiped && eval[int](t, ctx, `+((document.querySelector('#table')||{dataset:{}}).dataset.steps||0)`) >= 3 {
				wiped = true
				eval[bool](t, ctx, `(() => { const s = JSON.parse(localStorage.getItem('cardtable.join')); delete s.draws;
					localStorage.setItem('cardtable.join', JSON.stringify(s)); return true; })()`)
				_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
				require.NoError(t, err)
				must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
			}
		}
		if done == len(pages) {
			break
		}
		require.True(t, time.Now().Before(deadline), "the match did not end in time")
		time.Sleep(5 * time.Millisecond)
	}
	require.True(t, wiped)
	for i, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#deal-verdict')`, loadTimeout))
		text := eval[string](t, ctx, `document.querySelector('#deal-verdict').innerText`)
		verified := eval[string](t, ctx, `document.querySelector('#deal-verdict').dataset.verified`)
		t.Logf("page %d: %s", i, text)
		if i == 0 {
			assert.True(t, strings.HasPrefix(text, "Deal verified"), "the host's page: %q", text)
			continue
		}
		assert.Equal(t, "Deal not verified: this page had no share in the shuffle that dealt the cards (it watched, or came in after it), so it cannot vouch for this deal.", text)
		assert.Equal(t, "false", verified)
		assert.Equal(t, "alert", eval[string](t, ctx, `document.querySelector('#deal-verdict').getAttribute('role')`))
	}
	eval[bool](t, friend, `(document.querySelector('#deal-verdict').scrollIntoView({block: "center"}), true)`)
	shot(t, friend, "room-fair-unvouched-360x640.png")
	must(t, chromedp.Do(friend, chromedp.EmulateViewport(640, 360)))
	eval[bool](t, friend, `(document.querySelector('#deal-verdict').scrollIntoView({block: "center"}), true)`)
	shot(t, friend, "room-fair-unvouched-640x360.png")
	for _, w := range []int{360, 640} {
		h := map[int]int{360: 640, 640: 360}[w]
		must(t, chromedp.Do(friend, chromedp.EmulateViewport(int64(w), int64(h))))
		assert.True(t, eval[bool](t, friend, `(() => { const r = document.querySelector('#deal-verdict').getBoundingClientRect();
			return r.left >= 0 && r.right <= innerWidth + 0.5; })()`), "the verdict fits the width at %dx%d", w, h)
	}
}

// openRoomAsHostWith opens a room of players seats as openRoomAsHost does;
// on the new-game page each of choices is made first: "sel" ticks the
// checkbox sel, "sel=value" sets the select sel to value.
func openRoomAsHostWith(t *testing.T, ctx context.Context, base, id, name string, players int, choices ...string) {
	t.Helper()
	openHome(t, ctx, base)
	fastBots(t, ctx)
	must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('[data-new=%q]')`, id), loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-new=%q]`, id)))))
	must(t, waitJS(ctx, `!!document.querySelector('#host')`, loadTimeout))
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector('#players'); if (!s) return true; s.value = "%d";
		s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, players))
	setInput(t, ctx, "#host-name", name)
	for _, sel := range choices {
		if i := strings.LastIndex(sel, "="); i > strings.LastIndex(sel, "]") {
			sel, value := sel[:i], sel[i+1:]
			require.True(t, eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) return false; s.value = %q;
				s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, sel, value)), "%s is on the page", sel)
			continue
		}
		eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).scrollIntoView({block: "center"}), true)`, sel))
		must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)))
		require.True(t, eval[bool](t, ctx, fmt.Sprintf(`document.querySelector(%q).checked`, sel)), "%s is ticked", sel)
	}
	eval[bool](t, ctx, `(document.querySelector('#host').scrollIntoView({block: "center"}), true)`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#host"), chromedp.NodeVisible)))
	if err := waitJS(ctx, `!!document.querySelector('#room[data-state="lobby"]') && (document.querySelector('#room-link')||{}).value > ""`, loadTimeout); err != nil {
		t.Fatalf("%v; at %s the page shows: %s … %s", err, eval[string](t, ctx, `location.href`), pageText(t, ctx),
			eval[string](t, ctx, `(document.querySelector('main')||document.body).innerText.slice(-400)`))
	}
}
