//go:build !(js && wasm)

package catalog

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	enginecat "cardtable/games/catalog"
	"cardtable/msg"
)

// TestEveryReasonHasWords: every reason a shipped game's heuristic gives
// over heuristic playouts (several deals, every seat) is said in the game's
// words, a sentence, in every language.
func TestEveryReasonHasWords(t *testing.T) {
	var langs []*msg.Catalogue
	for _, l := range msg.Languages {
		c, err := msg.Load(l.Tag)
		require.NoError(t, err)
		langs = append(langs, c)
	}
	for _, e := range enginecat.All() {
		r, ok := e.Advisor.(games.Reasoner)
		if !ok {
			continue
		}
		t.Run(e.ID(), func(t *testing.T) {
			seen := map[games.Reason]bool{}
			for seed := uint64(1); seed <= 6; seed++ {
				info := e.Game.Info()
				s, err := e.Game.New(games.Config{Players: info.MinPlayers, Seed: seed})
				require.NoError(t, err)
				rng := rand.New(rand.NewPCG(seed, 9))
				for step := 0; step < 600 && !s.Done(); step++ {
					actors := s.Actors(nil)
					if len(actors) == 0 {
						require.NoError(t, s.Apply(games.System, games.Timeout))
						continue
					}
					seat := actors[rng.IntN(len(actors))]
					legal := s.Legal(seat, nil)
					a, why := r.AdviseWhy(s.View(seat), legal, rng)
					seen[why] = true
					if a == games.Timeout {
						a = legal[rng.IntN(len(legal))]
					}
					require.NoError(t, s.Apply(seat, a))
				}
			}
			delete(seen, "")
			require.NotEmpty(t, seen)
			g := Of(e.ID())
			for why := range seen {
				en := g.ReasonOf(nil, why)
				if assert.NotEmpty(t, en, "%s has words", why) {
					assert.True(t, strings.HasSuffix(en, "."), "%s: %q is a sentence", why, en)
				}
				for _, p := range langs {
					if p.Lang() != msg.English {
						assert.NotEqual(t, en, g.ReasonOf(p, why), "%s in %s", why, p.Lang())
					}
				}
			}
		})
	}
}
