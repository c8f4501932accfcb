package bots_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/king"
)

// viewOf is what a peer receives for seat: its view as JSON and its legal
// moves as text.
func viewOf(t *testing.T, s games.State, seat games.Seat) ([]byte, []string) {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	require.NoError(t, err)
	var legal []string
	for _, a := range s.Legal(seat, nil) {
		legal = append(legal, s.FormatAction(a))
	}
	return b, legal
}

// The heuristic levels decide the same from the view a peer receives as
// from the engine's own state, in every game: the view holds all they use.
func TestHeuristicDecidesTheSameFromAPeersView(t *testing.T) {
	for _, g := range catalog.All() {
		if _, ok := g.(games.Advisor); !ok {
			continue
		}
		t.Run(g.Info().ID, func(t *testing.T) {
			cfg := games.Config{Players: max(g.Info().MinPlayers, min(4, g.Info().MaxPlayers)), Seed: 5}
			s, err := g.New(cfg)
			require.NoError(t, err)
			rng := games.NewRand(5)
			var actors []games.Seat
			for step := 0; step < 300 && !s.Done(); step++ {
				actors = s.Actors(actors[:0])
				if len(actors) == 0 {
					require.NoError(t, s.Apply(games.System, games.Timeout))
					continue
				}
				seat := actors[rng.IntN(len(actors))]
				view, legal := viewOf(t, s, seat)
				vs, err := bots.NewViewState(g, cfg, seat, view, legal, s.Deadline())
				require.NoError(t, err)
				onState, _ := bots.New("normal", g, uint64(step))
				onView, _ := bots.NewForView("normal", g, uint64(step))
				a1, err1 := onState.Choose(s, seat)
				a2, err2 := onView.Choose(vs, seat)
				require.Equal(t, err1, err2, "step %d", step)
				require.Equal(t, s.FormatAction(a1), vs.FormatAction(a2), "step %d", step)
				if err1 != nil {
					legalNow := s.Legal(seat, nil)
					a1 = legalNow[rng.IntN(len(legalNow))]
				}
				require.NoError(t, s.Apply(seat, a1))
			}
		})
	}
}

// In every game that rebuilds states from a view, the hard bot plays a
// whole match from views alone, every move legal.
func TestHardBotPlaysFromViews(t *testing.T) {
	for _, g := range catalog.All() {
		if _, ok := g.(games.ViewSampler); !ok {
			continue
		}
		t.Run(g.Info().ID, func(t *testing.T) {
			cfg := games.Config{Players: 4, Seed: 8}
			s, err := g.New(cfg)
			require.NoError(t, err)
			b, err := bots.NewForView("hard", g, 1)
			require.NoError(t, err)
			if is, ok := b.(*bots.ISMCTS); ok {
				is.Iterations = 100
			}
			rng := games.NewRand(8)
			for steps := 0; !s.Done() && steps < 2000; steps++ {
				seat := s.Actors(nil)[0]
				legal := s.Legal(seat, nil)
				a := legal[rng.IntN(len(legal))]
				if seat == 2 {
					view, texts := viewOf(t, s, seat)
					vs, err := bots.NewViewState(g, cfg, seat, view, texts, 0)
					require.NoError(t, err)
					a, err = b.Choose(vs, seat)
					require.NoError(t, err)
				}
				require.NoError(t, s.Apply(seat, a))
			}
		})
	}
}

func TestViewStateRefusesBadInput(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 1}
	s, _ := king.Game{}.New(cfg)
	seat := s.Actors(nil)[0]
	view, legal := viewOf(t, s, seat)
	_, err := bots.NewViewState(king.Game{}, cfg, seat, []byte(`{"hand": 7}`), legal, 0)
	assert.Error(t, err, "a view that is not the game's")
	_, err = bots.NewViewState(king.Game{}, cfg, seat, view, []string{"fly away"}, 0)
	assert.Error(t, err, "a move that is not the game's")
	_, err = bots.NewViewState(king.Game{}, games.Config{Players: 3}, seat, view, legal, 0)
	assert.Error(t, err, "rules the game refuses")
	vs, err := bots.NewViewState(king.Game{}, cfg, seat, view, legal, 0)
	require.NoError(t, err)
	assert.ErrorIs(t, vs.Apply(seat, 0), bots.ErrViewOnly)
	assert.Empty(t, vs.Legal(seat+1, nil))
}

// Levels that search whole deals need a game that rebuilds them from a view.
func TestNewForViewNeedsAViewSamplerToSearch(t *testing.T) {
	for _, g := range catalog.All() {
		_, samples := g.(games.ViewSampler)
		for _, level := range bots.Names() {
			onState, err := bots.New(level, g, 1)
			require.NoError(t, err)
			_, err = bots.NewForView(level, g, 1)
			var searches bool
			switch onState.(type) {
			case *bots.ISMCTS, *bots.Sampler, *bots.Rollout:
				searches = true
			}
			if searches && !samples {
				assert.Error(t, err, "%s %s", g.Info().ID, level)
			} else {
				assert.NoError(t, err, "%s %s", g.Info().ID, level)
			}
		}
	}
}
