package catalog_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
)

// TestEveryHeuristicSaysWhy: every shipped game's heuristic is a
// games.Reasoner whose AdviseWhy chooses what Advise chooses from the same
// view and generator, at every step of a heuristic playout, and gives a
// reason for at least some of its choices.
func TestEveryHeuristicSaysWhy(t *testing.T) {
	for _, e := range catalog.All() {
		if e.Advisor == nil {
			continue
		}
		t.Run(e.ID(), func(t *testing.T) {
			why, ok := e.Advisor.(games.Reasoner)
			require.True(t, ok, "the heuristic says why it chose (games.Reasoner)")
			cfg := configs(e)[0]
			cfg.Seed = 7
			s, err := e.Game.New(cfg)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(7, 8))
			reasons := 0
			for step := 0; step < 400 && !s.Done(); step++ {
				actors := s.Actors(nil)
				if len(actors) == 0 {
					require.NoError(t, s.Apply(games.System, games.Timeout))
					continue
				}
				seat := actors[rng.IntN(len(actors))]
				legal := s.Legal(seat, nil)
				seed := rng.Uint64()
				a := e.Advisor.Advise(s.View(seat), legal, games.NewRand(seed))
				b, r := why.AdviseWhy(s.View(seat), legal, games.NewRand(seed))
				require.Equal(t, a, b, "step %d", step)
				if r != "" {
					reasons++
				}
				if a == games.Timeout {
					a = legal[0]
				}
				require.NoError(t, s.Apply(seat, a))
			}
			assert.Positive(t, reasons)
		})
	}
}
