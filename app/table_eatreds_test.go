package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games/eatreds"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// TestEatRedsTellsEveryTurnSinceYours: the table tells each turn since the
// player's own last one, whole (the hand card and the stock card), from the
// views it was shown one after another; a new deal starts afresh, and a
// table just opened tells the last turn alone.
func TestEatRedsTellsEveryTurnSinceYours(t *testing.T) {
	in := uitest.ForGame(uitest.ThreeNames(), gameUI("eatreds"))
	mine := []eatreds.Event{{Seat: 0, From: "hand", Card: "8C"}, {Seat: 0, From: "stock", Card: "4C"}}
	east := []eatreds.Event{{Seat: 2, From: "hand", Card: "QD", Took: []string{"QS"}}, {Seat: 2, From: "stock", Card: "3H", Took: []string{"7C"}}}
	west := []eatreds.Event{{Seat: 1, From: "hand", Card: "5D"}, {Seat: 1, From: "stock", Card: "2S"}}
	// A view between turns: the next seat (after the last turn's) to play.
	view := func(deal int, last []eatreds.Event) *eatreds.View {
		turn := 0
		if len(last) > 0 {
			turn = (int(last[0].Seat) + 1) % 3
		}
		return &eatreds.View{Deal: deal, LastTurn: last, Turn: ui.SeatAt(turn)}
	}
	eastSaid := ui.Told{Line: "East: Q♦ takes Q♠ · stock 3♥ takes 7♣", Said: "East takes the queen of spades with the queen of diamonds. East's stock card, the 3 of hearts, takes the 7 of clubs."}
	westSaid := ui.Told{Line: "West: 5♦ laid · stock 2♠ laid", Said: "West lays the 5 of diamonds on the layout. The 2 of spades from the stock joins the layout."}
	for _, tc := range []struct {
		name  string
		views []*eatreds.View
		want  []ui.Told
	}{
		{"a table just opened tells the last turn", []*eatreds.View{view(0, west)}, []ui.Told{westSaid}},
		{"the player's own turn is not told back", []*eatreds.View{view(0, mine)}, nil},
		{"each turn since the player's", []*eatreds.View{view(0, mine), view(0, west), view(0, west), view(0, east)}, []ui.Told{westSaid, eastSaid}},
		{"the player's turn starts the list again", []*eatreds.View{view(0, west), view(0, mine), view(0, east)}, []ui.Told{eastSaid}},
		{"a new deal starts afresh", []*eatreds.View{view(0, west), view(0, east), view(1, nil), view(1, west)}, []ui.Told{westSaid}},
		{"a turn just finished while the next has not begun", []*eatreds.View{view(0, mine), {LastTurn: west, ThisTurn: east, Turn: 0}}, []ui.Told{westSaid, eastSaid}},
		{"a turn in progress is not told yet", []*eatreds.View{view(0, mine), {LastTurn: mine, ThisTurn: west[:1], Turn: 1}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var prev ui.View
			var cur eatredsView
			for _, v := range tc.views {
				cur = eatredsView{v: v, seen: &redsSeen{}}
				if prev != nil {
					cur.Carry(prev)
				}
				prev = cur
			}
			assert.Equal(t, tc.want, cur.Model(in).Recent)
		})
	}
}

// TestEatRedsPointsOfEveryPile: a won pile scores its red cards (and the
// ace of spades with the bonus), counted from the cards captured in front
// of the table when the pile lies face down for the viewer.
func TestEatRedsPointsOfEveryPile(t *testing.T) {
	open := 25
	for _, tc := range []struct {
		name     string
		pile     eatreds.Pile
		blackAce bool
		want     int
	}{
		{"an open pile's own points", eatreds.Pile{Open: true, Points: &open, Taken: []string{"AH"}}, false, 25},
		{"a closed pile counted from its cards", eatreds.Pile{Count: 3, Taken: []string{"KH", "10D", "5C"}}, false, 20},
		{"black cards score nothing", eatreds.Pile{Count: 2, Taken: []string{"AS", "9C"}}, false, 0},
		{"the ace of spades with the bonus", eatreds.Pile{Count: 2, Taken: []string{"AS", "9C"}}, true, 30},
		{"an empty pile", eatreds.Pile{}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, redsPoints(tc.pile, tc.blackAce))
		})
	}
}
