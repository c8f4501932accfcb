package sortcoop

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/sortcoop"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// doneBoard is a finished board of the cards codes, left to right ("" for
// the empty slot).
func doneBoard(won bool, codes ...string) sortcoopView {
	v := &sortcoop.View{Phase: "done", Done: true, Won: won, First: 0, Turn: -1}
	for i, c := range codes {
		if c != "" {
			v.Slots[i] = sortcoop.Slot{Filled: true, Owner: i % 2, Card: c}
		} else {
			v.Slots[i].Owner = -1
		}
	}
	return sortcoopView{v}
}

// TestCoopCountsTheCardsInOrder: the count is the most cards that read in
// the global order (hearts, spades, diamonds, clubs) left to right.
func TestCoopCountsTheCardsInOrder(t *testing.T) {
	for _, c := range []struct {
		name  string
		board sortcoopView
		in    int
		off   []bool
	}{
		{"sorted, the gap skipped", doneBoard(true, "1H", "2H", "", "9H", "1S", "3D"), 5, []bool{true, true, true, true, true}},
		{"one card out of place", doneBoard(false, "1H", "5S", "2H", "3H"), 3, []bool{true, false, true, true}},
		{"suits in the game's order", doneBoard(false, "1C", "1D", "1S", "1H"), 1, nil},
		{"reversed", doneBoard(false, "4H", "3H", "2H", "1H"), 1, nil},
	} {
		in, on := c.board.Sorted()
		assert.Equal(t, c.in, in, c.name)
		assert.Equal(t, len(c.board.inOrder()), on, c.name)
		if c.off != nil {
			assert.Equal(t, c.off, c.board.inOrder(), c.name)
		}
	}
}

// The result page asks the game's UI for the headline of a counted board,
// which no other game has.
func TestCoopVerdictIsTheResultsHeadline(t *testing.T) {
	in, on := doneBoard(false, "1H", "5S", "2H", "3H").Sorted()
	assert.Equal(t, "Together you sorted 3 of 4 — you lose.", UI.VerdictOf(nil, in, on, false))
	assert.Equal(t, "Together you sorted 4 of 4 — you win!", UI.VerdictOf(nil, 4, 4, true))
	assert.Empty(t, UI.VerdictOf(nil, 0, 0, true), "no board counted")
	assert.Empty(t, ui.Game{ID: "king"}.VerdictOf(nil, 3, 4, true), "a game without a verdict")
}

// TestCoopRevealStaysWithAContinueButton: once done, the table shows the
// board face up, each card said in words (in order or out of place), the
// sentence of the result and a Continue button; it asks the page to stay.
func TestCoopRevealStaysWithAContinueButton(t *testing.T) {
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, UI)
	k := doneBoard(false, "1H", "5S", "2H", "3H")
	m := k.Model(nil, in)
	assert.True(t, m.Stay, "the reveal stays until the player moves on")
	html, _ := uitest.RenderCentre(m, in, nil, "", "", "")
	assert.Contains(t, html, `id="sortcoop-continue"`)
	assert.Contains(t, html, "Continue")
	assert.Contains(t, html, "Together you sorted 3 of 4 — you lose.")
	assert.Contains(t, html, "2: the 5 of spades, out of place")
	assert.Contains(t, html, "1: the 1 of hearts, in order")
	assert.Equal(t, 4, strings.Count(html, `class="reveal__card`), "one item per card, played one after another")
	assert.NotRegexp(t, uitest.Notation, uitest.Readable(html))
	assert.NotContains(t, html, "Nobody")

	// The result page shows the same board without the button; its
	// headline says the sentence.
	page := app.HTMLString(sortcoopReveal(nil, k, false))
	assert.NotContains(t, page, "sortcoop-continue")
	assert.NotContains(t, page, "Together you sorted")
	assert.Contains(t, page, "2: the 5 of spades, out of place")
}

// TestCoopRevealOfAWonMatch reads the finished view of a sorted match.
func TestCoopRevealOfAWonMatch(t *testing.T) {
	s := uitest.SortedMatch(t)
	k, ok := uitest.Read(t, UI, s.View(games.Seat(0))).(sortcoopView)
	require.True(t, ok)
	in, on := k.Sorted()
	assert.Equal(t, 14, in)
	assert.Equal(t, 14, on)
	assert.Contains(t, app.HTMLString(sortcoopReveal(nil, k, true)), "Together you sorted 14 of 14 — you win!")
	assert.Equal(t, "Together you sorted 14 of 14 — you win!", k.News(nil, sortcoopView{&sortcoop.View{Phase: "swap", PickRounds: k.v.PickRounds, Picked: k.v.Picked}}, uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, UI)))
}

func TestSortcoopSwapsAreDrawnAsArrows(t *testing.T) {
	v := &sortcoop.View{Phase: "swap", First: 1, Turn: 0,
		Swaps:   []sortcoop.Proposal{{By: 1, A: 2, B: 9}, {By: 0, A: 4, B: 5}},
		Pending: &sortcoop.Proposal{By: 0, A: 11, B: 14}}
	for i := range v.Slots {
		v.Slots[i] = sortcoop.Slot{Filled: true, Owner: i % 2}
	}
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	propose := rtc.Move{Text: "propose 1 2", Desc: games.Description{Kind: "propose", Targets: []string{"1", "2"}}}
	done := rtc.Move{Text: "done", Desc: games.Description{Kind: "done"}}
	html, consumed := uitest.RenderCentre(m, in, []rtc.Move{done, propose}, "", "", "")
	assert.True(t, consumed["propose 1 2"], "proposals are made on the board")
	assert.False(t, consumed["done"])
	for _, layout := range []string{"arrows--wide", "arrows--narrow"} {
		assert.Contains(t, html, layout)
	}
	assert.Equal(t, 2, strings.Count(html, `data-swap="2-9"`), "one arrow in each layout")
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--team1"`), "coloured by who proposed")
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--pending"`), "the open proposal is dashed")
	assert.Contains(t, html, "Bot 1: slot 2 ⇄ slot 9", "the swaps in words for screen readers")
	assert.Contains(t, html, "2 swaps made")
	html, _ = uitest.RenderCentre(m, in, []rtc.Move{done, propose}, "", "1", "")
	assert.Equal(t, []string{"propose 1 2"}, uitest.DataActions(html), "slot 1 picked: slot 2 proposes the swap")
	assert.Contains(t, uitest.Readable(html), "Propose to swap slots 1 and 2")
}

func TestSortcoopPlacesComeFromTheDescriptions(t *testing.T) {
	v := &sortcoop.View{Phase: "place", First: 0, Turn: 0, Hand: []string{"7H", "2S"}}
	v.Slots[0] = sortcoop.Slot{Filled: true, Owner: 1}
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	var legal []rtc.Move
	for _, slot := range []string{"2", "3"} {
		for _, c := range v.Hand {
			legal = append(legal, rtc.Move{Text: "place " + c + " " + slot, Desc: games.Description{Kind: "place", Cards: []string{c}, Targets: []string{slot}}})
		}
	}
	assert.Equal(t, "7H", m.CardOf(legal[0]))
	html, _ := uitest.RenderCentre(m, in, legal, "7H", "", "")
	assert.Equal(t, []string{"place 7H 2", "place 7H 3"}, uitest.DataActions(html))
	assert.Contains(t, uitest.Readable(html), "Place the 7 of hearts on slot 2")
	assert.Contains(t, html, "Pick an empty slot for the 7 of hearts.")
}

func TestSortcoopNewsTellsThePartnersPickWhenMineCompletesTheRound(t *testing.T) {
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, UI)
	waiting := sortcoopView{&sortcoop.View{Phase: "prefer", First: -1, Picked: [2]bool{false, true}}}
	shown := sortcoopView{&sortcoop.View{Phase: "place", First: 0, Turn: 0, PickRounds: [][2]string{{"want", "dont"}}}}
	assert.Equal(t, "Revealed: Bot 1 would rather not go first. You place first.", shown.News(nil, waiting, in))
	botLast := sortcoopView{&sortcoop.View{Phase: "prefer", First: -1, Picked: [2]bool{true, false}}}
	assert.Equal(t, "You place first.", shown.News(nil, botLast, in), "the bot's pick is told by its action")
	done := sortcoopView{&sortcoop.View{Phase: "done", Done: true, Won: true}}
	assert.Equal(t, "Together you sorted 0 of 0 — you win!", done.News(nil, shown, in))
}
