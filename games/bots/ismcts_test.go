package bots_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/cards"
	"cardtable/games/catalog"
	"cardtable/games/king"
)

func entry(t *testing.T, id string) games.Entry {
	t.Helper()
	e, err := catalog.Lookup(id)
	require.NoError(t, err)
	return e
}

var kingCfg = games.Config{Players: 4}

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
	e := entry(t, "king")
	sa, sb := twoDeals(t)
	for _, level := range bots.Names() {
		for seed := range uint64(8) {
			ba, err := bots.New(level, e, seed)
			require.NoError(t, err)
			bb, err := bots.New(level, e, seed)
			require.NoError(t, err)
			if level == "hard" {
				ba.(*bots.ISMCTS).Iterations = 300
				bb.(*bots.ISMCTS).Iterations = 300
			}
			xa, err := ba.Choose(bots.TurnOf(e, kingCfg, sa, 0))
			require.NoError(t, err)
			xb, err := bb.Choose(bots.TurnOf(e, kingCfg, sb, 0))
			require.NoError(t, err)
			assert.Equal(t, sa.FormatAction(xa), sb.FormatAction(xb), "%s bot, seed %d", level, seed)
		}
	}
}

func TestISMCTSDoesNotTouchTheState(t *testing.T) {
	e := entry(t, "king")
	sa, _ := twoDeals(t)
	before := sa.Clone()
	_, err := bots.NewISMCTS(1, 200).Choose(bots.TurnOf(e, kingCfg, sa, 0))
	require.NoError(t, err)
	assert.Equal(t, before, sa)
}

// A view that no deal fits (a host sent something inconsistent) makes the
// searching bots play the heuristic instead: a legal move, no panic.
func TestSearchFallsBackToTheHeuristicOnAViewNoDealFits(t *testing.T) {
	e := entry(t, "king")
	s, err := e.Game.New(games.Config{Players: 4, Seed: 3})
	require.NoError(t, err)
	seat := s.Actors(nil)[0]
	v := s.View(seat).(*king.View)
	v.HandSizes[(seat+1)%4] += 3 // more unseen cards than there are
	legal := s.Legal(seat, nil)
	turn := bots.NewTurn(e, kingCfg, seat, v, legal, 0)
	_, err = turn.Sampler()
	require.Error(t, err)
	want, err := bots.NewHeuristic(e.Advisor, 0, 4).Choose(bots.NewTurn(e, kingCfg, seat, v, legal, 0))
	require.NoError(t, err)
	hard, err := bots.New("hard", e, 4)
	require.NoError(t, err)
	got, err := hard.Choose(turn)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

func TestEveryLevelFinishesAMatch(t *testing.T) {
	e := entry(t, "king")
	for _, level := range bots.Names() {
		cfg := games.Config{Players: 4, Seed: 11}
		s, err := e.Game.New(cfg)
		require.NoError(t, err)
		seats := make([]bots.Bot, 4)
		for i := range seats {
			seats[i], err = bots.New(level, e, uint64(i))
			require.NoError(t, err)
			if is, ok := seats[i].(*bots.ISMCTS); ok {
				is.Iterations = 50
			}
		}
		require.NoError(t, bots.Play(e, cfg, s, seats, games.NewRand(1), 10000, nil), level)
		assert.True(t, s.Done())
	}
}

// The hard level of every game plays a whole match from the seats' turns
// alone (its searches deal from views), every move legal.
func TestHardPlaysEveryGameFromTheSeatsTurns(t *testing.T) {
	for _, e := range catalog.All() {
		t.Run(e.ID(), func(t *testing.T) {
			info := e.Game.Info()
			cfg := games.Config{Players: max(info.MinPlayers, min(3, info.MaxPlayers)), Seed: 2}
			if e.ID() == "papas" {
				cfg.Options = map[string]string{"turnLimit": "10"}
			}
			s, err := e.Game.New(cfg)
			require.NoError(t, err)
			seats := make([]bots.Bot, cfg.Players)
			for i := range seats {
				b, err := bots.New("hard", e, uint64(i))
				require.NoError(t, err)
				switch b := b.(type) {
				case *bots.ISMCTS:
					b.Iterations = 40
				case *bots.SolverVote:
					b.Samples, b.Budget = 2, 500
				case *bots.Rollout:
					b.Deals = 1
				}
				seats[i] = b
			}
			began := time.Now()
			require.NoError(t, bots.Play(e, cfg, s, seats, games.NewRand(1), 100000, nil))
			assert.True(t, s.Done())
			t.Logf("%s: a hard match in %v", e.ID(), time.Since(began).Round(time.Millisecond))
		})
	}
}
