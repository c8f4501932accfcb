package main

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/rtc"
)

// A joiner's lobby names the host and the game, from the seats the host's
// welcome announced; without a host's name it still names the game; before
// the seats arrive it says what the link said.
func TestInviteNamesTheHostAndTheGame(t *testing.T) {
	const linked = "Ana invites you to a game of Mindikot."
	for _, tc := range []struct {
		name   string
		seats  []rtc.SeatStatus
		linked string
		want   string
	}{
		{"the host named", []rtc.SeatStatus{{Kind: rtc.KindHost, Name: "Ana"}, {Kind: rtc.KindPlayer, Name: "Bo"}, {Kind: rtc.KindEmpty}},
			"", "Ana invites you to a game of Mindikot."},
		{"the host in another seat", []rtc.SeatStatus{{Kind: rtc.KindPlayer, Name: "Bo"}, {Kind: rtc.KindHost, Name: "Cy"}},
			"", "Cy invites you to a game of Mindikot."},
		{"a host without a name", []rtc.SeatStatus{{Kind: rtc.KindHost}, {Kind: rtc.KindPlayer, Name: "Bo"}},
			"", "You are invited to a game of Mindikot."},
		{"no seats yet", nil, "", "You are invited to a game of Mindikot."},
		{"no seats yet, the link's words", nil, linked, linked},
		{"the seats say otherwise than the link", []rtc.SeatStatus{{Kind: rtc.KindHost, Name: "Cy"}}, linked,
			"Cy invites you to a game of Mindikot."},
		{"a host without a name, whatever the link said", []rtc.SeatStatus{{Kind: rtc.KindHost}}, linked,
			"You are invited to a game of Mindikot."},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, inviteWords(nil, tc.seats, "Mindikot", tc.linked)) })
	}
}

// A room's link names the game and the host, so that the friend's page
// says them before it connects; what a link cannot vouch for is left out.
func TestARoomLinkSaysWhoseTableAndWhichGame(t *testing.T) {
	q := inviteQuery("mindikot", "  Ana\tMaría\n ")
	assert.Equal(t, "&game=mindikot&from=Ana+Mar%C3%ADa", q)
	for _, tc := range []struct {
		name, query, want string
	}{
		{"the game and the host", q[1:], "Ana María invites you to a game of Mindikot."},
		{"the game only", "game=king", "You are invited to a game of The King."},
		{"the host only", "from=Bo", "Bo invites you to their table."},
		{"an unknown game is not named", "game=poker&from=Bo", "Bo invites you to their table."},
		{"an older link", "", "A friend invited you to their table."},
		{"a name with nothing printable", "from=%00%07+", "A friend invited you to their table."},
		{"a long name is cut as the name field cuts it", "from=" + strings.Repeat("x", 40), strings.Repeat("x", 24) + " invites you to their table."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := url.ParseQuery(tc.query)
			assert.NoError(t, err)
			assert.Equal(t, tc.want, linkInviteWords(nil, v))
		})
	}
}
