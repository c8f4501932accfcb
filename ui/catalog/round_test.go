package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	engines "cardtable/games/catalog"
)

// TestAGameSaysItsRoundFromItsOwnView: the games played in rounds read the
// round from their own typed view, numbered as the table says it (the
// first deal is "Round 1"); another game's view is no round at all.
func TestAGameSaysItsRoundFromItsOwnView(t *testing.T) {
	want := []string{"king", "mindikot", "catte", "eatreds", "eatpairs"}
	var withRounds []string
	views := map[string]games.View{}
	for _, e := range engines.All() {
		info := e.Game.Info()
		s, err := e.Game.New(games.Config{Players: info.MinPlayers, Seed: 3})
		require.NoError(t, err, info.ID)
		views[info.ID] = s.View(0)
	}
	for _, g := range Games {
		if g.Round == nil {
			assert.Zero(t, g.RoundOf(views[g.ID]), g.ID)
			continue
		}
		withRounds = append(withRounds, g.ID)
		assert.Equal(t, 1, g.RoundOf(views[g.ID]), "%s: the first deal is round 1", g.ID)
		for id, v := range views {
			if id != g.ID {
				assert.Zero(t, g.RoundOf(v), "%s reads no round from %s's view", g.ID, id)
			}
		}
	}
	assert.ElementsMatch(t, want, withRounds)
}
