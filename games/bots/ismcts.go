package bots

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"cardtable/games"
)

// ISMCTS is single-observer information-set Monte Carlo tree search (Cowling,
// Powley and Whitehouse 2012). Every iteration deals a world from the
// seat's view with the Turn's sampler: a world consistent with what the
// seat knows. The tree is over the seat's information; the true hidden
// cards never reach it.
//
// Playouts are uniformly random and stop at the end of the current round for
// games that implement games.Rounder (else after PlayoutCap actions); the
// reward is each seat's score change
// over the playout scaled to [0, 1] among the seats (1 for the best, 0 for
// the worst), or winning at the end of the match.
//
// Each decision starts a new tree. Keeping the old one does not pay here:
// by the seat's next decision, the node the match has reached holds on
// average 11 % of the previous search's iterations in The King, 8 % in
// Mindikot and 6 % in Eat Reds (2000 iterations, the other seats random),
// and following the tree to it would need every other seat's action in the
// seat's own notation, hidden draws included.
type ISMCTS struct {
	// Iterations per decision; Time, when set, also stops the search.
	Iterations int
	Time       time.Duration
	// Exploration is UCB's constant.
	Exploration float64
	// PlayoutCap stops a playout after this many actions in games without
	// rounds (games.Rounder), scoring it by the score change so far.
	PlayoutCap int
	// Yield, when set, is called every SliceTime of thinking so the caller
	// can hand the thread back. In WebAssembly it defaults to a 1 ms timer
	// wait; natively to nothing.
	Yield     func()
	SliceTime time.Duration
	// Fallback plays when the view gives nothing to search (no deal fits
	// it): the game's heuristic, or random moves when nil.
	Fallback games.Advisor

	rng     *rand.Rand
	legal   []games.Action
	actors  []games.Seat
	rewards []float64
	start   []int
}

// NewISMCTS returns a search bot doing iterations per decision.
func NewISMCTS(seed uint64, iterations int) *ISMCTS {
	return &ISMCTS{Iterations: iterations, Exploration: 0.7, PlayoutCap: 60, Yield: defaultYield, SliceTime: 8 * time.Millisecond, rng: games.NewRand(seed)}
}

type node struct {
	seat     games.Seat // who moved into this node
	action   games.Action
	parent   *node
	children []*node
	visits   int
	avail    int
	reward   float64
}

func (n *node) child(seat games.Seat, a games.Action) *node {
	for _, c := range n.children {
		if c.action == a && c.seat == seat {
			return c
		}
	}
	return nil
}

// Choose searches from seat's information set and returns the most visited move.
func (b *ISMCTS) Choose(t *Turn) (games.Action, error) {
	seat := t.Seat
	switch {
	case len(t.Legal) == 0:
		return 0, games.ErrNotYourTurn
	case len(t.Legal) == 1 && t.Deadline == 0:
		return t.Legal[0], nil
	}
	sampler, err := t.Sampler()
	if err != nil {
		return fallback(b.Fallback, b.rng, t)
	}
	root := &node{seat: games.System}
	began := time.Now()
	sliceStart := began
	for i := 0; b.Iterations == 0 || i < b.Iterations; i++ {
		if i&31 == 0 {
			now := time.Now()
			if b.Time > 0 && now.Sub(began) >= b.Time {
				break
			}
			if b.Yield != nil && now.Sub(sliceStart) >= b.SliceTime {
				b.Yield()
				sliceStart = time.Now()
			}
		}
		b.iterate(root, sampler.Sample(b.rng), seat)
	}
	var best *node
	for _, c := range root.children {
		if c.seat == seat && (best == nil || c.visits > best.visits) {
			best = c
		}
	}
	if best == nil || (best.action != games.Timeout && !slices.Contains(t.Legal, best.action)) {
		return fallback(b.Fallback, b.rng, t)
	}
	if best.action == games.Timeout {
		return 0, ErrWait
	}
	return best.action, nil
}

func (b *ISMCTS) iterate(root *node, d games.State, me games.Seat) {
	players := len(d.Result().Scores)
	b.start = append(b.start[:0], d.Result().Scores...)
	round := -1
	rounder, _ := d.(games.Rounder)
	if rounder != nil {
		round = rounder.Round()
	}
	ended := func() bool { return d.Done() || (rounder != nil && rounder.Round() != round) }

	n := root
	expanded := false
	for !ended() && !expanded {
		seat, a, ok := b.pickMover(d, n == root, me)
		if !ok {
			return
		}
		if seat == games.System {
			// The window passing is the world's move, not a choice in the tree.
			if d.Apply(seat, a) != nil {
				return
			}
			continue
		}
		b.legal = d.Legal(seat, b.legal[:0])
		if seat == me && n == root && d.Deadline() > 0 {
			b.legal = append(b.legal, games.Timeout) // letting the window run is a choice too
		}
		// Expand one untried move, else descend by UCB among the moves
		// available in this world.
		var untried []games.Action
		for _, x := range b.legal {
			if n.child(seat, x) == nil {
				untried = append(untried, x)
			}
		}
		var next *node
		if len(untried) > 0 {
			x := untried[b.rng.IntN(len(untried))]
			next = &node{seat: seat, action: x, parent: n}
			n.children = append(n.children, next)
			expanded = true
		} else {
			best := math.Inf(-1)
			for _, x := range b.legal {
				c := n.child(seat, x)
				c.avail++
				u := math.Inf(1) // a child whose iteration was dropped before its first visit
				if c.visits > 0 {
					u = c.reward/float64(c.visits) + b.Exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
				}
				if next == nil || u > best {
					best, next = u, c
				}
			}
		}
		if next == nil {
			return // no move in this world
		}
		next.avail = max(next.avail, 1)
		if next.action == games.Timeout {
			if !b.othersMove(d, me) {
				return
			}
		} else if d.Apply(seat, next.action) != nil {
			return // a legal move refused: an engine bug; drop the iteration
		}
		n = next
	}
	// Random playout to the end of the round, or PlayoutCap actions.
	limit := 10000
	if rounder == nil && b.PlayoutCap > 0 {
		limit = b.PlayoutCap
	}
	for steps := 0; !ended() && steps < limit; steps++ {
		seat, a, ok := b.pickMover(d, false, me)
		if !ok || d.Apply(seat, a) != nil {
			break
		}
	}
	b.reward(d, players)
	for ; n != nil && n != root; n = n.parent {
		n.visits++
		if n.seat >= 0 && int(n.seat) < players {
			n.reward += b.rewards[n.seat]
		}
	}
}

// pickMover chooses who moves next in a sampled world and, for System or a
// playout, the move itself: in a timed window the window may pass or any
// seat may act, as in Play.
func (b *ISMCTS) pickMover(d games.State, atRoot bool, me games.Seat) (games.Seat, games.Action, bool) {
	if atRoot {
		return me, 0, true
	}
	b.actors = d.Actors(b.actors[:0])
	if d.Deadline() > 0 && (len(b.actors) == 0 || b.rng.IntN(len(b.actors)+1) == 0) {
		return games.System, games.Timeout, true
	}
	if len(b.actors) == 0 {
		return 0, 0, false
	}
	seat := b.actors[b.rng.IntN(len(b.actors))]
	b.legal = d.Legal(seat, b.legal[:0])
	if len(b.legal) == 0 {
		return 0, 0, false
	}
	return seat, b.legal[b.rng.IntN(len(b.legal))], true
}

// othersMove plays the window on after me chose to wait: another actor
// moves, or the window passes.
func (b *ISMCTS) othersMove(d games.State, me games.Seat) bool {
	b.actors = d.Actors(b.actors[:0])
	others := b.actors[:0]
	for _, x := range b.actors {
		if x != me {
			others = append(others, x)
		}
	}
	if len(others) == 0 || b.rng.IntN(len(others)+1) == 0 {
		return d.Apply(games.System, games.Timeout) == nil
	}
	seat := others[b.rng.IntN(len(others))]
	b.legal = d.Legal(seat, b.legal[:0])
	return len(b.legal) > 0 && d.Apply(seat, b.legal[b.rng.IntN(len(b.legal))]) == nil
}

// reward scores the playout for every seat in [0, 1].
func (b *ISMCTS) reward(d games.State, players int) {
	b.rewards = b.rewards[:0]
	res := d.Result()
	if d.Done() {
		for range players {
			b.rewards = append(b.rewards, 0)
		}
		for _, w := range res.Winners {
			b.rewards[w] = 1
		}
		return
	}
	lo, hi := math.MaxInt, math.MinInt
	for i, v := range res.Scores {
		delta := v - b.start[i]
		lo, hi = min(lo, delta), max(hi, delta)
	}
	for i, v := range res.Scores {
		r := 0.5
		if hi > lo {
			r = float64(v-b.start[i]-lo) / float64(hi-lo)
		}
		b.rewards = append(b.rewards, r)
	}
}
