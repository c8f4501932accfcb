//go:build !js

package wasmtest

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// startServerArgs runs `app serve` on a free loopback port with extra
// flags, and returns it with the lines it printed after its address (the
// embedded NATS server's, when asked for).
func startServerArgs(t *testing.T, extra ...string) (*server, []string) {
	t.Helper()
	bin, web := buildApp(t)
	cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0", "-web", web}, extra...)...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	dieWithParent(cmd)
	require.NoError(t, cmd.Start())
	s := &server{cmd: cmd}
	t.Cleanup(s.Stop)
	r := bufio.NewReader(stdout)
	line, err := r.ReadString('\n')
	require.NoError(t, err, "app serve printed no address")
	i := strings.Index(line, "http://")
	require.GreaterOrEqual(t, i, 0, "app serve: unexpected first line %q", line)
	s.URL = strings.TrimSpace(line[i:])
	var more []string
	for _, want := range extra {
		if want == "-embedded-nats" {
			l, err := r.ReadString('\n')
			require.NoError(t, err)
			more = append(more, strings.TrimSpace(l))
		}
	}
	go io.Copy(io.Discard, stdout)
	return s, more
}

// TestE2ERoomAcrossTwoSignalingInstances: two `app serve` instances share
// their rooms through NATS (the first runs it embedded). The host's page
// opens its room on the first; a friend's page opens the link on the
// second, whose signaling the page uses. They play Papas with a bot to the
// end, the friend reloading mid-match and rejoining through the second.
func TestE2ERoomAcrossTwoSignalingInstances(t *testing.T) {
	needBrowser(t)
	const key = "a key both instances share"
	a, lines := startServerArgs(t, "-key", key, "-embedded-nats", "-embedded-nats-addr", "127.0.0.1:0")
	require.Len(t, lines, 1)
	natsURL := strings.TrimPrefix(lines[0], "embedded NATS on ")
	require.True(t, strings.HasPrefix(natsURL, "nats://"), "the embedded NATS server's line: %q", lines[0])
	b, _ := startServerArgs(t, "-key", key, "-nats", natsURL)
	require.NotEqual(t, a.URL, b.URL)

	pages := roomPages(t, 2)
	link := openRoomAsHost(t, pages[0], a.URL, "papas", "Ann")
	require.True(t, strings.HasPrefix(link, a.URL), "the link %q is the first instance's", link)
	other := b.URL + strings.TrimPrefix(link, a.URL)
	begin := time.Now()
	seat := joinRoom(t, pages[1], other, "Bo")
	t.Logf("the friend on the second instance is seated %v after opening the link", time.Since(begin).Round(time.Millisecond))
	must(t, chromedp.Do(pages[0],
		chromedp.SetValue(chromedp.CSS("#filllevel"), "easy"),
		chromedp.Click(chromedp.CSS("#fill-bots"))))
	must(t, waitJS(pages[0], `document.querySelectorAll('.lobby__seat[data-kind="empty"]').length === 0`, loadTimeout))
	must(t, chromedp.Do(pages[0], chromedp.Click(chromedp.CSS("#start-room"))))
	for _, ctx := range pages {
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
	}
	playRoom(t, pages, []int{0, seat}, 1, 8, 10*time.Minute)
	shot(t, pages[1], "room-two-instances-result.png")
}
