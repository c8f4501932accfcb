package bots_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/cards"
	"cardtable/games/king"
)

// twoDeals returns two King matches that look the same to seat 0: seats 1
// and 2 hold each other's hands.
func twoDeals(t *testing.T) (games.State, games.State) {
	deck := cards.Deck32.Strings()
	a := [][]string{deck[0:8], deck[8:16], deck[16:24], deck[24:32]}
	b := [][]string{deck[0:8], deck[16:24], deck[8:16], deck[24:32]}
	first := 0
	sa, err := king.Game{}.New(games.Config{Players: 4, Seed: 1, Deals: []games.Deal{{Hands: a, First: &first}}})
	require.NoError(t, err)
	sb, err := king.Game{}.New(games.Config{Players: 4, Seed: 1, Deals: []games.Deal{{Hands: b, First: &first}}})
	require.NoError(t, err)
	return sa, sb
}

// The fairness proof: a bot's choice depends on the seat's view only. The
// same view over two different hidden deals gives the same choice for the
// same seed, for every seed tried.
func TestBotsDecideFromTheSeatsViewOnly(t *testing.T) {
	sa, sb := twoDeals(t)
	for _, level := range bots.Names() {
		for seed := range uint64(8) {
			ba, err := bots.New(level, king.Game{}, seed)
			require.NoError(t, err)
			bb, err := bots.New(level, king.Game{}, seed)
			require.NoError(t, err)
			if level == "hard" {
				ba.(*bots.ISMCTS).Iterations = 300
				bb.(*bots.ISMCTS).Iterations = 300
			}
			xa, err := ba.Choose(sa, 0)
			require.NoError(t, err)
			xb, err := bb.Choose(sb, 0)
			require.NoError(t, err)
			assert.Equal(t, sa.FormatAction(xa), sb.FormatAction(xb), "%s bot, seed %d", level, seed)
		}
	}
}

func TestISMCTSDoesNotTouchTheState(t *testing.T) {
	sa, _ := twoDeals(t)
	before := sa.Clone()
	_, err := bots.NewISMCTS(1, 200).Choose(sa, 0)
	require.NoError(t, err)
	assert.Equal(t, before, sa)
}

func TestEveryLevelFinishesAMatch(t *testing.T) {
	for _, level := range bots.Names() {
		s, err := king.Game{}.New(games.Config{Players: 4, Seed: 11})
		require.NoError(t, err)
		seats := make([]bots.Bot, 4)
		for i := range seats {
			seats[i], err = bots.New(level, king.Game{}, uint64(i))
			require.NoError(t, err)
			if is, ok := seats[i].(*bots.ISMCTS); ok {
				is.Iterations = 50
			}
		}
		require.NoError(t, bots.Play(s, seats, games.NewRand(1), 10000, nil), level)
		assert.True(t, s.Done())
	}
}
