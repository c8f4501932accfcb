//go:build !js

package wasmtest

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Matches with friends: real Chromium pages, each with its own storage (a
// browser context of its own, as separate phones would have), meet through
// `app serve`'s signaling server on 127.0.0.1 and play over WebRTC data
// channels. The host page runs the engine; the others open its room link.

// roomPages opens n pages in one headless Chromium, each in a browser
// context of its own.
//
// Chromium hides a page's addresses behind mDNS names, which do not resolve
// on a machine with loopback only: the flags make it offer its real
// addresses, loopback included.
func roomPages(t *testing.T, n int) []context.Context {
	t.Helper()
	first, cancel := newBrowser(t, 1000, 800,
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns"),
	)
	t.Cleanup(cancel)
	logConsole(t, first, "page 0")
	pages := []context.Context{first}
	for range n - 1 {
		ctx, cancel := chromedp.NewContext(first, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(1000, 800)))
		logConsole(t, ctx, fmt.Sprintf("page %d", len(pages)))
		pages = append(pages, ctx)
	}
	return pages
}

// openRoomAsHost clicks through home → new game → "Play with friends".
func openRoomAsHost(t *testing.T, ctx context.Context, base, id, name string) string {
	t.Helper()
	openHome(t, ctx, base)
	fastBots(t, ctx)
	must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('[data-new=%q]')`, id), loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-new=%q]`, id)))))
	must(t, waitJS(ctx, `!!document.querySelector('#host')`, loadTimeout))
	chooseQuickOptions(t, ctx, id)
	setInput(t, ctx, "#host-name", name)
	// The page keeps Start in a bar along the bottom edge: bring the room's
	// button to the middle of the screen, as a person scrolls to it, so the
	// bar does not cover it.
	eval[bool](t, ctx, `(document.querySelector('#host').scrollIntoView({block: "center"}), true)`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#host"), chromedp.NodeVisible)))
	must(t, waitJS(ctx, `!!document.querySelector('#room[data-state="lobby"]') && (document.querySelector('#room-link')||{}).value > ""`, loadTimeout))
	link := eval[string](t, ctx, `document.querySelector('#room-link').value`)
	require.Contains(t, link, "/play?room=")
	assert.Equal(t, 1, eval[int](t, ctx, `document.querySelectorAll('.share__qr svg.qr path').length`), "a QR code of the link")
	return link
}

// logConsole logs the page's console errors and uncaught exceptions.
func logConsole(t *testing.T, ctx context.Context, name string) {
	chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			desc := ""
			if d.Exception != nil {
				desc = d.Exception.Description
			}
			t.Logf("%s: exception: %s %s", name, d.Text, desc)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning || ev.Type == runtime.ConsoleAPICalledTypeLog {
				var b strings.Builder
				for _, a := range ev.Args {
					b.Write(a.Value)
					b.WriteString(a.Description)
					b.WriteByte(' ')
				}
				t.Logf("%s: console.%s: %s", name, ev.Type, b.String())
			}
		}
	})
}

// setInput types a value into an input the way a person does.
func setInput(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, sel, value))
}

// joinRoom opens the link on a page and joins under name; it returns the
// seat the page got.
func joinRoom(t *testing.T, ctx context.Context, link, name string) int {
	t.Helper()
	fastBotsAt(t, ctx, link)
	must(t, chromedp.Do(ctx, chromedp.Navigate(link)))
	must(t, waitJS(ctx, `!!document.querySelector('#join-room')`, loadTimeout))
	setInput(t, ctx, "#name", name)
	begin := time.Now()
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#join-room"))))
	if err := waitJS(ctx, `!!document.querySelector('#room[data-state="lobby"]') && +document.querySelector('#room').dataset.seat >= 0`, loadTimeout); err != nil {
		t.Fatalf("%s: %v; the page shows: %s", name, err, pageText(t, ctx))
	}
	t.Logf("%s: seated %v after pressing Join", name, time.Since(begin).Round(time.Millisecond))
	return eval[int](t, ctx, `+document.querySelector('#room').dataset.seat`)
}

// fastBotsAt sets the fast-bot settings on the origin of link before the
// page first opens there.
func fastBotsAt(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	origin := link[:strings.Index(link, "/play")]
	must(t, chromedp.Do(ctx, chromedp.Navigate(origin+"/settings")))
	fastBots(t, ctx)
}

// pageText is the start of what a page shows, for failure messages.
func pageText(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `(document.querySelector('main')||document.body).innerText.slice(0, 600) +
		" | room: " + (window.cardtableRoom ? cardtableRoom() : "-")`)
}

// scoresOf reads a finished room's scores by seat: the same on every page.
const scoresOf = `JSON.stringify([...document.querySelectorAll('#room-result .result__scores tbody tr')]
	.map(r => r.dataset.seat + ":" + r.children[1].innerText).sort())`

// playRoom clicks legal moves on every page in turn until every page shows
// the result; after reloadAt actions it reloads page reload (none when
// reload is negative) and checks the page sits in the same seat again.
func playRoom(t *testing.T, pages []context.Context, seats []int, reload, reloadAt int, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	reloaded := false
	for {
		done := 0
		for i, ctx := range pages {
			if eval[bool](t, ctx, `!!document.querySelector('#room-result')`) {
				done++
				continue
			}
			eval[bool](t, ctx, clickLegal)
			if i == reload && !reloaded && eval[int](t, ctx, `+((document.querySelector('#table')||{dataset:{}}).dataset.steps||0)`) >= reloadAt {
				reloaded = true
				_, err := chromedp.Call(ctx, page.Reload, page.ReloadParams{})
				require.NoError(t, err)
				must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
				assert.Equal(t, seats[i], eval[int](t, ctx, `+document.querySelector('#table').dataset.seat`), "the reloaded page sits in its seat again")
				assert.Equal(t, 0, eval[int](t, ctx, `document.querySelectorAll('#join-room').length`), "no second join")
			}
		}
		if done == len(pages) {
			break
		}
		if time.Now().After(deadline) {
			for i, ctx := range pages {
				t.Logf("page %d: %s", i, pageText(t, ctx))
			}
			t.Fatalf("the match did not end within %s", timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
	require.True(t, reloaded || reload < 0, "page %d was never reloaded", reload)
	want := eval[string](t, pages[0], scoresOf)
	for i, ctx := range pages[1:] {
		assert.Equal(t, want, eval[string](t, ctx, scoresOf), "page %d's scores", i+1)
	}
	// Every page, the host's and the friends', counted the match once, as
	// a room's, from its own seat.
	for i, ctx := range pages {
		counted := fmt.Sprintf(`(() => {
			const s = JSON.parse(localStorage.getItem("cardtable.statistics") || "null");
			return !!s && s.tallies.length === 1 && s.tallies[0].room === true && (s.tallies[0].seat || 0) === %d &&
				s.matches.length === 1 && s.matches[0].seats[%d].kind === "you" && !!s.matches[0].replay;
		})()`, seats[i], seats[i])
		if err := waitJS(ctx, counted, 10*time.Second); err != nil {
			t.Errorf("page %d: the match is not in its statistics: %s", i, eval[string](t, ctx, `localStorage.getItem("cardtable.statistics")`))
		}
	}
}

// TestE2ERoomKingFourPages: a host and three friends play The King to the
// end, one friend reloading mid-match and getting its seat back.
func TestE2ERoomKingFourPages(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 4)
	link := openRoomAsHost(t, pages[0], srv.URL, "king", "Ann")
	seats := []int{0}
	for i, name := range []string{"Bo", "Cy", "Di"} {
		seats = append(seats, joinRoom(t, pages[i+1], link, name))
	}
	assert.ElementsMatch(t, []int{0, 1, 2, 3}, seats)
	must(t, waitJS(pages[0], `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	lobby := eval[string](t, pages[0], `document.querySelector('.lobby__seats').innerText`)
	for _, name := range []string{"Bo", "Cy", "Di"} {
		assert.Contains(t, lobby, name)
	}
	shot(t, pages[0], "room-lobby.png")
	must(t, chromedp.Do(pages[0], chromedp.EmulateViewport(360, 640)))
	time.Sleep(200 * time.Millisecond)
	shot(t, pages[0], "room-lobby-360x640.png")
	assert.LessOrEqual(t, eval[int](t, pages[0], `document.documentElement.scrollWidth`), 360, "nothing sticks out sideways on a phone")
	must(t, chromedp.Do(pages[0], chromedp.EmulateViewport(1000, 800)))
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	shot(t, pages[1], "room-king-joiner.png")
	playRoom(t, pages, seats, 2, 30, 15*time.Minute)
	shot(t, pages[0], "room-king-result.png")
}

// hostAndFriendWithBots opens a room of game hosted by Ann, which Bo joins
// and easy bots fill, and starts its match; it returns both pages (the
// host's first) and Bo's seat once both tables are ready.
func hostAndFriendWithBots(t *testing.T, base, game string) ([]context.Context, int) {
	t.Helper()
	pages := roomPages(t, 2)
	link := openRoomAsHost(t, pages[0], base, game, "Ann")
	seat := joinRoom(t, pages[1], link, "Bo")
	must(t, chromedp.Do(pages[0],
		chromedp.SetValue(chromedp.CSS("#filllevel"), "easy"),
		chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(pages[0], `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	must(t, waitJS(pages[1], `document.querySelectorAll('.lobby__seat[data-kind="bot"]').length > 0`, loadTimeout))
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	return pages, seat
}

// TestE2ERoomPapas: a host, a friend and a bot play Papas, whose
// interrupts race on the host's clock; the host reloads mid-match and
// resumes from its journal, and the friend reconnects to it.
func TestE2ERoomPapas(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages, seat := hostAndFriendWithBots(t, srv.URL, "papas")
	shot(t, pages[1], "room-papas-joiner.png")
	playRoom(t, pages, []int{0, seat}, 0, 12, 15*time.Minute)
}

// TestE2ERoomHostLeaves: a friend changes seats in the lobby, the host adds
// a bot and removes it; then the host leaves, which closes the room, and the
// friend is told so instead of waiting for the host to come back.
func TestE2ERoomHostLeaves(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 2)
	link := openRoomAsHost(t, pages[0], srv.URL, "king", "Ann")
	seat := joinRoom(t, pages[1], link, "Bo")
	// The friend moves to another empty seat; the host sees it there.
	other := 3
	if seat == 3 {
		other = 2
	}
	must(t, chromedp.Do(pages[1], chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-sit="%d"]`, other)))))
	must(t, waitJS(pages[1], fmt.Sprintf(`+document.querySelector('#room').dataset.seat === %d`, other), 10*time.Second))
	must(t, waitJS(pages[0], fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').dataset.kind === "player"`, other), 10*time.Second))
	assert.Equal(t, "empty", eval[string](t, pages[0], fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').dataset.kind`, seat)))
	// The host seats a hard bot where the friend was, and removes it again.
	must(t, chromedp.Do(pages[0],
		chromedp.SetValue(chromedp.CSS(fmt.Sprintf("#botlevel%d", seat)), "hard"),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-addbot="%d"]`, seat)))))
	must(t, waitJS(pages[1], fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').dataset.kind === "bot"`, seat), 10*time.Second))
	assert.Contains(t, eval[string](t, pages[1], fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').innerText`, seat)), "Bot")
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-removebot="%d"]`, seat)))))
	must(t, waitJS(pages[1], fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').dataset.kind === "empty"`, seat), 10*time.Second))
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#leave-room"))))
	must(t, waitJS(pages[0], `!!document.querySelector('#home[data-ready="true"]')`, loadTimeout))
	assert.Equal(t, 0, eval[int](t, pages[0], `document.querySelectorAll('#back-to-room').length`), "the room is gone from home")
	must(t, waitJS(pages[1], `document.body.innerText.includes("The host closed the room.")`, 30*time.Second))
}

// TestE2ERoomLeftMidMatchIsGivenUp: a friend leaves a King match once play
// has begun, then the host does: each page counts the match as given up in
// its statistics, as a room's, from its own seat (the friend's page, which
// has no record before the end, without a replay; the host's with one).
func TestE2ERoomLeftMidMatchIsGivenUp(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages, seat := hostAndFriendWithBots(t, srv.URL, "king")
	steps := `+((document.querySelector('#table')||{dataset:{}}).dataset.steps||0)`
	for deadline := time.Now().Add(2 * time.Minute); eval[int](t, pages[1], steps) < 6; {
		if time.Now().After(deadline) {
			t.Fatalf("play did not begin: %s", pageText(t, pages[1]))
		}
		for _, ctx := range pages {
			eval[bool](t, ctx, clickLegal)
		}
		time.Sleep(20 * time.Millisecond)
	}
	givenUp := func(seat int, replay bool) string {
		return fmt.Sprintf(`(() => {
			const s = JSON.parse(localStorage.getItem("cardtable.statistics") || "null");
			return !!s && s.tallies.length === 1 && s.tallies[0].outcome === "abandoned" && s.tallies[0].room === true &&
				(s.tallies[0].seat || 0) === %d && s.matches.length === 1 && s.matches[0].seats[%d].kind === "you" &&
				!!s.matches[0].replay === %t;
		})()`, seat, seat, replay)
	}
	stored := `localStorage.getItem("cardtable.statistics")`
	must(t, chromedp.Do(pages[1], chromedp.Click(chromedp.CSS("#leave-room"))))
	must(t, waitJS(pages[1], `!!document.querySelector('#home[data-ready="true"]')`, loadTimeout))
	if err := waitJS(pages[1], givenUp(seat, false), 10*time.Second); err != nil {
		t.Errorf("the friend's page did not count the match it left as given up: %s", eval[string](t, pages[1], stored))
	}
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#leave-room"))))
	must(t, waitJS(pages[0], `!!document.querySelector('#home[data-ready="true"]')`, loadTimeout))
	if err := waitJS(pages[0], givenUp(0, true), 10*time.Second); err != nil {
		t.Errorf("the host's page did not count the match it left as given up: %s", eval[string](t, pages[0], stored))
	}
	// The friend's statistics page says it in words.
	must(t, chromedp.Do(pages[1], chromedp.Navigate(srv.URL+"/stats")))
	must(t, waitJS(pages[1], `!!document.querySelector('#stats[data-ready="true"]')`, loadTimeout))
	assert.Contains(t, pageText(t, pages[1]), "Given up")
	must(t, chromedp.Do(pages[1], chromedp.EmulateViewport(360, 640)))
	must(t, chromedp.Do(pages[1], chromedp.ScrollIntoView(chromedp.CSS(".stats__match")), chromedp.Click(chromedp.CSS(".stats__match summary"))))
	shot(t, pages[1], "stats-room-given-up-360x640.png")
}

// TestE2ERoomNativeJoinerPlaysHard: `app join LINK -bot hard` takes a seat
// with pion's native stack in a room hosted by a Chromium page and its hard
// bot plays The King to the end from the views the host sends.
func TestE2ERoomNativeJoinerPlaysHard(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	bin, _ := buildApp(t)
	pages := roomPages(t, 1)
	link := openRoomAsHost(t, pages[0], srv.URL, "king", "Ann")

	var out strings.Builder
	cmd := exec.Command(bin, "join", "-bot", "hard", "-name", "Pion", "-timeout", "10m", link)
	cmd.Stdout, cmd.Stderr = &out, &out
	dieWithParent(cmd)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill() })

	must(t, waitJS(pages[0], `[...document.querySelectorAll('.lobby__seat[data-kind="player"]')].some(e => e.innerText.includes("Pion"))`, loadTimeout))
	must(t, chromedp.Do(pages[0],
		chromedp.SetValue(chromedp.CSS("#filllevel"), "random"),
		chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(pages[0], `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#start-room"))))
	deadline := time.Now().Add(10 * time.Minute)
	for !eval[bool](t, pages[0], `!!document.querySelector('#room-result')`) {
		if time.Now().After(deadline) {
			t.Fatalf("no result after 10 minutes; the joiner said:\n%s\nthe page shows: %s", out.String(), pageText(t, pages[0]))
		}
		eval[bool](t, pages[0], clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case err := <-exited:
		require.NoError(t, err, "the joiner said:\n%s", out.String())
	case <-time.After(time.Minute):
		t.Fatalf("the joiner did not end with the match:\n%s", out.String())
	}
	said := out.String()
	assert.Contains(t, said, "the match of The King has started")
	assert.Contains(t, said, "the match is over")
	assert.NotContains(t, said, "could not play")
	lobbyName := eval[string](t, pages[0], `document.querySelector('#room-result').innerText`)
	assert.Contains(t, lobbyName, "Pion")
}

// TestE2ERoomHostRemovesAFriend: the host removes a friend from the lobby;
// the seat empties and the friend's page says why.
func TestE2ERoomHostRemovesAFriend(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 2)
	link := openRoomAsHost(t, pages[0], srv.URL, "king", "Ann")
	seat := joinRoom(t, pages[1], link, "Bo")
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-kick="%d"]`, seat)))))
	must(t, waitJS(pages[0], fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').dataset.kind === "empty"`, seat), 10*time.Second))
	must(t, waitJS(pages[1], `document.body.innerText.includes("removed from the table by the host")`, 30*time.Second))
}
