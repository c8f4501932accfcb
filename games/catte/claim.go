package catte

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// noCard stands for a card put face down whose identity is left open in the
// claim search; its suit matches no led suit, so it never wins.
const noCard = cards.Card(63)

// claimKey is what decides the rest of a round in the claim search: tricks
// won matter only as who has won at least one (elimination) and whether one
// player won them all (the sweep), which the set of trick winners tells.
type claimKey struct {
	hands  [6]cards.Set
	pend   [6]int8
	active uint8
	won    uint8
	trick  int8
	leader int8
	turn   int8
	np     int8
	best   int8
	acted  uint8
	plays  [6]play
	commit int8
}

type claimSearch struct {
	p    int8
	memo map[claimKey]bool
}

// claimHolds tells whether p, the player to act, wins the round against every
// continuation. Every card is known at the claim; the claimant then plays on
// seeing what the table sees: the others' face-down cards stay unseen, so
// their choice may depend on the claimant's later play (the search leaves a
// folded card open until its owner needs the cards it kept), and in a
// face-down trick 5 the claimant chooses without seeing the others' choices.
// The others play as one side, with every option: beating the best card face
// up, folding, throwing in the hand. A face-up card that cannot win (OPEN) is
// the same as a fold whose card is known, so folding covers it.
func claimHolds(c *core, p int8) bool {
	n := *c
	n.virt = ^bit(p)
	cs := claimSearch{p: p, memo: make(map[claimKey]bool)}
	return cs.wins(&n, -1)
}

func (cs *claimSearch) key(c *core, commit int8) claimKey {
	k := claimKey{hands: c.hands, pend: c.pend, active: c.active, trick: c.trick, leader: c.leader, turn: c.turn,
		np: c.np, best: c.best, acted: c.acted, plays: c.plays, commit: commit}
	for q := range c.n {
		if c.won[q] > 0 {
			k.won |= bit(q)
		}
	}
	return k
}

// wins: commit is p's trick-5 face-down card chosen ahead of its turn, or -1.
func (cs *claimSearch) wins(c *core, commit int8) bool {
	if c.winner >= 0 {
		return c.winner == cs.p
	}
	if !c.isActive(cs.p) {
		return false
	}
	k := cs.key(c, commit)
	if r, ok := cs.memo[k]; ok {
		return r
	}
	r := cs.search(c, commit)
	cs.memo[k] = r
	return r
}

// beaters are the cards of h that beat the best face-up card of the trick.
func (c *core) beaters(h cards.Set) cards.Set {
	best := c.plays[c.best].card
	return h.Of(best.Suit()) &^ (cards.Set(2)<<best - 1)
}

func (cs *claimSearch) search(c *core, commit int8) bool {
	p, t := cs.p, c.turn
	if c.secretTrick() && c.np > 0 && t != p && commit < 0 && c.acted&bit(p) == 0 {
		// p picks its face-down card without seeing the others'.
		for h := c.hands[p]; h != 0; h &= h - 1 {
			if cs.wins(c, int8(h.Lowest())) {
				return true
			}
		}
		return false
	}
	next := func(a games.Action) bool {
		n := *c
		n.do(a)
		return cs.wins(&n, commit)
	}
	if t == p {
		if commit >= 0 {
			n := *c
			n.do(games.Action(actSecret + int(commit)))
			return cs.wins(&n, -1)
		}
		hand := c.hands[p]
		switch {
		case c.np == 0:
			for h := hand; h != 0; h &= h - 1 {
				if next(games.Action(actPlay + int(h.Lowest()))) {
					return true
				}
			}
		case c.secretTrick():
			for h := hand; h != 0; h &= h - 1 {
				if next(games.Action(actSecret + int(h.Lowest()))) {
					return true
				}
			}
		default:
			for h := c.beaters(hand); h != 0; h &= h - 1 {
				if next(games.Action(actPlay + int(h.Lowest()))) {
					return true
				}
			}
			for h := hand; h != 0; h &= h - 1 {
				if next(games.Action(actFold + int(h.Lowest()))) {
					return true
				}
			}
		}
		return false
	}
	// An opponent: one refutation is enough.
	hand := c.hands[t]
	switch {
	case c.np == 0:
		for h := hand; h != 0; h &= h - 1 {
			if !next(games.Action(actPlay + int(h.Lowest()))) {
				return false
			}
		}
	case c.secretTrick():
		for h := c.beaters(hand); h != 0; h &= h - 1 {
			if !next(games.Action(actSecret + int(h.Lowest()))) {
				return false
			}
		}
		n := *c
		n.putDown(kindSecret)
		if !cs.wins(&n, commit) {
			return false
		}
	default:
		for h := c.beaters(hand); h != 0; h &= h - 1 {
			if !next(games.Action(actPlay + int(h.Lowest()))) {
				return false
			}
		}
		n := *c
		n.putDown(kindFold)
		if !cs.wins(&n, commit) {
			return false
		}
	}
	if c.foldOK && !next(actFoldHand) {
		return false
	}
	return true
}

// putDown puts a face-down card of the player to act whose identity is left
// open: the player keeps choosing among all its cards until it needs them.
func (c *core) putDown(kind uint8) {
	q := c.turn
	c.pend[q]++
	c.plays[c.np] = play{q, noCard, kind}
	c.np++
	c.acted |= bit(q)
	c.advance(q)
}

// virtualShowdown settles trick 6 of the claim search: the claimant (the one
// seat that is not virtual) wins only if no choice of the others' last cards
// beats it.
func (c *core) virtualShowdown() {
	var p int8
	for q := int8(0); q < c.n; q++ {
		if c.isActive(q) && c.virt&bit(q) == 0 {
			p = q
		}
	}
	last := c.hands[p].Lowest()
	higher := cards.SuitSet(last.Suit()) &^ (cards.Set(2)<<last - 1)
	ok := true
	for q := int8(0); q < c.n; q++ {
		if q == p || !c.isActive(q) {
			continue
		}
		h := c.hands[q]
		if h&higher != 0 || q == c.leader && h&^cards.SuitSet(last.Suit()) != 0 {
			ok = false
		}
	}
	if ok {
		c.win(p, howTrick6)
	} else {
		c.win(c.next(p, false), howTrick6)
	}
}
