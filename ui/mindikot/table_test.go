package mindikot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/mindikot"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// TestMindikotHiddenCardStepSaysWhatItIs: with the hidden trump chosen by
// its owner, the first leader is asked to set a card aside: the table says
// what the hidden card is for; the other seats are not asked.
func TestMindikotHiddenCardStepSaysWhatItIs(t *testing.T) {
	s, err := mindikot.Game{}.New(games.Config{Players: 4, Seed: 7, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"}})
	require.NoError(t, err)
	actors := s.Actors(nil)
	require.Len(t, actors, 1)
	owner := actors[0]
	for seat := range games.Seat(4) {
		names := make([]string, 4)
		for i := range names {
			names[i] = ui.SeatName(nil, (i-int(seat)+4)%4, 4)
		}
		in := ui.Input{Players: 4, Me: int(seat), Names: names, Say: ui.NewWords(UI, names, seat)}
		m := uitest.Read(t, UI, s.View(seat)).Model(nil, in)
		legal := uitest.MovesOf(s, seat)
		html, _ := uitest.RenderCentre(m, in, legal, "", "", "")
		if seat != owner {
			assert.NotContains(t, html, "hidden-step", "seat %d", seat)
			continue
		}
		require.NotEmpty(t, legal)
		for _, mv := range legal {
			assert.Equal(t, "hide", mv.Desc.Kind)
			assert.NotEmpty(t, m.CardOf(mv), "a hidden card is picked from the hand")
		}
		assert.Contains(t, html, "Choose your hidden card.")
		assert.Contains(t, html, "its suit is the trump, known only to you")
		assert.Contains(t, html, "it comes back to your hand")
		assert.NotRegexp(t, uitest.Notation, uitest.Readable(html))
	}
}

// TestMindikotRevealStepSaysBothChoices: a player who cannot follow suit
// before the trump is known is told what revealing and passing do.
func TestMindikotRevealStepSaysBothChoices(t *testing.T) {
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, &mindikot.View{Players: 4, Mode: "HIDDEN", Phase: "play", Turn: 0, Leader: 1, HiddenOwner: 2, HiddenState: "aside",
		Trick: []mindikot.Play{{Seat: 1, Card: "5S"}}, Hand: []string{"KH", "4D"}, HandSizes: []int{2, 1, 1, 1}}).Model(nil, in)
	legal := []rtc.Move{{Text: "reveal", Desc: games.Description{Kind: "reveal"}}, {Text: "pass", Desc: games.Description{Kind: "pass"}}}
	html, _ := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.Contains(t, html, "You cannot follow the suit led.")
	assert.Contains(t, html, "Reveal the hidden trump")
	assert.Contains(t, html, "it will never count as a trump")
}

func TestMindikotTableShowsTeamsTrickAndTens(t *testing.T) {
	v := &mindikot.View{
		Round: 2, Mode: "CUT", Trump: "S", Turn: 3, Leader: 1,
		Tens: []int{2, 1}, Tricks: []int{5, 4}, Points: []int{1, 3}, Target: 7,
		HandSizes: []int{4, 3, 3, 4}, Voids: []string{"", "CH", "", ""},
		Hand:  []string{"7H", "10S"},
		Trick: []mindikot.Play{{Seat: 1, Card: "QD"}, {Seat: 2, Card: "AD"}},
	}
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	assert.Contains(t, m.Stats, uitest.Stat("Trump", "♠ spades"))
	assert.Contains(t, m.Stats, uitest.Stat("Tens (us – them)", "2 – 1"))
	assert.Contains(t, m.Stats, uitest.Stat("Points", "1 – 3 (to 7)"))
	assert.Equal(t, 0, m.Seats[2].Team, "partners share a colour")
	assert.Equal(t, 1, m.Seats[1].Team)
	assert.Equal(t, "void ♣♥", m.Seats[1].Extra)
	assert.True(t, m.Seats[3].Turn)
	assert.True(t, m.Seats[1].Leader)
	assert.Equal(t, []string{"7H", "10S"}, m.Hand)
	west := in
	west.Me = 1
	assert.Contains(t, uitest.Read(t, UI, v).Model(nil, west).Stats, uitest.Stat("Tens (us – them)", "1 – 2"), "us is the reader's team")
	prev := mindikotView{&mindikot.View{Round: 2}}
	assert.Equal(t, "Trumps are ♠ spades.", mindikotView{v}.News(nil, prev, in))
}
