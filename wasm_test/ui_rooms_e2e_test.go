//go:build !js

package wasmtest

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unreachableWords is what a room's page says when the server that connects
// the players cannot be reached.
const unreachableWords = "The server that connects the players cannot be reached."

// waitSaid waits (with a generous bound) until the page at ctx shows
// words and returns how long that took since begin.
func waitSaid(t *testing.T, ctx context.Context, words string, begin time.Time) time.Duration {
	t.Helper()
	if err := waitJS(ctx, `document.body.innerText.includes(`+jsString(words)+`)`, 60*time.Second); err != nil {
		t.Fatalf("%q never shown: %v; the page shows: %s", words, err, pageText(t, ctx))
	}
	return time.Since(begin)
}

// jsString quotes s for a script.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

// cutProxy stands between a page and the server: it forwards each new
// connection, or, while cut, holds it open without a word, as a network
// that cannot reach the server does.
type cutProxy struct {
	URL    string
	target string
	mu     sync.Mutex
	cut    bool
	held   []net.Conn
}

func startCutProxy(t *testing.T, target string) *cutProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &cutProxy{URL: "http://" + l.Addr().String(), target: target}
	t.Cleanup(func() { l.Close(); p.setCut(false) })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.cut {
				p.held = append(p.held, c)
				p.mu.Unlock()
				continue
			}
			p.mu.Unlock()
			go p.forward(c)
		}
	}()
	return p
}

func (p *cutProxy) forward(c net.Conn) {
	defer c.Close()
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer s.Close()
	go io.Copy(s, c)
	io.Copy(c, s)
}

// setCut cuts new connections, or lets them through again (the held ones
// are dropped then).
func (p *cutProxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if !cut {
		for _, c := range p.held {
			c.Close()
		}
		p.held = nil
	}
}

// TestE2ERoomServerDownThenBack: with the server down, opening a room says
// so in words, with a Try again that opens the room once the server is
// back; a friend whose network stops answering is told so on Join within
// the page's bound, and their Try again joins once it answers again. The friend's lobby names the host
// and the game. The times from the press to the words are logged.
func TestE2ERoomServerDownThenBack(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	addr := strings.TrimPrefix(srv.URL, "http://")
	_, web := buildApp(t)
	pages := roomPages(t, 2)
	host, friend := pages[0], pages[1]
	must(t, chromedp.Do(host, chromedp.EmulateViewport(360, 640)))
	must(t, chromedp.Do(friend, chromedp.EmulateViewport(360, 640)))
	openHome(t, host, srv.URL)
	fastBots(t, host)
	waitOffline(t, host)
	openPage(t, host, "/new?game=mindikot", "#host")
	setInput(t, host, "#host-name", "Ana")

	// The server goes down: "Play with friends" says so, and offers to try again.
	srv.Stop()
	eval[bool](t, host, `(document.querySelector('#host').scrollIntoView({block: "center"}), true)`)
	begin := time.Now()
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#host"), chromedp.NodeVisible)))
	took := waitSaid(t, host, unreachableWords, begin)
	t.Logf("host: the page said the server cannot be reached %v after the press", took.Round(time.Millisecond))
	must(t, waitJS(host, `!!document.querySelector('#room-retry')`, 10*time.Second))
	assert.True(t, eval[bool](t, host, inViewport("#room-retry")), "Try again is on screen")
	assert.True(t, eval[bool](t, host, bigTarget("#room-retry")))
	shot(t, host, "ui-rooms-host-unreachable-360x640.png")

	// The server is back: Try again opens the room.
	srv = startServerAt(t, web, addr)
	begin = time.Now()
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#room-retry"))))
	must(t, waitJS(host, `!!document.querySelector('#room[data-state="lobby"]') && (document.querySelector('#room-link')||{}).value > ""`, loadTimeout))
	t.Logf("host: the room opened %v after Try again", time.Since(begin).Round(time.Millisecond))
	assert.False(t, eval[bool](t, host, `document.body.innerText.includes(`+jsString(unreachableWords)+`)`), "the words go once the room is open")
	link := eval[string](t, host, `document.querySelector('#room-link').value`)
	require.Contains(t, link, "/play?room=")

	// A friend opens the link, and loses the way to the server before Join.
	// The friend's page reaches the server through a network that will
	// stop answering.
	proxy := startCutProxy(t, strings.TrimPrefix(srv.URL, "http://"))
	link = proxy.URL + link[strings.Index(link, "/play"):]
	fastBotsAt(t, friend, link)
	must(t, chromedp.Do(friend, chromedp.Navigate(link)))
	must(t, waitJS(friend, `!!document.querySelector('#join-room')`, loadTimeout))
	// Before it connects, the page says whose table it is and which game,
	// from the link.
	assert.Contains(t, link, "&game=mindikot&from=Ana")
	assert.Equal(t, "Ana invites you to a game of Mindikot.", eval[string](t, friend, `document.querySelector('#link-invite').innerText`))
	shot(t, friend, "ui-rooms-join-form-360x640.png")
	setInput(t, friend, "#name", "Bo")
	proxy.setCut(true)
	begin = time.Now()
	must(t, chromedp.Do(friend, chromedp.Click(chromedp.CSS("#join-room"))))
	took = waitSaid(t, friend, unreachableWords, begin)
	t.Logf("friend: the page said the server cannot be reached %v after Join", took.Round(time.Millisecond))
	must(t, waitJS(friend, `!!document.querySelector('#room-retry')`, 10*time.Second))
	assert.True(t, eval[bool](t, friend, inViewport("#room-retry")), "Try again is on screen")
	assert.Equal(t, "Ana invites you to a game of Mindikot.", eval[string](t, friend, `document.querySelector('#link-invite').innerText`),
		"the page waiting for the room still says whose table it is")
	shot(t, friend, "ui-rooms-join-unreachable-360x640.png")

	// Back again: the friend's Try again joins, and the lobby names the host and the game.
	proxy.setCut(false)
	begin = time.Now()
	must(t, chromedp.Do(friend, chromedp.Click(chromedp.CSS("#room-retry"))))
	if err := waitJS(friend, `!!document.querySelector('#room[data-state="lobby"]') && +document.querySelector('#room').dataset.seat >= 0`, 2*loadTimeout); err != nil {
		t.Fatalf("the friend never sat: %v; the page shows: %s", err, pageText(t, friend))
	}
	t.Logf("friend: seated %v after Try again", time.Since(begin).Round(time.Millisecond))
	// The seat can come a moment before the seats' names: the lobby names
	// the host once they are in.
	if err := waitJS(friend, `(e => !!e && e.innerText === "Ana invites you to a game of Mindikot.")(document.querySelector('#lobby-invite'))`, loadTimeout); err != nil {
		t.Errorf("the lobby never named the host: %v; it says %q", err, eval[string](t, friend, `(e => e ? e.innerText : "")(document.querySelector('#lobby-invite'))`))
	}
	must(t, waitJS(host, `document.querySelector('.lobby__seats').innerText.includes('Bo')`, loadTimeout))
	shot(t, friend, "ui-rooms-joined-360x640.png")
}

// playToTheEnd clicks legal moves on every page until each shows the room's
// result.
func playToTheEnd(t *testing.T, pages []context.Context, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		done := 0
		for _, ctx := range pages {
			if eval[bool](t, ctx, `!!document.querySelector('#room-result')`) {
				done++
				continue
			}
			eval[bool](t, ctx, clickLegal)
		}
		if done == len(pages) {
			return
		}
		if time.Now().After(deadline) {
			for i, ctx := range pages {
				t.Logf("page %d: %s", i, pageText(t, ctx))
			}
			t.Fatalf("the match did not end within %s", timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestE2ERoomRematch: after a room's match, the host plays again at the
// same table: the lobby opens with the friend's seat kept for them, the
// friend joins the next match into the same seat, and the host's Start
// deals a new match drawn jointly again.
func TestE2ERoomRematch(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	pages := roomPages(t, 2)
	host, friend := pages[0], pages[1]
	openRoomAsHostWith(t, host, srv.URL, "catte", "Ana", 2)
	link := eval[string](t, host, `document.querySelector('#room-link').value`)
	seat := joinRoom(t, friend, link, "Bo")
	assert.Equal(t, "Ana invites you to a game of Cat Te.", eval[string](t, friend, `document.querySelector('#lobby-invite').innerText`))
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	const firstDraw = `JSON.parse(localStorage.getItem("cardtable.host")).journal.record.fair.draws[0].seed`
	playToTheEnd(t, pages, 10*time.Minute)
	drawn := eval[string](t, host, firstDraw)
	require.NotEmpty(t, drawn)

	// The host plays again at this table.
	must(t, waitJS(host, `!!document.querySelector('#rematch')`, loadTimeout))
	shot(t, host, "ui-rooms-result-rematch.png")
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#rematch"))))
	must(t, waitJS(host, `!!document.querySelector('#room[data-state="lobby"]') && (document.querySelector('#room-link')||{}).value > ""`, loadTimeout))
	assert.Equal(t, link, eval[string](t, host, `document.querySelector('#room-link').value`), "the same room")
	assert.Equal(t, "player", eval[string](t, host, fmt.Sprintf(`document.querySelector('.lobby__seat[data-seat="%d"]').dataset.kind`, seat)), "the friend's seat is kept for them")
	assert.Contains(t, eval[string](t, host, `document.querySelector('.lobby__seats').innerText`), "Bo")

	// The friend's page is told that the next match is open, and joins
	// it, in the same seat.
	must(t, waitJS(friend, `(e => !!e && e.dataset.next === "true")(document.querySelector('.room__again'))`, loadTimeout))
	assert.Equal(t, "The host opened the next match at this table: join it, you keep your seat.",
		eval[string](t, friend, `document.querySelector('#rematch-said').innerText`))
	shot(t, friend, "ui-rooms-rematch-told.png")
	must(t, waitJS(friend, `!!document.querySelector('#rematch-join')`, loadTimeout))
	must(t, chromedp.Do(friend, chromedp.Click(chromedp.CSS("#rematch-join"))))
	if err := waitJS(friend, `!!document.querySelector('#room[data-state="lobby"]') && +document.querySelector('#room').dataset.seat >= 0`, loadTimeout); err != nil {
		t.Fatalf("the friend is not back in the lobby: %v; the page shows: %s", err, pageText(t, friend))
	}
	assert.Equal(t, seat, eval[int](t, friend, `+document.querySelector('#room').dataset.seat`), "the same seat")
	assert.Equal(t, 0, eval[int](t, friend, `document.querySelectorAll('#join-room').length`), "no name asked again")
	must(t, waitJS(host, fmt.Sprintf(`(document.querySelector('.lobby__seat[data-seat="%d"] .lobby__status')||{}).innerText === "● connected"`, seat), loadTimeout))

	// A new match, its deal drawn jointly again.
	must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]') && document.querySelector('#table').dataset.done !== "true"`, loadTimeout))
	}
	again := eval[string](t, host, firstDraw)
	assert.NotEqual(t, drawn, again, "a new joint draw")
	assert.Equal(t, 1, eval[int](t, host, `JSON.parse(localStorage.getItem("cardtable.host")).journal.record.fair.draws.length`), "the new match's own draw")
	shot(t, friend, "ui-rooms-rematch-table.png")
}
