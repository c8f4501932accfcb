package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/wire"
)

// The next match at a finished table keeps its seats (a friend's token, a
// bot's level, the host's place), its game and options, and starts a new
// record: no moves, no deal and no draw carried over. A host opens its lobby
// from it, not started.
func TestRematchKeepsTheTableAndStartsANewMatch(t *testing.T) {
	token := strings.Repeat("ab", wire.TokenLen/2)
	for _, tc := range []struct {
		name    string
		game    string
		players int
		options map[string]string
		seats   []rtc.SeatInfo
		host    games.Seat
	}{
		{"a friend and two bots", "mindikot", 4, nil, []rtc.SeatInfo{
			{Kind: rtc.KindHost, Name: "Ana"}, {Kind: rtc.KindPlayer, Name: "Bo", Token: token},
			{Kind: rtc.KindBot, Bot: "easy"}, {Kind: rtc.KindBot, Bot: "hard"}}, 0},
		{"the host in another seat, an option kept", "eatreds", 2, map[string]string{"capturedFaceUp": "on"}, []rtc.SeatInfo{
			{Kind: rtc.KindPlayer, Name: "Bo", Token: token}, {Kind: rtc.KindHost, Name: "Ana"}}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := record.New(tc.game, games.Config{Players: tc.players, Options: tc.options, Seed: 1})
			old.Actions = append(old.Actions, record.Step{Seat: 0, Act: "play 2C"})
			old.Fair = &record.Fair{Room: "AbCdEfGhIjKlMnOp"}
			finished := &rtc.Journal{V: 1, Record: old, HostSeat: tc.host, Seats: tc.seats, Started: true}

			next := rematchJournal(finished, 99)
			assert.Equal(t, tc.seats, next.Seats, "the same seats")
			assert.Equal(t, tc.host, next.HostSeat)
			assert.False(t, next.Started, "the lobby, not a match under way")
			assert.Equal(t, tc.game, next.Record.Game)
			assert.Equal(t, tc.players, next.Record.Players)
			assert.Equal(t, tc.options, next.Record.Options, "the same options")
			assert.Empty(t, next.Record.Actions)
			assert.Nil(t, next.Record.Fair, "a new draw")
			assert.Nil(t, next.Record.Deals)
			assert.Equal(t, uint64(99), next.Record.Seed)
			next.Seats[0].Name = "changed"
			assert.NotEqual(t, "changed", finished.Seats[0].Name, "the finished journal is left as it was")
			next.Seats[0].Name = tc.seats[0].Name

			g, ok := lookupGame(tc.game)
			require.True(t, ok)
			name := tc.seats[tc.host].Name
			h, err := rtc.NewHost(rtc.HostConfig{Game: g, Record: next.Record, Seat: next.HostSeat, Name: name, Seats: next.Seats, Started: next.Started})
			require.NoError(t, err)
			defer h.Close()
			assert.False(t, h.Started())
			seats := h.Seats()
			require.Len(t, seats, tc.players)
			for i, s := range tc.seats {
				assert.Equal(t, s.Kind, seats[i].Kind, "seat %d", i)
			}
		})
	}
}
