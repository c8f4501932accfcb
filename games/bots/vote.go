package bots

import (
	"math/rand/v2"

	"cardtable/games"
)

// SolverVote plays a game's Solver fairly: it solves Samples states dealt
// from the seat's view and plays the action most of them chose, preferring
// the samples the solver could win.
type SolverVote struct {
	Solver  games.Solver
	Samples int
	Budget  int // search nodes per sample
	// Fallback plays when no deal fits the view (see ISMCTS).
	Fallback games.Advisor
	rng      *rand.Rand
}

// NewSolverVote returns a solver-backed bot.
func NewSolverVote(s games.Solver, seed uint64, samples, budget int) *SolverVote {
	return &SolverVote{Solver: s, Samples: samples, Budget: budget, rng: games.NewRand(seed)}
}

func (b *SolverVote) Choose(t *Turn) (games.Action, error) {
	switch len(t.Legal) {
	case 0:
		return 0, games.ErrNotYourTurn
	case 1:
		return t.Legal[0], nil
	}
	sampler, err := t.Sampler()
	if err != nil {
		return fallback(b.Fallback, b.rng, t)
	}
	votes := map[games.Action]int{}
	for i := range max(1, b.Samples) {
		if i > 0 && defaultYield != nil {
			defaultYield() // in the browser, hand the thread back between samples
		}
		a, won := b.Solver.Solve(sampler.Sample(b.rng), t.Seat, b.Budget)
		w := 1
		if won {
			w = 3
		}
		votes[a] += w
	}
	best, most := t.Legal[0], -1
	for _, a := range t.Legal { // legal order, not map order: deterministic
		if votes[a] > most {
			best, most = a, votes[a]
		}
	}
	return best, nil
}
