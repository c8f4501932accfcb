package catte

import (
	"math/rand/v2"

	"cardtable/games"
)

// SolveDeals is how many deals Solve plays every candidate move out in: the
// deal it is given and SolveDeals-1 more drawn from seat's view of it with
// the sampler (NewSampler).
const SolveDeals = 8

// Solve is Cat Te's hard player (games.Solver), a Monte Carlo search over
// deals. It is handed a deal sampled from seat's view, never the true one,
// and the hard bot votes over several such calls.
//
// Every move seat may make (throwing in the hand aside) is played out to the
// end of the round by the heuristic player (Advise) in every seat, each
// reading only its own View, in the deal given and in SolveDeals-1 further
// deals sampled from seat's view of it, which depend only on what seat
// knows. The move with the best average chip gain wins, the heuristic's
// own choice on ties; a MANUAL side pot or a sure claim the heuristic sees
// is taken at once. budget caps the actions played out. The second result
// tells whether the chosen move won the round in at least half the
// playouts.
func (Game) Solve(gs games.State, seat games.Seat, budget int) (games.Action, bool) {
	s, ok := gs.(*State)
	if !ok || s.done {
		return 0, false
	}
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		return 0, false
	}
	pcg := s.rng
	rng := rand.New(&pcg)
	adv := Game{}.Advise(s.View(seat), legal, rng)
	if adv == actSidePot || adv == actClaim || int(seat) != int(s.c.turn) {
		return adv, true
	}
	cands := make([]games.Action, 0, len(legal))
	for _, a := range legal {
		if a != actFoldHand && a != actClaim && a != actSidePot {
			cands = append(cands, a)
		}
	}
	if len(cands) <= 1 {
		return adv, true
	}
	gain := make([]float64, len(cands))
	wins := make([]int, len(cands))
	var buf []games.Action
	nodes, deals := 0, 0
	var sm *sampler
	for deals < SolveDeals && (deals == 0 || nodes < budget) {
		deal := s
		if deals > 0 {
			if sm == nil {
				var err error
				if sm, err = s.samplerOf(seat); err != nil {
					break // no deal fits: the one given is all there is
				}
			}
			deal = sm.Sample(rng).(*State)
		}
		for i, a := range cands {
			w := *deal
			g, won, n := w.playout(seat, a, rng, &buf)
			gain[i] += float64(g)
			if won {
				wins[i]++
			}
			nodes += n
		}
		deals++
	}
	best := -1
	for i, a := range cands {
		if best < 0 || gain[i] > gain[best] || gain[i] == gain[best] && a == adv {
			best = i
		}
	}
	return cands[best], 2*wins[best] >= deals
}

// playout applies seat's move a, then lets the heuristic play every seat to
// the end of the round. It returns seat's chip gain, whether seat won the
// round, and the actions applied.
func (w *State) playout(seat games.Seat, a games.Action, rng *rand.Rand, buf *[]games.Action) (gain int, won bool, n int) {
	before := w.chips[seat]
	round := w.round
	if w.Apply(seat, a) != nil {
		return 0, false, 1
	}
	n = 1
	for !w.done && w.round == round {
		p := games.Seat(w.c.turn)
		*buf = w.Legal(p, (*buf)[:0])
		x := Game{}.Advise(w.View(p), *buf, rng)
		if x == actClaim {
			// A claim the heuristic makes is sure: settle it without the
			// claim search (the next round's ante counted as it would be).
			next := 0
			if w.round < w.rounds {
				next = w.ante
				if w.sideOn {
					next += w.sideAnte
				}
			}
			if p == seat {
				return w.chips[seat] + w.pot - next - before, true, n
			}
			return w.chips[seat] - next - before, false, n
		}
		if w.Apply(p, x) != nil {
			break
		}
		n++
	}
	return w.chips[seat] - before, w.hasLast && w.last.round == round && int(w.last.winner) == int(seat), n
}
