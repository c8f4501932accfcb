package klondike

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

// deadDeal leaves nothing to play once the stock is seen: the column tops
// are black 7 to 10, and the aces, twos and the red 6 to 9 are face down.
// With helps, the 6♥ is the stock's first card and the 6♣ face down instead:
// it fits on 7♠ or 7♣.
func deadDeal(helps bool) games.Deal {
	six, stockSix := "6H", "6C"
	if helps {
		six, stockSix = "6C", "6H"
	}
	return games.Deal{
		Tableau: [][]string{
			{"7S"},
			{"AC", "7C"},
			{"AD", "AH", "8S"},
			{"AS", "2C", "2D", "8C"},
			{"2H", "2S", six, "6D", "9S"},
			{"7H", "7D", "8H", "8D", "9H", "9C"},
			{"9D", "3C", "3D", "3H", "3S", "4C", "10S"},
		},
		Stock: []string{stockSix, "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6S", "10C", "10H", "10D",
			"JC", "JD", "JH", "JS", "QC", "QD", "QH", "QS", "KC", "KD", "KH", "KS"},
	}
}

func solve(s *State) (string, bool) {
	a, won := Game{}.Solve(s, 0, DefaultBudget)
	return s.FormatAction(a), won
}

func advise(s *State) string {
	return s.FormatAction(Game{}.Advise(s.View(0), s.Legal(0, nil), rand.New(rand.NewPCG(1, 1))))
}

func TestSolveDrawsWhileTheStockHidesCards(t *testing.T) {
	s := start(t, nil, deadDeal(false))
	a, won := solve(s)
	assert.Equal(t, "draw", a, "no move helps in any deal, but the unseen stock may")
	assert.False(t, won)
	assert.Equal(t, "draw", advise(s))
}

func TestSolveEndsOnlyAGameThatCannotMoveOn(t *testing.T) {
	s := start(t, nil, deadDeal(false))
	mustAct(t, s, repeat("draw", 24)...)
	a, won := solve(s)
	assert.Equal(t, "end", a, "every card seen, none fits anywhere")
	assert.False(t, won)
	assert.Equal(t, "end", advise(s))
}

func TestSolveRecyclesForAPlayableCard(t *testing.T) {
	s := start(t, nil, deadDeal(true))
	mustAct(t, s, repeat("draw", 24)...)
	a, _ := solve(s)
	assert.Equal(t, "draw", a, "turn the waste over: 6♥ is its first card")
	assert.Equal(t, "draw", advise(s))
	mustAct(t, s, "draw", "draw")
	a, _ = solve(s)
	assert.Contains(t, []string{"move w t1", "move w t2"}, a)
	assert.Equal(t, "move w t1", advise(s))

	s = start(t, map[string]string{"scoring": "VEGAS"}, deadDeal(true))
	mustAct(t, s, repeat("draw", 24)...)
	a, _ = solve(s)
	assert.Equal(t, "end", a, "Vegas draw-1 has no redeal: the 6♥ is out of reach")
	assert.Equal(t, "end", advise(s))
}

func TestSolveWinsTheWinnableDeal(t *testing.T) {
	s := start(t, nil, winnable(t))
	best, won := Game{}.Solve(s, 0, DefaultBudget)
	assert.True(t, won, "the deal it is given can be won")
	assert.Contains(t, s.Legal(0, nil), best)
	_, ok := solution(s, DefaultBudget)
	require.True(t, ok)
	// Solve's moves do not lean on where the aces are, but play this easy
	// deal out.
	for steps := 0; !s.Done(); steps++ {
		require.Less(t, steps, 500)
		a, _ := Game{}.Solve(s, 0, DefaultBudget)
		require.NoError(t, s.Apply(0, a))
	}
	assert.True(t, s.won)
}

// A line the search reports as a win replays to a won game in the engine,
// whatever the draw count and redeal limit.
func TestSolverLinesReplayToAWin(t *testing.T) {
	configs := []map[string]string{nil, {"drawCount": "3"}, {"scoring": "VEGAS"}, {"scoring": "VEGAS", "drawCount": "3"}, {"redeals": "1", "foundationToTableau": "off"}}
	for ci, opts := range configs {
		found := 0
		for seed := range uint64(30) {
			g, err := Game{}.New(games.Config{Players: 1, Seed: seed, Options: opts})
			require.NoError(t, err)
			s := g.(*State)
			line, ok := solution(s, DefaultBudget)
			if !ok {
				continue
			}
			found++
			for _, a := range line {
				require.NoError(t, s.Apply(0, a), "config %d seed %d: %s", ci, seed, s.FormatAction(a))
			}
			if s.canAuto() {
				require.NoError(t, s.Apply(0, actAuto))
			}
			require.True(t, s.won, "config %d seed %d", ci, seed)
		}
		assert.Positive(t, found, "config %d: no deal solved", ci)
	}
}

func TestSolveAnswersALegalAction(t *testing.T) {
	for seed := range uint64(30) {
		opts := map[string]string{"drawCount": []string{"1", "3"}[seed%2]}
		if seed%3 == 0 {
			opts = map[string]string{"scoring": "VEGAS", "vegasCumulative": "on"}
		}
		cfg := games.Config{Players: 1, Seed: seed, Options: opts}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 7))
		for step := 0; step < 60 && !s.Done(); step++ {
			legal := s.Legal(0, nil)
			a, _ := Game{}.Solve(sample(t, cfg, s, rng), 0, 2000)
			require.Contains(t, legal, a, "seed %d step %d: %s", seed, step, s.FormatAction(a))
			if step%10 == 0 {
				h, _ := Game{}.Solve(s, 0, 2000) // the true deal, as the session asks whether it can be won
				require.Contains(t, legal, h)
			}
			// Wander: the solver's move or a random one that does not end.
			if rng.IntN(2) == 0 {
				a = legal[rng.IntN(len(legal))]
			}
			if a == actEnd || a == actDeal {
				continue
			}
			require.NoError(t, s.Apply(0, a))
		}
	}
}

func TestSolveAfterTheGame(t *testing.T) {
	s := start(t, map[string]string{"scoring": "VEGAS", "vegasCumulative": "on"}, winnable(t))
	line, ok := solution(s, DefaultBudget)
	require.True(t, ok)
	for _, a := range line {
		require.NoError(t, s.Apply(0, a))
	}
	if s.canAuto() {
		require.NoError(t, s.Apply(0, actAuto))
	}
	require.Equal(t, phaseOver, s.phase)
	a, won := solve(s)
	assert.Equal(t, "end", a, "won: cash out")
	assert.True(t, won)
	mustAct(t, s, "end")
	a, won = solve(s)
	assert.Equal(t, "end", a)
	assert.False(t, won)
}

var winRate = flag.Int("winrate", 0, "TestSolverWinRate: solve this many random draw-1 deals from the true deal")

// TestSolverWinRate measures how many random draw-1 deals the solver wins
// from the true deal (the cards all known) and how long it takes:
//
//	go test ./games/klondike -run TestSolverWinRate -winrate 1000 -v
func TestSolverWinRate(t *testing.T) {
	if *winRate == 0 {
		t.Skip("measurement: pass -winrate N")
	}
	for _, budget := range []int{DefaultBudget, 100_000, 1_000_000} {
		won := 0
		var took []time.Duration
		for seed := range uint64(*winRate) {
			g, err := Game{}.New(games.Config{Players: 1, Seed: seed})
			require.NoError(t, err)
			begin := time.Now()
			_, ok := solution(g.(*State), budget)
			took = append(took, time.Since(begin))
			if ok {
				won++
			}
		}
		var total time.Duration
		for _, d := range took {
			total += d
		}
		slices.Sort(took)
		t.Logf("budget %7d nodes: %d of %d deals won (%.1f%%), %v a deal on average, median %v, slowest %v",
			budget, won, *winRate, 100*float64(won)/float64(*winRate),
			(total / time.Duration(len(took))).Round(time.Microsecond), took[len(took)/2].Round(time.Microsecond), took[len(took)-1].Round(time.Millisecond))
	}
}

// Solve's won reads the deal it is given, the hidden cards included: on the
// true deal it answers whether the deal can still be won. Its move reads
// only what the player knows.
func TestSolveTellsWhetherTheDealItIsGivenCanBeWon(t *testing.T) {
	// The player cannot tell these deals apart: only the stock's first card
	// and a face-down card differ. Only one of them lets any card move.
	dead, helps := start(t, nil, deadDeal(false)), start(t, nil, deadDeal(true))
	require.Equal(t, jsonOf(t, dead.View(0)), jsonOf(t, helps.View(0)))
	a, won := solve(dead)
	assert.False(t, won, "nothing will ever move")
	assert.Equal(t, "draw", a)
	sv := newSolver(helps, DefaultBudget)
	sv.solve(rootOf(helps))
	assert.Greater(t, sv.bestEval, rootOf(helps).eval(), "the 6♥ moves on")

	s := start(t, nil, winnable(t))
	_, won = solve(s)
	assert.True(t, won)
	s = start(t, nil, winnable(t))
	mustAct(t, s, "end")
	_, won = solve(s)
	assert.False(t, won, "a game that is over cannot be won")
}

// BenchmarkSolve solves fresh draw-1 deals from the true deal with the hard
// bot's budget and reports search nodes and deals per second.
func BenchmarkSolve(b *testing.B) {
	nodes, deals := 0, 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, _ := Game{}.New(games.Config{Players: 1, Seed: uint64(i)})
		s := g.(*State)
		sv := newSolver(s, DefaultBudget)
		sv.solve(rootOf(s))
		nodes += sv.nodes
		deals++
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(deals)/b.Elapsed().Seconds(), "deals/s")
}

// BenchmarkAdvise times the rule-based advice on positions of advised games.
func BenchmarkAdvise(b *testing.B) {
	var views []*View
	var legals [][]games.Action
	rng := rand.New(rand.NewPCG(1, 1))
	for seed := range uint64(20) {
		g, _ := Game{}.New(games.Config{Players: 1, Seed: seed})
		s := g.(*State)
		for !s.Done() {
			legal := s.Legal(0, nil)
			views, legals = append(views, s.View(0).(*View)), append(legals, legal)
			if err := s.Apply(0, Game{}.Advise(s.View(0), legal, rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(views)
		Game{}.Advise(views[k], legals[k], rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "advice/s")
}

// Playing Solve's answers on samples of the player's view, as the hard bot does
// (with one sample a move instead of eight), ends every game: it neither
// draws for ever nor gives up early.
func TestSolveFinishesEveryGame(t *testing.T) {
	configs := []map[string]string{nil, {"drawCount": "3"}, {"scoring": "VEGAS"}}
	for ci, opts := range configs {
		for seed := range uint64(8) {
			cfg := games.Config{Players: 1, Seed: 80 + seed, Options: opts}
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			steps := 0
			for ; !s.Done() && steps < 3000; steps++ {
				a, _ := Game{}.Solve(sample(t, cfg, s, rng), 0, 4000)
				require.NoError(t, s.Apply(0, a), "config %d seed %d: %s", ci, seed, s.FormatAction(a))
				if a == actEnd {
					require.False(t, s.unseenStock(), "ended with cards never seen in the stock")
				}
			}
			require.True(t, s.Done(), "config %d seed %d: still playing after %d actions", ci, seed, steps)
		}
	}
}
