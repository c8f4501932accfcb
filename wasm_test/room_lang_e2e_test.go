//go:build !js

package wasmtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
)

// TestE2ERoomSpeaksEveryLanguage opens a King room in every language the
// app speaks, a friend joining from its link: the new-game page's line
// under "Play with friends" follows the No dealer box, the host's lobby (its Copy
// button included), the friend's lobby and both tables leave no English,
// the friend's lobby names the host and the game from the first render, and
// each table's own badge calls its player "you" in the language.
// Neither lobby is wider than the phone. Screenshots of the Russian lobbies
// and tables at 360×640 go to the test output.
func TestE2ERoomSpeaksEveryLanguage(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, l := range msg.Languages[1:] {
		tag := l.Tag
		t.Run(tag, func(t *testing.T) {
			c, err := msg.Load(tag)
			require.NoError(t, err)
			pages := roomPages(t, 2)
			host, friend := pages[0], pages[1]
			for _, ctx := range pages {
				must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
			}
			openHome(t, host, srv.URL)
			speak(t, host, srv.URL, tag)
			openPage(t, host, "/new?game=king", "#newgame #host")
			setInput(t, host, "#host-name", "Ana")
			// The line under "Play with friends" says what the host's page
			// knows: every hand, unless No dealer is ticked.
			says := func(key string) string {
				return `document.querySelector('#host-help').innerText === ` + jsString(c.T(key))
			}
			const everyHand, noHand = "Open a room with these options and share its link: friends take seats, bots fill the rest. Your page runs the game.",
				"Open a room with these options and share its link: friends take seats, bots fill the rest. Your page runs the table and the bots, but never sees a friend's hand."
			assert.True(t, eval[bool](t, host, says(everyHand)), "the host's page runs the game, in %s", tag)
			eval[bool](t, host, `(document.querySelector('#no-dealer').click(), true)`)
			assert.NoError(t, waitJS(host, says(noHand), loadTimeout), "with No dealer, the host's page sees no friend's hand, in %s", tag)
			eval[bool](t, host, `(document.querySelector('#no-dealer').click(), true)`)
			must(t, waitJS(host, says(everyHand), loadTimeout))
			eval[bool](t, host, `(document.querySelector('#host').scrollIntoView({block: "center"}), true)`)
			must(t, chromedp.Do(host, chromedp.Click(chromedp.CSS("#host"), chromedp.NodeVisible)))
			must(t, waitJS(host, `!!document.querySelector('#room[data-state="lobby"]') && (document.querySelector('#room-link')||{}).value > ""`, loadTimeout))
			link := eval[string](t, host, `document.querySelector('#room-link').value`)
			assert.Equal(t, c.T("Copy"), eval[string](t, host, `document.querySelector('#copy-link').innerText`))
			assert.Empty(t, englishLeft(t, host, c), "English left in the host's lobby in %s", tag)

			// The friend's page speaks the language before it opens the link.
			must(t, chromedp.Do(friend, chromedp.Navigate(link[:strings.Index(link, "/play")]+"/settings")))
			speak(t, friend, srv.URL, tag)
			must(t, chromedp.Do(friend, chromedp.Navigate(link)))
			must(t, waitJS(friend, `!!document.querySelector('#join-room')`, loadTimeout))
			invited := c.T("%[1]s invites you to a game of %[2]s.", "Ana", c.T("The King"))
			assert.Equal(t, invited, eval[string](t, friend, `document.querySelector('#link-invite').innerText`))
			setInput(t, friend, "#name", "Bo")
			must(t, chromedp.Do(friend, chromedp.Click(chromedp.CSS("#join-room"))))
			// From the lobby's first render on, it names the host.
			must(t, waitJS(friend, `!!document.querySelector('#lobby-invite')`, loadTimeout))
			assert.Equal(t, invited, eval[string](t, friend, `document.querySelector('#lobby-invite').innerText`))
			must(t, waitJS(friend, `!!document.querySelector('#room[data-state="lobby"]') && +document.querySelector('#room').dataset.seat >= 0`, loadTimeout))
			assert.Empty(t, englishLeft(t, friend, c), "English left in the friend's lobby in %s", tag)
			for i, ctx := range pages {
				assert.LessOrEqual(t, checkPage(t, ctx).OverflowX, 0, "the lobby on page %d in %s is wider than the screen", i, tag)
			}
			if tag == "ru" {
				fullShot(t, host, "room-ru-lobby-host-360x640.png")
				fullShot(t, friend, "room-ru-lobby-friend-360x640.png")
			}

			must(t, waitJS(host, `!!document.querySelector('#fill-bots')`, loadTimeout))
			eval[bool](t, host, `(document.querySelector('#fill-bots').click(), true)`)
			must(t, waitJS(host, `!!document.querySelector('#start-room') && !document.querySelector('#start-room').disabled`, loadTimeout))
			eval[bool](t, host, `(document.querySelector('#start-room').click(), true)`)
			for i, ctx := range pages {
				must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"][data-room="true"]')`, loadTimeout))
				waitOwnTurn(ctx)
				checkFit(t, ctx, fmt.Sprintf("a King room's table, page %d, in %s", i, tag), fmt.Sprintf("room-%s-table-%d", tag, i), 360, 640, tag == "ru")
				assert.Empty(t, englishLeft(t, ctx, c), "English left at the room's table, page %d, in %s", i, tag)
				assert.Contains(t, eval[string](t, ctx, `document.querySelector('#table .table__me').innerText`), c.T("You"),
					"the player's own badge, page %d, in %s", i, tag)
			}
		})
	}
}
