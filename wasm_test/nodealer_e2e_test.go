//go:build !js

package wasmtest

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestE2ERoomNoDealerKingThreePagesAndABot: a host and two friends in
// Chromium pages of their own, and a bot, play The King in a room dealt with
// no dealer: every page's worker (web/mentalworker.js) shuffles and deals
// with the others, so the lobby says that no page, the host's included,
// sees another's hand; the match plays to its end and every page's own
// check says "Deal and play verified".
func TestE2ERoomNoDealerKingThreePagesAndABot(t *testing.T) {
	needBrowser(t)
	srv := startServerWeb(t, buildMental(t))
	pages := roomPages(t, 3)
	host := pages[0]
	// Four collecting rounds, not eight: ten deals, each shuffled by every page.
	openRoomAsHostWith(t, host, srv.URL, "king", "Ann", 4, `select[data-option="collectingRounds"]=4`, "#no-dealer")
	link := eval[string](t, host, `document.querySelector('#room-link').value`)
	seats := []int{0}
	for i, name := range []string{"Bob", "Cy"} {
		seats = append(seats, joinRoom(t, pages[i+1], link, name))
	}
	must(t, chromedp.Do(host, chromedp.SetValue(chromedp.CSS("#filllevel"), "easy"), chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(host, `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	for i, ctx := range pages {
		note := eval[string](t, ctx, `(document.querySelector('.lobby__fair')||{}).innerText||""`)
		assert.Contains(t, note, "No page sees another's hand, not even the host's", "page %d's lobby says the room deals with no dealer", i)
		assert.NotContains(t, note, "it knows every hand", "page %d", i)
	}
	friend := pages[1]
	must(t, chromedp.Do(friend, chromedp.EmulateViewport(360, 640)))
	begin := time.Now()
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#start-room"))))
	// While the first deal is under way a friend's page says so, with no hand.
	if err := waitJS(friend, `!!document.querySelector('#room[data-state="dealing"]')`, loadTimeout); err == nil {
		assert.Contains(t, pageText(t, friend), "Dealing: every page shuffles the deck in turn")
		assert.Zero(t, eval[int](t, friend, `document.querySelectorAll('.hand').length`), "no hand yet")
		shot(t, friend, "room-nodealer-dealing-360x640.png")
	} else {
		t.Logf("the friend's page never showed the deal under way: %v", err)
	}
	for i, ctx := range pages {
		if err := waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, 2*time.Minute); err != nil {
			t.Fatalf("page %d: %v; it shows: %s", i, err, pageText(t, ctx))
		}
		t.Logf("from the host's Start to page %d's table: %v (every page's shuffle and the deal included)", i, time.Since(begin).Round(time.Millisecond))
	}
	// A friend's table mid-match, on a phone.
	deadline := time.Now().Add(5 * time.Minute)
	for eval[int](t, friend, `+((document.querySelector('#table')||{dataset:{}}).dataset.steps||0)`) < 6 {
		require.True(t, time.Now().Before(deadline), "the match did not get going: %s", pageText(t, friend))
		for _, ctx := range pages {
			eval[bool](t, ctx, clickLegal)
		}
		time.Sleep(5 * time.Millisecond)
	}
	shot(t, friend, "room-nodealer-table-360x640.png")
	playRoom(t, pages, seats, -1, 0, 20*time.Minute)
	for i, ctx := range pages {
		if err := waitJS(ctx, `!!document.querySelector('#deal-verdict')`, 2*time.Minute); err != nil {
			t.Fatalf("page %d: %v; its result shows: %s", i, err, eval[string](t, ctx, `(document.querySelector('#room-result')||{}).outerHTML||""`))
		}
		text := eval[string](t, ctx, `document.querySelector('#deal-verdict').innerText`)
		assert.True(t, strings.HasPrefix(text, "Deal and play verified"), "page %d: %q", i, text)
		assert.Equal(t, "true", eval[string](t, ctx, `document.querySelector('#deal-verdict').dataset.verified`), "page %d", i)
	}
	t.Logf("from the host's Start to every page's verdict: %v", time.Since(begin).Round(time.Millisecond))
	eval[bool](t, friend, `(document.querySelector('#deal-verdict').scrollIntoView({block: "center"}), true)`)
	shot(t, friend, "room-nodealer-result-360x640.png")

	// The rules page says it too.
	must(t, chromedp.Do(host, chromedp.Navigate(srv.URL+"/rules?game=king")))
	must(t, waitJS(host, `!!document.querySelector('.rules__fair')`, loadTimeout))
	fair := eval[string](t, host, `document.querySelector('.rules__fair').innerText`)
	assert.Contains(t, fair, "it knows every hand")
	assert.Contains(t, fair, "the host can choose No dealer")
}

// TestNoDealerRoomStartTimings is the no-dealer room's part of `make bench`
// (CARDTABLE_BENCH=1): four Chromium pages (the host and three friends, one
// browser, each its own worker) in a room of The King over the browsers'
// own WebRTC data channels on loopback; the time from the host's Start to
// every page's table, dealt with no dealer and, for comparison, dealt from
// the joint seed, median of a few rooms. Every page shares the machine's
// cores, so a page on a phone of its own waits about one worker's share of
// it (the workers' CPU time: TestBlindRoomWorkerTimings). Reported, not
// asserted.
func TestNoDealerRoomStartTimings(t *testing.T) {
	if os.Getenv("CARDTABLE_BENCH") == "" {
		t.Skip("set CARDTABLE_BENCH=1 (make bench) to measure a no-dealer room's start")
	}
	needBrowser(t)
	srv := startServerWeb(t, buildMental(t))
	const runs = 3
	for _, deal := range []struct {
		name   string
		choice []string
	}{
		{"no dealer", []string{"#no-dealer"}},
		{"joint seed", nil},
	} {
		var took []float64
		for range runs {
			took = append(took, roomStart(t, srv.URL, deal.choice))
		}
		t.Logf("The King, four pages over WebRTC, %s: Start to every table %.2f s (median of %d: %.2f)",
			deal.name, median(took), runs, took)
	}
}

// roomStart opens a King room of four pages with the new-game choices
// given, starts it and returns the seconds from Start to every page's table.
func roomStart(t *testing.T, base string, choice []string) float64 {
	t.Helper()
	pages := roomPages(t, 4)
	host := pages[0]
	openRoomAsHostWith(t, host, base, "king", "Ann", 4, choice...)
	link := eval[string](t, host, `document.querySelector('#room-link').value`)
	for i, name := range []string{"Bob", "Cy", "Di"} {
		joinRoom(t, pages[i+1], link, name)
	}
	must(t, waitJS(host, `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	begin := time.Now()
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#start-room"))))
	for i, ctx := range pages {
		if err := waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, 2*time.Minute); err != nil {
			t.Fatalf("page %d: %v; it shows: %s", i, err, pageText(t, ctx))
		}
	}
	took := time.Since(begin).Seconds()
	for _, ctx := range pages {
		_ = chromedp.Cancel(ctx)
	}
	return took
}
