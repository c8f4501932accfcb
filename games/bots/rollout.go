package bots

import (
	"math/rand/v2"
	"time"

	"cardtable/games"
)

// Rollout is flat Monte Carlo search with the game's own heuristic as the
// playout policy. In each of Deals worlds sampled from the seat's view it
// plays every legal move of seat and then lets the heuristic play every
// seat, each from its own View, to the end of the round (or PlayoutCap
// actions); the move with the best mean reward wins: the seat's score
// change scaled to [0, 1] among the seats' changes, plus one for winning
// the match when the playout ends it (a win alone says little of a single
// playout, the margin more). The heuristic's own choice wins near-ties.
// Where the heuristic already plays well, its playouts judge moves better
// than random ones at a fraction of ISMCTS's iterations.
type Rollout struct {
	Advisor    games.Advisor
	Deals      int
	PlayoutCap int
	// Yield is called every SliceTime of thinking (see ISMCTS).
	Yield     func()
	SliceTime time.Duration

	rng    *rand.Rand
	legal  []games.Action
	actors []games.Seat
	start  []int // the scores when a playout starts
}

// RolloutDeals is the worlds the hard level of a games.HardRollout game
// plays every move out in.
const RolloutDeals = 16

// NewRollout returns a flat Monte Carlo bot over deals worlds a decision.
func NewRollout(adv games.Advisor, seed uint64, deals int) *Rollout {
	return &Rollout{Advisor: adv, Deals: deals, PlayoutCap: 60, Yield: defaultYield, SliceTime: 8 * time.Millisecond, rng: games.NewRand(seed)}
}

func (b *Rollout) Choose(t *Turn) (games.Action, error) {
	seat := t.Seat
	switch {
	case len(t.Legal) == 0:
		return 0, games.ErrNotYourTurn
	case len(t.Legal) == 1 && t.Deadline == 0:
		return t.Legal[0], nil
	}
	sampler, err := t.Sampler()
	if err != nil {
		return fallback(b.Advisor, b.rng, t)
	}
	cands := append([]games.Action(nil), t.Legal...)
	if t.Deadline > 0 {
		cands = append(cands, games.Timeout) // letting the window run is a choice too
	}
	total := make([]float64, len(cands))
	began := time.Now()
	for range max(1, b.Deals) {
		world := sampler.Sample(b.rng)
		for i, a := range cands {
			d := world.Clone()
			total[i] += b.playout(d, seat, a)
			if b.Yield != nil && time.Since(began) >= b.SliceTime {
				b.Yield()
				began = time.Now()
			}
		}
	}
	// The heuristic's own choice wins ties and near-ties.
	adv := b.Advisor.Advise(t.View, t.Legal, b.rng)
	best := 0
	for i, a := range cands {
		if a == adv {
			best = i
			total[i] += 0.5
		}
	}
	for i := range cands {
		if total[i] > total[best] {
			best = i
		}
	}
	if cands[best] == games.Timeout {
		return 0, ErrWait
	}
	return cands[best], nil
}

// playout applies seat's move a in d (Timeout: another seat moves or the
// window passes), lets the heuristic play on, and returns seat's reward.
func (b *Rollout) playout(d games.State, seat games.Seat, a games.Action) float64 {
	players := len(d.Result().Scores)
	b.start = append(b.start[:0], d.Result().Scores...)
	round := -1
	rounder, _ := d.(games.Rounder)
	if rounder != nil {
		round = rounder.Round()
	}
	ended := func() bool { return d.Done() || (rounder != nil && rounder.Round() != round) }
	if a == games.Timeout {
		if !b.step(d, seat) {
			return 0
		}
	} else if d.Apply(seat, a) != nil {
		return 0
	}
	limit := 10000
	if rounder == nil && b.PlayoutCap > 0 {
		limit = b.PlayoutCap
	}
	for steps := 0; !ended() && steps < limit; steps++ {
		if !b.step(d, -1) {
			break
		}
	}
	res := d.Result()
	lo, hi := 0, 0
	for i, v := range res.Scores[:players] {
		delta := v - b.start[i]
		if i == 0 || delta < lo {
			lo = delta
		}
		if i == 0 || delta > hi {
			hi = delta
		}
	}
	r := 0.5
	if hi > lo {
		r = float64(res.Scores[seat]-b.start[seat]-lo) / float64(hi-lo)
	}
	if d.Done() {
		for _, w := range res.Winners {
			if w == seat {
				r += 1
			}
		}
	}
	return r
}

// step plays one action of the heuristic in d: a random one of the seats
// that may act (not skip) moves as its advice says; in a timed window the
// window passes when every seat asked lets it run.
func (b *Rollout) step(d games.State, skip games.Seat) bool {
	b.actors = d.Actors(b.actors[:0])
	b.rng.Shuffle(len(b.actors), func(i, j int) { b.actors[i], b.actors[j] = b.actors[j], b.actors[i] })
	for _, seat := range b.actors {
		if seat == skip {
			continue
		}
		b.legal = d.Legal(seat, b.legal[:0])
		if len(b.legal) == 0 {
			continue
		}
		a := b.Advisor.Advise(d.View(seat), b.legal, b.rng)
		if a == games.Timeout && d.Deadline() > 0 {
			continue
		}
		return d.Apply(seat, a) == nil
	}
	if d.Deadline() > 0 {
		return d.Apply(games.System, games.Timeout) == nil
	}
	return false
}
