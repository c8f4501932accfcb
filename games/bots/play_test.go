package bots_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
)

func TestRandomBotsFinishAMatchAndOnlyPlayLegalActions(t *testing.T) {
	e := entry(t, "king")
	s, err := e.Game.New(games.Config{Players: 4, Seed: 3})
	require.NoError(t, err)
	seats := []bots.Bot{bots.NewRandom(1), bots.NewRandom(2), bots.NewRandom(3), bots.NewRandom(4)}
	n := 0
	err = bots.Play(e, kingCfg, s, seats, games.NewRand(1), 10000, func(games.Seat, games.Action) { n++ })
	require.NoError(t, err)
	assert.True(t, s.Done())
	assert.Greater(t, n, 100)
}

func TestRandomBotIsSeeded(t *testing.T) {
	e := entry(t, "king")
	play := func(seed uint64) []games.Action {
		s, err := e.Game.New(games.Config{Players: 4, Seed: 3})
		require.NoError(t, err)
		b := bots.NewRandom(seed)
		var out []games.Action
		for range 20 {
			seat := s.Actors(nil)[0]
			a, err := b.Choose(bots.TurnOf(e, kingCfg, s, seat))
			require.NoError(t, err)
			require.NoError(t, s.Apply(seat, a))
			out = append(out, a)
		}
		return out
	}
	assert.Equal(t, play(7), play(7))
	assert.NotEqual(t, play(7), play(8))
}

func TestNewNamesTheKnownBots(t *testing.T) {
	_, err := bots.New("genius", entry(t, "king"), 1)
	assert.ErrorContains(t, err, `unknown bot "genius" (bots: random, easy, normal, hard)`)
}

func TestHardLevelFollowsTheCatalogEntry(t *testing.T) {
	for _, tc := range []struct {
		game string
		want bots.Bot
	}{
		{"king", &bots.ISMCTS{}},
		{"sortcoop", &bots.Heuristic{}},  // the co-op heuristic is its hard level
		{"klondike", &bots.SolverVote{}}, // the solver over sampled deals
		{"catte", &bots.SolverVote{}},
		{"papas", &bots.Rollout{}}, // moves played out with its heuristic
	} {
		b, err := bots.New("hard", entry(t, tc.game), 1)
		require.NoError(t, err)
		assert.IsType(t, tc.want, b, tc.game)
	}
}
