package papas

import (
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/papas"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// papasWindowOpen deals four hands, West (seat 1) first; West plays a Papa
// 3, so a reaction window opens. The reader (seat 0) holds a No Poh and a
// Te Dije; North (seat 2) holds no interrupt.
func papasWindowOpen(t *testing.T) games.State {
	t.Helper()
	first := 1
	s, err := papas.Game{}.New(games.Config{Players: 4, Seed: 5, Deals: []games.Deal{{First: &first, Hands: [][]string{
		{"nopoh", "tedije", "papa1", "papa2", "papa4"},
		{"papa3", "papa5", "fritas1", "fritas2", "duquesas4"},
		{"papa1", "papa2", "papa4", "fritas3", "duquesas5"},
		{"duquesas1", "duquesas2", "fritas4", "fritas5", "wild"},
	}}}})
	require.NoError(t, err)
	a, err := s.ParseAction("play papa3")
	require.NoError(t, err)
	require.NoError(t, s.Apply(1, a))
	require.Positive(t, s.Deadline(), "a reaction window is open")
	return s
}

// TestPapasWindowOffersTheAnswersOverTheTable: a seat that holds an answer
// sees the window over the table, one button per answer with its card and
// its words, and the time counting down; the status says whose play it is,
// never "Your turn.".
func TestPapasWindowOffersTheAnswersOverTheTable(t *testing.T) {
	s := papasWindowOpen(t)
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	legal := uitest.MovesOf(s, 0)
	require.Len(t, legal, 2, "a No Poh and a Te Dije")
	m.Window, m.WindowLeft = 3*time.Second, 2400*time.Millisecond
	html, consumed := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.Contains(t, html, `id="papas-window"`)
	for _, mv := range legal {
		assert.Contains(t, uitest.DataActions(html), mv.Text)
		assert.True(t, consumed[mv.Text], "%s is answered from the window, not a button below", mv.Text)
		assert.Empty(t, m.CardOf(mv), "%s is not picked from the hand", mv.Text)
	}
	assert.Contains(t, html, "Answer West with a No Poh")
	assert.Contains(t, html, "Answer West with a Te Dije")
	assert.Contains(t, html, `data-card="nopoh"`, "the answer shows its card")
	assert.Contains(t, html, "West plays a Papa 3. Answer it?")
	assert.Contains(t, html, `role="timer"`)
	assert.Contains(t, html, "3 seconds to answer")
	assert.Equal(t, 3, strings.Count(html, `class="papas-window__tick"`), "3, 2, 1")
	assert.Contains(t, html, "animation-delay:0ms;animation-duration:400ms", "the 3 shows for what is left of its second")
	assert.Contains(t, html, "animation-delay:1400ms;animation-duration:1000ms", "the 1 shows during the last second")
	assert.NotRegexp(t, uitest.Notation, uitest.Readable(html))

	m.Legal = legal
	assert.Equal(t, "You may answer West's play.", m.Status(m))
}

// TestPapasWindowIsOnlyForTheSeatsThatHoldAnAnswer: North holds no
// interrupt: no window over its table, and its status says it waits on
// West's play; West, whose play it is, is told that the others may answer.
func TestPapasWindowIsOnlyForTheSeatsThatHoldAnAnswer(t *testing.T) {
	s := papasWindowOpen(t)
	for _, c := range []struct {
		seat   games.Seat
		status string
	}{
		{2, "West's play: waiting for any answer."},
		{1, "Your play: the others may answer it."},
	} {
		names := make([]string, 4)
		for i := range names {
			names[i] = ui.SeatName(nil, (i-int(c.seat)+4)%4, 4)
		}
		in := ui.Input{Players: 4, Me: int(c.seat), Names: names, Say: ui.NewWords(UI, names, c.seat)}
		c.status = strings.ReplaceAll(c.status, "West", names[1])
		m := uitest.Read(t, UI, s.View(c.seat)).Model(nil, in)
		legal := uitest.MovesOf(s, c.seat)
		assert.Empty(t, legal, "seat %d may not answer", c.seat)
		html, _ := uitest.RenderCentre(m, in, legal, "", "", "")
		assert.NotContains(t, html, "papas-window", "seat %d", c.seat)
		m.Legal = legal
		assert.Equal(t, c.status, m.Status(m), "seat %d", c.seat)
	}
}

// TestPapasStatusIsThePagesOutsideAWindow: on a turn, the page's own status
// stands.
func TestPapasStatusIsThePagesOutsideAWindow(t *testing.T) {
	s := papasWindowOpen(t)
	a, err := s.ParseAction("timeout")
	require.NoError(t, err)
	require.NoError(t, s.Apply(games.System, a))
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	m.Legal = uitest.MovesOf(s, 0)
	assert.Empty(t, m.Status(m))
}

func TestPapasTableShowsGoldenPotatoesAndTheChainInWords(t *testing.T) {
	v := &papas.View{
		Turn: 3, Target: 6, Deck: 40, Phase: "window", Active: 1,
		HandCounts: []int{5, 4, 5, 5}, GP: []int{0, 2, 1, 0},
		Hand: []string{"papa3", "wild"}, Discard: []string{"fritas5"},
		Window: &papas.Window{ID: 2, Chain: []papas.Play{
			{Seat: 1, Act: "play robo 0", Cards: []string{"robo"}, Target: 0},
			{Seat: 0, Act: "interrupt nopoh", Cards: []string{"nopoh"}, Target: -1},
		}},
	}
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	assert.Equal(t, 2, *m.Seats[1].Score)
	assert.True(t, m.Seats[1].Turn)
	assert.Contains(t, m.Stats, uitest.Stat("Reaction", "anyone may answer"))
	html, _ := uitest.RenderCentre(m, in, nil, "", "", "")
	assert.Contains(t, html, "West plays a Robo de Papa against you.")
	assert.Contains(t, html, "You interrupt with a No Poh.")
	assert.NotContains(t, html, "play robo", "never the notation")
}

// TestAWindowThatWaitsShowsNoCountdown: when the page tells no clock (the
// window waits for a lesson's player, or for the people sharing the phone),
// the window offers its answers without a timer counting down.
func TestAWindowThatWaitsShowsNoCountdown(t *testing.T) {
	s := papasWindowOpen(t)
	in := uitest.ForGame(uitest.FourNames(), UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	legal := uitest.MovesOf(s, 0)
	m.Window, m.WindowLeft = 0, 0
	html, _ := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.Contains(t, html, `id="papas-window"`)
	assert.Contains(t, html, "Answer West with a No Poh")
	assert.NotContains(t, html, `role="timer"`)
	assert.NotContains(t, html, "papas-window__tick")
}

// TestTheDiscardPileIsNeverAnAnswer: a No Poh already on the discard pile is
// a card played earlier, not the reader's answer: with a window open and a
// No Poh among the pile's top cards, the only buttons that answer are the
// window's, and the pile asks the table for no move (the table's own
// BoardAction offers any legal move that names the card it is asked about).
func TestTheDiscardPileIsNeverAnAnswer(t *testing.T) {
	s := papasWindowOpen(t)
	in := uitest.ForGame(uitest.FourNames(), UI)
	v := s.View(0).(papas.View)
	v.Discard = append(v.Discard, "nopoh", "tedije")
	m := uitest.Read(t, UI, &v).Model(nil, in)
	legal := uitest.MovesOf(s, 0)
	require.Len(t, legal, 2)
	html, _ := uitest.RenderCentre(m, in, legal, "", "", "")
	require.Contains(t, html, `data-card="nopoh"`, "the pile shows the No Poh")
	m.Legal, m.Say, m.Consumed = legal, in.Say, map[string]bool{}
	m.Play = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.BoardAction = func(code string) (components.Choice, app.EventHandler) {
		t.Errorf("the discard pile asked for a move on %s", code)
		return components.Choice{}, nil
	}
	html = app.HTMLString(m.Centre(m))
	assert.ElementsMatch(t, []string{legal[0].Text, legal[1].Text}, uitest.DataActions(html), "one button per answer, in the window")
}
