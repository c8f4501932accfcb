package bots_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/king"
	"cardtable/games/papas"
)

// Rollout's choice depends on the seat's view only (see
// TestBotsDecideFromTheSeatsViewOnly), and it leaves the state alone.
func TestRolloutDecidesFromTheSeatsViewOnly(t *testing.T) {
	e := entry(t, "king")
	sa, sb := twoDeals(t)
	before := sa.Clone()
	for seed := range uint64(6) {
		xa, err := bots.NewRollout(king.Game{}, seed, 4).Choose(bots.TurnOf(e, kingCfg, sa, 0))
		require.NoError(t, err)
		xb, err := bots.NewRollout(king.Game{}, seed, 4).Choose(bots.TurnOf(e, kingCfg, sb, 0))
		require.NoError(t, err)
		assert.Equal(t, sa.FormatAction(xa), sb.FormatAction(xb), "seed %d", seed)
	}
	assert.Equal(t, before, sa)
}

// Rollout plays whole Papas matches, reaction windows included (it may let
// a window run), every move legal.
func TestRolloutPlaysPapasMatches(t *testing.T) {
	e := entry(t, "papas")
	for seed := range uint64(3) {
		cfg := games.Config{Players: 3, Seed: seed, Options: map[string]string{"turnLimit": "10"}}
		s, err := papas.Game{}.New(cfg)
		require.NoError(t, err)
		seats := []bots.Bot{bots.NewRollout(papas.Game{}, seed, 2), bots.NewRandom(seed), bots.NewRollout(papas.Game{}, seed+9, 2)}
		require.NoError(t, bots.Play(e, cfg, s, seats, games.NewRand(seed), 100000, nil))
		assert.True(t, s.Done())
	}
}

func TestRolloutRefusesASeatThatMayNotAct(t *testing.T) {
	e := entry(t, "king")
	s, err := king.Game{}.New(games.Config{Players: 4, Seed: 2})
	require.NoError(t, err)
	idle := (s.Actors(nil)[0] + 1) % 4
	_, err = bots.NewRollout(king.Game{}, 1, 2).Choose(bots.TurnOf(e, kingCfg, s, idle))
	assert.ErrorIs(t, err, games.ErrNotYourTurn)
}
