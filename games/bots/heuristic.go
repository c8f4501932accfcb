package bots

import (
	"math/rand/v2"
	"slices"

	"cardtable/games"
)

// Heuristic plays a game's own advice (games.Advisor), which sees only the
// seat's View. Noise is the share of moves played at random instead. In a
// timed window the advisor waits by answering games.Timeout.
type Heuristic struct {
	Advisor games.Advisor
	Noise   float64
	rng     *rand.Rand
}

// NewHeuristic returns the heuristic player of adv with noise random moves.
func NewHeuristic(adv games.Advisor, noise float64, seed uint64) *Heuristic {
	return &Heuristic{Advisor: adv, Noise: noise, rng: games.NewRand(seed)}
}

func (h *Heuristic) Choose(t *Turn) (games.Action, error) {
	switch {
	case len(t.Legal) == 0:
		return 0, games.ErrNotYourTurn
	case len(t.Legal) == 1 && t.Deadline == 0:
		return t.Legal[0], nil
	case h.Noise > 0 && h.rng.Float64() < h.Noise:
		return t.Legal[h.rng.IntN(len(t.Legal))], nil
	}
	a := h.Advisor.Advise(t.View, t.Legal, h.rng)
	if a == games.Timeout && t.Deadline > 0 {
		return 0, ErrWait
	}
	if !slices.Contains(t.Legal, a) { // a faulty advisor must not stall the table
		return t.Legal[h.rng.IntN(len(t.Legal))], nil
	}
	return a, nil
}

// fallback is what a searching bot plays when the view gives it nothing to
// search (no deal fits it): the heuristic, else a random move.
func fallback(adv games.Advisor, rng *rand.Rand, t *Turn) (games.Action, error) {
	if adv != nil {
		return (&Heuristic{Advisor: adv, rng: rng}).Choose(t)
	}
	return (&Random{rng: rng}).Choose(t)
}
