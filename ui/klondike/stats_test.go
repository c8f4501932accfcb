package klondike

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/stats"
	"cardtable/ui"
)

// TestKlondikesOwnStatistics: the best time and the fewest moves are shown
// once reached, and a won deal is said with its time and moves; a deal
// without a time is said the way every game says it.
func TestKlondikesOwnStatistics(t *testing.T) {
	assert.Equal(t, []ui.Figure{{Key: "best-time", Label: "Best time", Value: "3:20"}, {Key: "fewest-moves", Label: "Fewest moves", Value: "120"}},
		UI.FiguresOf(nil, stats.Figures{BestSecs: 200, FewestMoves: 120}))
	assert.Empty(t, UI.FiguresOf(nil, stats.Figures{Played: 3, Lost: 3}), "none before a deal is won")
	assert.Equal(t, "Won in 3:12, 87 moves.", UI.WonWords(nil, stats.Tally{Secs: 192, Moves: 87}))
	assert.Equal(t, "", UI.WonWords(nil, stats.Tally{}))
	assert.Empty(t, ui.Game{ID: "other"}.FiguresOf(nil, stats.Figures{BestSecs: 10}), "a game without its own figures")
}
