package bots

import (
	"math/rand/v2"

	"cardtable/games"
)

// Sampler plays a game's Solver fairly: it solves Samples states drawn with
// Determinize(seat) and plays the action most of them chose, preferring the
// samples the solver could win.
type Sampler struct {
	Solver  games.Solver
	Samples int
	Budget  int // search nodes per sample
	rng     *rand.Rand
	legal   []games.Action
}

// NewSampler returns a solver-backed bot.
func NewSampler(s games.Solver, seed uint64, samples, budget int) *Sampler {
	return &Sampler{Solver: s, Samples: samples, Budget: budget, rng: games.NewRand(seed)}
}

func (b *Sampler) Choose(s games.State, seat games.Seat) (games.Action, error) {
	b.legal = s.Legal(seat, b.legal[:0])
	switch len(b.legal) {
	case 0:
		return 0, games.ErrNotYourTurn
	case 1:
		return b.legal[0], nil
	}
	votes := map[games.Action]int{}
	for i := range max(1, b.Samples) {
		if i > 0 && defaultYield != nil {
			defaultYield() // in the browser, hand the thread back between samples
		}
		a, won := b.Solver.Solve(s.Determinize(seat, b.rng), seat, b.Budget)
		w := 1
		if won {
			w = 3
		}
		votes[a] += w
	}
	best, most := b.legal[0], -1
	for _, a := range b.legal { // legal order, not map order: deterministic
		if votes[a] > most {
			best, most = a, votes[a]
		}
	}
	return best, nil
}
