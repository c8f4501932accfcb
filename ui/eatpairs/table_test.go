package eatpairs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/eatpairs"
	"cardtable/rtc"
	"cardtable/ui/uitest"
)

func TestEatPairsTableShowsStockLastCardAndPairs(t *testing.T) {
	v := &eatpairs.View{
		Players: 3, Round: 0, Rounds: 3, Dealer: 1, Lead: 2, Turn: 0, Phase: "draw",
		Hand: []string{"3C", "8D"}, HandSizes: []int{2, 5, 4},
		Laid:  [][]string{{"7C", "QC", "7H", "QS"}, {}, {"2D", "2S"}},
		Waste: []string{"5S", "JH"}, Stock: 20,
		Last:   &eatpairs.Exposure{Seat: 2, From: "stock", Card: "JH", PairedBy: -1},
		Points: []int{0, 1, 0}, History: [][]games.Seat{},
	}
	in := uitest.ForGame(uitest.ThreeNames(), UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	require.Len(t, m.Seats, 3)
	assert.True(t, m.Seats[0].Turn)
	assert.True(t, m.Seats[2].Leader, "the lead player")
	assert.Equal(t, 1, *m.Seats[1].Score)
	assert.Contains(t, m.Stats, uitest.Stat("Round", "1 / 3"))
	draw := rtc.Move{Text: "draw", Desc: games.Description{Kind: "draw", Hidden: 1}}
	html, consumed := uitest.RenderCentre(m, in, []rtc.Move{draw}, "", "", "")
	assert.Equal(t, []string{"draw"}, uitest.DataActions(html), "the stock draws")
	assert.True(t, consumed["draw"], "no draw button besides the stock")
	assert.Contains(t, html, "East draws the jack of hearts: nobody pairs it.")
	assert.Contains(t, html, "2 pairs")
	assert.Contains(t, html, "Dead cards (2)")
	html, consumed = uitest.RenderCentre(m, in, nil, "", "", "")
	assert.Empty(t, uitest.DataActions(html), "not our turn: the stock is not a button")
	assert.Empty(t, consumed)
	assert.Equal(t, []string{"7C", "7H", "QC", "QS"}, byRank([]string{"7C", "QC", "7H", "QS"}), "pairs lie together")
}

func TestEatPairsNewsNamesWhoWinsTheRound(t *testing.T) {
	in := uitest.ForGame(uitest.ThreeNames(), UI)
	none := eatpairsView{&eatpairs.View{History: [][]games.Seat{}}}
	won := eatpairsView{&eatpairs.View{History: [][]games.Seat{{2}}}}
	assert.Equal(t, "East wins round 1.", won.News(nil, none, in))
	drawn := eatpairsView{&eatpairs.View{History: [][]games.Seat{{2}, {}}}}
	assert.Equal(t, "Round 2: nobody wins.", drawn.News(nil, won, in))
	shared := eatpairsView{&eatpairs.View{History: [][]games.Seat{{2}, {}, {0, 1}}}}
	assert.Equal(t, "West and you win round 3.", shared.News(nil, drawn, in))
}
