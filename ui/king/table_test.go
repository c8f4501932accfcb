package king

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
	"cardtable/games/king"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

func kingDeal(t *testing.T) games.State {
	t.Helper()
	first := 2
	s, err := king.Game{}.New(games.Config{Players: 4, Seed: 1, Deals: []games.Deal{{First: &first, Hands: [][]string{
		{"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"},
		{"7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"},
		{"7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"},
		{"7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"},
	}}}})
	require.NoError(t, err)
	return s
}

func TestKingTableReadsTheView(t *testing.T) {
	s := kingDeal(t)
	gamestest.MustAct(t, s, "2:play 7H")
	m := uitest.Read(t, UI, s.View(0)).Model(nil, uitest.FourNames())
	assert.Equal(t, []string{"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"}, m.Hand)
	require.Len(t, m.Seats, 4)
	assert.True(t, m.Seats[3].Turn, "East plays after North")
	assert.True(t, m.Seats[2].Leader, "North led the trick")
	assert.Equal(t, 7, m.Seats[2].Cards)
	assert.Equal(t, "top", m.Seats[2].Position)
	assert.Contains(t, m.Stats, uitest.Stat("Contract", "No tricks"))
	html, _ := uitest.RenderCentre(m, uitest.FourNames(), nil, "", "", "")
	assert.Contains(t, html, `data-card="7H"`)
	assert.Contains(t, html, "trick__slot--top", "North's card lands from North's side")
}

func TestKingNewsTellsTheNewRound(t *testing.T) {
	in := uitest.ForGame(uitest.FourNames(), UI)
	prev := kingView{&king.View{Round: 4, Contract: "noking"}}
	cur := kingView{&king.View{Round: 5, Contract: "collecting", ChoosingTrump: true, FirstLeader: 2}}
	assert.Equal(t, "Round 5: Collecting tricks. North names the trump.", cur.News(nil, prev, in))
	assert.Equal(t, "", prev.News(nil, prev, in))
	assert.Equal(t, "", cur.News(nil, nil, in), "nothing to compare with")
}

func TestKingHistoryNamesTheRounds(t *testing.T) {
	v := kingView{&king.View{History: []king.RoundSummary{
		{Contract: "nohearts", Scores: []int{-2, 0, -4, -2}},
		{Contract: "collecting", Trump: "H", Scores: []int{3, 1, 2, 2}},
	}}}
	assert.Equal(t, []ui.HistoryRow{{Label: "No hearts", Scores: []int{-2, 0, -4, -2}}, {Label: "Collecting tricks (♥ hearts)", Scores: []int{3, 1, 2, 2}}}, v.History(nil))
}
