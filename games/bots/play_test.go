package bots_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/king"
	"cardtable/games/klondike"
	"cardtable/games/papas"
	"cardtable/games/sortcoop"
)

func TestRandomBotsFinishAMatchAndOnlyPlayLegalActions(t *testing.T) {
	s, err := king.Game{}.New(games.Config{Players: 4, Seed: 3})
	require.NoError(t, err)
	seats := []bots.Bot{bots.NewRandom(1), bots.NewRandom(2), bots.NewRandom(3), bots.NewRandom(4)}
	n := 0
	err = bots.Play(s, seats, games.NewRand(1), 10000, func(games.Seat, games.Action) { n++ })
	require.NoError(t, err)
	assert.True(t, s.Done())
	assert.Greater(t, n, 100)
}

func TestRandomBotIsSeeded(t *testing.T) {
	play := func(seed uint64) []games.Action {
		s, err := king.Game{}.New(games.Config{Players: 4, Seed: 3})
		require.NoError(t, err)
		b := bots.NewRandom(seed)
		var out []games.Action
		for range 20 {
			seat := s.Actors(nil)[0]
			a, err := b.Choose(s, seat)
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
	_, err := bots.New("genius", king.Game{}, 1)
	assert.ErrorContains(t, err, `unknown bot "genius" (bots: random, easy, normal, hard)`)
}

func TestHardLevelFollowsWhatTheGameShips(t *testing.T) {
	b, err := bots.New("hard", king.Game{}, 1)
	require.NoError(t, err)
	assert.IsType(t, &bots.ISMCTS{}, b)
	b, err = bots.New("hard", sortcoop.Game{}, 1)
	require.NoError(t, err)
	assert.IsType(t, &bots.Heuristic{}, b, "the co-op heuristic is its hard level")
	b, err = bots.New("hard", klondike.Game{}, 1)
	require.NoError(t, err)
	assert.IsType(t, &bots.Sampler{}, b, "Klondike's hard level is its solver")
	b, err = bots.New("hard", papas.Game{}, 1)
	require.NoError(t, err)
	assert.IsType(t, &bots.Rollout{}, b, "Papas's hard level plays moves out with its heuristic")
}
