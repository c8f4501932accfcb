package sortcoop

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"cardtable/games"
)

// NewSampler prepares to deal states consistent with a seat's view
// (games.ViewSampler). The seat's own cards (its hand and the cards it owns
// on the board) stay; the cards it cannot see (the partner's hand, the
// partner's face-down cards, the 26 unused) are dealt uniformly: every
// placement of the unseen cards on the partner's slots and in its hand is
// equally likely, as the rules reveal nothing about them until the board is
// turned up. A partner's pick not yet revealed is one of the three, equally
// likely. seat may be 0, 1 or games.Observer (who sees no card before the
// reveal and, with showOwners off, no owner: those are dealt uniformly too).
func (g Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView(ID, "a Sort Co-op view", cfg, seat, view, rebuild)
}

// rebuild is the game's part of NewSampler.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	if seat != 0 && seat != 1 && seat != games.Observer {
		return nil, games.Errorn("seat %d: only seats 0 and 1 and a spectator have views to sample", int(seat))
	}
	if v.Seat != seat {
		return nil, games.Errorn("the view is seat %d's, not seat %d's", int(v.Seat), int(seat))
	}
	return Game{}.samplerOf(cfg, seat, v)
}

type sampler struct {
	base      State
	pool      []Card  // the cards the seat cannot place
	slots     []uint8 // slots whose card the seat cannot see
	deal      [2]int  // hand cards to deal per seat
	owners    []uint8 // slots whose owner the seat cannot see (spectator, showOwners off)
	owned0    int     // how many of them are seat 0's
	hiddenPks [2]bool // picks made and not shown
}

// Sample deals one state.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	d := sm.base
	var pool [NumCards]Card
	n := copy(pool[:], sm.pool)
	k := 0
	next := func() Card { // a uniform draw without replacement
		j := k + rng.IntN(n-k)
		pool[k], pool[j] = pool[j], pool[k]
		k++
		return pool[k-1]
	}
	for _, sl := range sm.slots {
		d.board[sl] = int8(next())
	}
	for p := range 2 {
		if sm.deal[p] > 0 {
			d.hands[p] = 0
		}
		for range sm.deal[p] {
			d.hands[p] |= 1 << next()
		}
	}
	if len(sm.owners) > 0 {
		var sl [Slots]uint8
		m := copy(sl[:], sm.owners)
		for i := range m {
			j := i + rng.IntN(m-i)
			sl[i], sl[j] = sl[j], sl[i]
			d.owner[sl[i]] = 1
			if i < sm.owned0 {
				d.owner[sl[i]] = 0
			}
		}
	}
	for p := range 2 {
		if sm.hiddenPks[p] {
			d.picks[p] = Pref(rng.IntN(3))
		}
	}
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return &d
}

// samplerOf rebuilds the known part of the state from v and checks that it
// fits the rules of cfg.
func (g Game) samplerOf(cfg games.Config, seat games.Seat, v *View) (*sampler, error) {
	cfg.Seed, cfg.Deals = 0, nil
	gs, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := gs.(*State)
	s.hands = [2]hand{}
	own := seat == 0 || seat == 1
	sm := &sampler{}

	ph := slices.Index(phaseNames[:], v.Phase)
	if ph < 0 {
		return nil, games.Errorf("unknown phase %q (prefer, place, swap, done)", v.Phase)
	}
	s.phase = phase(ph)
	done := s.phase == phaseDone
	if v.Done != done {
		return nil, games.Errorf("done is %v in phase %s", v.Done, v.Phase)
	}
	if len(v.Hands) > 0 {
		return nil, games.Errorf("both hands are shown only to god")
	}
	for p, n := range v.HandCounts {
		if n < 0 || n > HandSize {
			return nil, games.Errorn("seat %d holds %d cards: at most %d", p, n, HandSize)
		}
	}

	// The cards the seat sees: its hand and its slots (every slot once done).
	var known hand
	see := func(where, txt string) (Card, error) {
		c, err := ParseCard(txt)
		if err != nil {
			return 0, games.Errorf("%s: %w", where, err)
		}
		if known.has(c) {
			return 0, games.Errorf("%s: %s is shown twice", where, c)
		}
		known |= 1 << c
		return c, nil
	}
	switch {
	case own:
		if len(v.Hand) != v.HandCounts[seat] {
			return nil, games.Errorn("the hand shows %d cards, the counts say %d", len(v.Hand), v.HandCounts[seat])
		}
		for _, txt := range v.Hand {
			c, err := see("the hand", txt)
			if err != nil {
				return nil, err
			}
			s.hands[seat] |= 1 << c
		}
	case len(v.Hand) > 0:
		return nil, games.Errorf("a spectator holds no hand")
	}
	var owned [2]int
	hiddenOwner := 0
	for i, sl := range v.Slots {
		where := fmt.Sprintf("slot %d", i+1)
		if !sl.Filled {
			if sl.Owner != -1 || sl.Card != "" {
				return nil, games.Errorf("%s is empty but shows an owner or a card", where)
			}
			continue
		}
		s.placed++
		o := sl.Owner
		switch {
		case o == -1 && own:
			if s.showOwners || done {
				return nil, games.Errorf("%s hides its owner, which the rules show", where)
			}
			o = int(1 - seat) // the seat's own slots always show it
		case o == -1:
			if s.showOwners || done {
				return nil, games.Errorf("%s hides its owner, which the rules show", where)
			}
			hiddenOwner++
			sm.owners = append(sm.owners, uint8(i))
		case o != 0 && o != 1:
			return nil, games.Errorf("%s: owner %d (seats 0 and 1)", where, o)
		}
		if o >= 0 {
			owned[o]++
			s.owner[i] = int8(o)
		} else {
			s.owner[i] = 0 // Sample deals the owners
		}
		mine := own && o == int(seat)
		switch {
		case sl.Card == "" && (mine || done):
			return nil, games.Errorf("%s: the card is not shown, which the rules show", where)
		case sl.Card != "" && !mine && !done:
			return nil, games.Errorf("%s: seat %d's face-down card is shown", where, o)
		case sl.Card != "":
			c, err := see(where, sl.Card)
			if err != nil {
				return nil, err
			}
			s.board[i] = int8(c)
		default:
			sm.slots = append(sm.slots, uint8(i))
		}
	}
	if n := int(s.placed) + v.HandCounts[0] + v.HandCounts[1]; n != 2*HandSize {
		return nil, games.Errorn("%d cards on the board and %d+%d in the hands: %d were dealt", int(s.placed), v.HandCounts[0], v.HandCounts[1], 2*HandSize)
	}
	for p := range 2 {
		if hiddenOwner == 0 && owned[p]+v.HandCounts[p] != HandSize {
			return nil, games.Errorn("seat %d owns %d cards on the board and holds %d: it was dealt %d", p, owned[p], v.HandCounts[p], HandSize)
		}
	}
	if hiddenOwner > 0 {
		sm.owned0 = HandSize - v.HandCounts[0] - owned[0]
		if sm.owned0 < 0 || sm.owned0 > hiddenOwner {
			return nil, games.Errorn("seat 0 holds %d cards: it cannot own %d of the board", v.HandCounts[0], HandSize-v.HandCounts[0])
		}
	}
	switch {
	case s.phase == phasePrefer && s.placed != 0:
		return nil, games.Errorf("cards are on the board before the preferences are settled")
	case s.phase == phasePlace && s.placed == 2*HandSize:
		return nil, games.Errorf("every card is placed, yet placement goes on")
	case s.phase >= phaseSwap && s.placed != 2*HandSize:
		return nil, games.Errorf("phase %s with %d cards placed: placement ends with all %d", v.Phase, s.placed, 2*HandSize)
	}
	for p := range 2 {
		if !own || games.Seat(p) != seat {
			sm.deal[p] = v.HandCounts[p]
		}
	}
	sm.pool = make([]Card, 0, NumCards)
	for t := fullDeck &^ known; t != 0; t &= t - 1 {
		sm.pool = append(sm.pool, Card(bits.TrailingZeros64(uint64(t))))
	}
	if need := len(sm.slots) + sm.deal[0] + sm.deal[1]; need > len(sm.pool) {
		return nil, games.Errorn("%d unseen cards to deal from %d", need, len(sm.pool))
	}
	// The unseen places get the first unseen cards; Sample deals them.
	k := 0
	for _, sl := range sm.slots {
		s.board[sl] = int8(sm.pool[k])
		k++
	}
	for p := range 2 {
		for range sm.deal[p] {
			s.hands[p] |= 1 << sm.pool[k]
			k++
		}
	}

	if err := s.picksOf(v, seat, sm); err != nil {
		return nil, err
	}
	if err := s.swapsOf(v); err != nil {
		return nil, err
	}
	s.won = done && s.sorted()
	sm.base = *s
	return sm, nil
}

// picksOf restores the preferences: the completed rounds replay the rules
// (who goes first, a tie picked again or settled by the coin), the current
// round shows only the seat's own pick.
func (s *State) picksOf(v *View, seat games.Seat, sm *sampler) error {
	if len(v.PickRounds) > maxRepick+1 {
		return games.Errorn("%d pick rounds: at most %d", len(v.PickRounds), maxRepick+1)
	}
	prefOf := func(txt string) (Pref, error) {
		for p := Want; p <= Dont; p++ {
			if txt == p.String() {
				return p, nil
			}
		}
		return NoPref, games.Errorf("unknown preference %q (want, neutral, dont)", txt)
	}
	settled, coin, first := false, false, int8(-1)
	for r, round := range v.PickRounds {
		if settled {
			return games.Errorn("pick round %d follows a settled one", r+1)
		}
		var p [2]Pref
		for i := range 2 {
			x, err := prefOf(round[i])
			if err != nil {
				return games.Errorf("pick round %d: %w", r+1, err)
			}
			p[i] = x
		}
		s.pickRounds[r] = p
		settled = true
		switch {
		case p[0] < p[1]:
			first = 0
		case p[1] < p[0]:
			first = 1
		case s.repick && r+1 <= int(s.maxRepicks):
			settled = false
		default:
			coin = true
		}
	}
	s.nRounds = uint8(len(v.PickRounds))
	switch {
	case settled == (s.phase == phasePrefer):
		return games.Errorf("phase %s after %d pick rounds that settle %v", v.Phase, len(v.PickRounds), settled)
	case v.CoinFlip != coin:
		return games.Errorf("coinFlip is %v, the picks say %v", v.CoinFlip, coin)
	case coin && v.First != 0 && v.First != 1:
		return games.Errorn("the coin gave first player %d", v.First)
	case !coin && v.First != int(first):
		return games.Errorn("first player %d, the picks say %d", v.First, int(first))
	}
	s.coin, s.first = coin, int8(v.First)
	own := seat == 0 || seat == 1
	for p := range 2 {
		shown := own && games.Seat(p) == seat
		switch {
		case v.Picked[p] && s.phase != phasePrefer:
			return games.Errorn("seat %d picked after the preferences were settled", p)
		case v.Picked[p] && shown:
			x, err := prefOf(v.Picks[p])
			if err != nil {
				return games.Errorf("seat %d's pick: %w", p, err)
			}
			s.picks[p] = x
		case v.Picked[p]:
			if v.Picks[p] != "" {
				return games.Errorn("seat %d's pick is shown before both picked", p)
			}
			s.picks[p] = Want // Sample picks it
			sm.hiddenPks[p] = true
		case v.Picks[p] != "":
			return games.Errorn("seat %d did not pick, yet its pick shows", p)
		}
	}
	if v.Picked == [2]bool{true, true} {
		return games.Errorf("both picked, yet the round is not complete")
	}
	return nil
}

// swapsOf restores the turn, the passes, the proposals and the swaps.
func (s *State) swapsOf(v *View) error {
	s.turn = int8(v.Turn)
	switch s.phase {
	case phasePrefer, phaseDone:
		if v.Turn != -1 {
			return games.Errorf("turn %d in phase %s", v.Turn, v.Phase)
		}
	case phasePlace:
		if v.Turn != 0 && v.Turn != 1 || v.HandCounts[v.Turn] == 0 {
			return games.Errorn("turn %d: the seat to place holds a card", v.Turn)
		}
	case phaseSwap:
		if v.Turn != 0 && v.Turn != 1 || v.Accepted[v.Turn] > 0 {
			return games.Errorn("turn %d: the swap opportunity is a seat's without an accepted swap", v.Turn)
		}
	}
	if s.phase == phasePrefer && v.PassUsed != [2]bool{} {
		return games.Errorf("a pass before placement")
	}
	s.passUsed = v.PassUsed
	if len(v.Swaps) > 2 {
		return games.Errorn("%d accepted swaps: one per player", len(v.Swaps))
	}
	var by [2]int
	for i, sw := range v.Swaps {
		p, err := s.proposalOf(sw)
		if err != nil {
			return games.Errorf("swap %d: %w", i+1, err)
		}
		s.swaps[i] = p
		by[p.by]++
	}
	s.nSwaps = uint8(len(v.Swaps))
	for p := range 2 {
		switch {
		case v.Accepted[p] != by[p]:
			return games.Errorn("seat %d: %d accepted proposals, %d swaps", p, v.Accepted[p], by[p])
		case v.Rejected[p] < 0 || v.Rejected[p] > 255:
			return games.Errorn("seat %d: %d rejected proposals", p, v.Rejected[p])
		case s.maxRejected >= 0 && v.Rejected[p] > int(s.maxRejected):
			return games.Errorn("seat %d: %d rejected proposals over the cap of %d", p, v.Rejected[p], int(s.maxRejected))
		case s.phase == phasePrefer && (v.Accepted[p] > 0 || v.Rejected[p] > 0):
			return games.Errorf("proposals before placement")
		}
		s.accepted[p], s.rejected[p] = uint8(v.Accepted[p]), uint8(v.Rejected[p])
	}
	if v.Pending != nil {
		p, err := s.proposalOf(*v.Pending)
		if err != nil {
			return games.Errorf("the pending proposal: %w", err)
		}
		s.pending, s.hasPend = p, true
		switch {
		case s.phase != phasePlace && s.phase != phaseSwap:
			return games.Errorf("a proposal pending in phase %s", v.Phase)
		case s.phase == phaseSwap && int8(p.by) != s.turn:
			return games.Errorn("seat %d proposes in seat %d's swap opportunity", int(p.by), int(s.turn))
		case s.accepted[p.by] > 0:
			return games.Errorn("seat %d proposes with its swap used", int(p.by))
		case s.maxRejected >= 0 && int(s.rejected[p.by]) >= int(s.maxRejected):
			return games.Errorn("seat %d proposes at its cap of rejected proposals", int(p.by))
		}
	}
	return nil
}

func (s *State) proposalOf(p Proposal) (proposal, error) {
	switch {
	case p.By != 0 && p.By != 1:
		return proposal{}, games.Errorn("by seat %d", p.By)
	case p.A < 1 || p.B > Slots || p.A >= p.B:
		return proposal{}, games.Errorn("slots %d and %d: two slots 1-%d, the smaller first", p.A, p.B, Slots)
	case s.board[p.A-1] < 0 || s.board[p.B-1] < 0:
		return proposal{}, games.Errorn("slots %d and %d: a swap needs two filled slots", p.A, p.B)
	}
	return proposal{by: int8(p.By), a: uint8(p.A - 1), b: uint8(p.B - 1)}, nil
}
