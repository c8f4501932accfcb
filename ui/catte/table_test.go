package catte

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games"
	"cardtable/games/catte"
	"cardtable/rtc"
	"cardtable/ui/uitest"
)

func TestCatteTableShowsFoldsFaceDownAndChips(t *testing.T) {
	v := &catte.View{
		Round: 1, Pot: 4, Trick: 2, Dealer: 3, Turn: 2, Leader: 0,
		Chips: []int{19, 19, 19, 19}, TricksWon: []int{1, 0, 0, 0},
		HandSizes: []int{5, 5, 5, 4}, Status: []string{"active", "active", "active", "folded"},
		Plays: []catte.PlayView{{Seat: 0, Kind: "up", Card: "9S"}, {Seat: 1, Kind: "fold"}},
		Hand:  []string{"7C", "KD"},
	}
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	m.Say = in.Say
	assert.Contains(t, m.Stats, uitest.Stat("Pot", "4 chips"))
	assert.Contains(t, m.Stats, uitest.Stat("Dealer", "East"))
	assert.Equal(t, "19 chips · threw in the hand", m.Seats[3].Extra)
	assert.True(t, m.Seats[2].Turn)
	assert.Equal(t, 1, m.Seats[0].Tricks)
	html, _ := uitest.RenderCentre(m, in, nil, "", "", "")
	assert.Contains(t, html, "card--back", "West's fold lies face down")
	fold := rtc.Move{Text: "fold 7C", Desc: games.Description{Kind: "fold", Cards: []string{"7C"}}}
	claim := rtc.Move{Text: "claim", Desc: games.Description{Kind: "claim", Cards: []string{"7C", "KD"}}}
	assert.Equal(t, "7C", m.CardOf(fold), "a fold is the card's own move")
	assert.Equal(t, "", m.CardOf(claim), "a claim shows the hand but is a button")
	assert.Equal(t, "Fold the 7 of clubs face down", m.Choice(nil, fold).Say)
}

func TestCatteNewsTellsTheRoundsWinner(t *testing.T) {
	in := uitest.ForGame(uitest.FourNames(), UI)
	prev := catteView{&catte.View{Round: 1}}
	cur := catteView{&catte.View{Round: 2, LastRound: &catte.RoundView{Round: 1, Winner: 2, How: "sweep", Pot: 8, Bonus: 3}}}
	assert.Equal(t, "North wins round 1 by a sweep: a pot of 11 chips.", cur.News(nil, prev, in))
}
