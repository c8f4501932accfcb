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
	legal   []games.Action
}

func (h *Heuristic) Choose(s games.State, seat games.Seat) (games.Action, error) {
	h.legal = s.Legal(seat, h.legal[:0])
	switch {
	case len(h.legal) == 0:
		return 0, games.ErrNotYourTurn
	case len(h.legal) == 1 && s.Deadline() == 0:
		return h.legal[0], nil
	case h.Noise > 0 && h.rng.Float64() < h.Noise:
		return h.legal[h.rng.IntN(len(h.legal))], nil
	}
	a := h.Advisor.Advise(s.View(seat), h.legal, h.rng)
	if a == games.Timeout && s.Deadline() > 0 {
		return 0, ErrWait
	}
	if !slices.Contains(h.legal, a) { // a faulty advisor must not stall the table
		return h.legal[h.rng.IntN(len(h.legal))], nil
	}
	return a, nil
}
