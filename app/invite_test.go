package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/rtc"
)

// A joiner's lobby names the host and the game, from the seats the host's
// welcome announced; without a host's name it still names the game.
func TestInviteNamesTheHostAndTheGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats []rtc.SeatStatus
		want  string
	}{
		{"the host named", []rtc.SeatStatus{{Kind: rtc.KindHost, Name: "Ana"}, {Kind: rtc.KindPlayer, Name: "Bo"}, {Kind: rtc.KindEmpty}},
			"Ana invites you to a game of Mindikot."},
		{"the host in another seat", []rtc.SeatStatus{{Kind: rtc.KindPlayer, Name: "Bo"}, {Kind: rtc.KindHost, Name: "Cy"}},
			"Cy invites you to a game of Mindikot."},
		{"a host without a name", []rtc.SeatStatus{{Kind: rtc.KindHost}, {Kind: rtc.KindPlayer, Name: "Bo"}},
			"You are invited to a game of Mindikot."},
		{"no seats yet", nil, "You are invited to a game of Mindikot."},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, inviteWords(tc.seats, "Mindikot")) })
	}
}
