package main

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/sortcoop"
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

// TestCoopRevealStaysWithAContinueButton: once done, the table shows the
// board face up, each card said in words (in order or out of place), the
// sentence of the result and a Continue button; it asks the page to stay.
func TestCoopRevealStaysWithAContinueButton(t *testing.T) {
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, gameUI("sortcoop"))
	k := doneBoard(false, "1H", "5S", "2H", "3H")
	m := k.Model(in)
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
	page := app.HTMLString(sortcoopReveal(k, false))
	assert.NotContains(t, page, "sortcoop-continue")
	assert.NotContains(t, page, "Together you sorted")
	assert.Contains(t, page, "2: the 5 of spades, out of place")
}

// TestCoopRevealOfAWonMatch reads the finished view of a sorted match.
func TestCoopRevealOfAWonMatch(t *testing.T) {
	s := sortedMatch(t)
	k, ok := uitest.Read(t, gameUI("sortcoop"), s.View(games.Seat(0))).(sortcoopView)
	require.True(t, ok)
	in, on := k.Sorted()
	assert.Equal(t, 14, in)
	assert.Equal(t, 14, on)
	assert.Contains(t, app.HTMLString(sortcoopReveal(k, true)), "Together you sorted 14 of 14 — you win!")
	assert.Equal(t, "Together you sorted 14 of 14 — you win!", k.News(sortcoopView{&sortcoop.View{Phase: "swap", PickRounds: k.v.PickRounds, Picked: k.v.Picked}}, uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, gameUI("sortcoop"))))
}
