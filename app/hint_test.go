package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games"
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
			hint, at, notice := hintOf(nil, c.move, 7, w)
			assert.Equal(t, c.wantHint, hint)
			assert.True(t, strings.HasPrefix(notice, c.wantNotice), "%q", notice)
			if hint != "" {
				assert.Equal(t, 7, at)
				assert.Greater(t, len(notice), len(c.wantNotice), "the move is said in words")
			}
		})
	}
}
