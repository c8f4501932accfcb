package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games"
	"cardtable/games/king"
	"cardtable/games/klondike"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui/uitest"
)

// TestKlondikeHintNeverProposesEndingTheGame: the hint lights the move the
// solver chose and says it; when the solver's best is to end the game, no
// move is lit and the notice says there are no more useful moves (the
// "End the game" button is never proposed while other moves are legal).
func TestKlondikeHintNeverProposesEndingTheGame(t *testing.T) {
	w := newWords("klondike", []string{"You"}, 0)
	legal := uitest.KlondikeLegal()
	cases := map[string]struct {
		move       rtc.Move
		wantHint   string
		wantNotice string
	}{
		"a move is lit and said":      {legal[2], "move t1 f", "Hint: "},
		"a draw is lit and said":      {legal[0], "draw", "Hint: "},
		"ending the game is not lit":  {legal[6], "", "No more useful moves."},
		"nor said as the hint's move": {rtc.Move{Text: "end", Desc: games.Description{Kind: "end", Outcome: "match"}}, "", "No more useful moves."},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			hint, at, notice := hintOf(nil, rtc.Hint{Move: c.move}, 7, w)
			assert.Equal(t, c.wantHint, hint)
			assert.True(t, strings.HasPrefix(notice, c.wantNotice), "%q", notice)
			if hint != "" {
				assert.Equal(t, 7, at)
				assert.Greater(t, len(notice), len(c.wantNotice), "the move is said in words")
			}
		})
	}
}

// TestHintSaysTheReasonAfterTheMove: the heuristic's reason follows the
// move in the player's language; a hint without one says only the move; a
// hint to let a timed window run lights nothing.
func TestHintSaysTheReasonAfterTheMove(t *testing.T) {
	legal := uitest.KlondikeLegal()
	w := newWords("klondike", []string{"You"}, 0)
	hint, _, notice := hintOf(nil, rtc.Hint{Move: legal[0], Reason: klondike.DrawNext}, 3, w)
	assert.Equal(t, "draw", hint)
	assert.Regexp(t, `^Hint: .+\. Nothing better on the table: draw\.$`, notice)

	_, _, bare := hintOf(nil, rtc.Hint{Move: legal[0]}, 3, w)
	assert.Regexp(t, `^Hint: [^.]+\.$`, bare, "no reason: only the move")

	kw := newWords("king", []string{"You", "West", "North", "East"}, 0)
	trump := rtc.Move{Text: "trump H", Desc: games.Description{Kind: "trump", Choice: "H"}}
	_, _, said := hintOf(nil, rtc.Hint{Move: trump, Reason: king.NameTrump}, 3, kw)
	assert.Contains(t, said, "Your longest, strongest suit makes the best trump.")
	_, _, shared := hintOf(nil, rtc.Hint{Move: trump, Reason: games.WinCheaply}, 3, kw)
	assert.Contains(t, shared, "The lowest card that still wins the trick.", "the trick games' shared words")

	es, err := msg.Parse("es", []byte(`{"Your longest, strongest suit makes the best trump.": "Tu palo más largo y fuerte es el mejor triunfo."}`))
	if assert.NoError(t, err) {
		_, _, spoken := hintOf(es, rtc.Hint{Move: trump, Reason: king.NameTrump}, 3, kw)
		assert.Contains(t, spoken, "Tu palo más largo y fuerte es el mejor triunfo.", "said in the player's language")
	}

	lit, _, wait := hintOf(nil, rtc.Hint{Wait: true, Reason: "papas-let-it-run"}, 3, newWords("papas", []string{"You", "West"}, 0))
	assert.Empty(t, lit)
	assert.Contains(t, wait, "let the time run out")
	assert.Contains(t, wait, "No answer is worth a card here")
}
