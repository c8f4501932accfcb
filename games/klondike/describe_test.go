package klondike

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
)

func describe(t *testing.T, s *State, viewer games.Seat, text string) games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	actor := games.Seat(0)
	if a&^maxTime == actTime {
		actor = games.System
	}
	return s.Describe(viewer, actor, a)
}

func TestDescribeDrawNamesOnlyAStockThePlayerHasSeen(t *testing.T) {
	s := start(t, map[string]string{"drawCount": "3"}, deal(t, [7]string{}, "3C 4C AC", ""))
	assert.Equal(t, games.Description{Seat: 0, Kind: "draw", Hidden: 3}, describe(t, s, 0, "draw"),
		"the stock was never turned over: the three cards are counted, not named")
	assert.Equal(t, describe(t, s, 0, "draw"), describe(t, s, games.Observer, "draw"))
	assert.Equal(t, games.Description{Seat: 0, Kind: "draw", Cards: []string{"3C", "4C", "AC"}}, describe(t, s, games.God, "draw"))

	mustAct(t, s, repeat("draw", 8)...)
	assert.Equal(t, games.Description{Seat: 0, Kind: "draw", Outcome: "recycle"}, describe(t, s, 0, "draw"))
	mustAct(t, s, "draw")
	assert.Equal(t, games.Description{Seat: 0, Kind: "draw", Cards: []string{"3C", "4C", "AC"}}, describe(t, s, 0, "draw"),
		"a recycled stock keeps the order the player saw")
}

// A6: the uncovered card flips at once; the player learns it from the view
// that follows, never from the description asked before the move.
func TestDescribeMoveThatUncoversAFaceDownCard(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"AS", "9D 2S"}, "", ""))
	assert.Equal(t, games.Description{Seat: 0, Kind: "move", Cards: []string{"AS"}, Targets: []string{"t1", "fS"}}, describe(t, s, 0, "move t1 f"))
	mustAct(t, s, "move t1 f")
	d := describe(t, s, 0, "move t2 f")
	assert.Equal(t, games.Description{Seat: 0, Kind: "move", Cards: []string{"2S"}, Targets: []string{"t2", "fS"}, Outcome: "flip"}, d)
	assert.NotContains(t, jsonOf(t, d), "9D", "the face-down card is never named")
	assert.NotContains(t, jsonOf(t, describe(t, s, games.Observer, "move t2 f")), "9D")
	g := describe(t, s, games.God, "move t2 f")
	assert.Equal(t, []games.Reveal{{Seat: 0, Kind: "flip", Cards: []string{"9D"}}}, g.Reveals)
	assert.Equal(t, "flip", g.Outcome)
}

func TestDescribeRunsAndFoundationMoves(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"7H", "7C 6S", "5D", "8C", "8D", "8S", "7D"}, "", ""))
	mustAct(t, s, "move t2 t1", "move t3 t1")
	assert.Equal(t, games.Description{Seat: 0, Kind: "move", Cards: []string{"6S", "5D"}, Targets: []string{"t1", "t7"}}, describe(t, s, 0, "move t1 t7 2"))
	assert.Equal(t, games.Description{Seat: 0, Kind: "move", Cards: []string{"7H", "6S", "5D"}, Targets: []string{"t1", "t4"}},
		describe(t, s, 0, "move t1 t4 3"), "t1 empties: nothing to turn")

	s = start(t, nil, deal(t, [7]string{"AH", "2H", "3H", "4H", "5H", "6C"}, "", ""))
	mustAct(t, s, "move t1 f", "move t2 f", "move t3 f", "move t4 f", "move t5 f")
	assert.Equal(t, games.Description{Seat: 0, Kind: "move", Cards: []string{"5H"}, Targets: []string{"fH", "t6"}}, describe(t, s, 0, "move fH t6"))
}

// A10: the action that wins ends the match (Winners: the player), or the
// game of a vegasCumulative series ("round").
func TestDescribeTheWinningAction(t *testing.T) {
	for _, tc := range []struct {
		opts    map[string]string
		outcome string
	}{
		{nil, "match"},
		{map[string]string{"scoring": "VEGAS", "vegasCumulative": "on"}, "round"},
	} {
		s := start(t, tc.opts, winnable(t))
		drawAll(t, s)
		toFoundations(t, s, func() bool { return !s.faceDown() })
		require.True(t, s.canAuto())
		d := describe(t, s, 0, "auto")
		assert.Equal(t, "auto", d.Kind)
		assert.Equal(t, tc.outcome, d.Outcome)
		assert.Equal(t, []games.Seat{0}, d.Winners)
		assert.Len(t, d.Cards, 52-s.onFoundations(), "every card going up, in order")
		mustAct(t, s, "auto")
		assert.True(t, s.won)
		if tc.outcome == "round" {
			assert.Equal(t, games.Description{Seat: 0, Kind: "deal"}, describe(t, s, 0, "deal"), "the game already ended")
			assert.Equal(t, games.Description{Seat: 0, Kind: "end", Outcome: "match", Winners: []games.Seat{0}}, describe(t, s, 0, "end"))
		}
	}

	s := start(t, nil, deal(t, [7]string{"AS", "9D 2S"}, "", ""))
	assert.Equal(t, games.Description{Seat: 0, Kind: "end", Outcome: "match"}, describe(t, s, 0, "end"), "ended without a win")
	s = start(t, map[string]string{"scoring": "VEGAS", "vegasCumulative": "on"})
	assert.Equal(t, games.Description{Seat: 0, Kind: "deal", Outcome: "round"}, describe(t, s, 0, "deal"), "the game is given up")
}

func TestDescribeTime(t *testing.T) {
	s := start(t, map[string]string{"timed": "on"})
	assert.Equal(t, games.Description{Seat: games.System, Kind: "time", Choice: "125"}, describe(t, s, 0, "time 125"))
}

// Over random games: a description for the player names only cards the
// player saw before the action, and two deals the player cannot tell apart
// describe every action alike.
func TestDescriptionsNameOnlyCardsThePlayerHasSeen(t *testing.T) {
	dead, helps := start(t, nil, deadDeal(false)), start(t, nil, deadDeal(true))
	for _, a := range dead.Legal(0, nil) {
		assert.Equal(t, dead.Describe(0, 0, a), helps.Describe(0, 0, a), dead.FormatAction(a))
	}
	for seed := range uint64(10) {
		g, err := Game{}.New(games.Config{Players: 1, Seed: seed, Options: map[string]string{"drawCount": []string{"1", "3"}[seed%2]}})
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 300 && !s.Done(); step++ {
			legal := s.Legal(0, nil)
			for _, a := range legal {
				for _, viewer := range []games.Seat{0, games.Observer} {
					d := s.Describe(viewer, 0, a)
					require.Empty(t, d.Reveals)
					for _, x := range d.Cards {
						c, err := cards.Parse(x)
						require.NoError(t, err)
						require.True(t, s.seen.Has(c), "seed %d step %d: %q names %s, unseen", seed, step, s.FormatAction(a), x)
					}
				}
			}
			a := legal[rng.IntN(len(legal))]
			if a == actEnd {
				continue
			}
			require.NoError(t, s.Apply(0, a))
		}
	}
}
