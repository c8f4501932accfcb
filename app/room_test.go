package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games"
	"cardtable/rtc"
	"cardtable/rtc/pion"
)

func TestRoomNamesSayWhoSitsWhere(t *testing.T) {
	seats := []rtc.SeatStatus{
		{Seat: 0, Kind: rtc.KindHost, Name: "Ann", Connected: true},
		{Seat: 1, Kind: rtc.KindPlayer, Name: "Bo"},
		{Seat: 2, Kind: rtc.KindBot, Bot: "hard", BotPlays: true},
		{Seat: 3, Kind: rtc.KindEmpty},
		{Seat: 4, Kind: rtc.KindPlayer},
	}
	assert.Equal(t, []string{"Ann", "You", "Bot 3", "Empty seat", "Player 5"}, roomNames(nil, seats, 1))
	assert.Equal(t, []string{"Ann", "Bo", "Bot 3", "Empty seat", "Player 5"}, roomNames(nil, seats, games.Observer))
}

func TestSeatStatusTellsConnectedAwayAndStandIn(t *testing.T) {
	cases := []struct {
		name string
		seat rtc.SeatStatus
		want string
	}{
		{"a connected player", rtc.SeatStatus{Kind: rtc.KindPlayer, Connected: true}, "● connected"},
		{"the host", rtc.SeatStatus{Kind: rtc.KindHost, Connected: true}, "● connected"},
		{"away in the grace", rtc.SeatStatus{Kind: rtc.KindPlayer, GraceMs: 9200}, "○ away: a bot takes over in 10 s"},
		{"away, a bot plays", rtc.SeatStatus{Kind: rtc.KindPlayer, BotPlays: true, Bot: "normal", AwayMs: 21000}, "○ away 21 s: a normal bot plays"},
		{"a bot seat", rtc.SeatStatus{Kind: rtc.KindBot, Bot: "easy", BotPlays: true}, ""},
		{"an empty seat", rtc.SeatStatus{Kind: rtc.KindEmpty}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, seatStatus(nil, c.seat)) })
	}
}

func TestRoomPathIsTheLinkWithoutOrigin(t *testing.T) {
	assert.Equal(t, "/play?room=AbCdEfGhIjKlMnOp", roomPath("AbCdEfGhIjKlMnOp"))
	_, code, err := pion.ParseRoomLink("https://cards.example" + roomPath("AbCdEfGhIjKlMnOp"))
	assert.NoError(t, err)
	assert.Equal(t, "AbCdEfGhIjKlMnOp", code)
}
