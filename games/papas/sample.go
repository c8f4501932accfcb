package papas

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"cardtable/games"
)

// NewSampler prepares the states consistent with a seat's view
// (games.ViewSampler). Everything the view shows stays as shown: the
// seat's hand, the discard pile, the open window's chain, golden potatoes,
// hand sizes and the deck's size. The cards the view does not show (the
// other hands and the deck) are dealt uniformly among the deals of the
// deck's cards (each copy a card of its own) that fit what the seat knows:
//   - a seat that ended a turn without a main play holds at least the
//     number its bound in holds says of the kinds it lists;
//   - after a reshuffle the deck holds only cards of the pile it was
//     shuffled from that the seat did not draw itself (reshuffled less
//     drawn).
//
// The deck's order is a uniform shuffle of its cards; the generator of
// later reshuffles and of what disconnected seats choose comes from rng.
// seat is a player or games.Observer (every hand unseen). A view that no
// table could show, or that no deal fits, is refused with what does not
// fit.
func (g Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView("papas", "a Papas view", cfg, seat, view, rebuild)
}

// rebuild is the game's part of NewSampler: the state v shows without the
// hidden cards, and the count of their deals.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	if v.Seat != seat {
		return nil, games.Errorn("the view is seat %d's, not seat %d's", int(v.Seat), int(seat))
	}
	if seat != games.Observer && (seat < 0 || int(seat) >= cfg.Players) {
		return nil, games.Errorn("seat %d: only the players' seats and the spectator are sampled", int(seat))
	}
	cfg.Deals, cfg.Seed = nil, 0
	gs, err := Game{}.New(cfg)
	if err != nil {
		return nil, err
	}
	sm := &sampler{}
	if err := sm.fromView(gs.(*State), v, seat); err != nil {
		return nil, err
	}
	if err := sm.prepare(); err != nil {
		return nil, err
	}
	return sm, nil
}

// The kinds a bound counts (NoPoh, TeDije, Robo) are dealt by count; the
// other kinds ("plain") only matter to the deck's bounds.
const (
	spN = iota // nopoh
	spT        // tedije
	spR        // robo
	nSpecial
)

var specialKinds = [nSpecial]Card{NoPoh, TeDije, Robo}

// group is one hidden hand to deal.
type group struct {
	seat  int
	size  int
	bound int
	robo  bool // robo counts towards the bound
}

// pick is one way to share the special cards between the deck and the
// hands, with its weight (the number of deals that follow from it).
type pick struct {
	deck [nSpecial]int
	cum  float64
}

// sampler deals the unseen cards of one view; base holds everything else.
type sampler struct {
	base   State
	pool   [NumKinds]int // the unseen cards
	caps   [NumKinds]int // at most this many of each in the deck
	groups []group
	deck   int // cards in the deck

	plain []Card // the plain kinds with unseen copies
	// wPlain[j][d]: the ways to choose d deck cards among plain[j:].
	wPlain [][]float64
	// fill[i][at(n, t, r)]: the ways to deal groups[i:] when n nopoh, t
	// tedije and r robo are left for them (the plain cards left follow);
	// -1 until counted.
	fill  [][]float64
	dims  [nSpecial]int // the specials unseen, plus one
	sizes []int         // cards groups[i:] hold in all
	picks []pick
	total float64
}

// fromView sets s (a new match under the table's options) to the position
// v shows, without the hidden cards, and checks that a table could show v.
func (sm *sampler) fromView(s *State, v *View, seat games.Seat) error {
	n := int(s.players)
	switch {
	case v.Players != n:
		return games.Errorn("the view has %d players, the table %d", v.Players, n)
	case v.Target != int(s.target):
		return games.Errorn("the view's target is %d GP, the rules' %d", v.Target, int(s.target))
	case v.HandLimit != int(s.handLimit):
		return games.Errorn("the view's hand limit is %d, the options' %d", v.HandLimit, int(s.handLimit))
	case v.TurnLimit != int(s.turnLimit):
		return games.Errorn("the view's turn limit is %d, the options' %d", v.TurnLimit, int(s.turnLimit))
	case len(v.HandCounts) != n || len(v.GP) != n || len(v.Zombie) != n:
		return games.Errorn("the view does not give handCounts, gp and zombie for %d seats", n)
	case v.Active < 0 || v.Active >= n:
		return games.Errorn("active seat %d is not a seat", v.Active)
	case v.Hands != nil:
		return games.Errorf("only god's view shows every hand")
	}
	s.active = int8(v.Active)
	s.played = v.Played
	s.phase = phaseDone
	switch v.Phase {
	case "main":
		s.phase = phaseMain
	case "window":
		s.phase = phaseWindow
	case "discard":
		s.phase = phaseDiscard
	case "done":
	default:
		return games.Errorf("unknown phase %q", v.Phase)
	}
	if v.Done != (s.phase == phaseDone) {
		return games.Errorf("phase %s with done %v", v.Phase, v.Done)
	}
	turns := v.Turn - 1
	if v.Done {
		turns = v.Turn
	}
	if turns < 0 || turns > 1<<16-1 || (s.turnLimit > 0 && (turns > int(s.turnLimit) || !v.Done && turns >= int(s.turnLimit))) {
		return games.Errorn("turn %d does not fit the turn limit %d", v.Turn, int(s.turnLimit))
	}
	s.turns = uint16(turns)

	// Seats.
	for p := range n {
		c, gp := v.HandCounts[p], v.GP[p]
		if c < 0 || c > int(s.total) {
			return games.Errorn("seat %d holds %d cards", p, c)
		}
		if gp < 0 || gp > 1000 {
			return games.Errorn("seat %d has %d golden potatoes", p, gp)
		}
		s.hands[p] = [NumKinds]uint8{}
		s.handLen[p] = uint8(c)
		s.gp[p] = int16(gp)
		s.zombie[p] = v.Zombie[p]
	}
	if (s.phase == phaseMain || s.phase == phaseDiscard) && s.zombie[s.active] {
		return games.Errorn("seat %d is disconnected: the engine plays its turn", int(s.active))
	}
	if s.phase == phaseDiscard && s.handLen[s.active] <= s.handLimit {
		return games.Errorn("seat %d discards with %d cards: the limit is %d", int(s.active), int(s.handLen[s.active]), int(s.handLimit))
	}
	comp := composition(s.legacy)
	var known [NumKinds]int
	add := func(c Card, where string) error {
		known[c]++
		if known[c] > int(comp[c]) {
			if comp[c] == 0 {
				return games.Errorf("%s: %s is not in this deck", where, c)
			}
			return games.Errorf("%s: more %s shown than the deck's %d", where, c, comp[c])
		}
		return nil
	}
	cardsOf := func(list []string, where string) ([]Card, error) {
		out := make([]Card, len(list))
		for i, txt := range list {
			c, err := ParseCard(txt)
			if err != nil {
				return nil, games.Errorf("%s: %w", where, err)
			}
			out[i] = c
		}
		return out, nil
	}

	own := -1
	if seat >= 0 {
		own = int(seat)
		hand, err := cardsOf(v.Hand, "hand")
		if err != nil {
			return err
		}
		if len(hand) != v.HandCounts[own] {
			return games.Errorn("seat %d's hand shows %d cards, its count %d", own, len(hand), v.HandCounts[own])
		}
		for _, c := range hand {
			if err := add(c, "hand"); err != nil {
				return err
			}
			s.hands[own][c]++
		}
	} else if len(v.Hand) > 0 {
		return games.Errorf("a spectator's view shows a hand")
	}

	// Piles.
	if v.Deck < 0 || v.Deck > int(s.total) || len(v.Discard) > int(s.total) {
		return games.Errorn("a deck of %d and a discard pile of %d cards", v.Deck, len(v.Discard))
	}
	discard, err := cardsOf(v.Discard, "discard pile")
	if err != nil {
		return err
	}
	for _, c := range discard {
		if err := add(c, "discard pile"); err != nil {
			return err
		}
	}
	s.discardLen = uint8(copy(s.discard[:], discard))
	s.deckLen = uint8(v.Deck)
	if v.Reshuffles < 0 || v.Reshuffles > 1<<16-1 {
		return games.Errorn("%d reshuffles", v.Reshuffles)
	}
	s.reshuffles = uint16(v.Reshuffles)

	// The chains.
	if v.Windows > serialMask {
		return games.Errorn("window number %d is out of range", int(v.Windows))
	}
	s.window = v.Windows
	s.chain, s.chainLen = [maxChain]link{}, 0
	if (v.Window != nil) != (s.phase == phaseWindow) {
		return games.Errorf("phase %s with window %v", v.Phase, v.Window != nil)
	}
	if w := v.Window; w != nil {
		if w.ID != v.Windows || w.Seconds != int(s.reaction) {
			return games.Errorn("window %d of %d s: windows %d, reactionSeconds %d", int(w.ID), w.Seconds, int(v.Windows), int(s.reaction))
		}
		if !v.Played {
			return games.Errorf("a window is open before any play")
		}
		chain, err := chainOf(w.Chain, n, "window")
		if err != nil {
			return err
		}
		if int(chain[0].seat) != v.Active {
			return games.Errorn("the window's main play is seat %d's, the active seat is %d", int(chain[0].seat), v.Active)
		}
		if t := chain[0].target; t >= 0 && s.gp[t] == 0 {
			return games.Errorn("robo against seat %d, which has no golden potato", int(t))
		}
		for _, l := range chain {
			for _, c := range l.cards[:l.n] {
				if err := add(c, "window"); err != nil {
					return err
				}
			}
		}
		s.chainLen = uint8(copy(s.chain[:], chain))
	}
	s.last, s.lastLen, s.lastResolved = [maxChain]link{}, 0, false
	if l := v.Last; l != nil {
		chain, err := chainOf(l.Chain, n, "last chain")
		if err != nil {
			return err
		}
		if l.Resolved != ((len(chain)-1)%2 == 0) {
			return games.Errorf("the last chain has %d interrupts and resolved %v", len(chain)-1, l.Resolved)
		}
		s.lastLen = uint8(copy(s.last[:], chain))
		s.lastResolved = l.Resolved
	}

	// The winners.
	s.winners = 0
	if v.Done == (len(v.Winners) == 0) {
		return games.Errorf("winners %v with done %v", v.Winners, v.Done)
	}
	for _, w := range v.Winners {
		if w < 0 || int(w) >= n {
			return games.Errorn("winner %d is not a seat", int(w))
		}
		s.winners |= 1 << w
	}

	// What the table saw of the hidden cards.
	s.fromPile, s.drawn = [NumKinds]uint8{}, [MaxPlayers][NumKinds]uint8{}
	if (v.Reshuffles > 0) != (len(v.Reshuffled) > 0) {
		return games.Errorn("%d reshuffles and a reshuffled pile of %d cards", v.Reshuffles, len(v.Reshuffled))
	}
	from, err := cardsOf(v.Reshuffled, "reshuffled")
	if err != nil {
		return err
	}
	for _, c := range from {
		if s.fromPile[c] == comp[c] {
			return games.Errorf("reshuffled: more %s than the deck's %d", c, comp[c])
		}
		s.fromPile[c]++
	}
	if len(v.Drawn) > 0 && (own < 0 || v.Reshuffles == 0) {
		return games.Errorf("drawn is a seat's own draws since a reshuffle")
	}
	drawn, err := cardsOf(v.Drawn, "drawn")
	if err != nil {
		return err
	}
	for _, c := range drawn {
		if s.drawn[own][c] == s.fromPile[c] {
			return games.Errorf("drawn: more %s than the reshuffled pile held", c)
		}
		s.drawn[own][c]++
	}
	s.bound, s.boundRobo = [MaxPlayers]uint8{}, 0
	for _, b := range v.Holds {
		switch {
		case b.Seat < 0 || b.Seat >= n:
			return games.Errorn("holds: %d is not a seat", b.Seat)
		case s.bound[b.Seat] > 0:
			return games.Errorn("holds: seat %d twice", b.Seat)
		case b.AtLeast < 1 || b.AtLeast > v.HandCounts[b.Seat]:
			return games.Errorn("holds: seat %d holds at least %d of its %d cards", b.Seat, b.AtLeast, v.HandCounts[b.Seat])
		}
		switch strings.Join(b.Of, " ") {
		case "nopoh tedije":
		case "nopoh tedije robo":
			s.boundRobo |= 1 << b.Seat
		default:
			return games.Errorf("holds: seat %d's bound is of %v: nopoh, tedije and maybe robo", b.Seat, b.Of)
		}
		s.bound[b.Seat] = uint8(b.AtLeast)
	}
	if own >= 0 && s.bound[own] > 0 {
		have := 0
		for c := range Card(NumKinds) {
			if s.bounded(own, c) {
				have += int(s.hands[own][c])
			}
		}
		if have < int(s.bound[own]) {
			return games.Errorn("holds: seat %d holds %d of the kinds its bound of %d counts", own, have, int(s.bound[own]))
		}
	}

	// The unseen cards: the other hands and the deck.
	unseen := 0
	for c := range Card(NumKinds) {
		sm.pool[c] = int(comp[c]) - known[c]
		unseen += sm.pool[c]
	}
	hidden := v.Deck
	for p := range n {
		if p == own {
			continue
		}
		hidden += v.HandCounts[p]
		sm.groups = append(sm.groups, group{seat: p, size: v.HandCounts[p], bound: int(s.bound[p]), robo: s.boundRobo&(1<<p) != 0})
	}
	if hidden != unseen {
		return games.Errorn("%d cards are unseen but the other hands and the deck hold %d", unseen, hidden)
	}
	sm.deck = v.Deck
	for c := range Card(NumKinds) {
		sm.caps[c] = sm.pool[c]
		if s.reshuffles > 0 {
			mine := 0
			if own >= 0 {
				mine = int(s.drawn[own][c])
			}
			sm.caps[c] = min(sm.caps[c], int(s.fromPile[c])-mine)
		}
	}
	sm.base = *s
	return nil
}

// chainOf reads the plays of a chain and checks that they follow the rules
// of a reaction chain.
func chainOf(plays []Play, n int, where string) ([]link, error) {
	if len(plays) == 0 || len(plays) > maxChain-2 {
		return nil, games.Errorf("%s: a chain of %d plays", where, len(plays))
	}
	out := make([]link, len(plays))
	for i, p := range plays {
		l := link{seat: int8(p.Seat), n: uint8(len(p.Cards)), target: noTarget}
		if p.Seat < 0 || p.Seat >= n {
			return nil, games.Errorf("%s: play %d by seat %d", where, i+1, p.Seat)
		}
		if len(p.Cards) != 1 && len(p.Cards) != 3 {
			return nil, games.Errorf("%s: play %d has %d cards", where, i+1, len(p.Cards))
		}
		for j, txt := range p.Cards {
			c, err := ParseCard(txt)
			if err != nil {
				return nil, games.Errorf("%s: %w", where, err)
			}
			l.cards[j] = c
		}
		c := l.cards[0]
		switch {
		case len(p.Cards) == 3:
			if i > 0 {
				return nil, games.Errorf("%s: a threesome answers play %d", where, i)
			}
			l.three = true
			a, b, d := sort3(l.cards[0], l.cards[1], l.cards[2])
			l.cards = [3]Card{a, b, d} // as the table keeps them; the view must list them so
			if _, why := threeReward(a, b, d); why != threeOK {
				return nil, games.Errorf("%s: %w", where, threeErr(why, l.cards))
			}
		case (i == 0) == c.Interrupt():
			return nil, games.Errorf("%s: play %d is %s", where, i+1, c)
		case c == Robo:
			if p.Target < 0 || p.Target >= n || p.Target == p.Seat {
				return nil, games.Errorf("%s: robo against seat %d", where, p.Target)
			}
			l.target = int8(p.Target)
		}
		if l.target == noTarget && p.Target != noTarget {
			return nil, games.Errorf("%s: %s has a target", where, c)
		}
		if i > 0 {
			top := out[i-1]
			switch {
			case l.seat == top.seat:
				return nil, games.Errorf("%s: seat %d answers its own play", where, l.seat)
			case c == NoPoh && (top.three || top.cards[0] == TeDije):
				return nil, games.Errorf("%s: no poh answers %s", where, top.view().Act)
			}
		}
		out[i] = l
	}
	return out, nil
}

// prepare counts the deals: first which plain cards may go to the deck,
// then the ways to deal the hands for every share of the special cards.
func (sm *sampler) prepare() error {
	hand := 0
	for _, g := range sm.groups {
		hand += g.size
	}
	sm.sizes = make([]int, len(sm.groups)+1)
	for i := len(sm.groups) - 1; i >= 0; i-- {
		sm.sizes[i] = sm.sizes[i+1] + sm.groups[i].size
	}
	// Plain cards into the deck.
	for c := range Card(NumKinds) {
		if !isSpecial(c) && sm.pool[c] > 0 {
			sm.plain = append(sm.plain, c)
		}
	}
	sm.wPlain = make([][]float64, len(sm.plain)+1)
	for j := range sm.wPlain {
		sm.wPlain[j] = make([]float64, sm.deck+1)
	}
	sm.wPlain[len(sm.plain)][0] = 1
	for j := len(sm.plain) - 1; j >= 0; j-- {
		c := sm.plain[j]
		for d := 0; d <= sm.deck; d++ {
			w := 0.0
			for x := 0; x <= min(sm.pool[c], sm.caps[c], d); x++ {
				w += binom(sm.pool[c], x) * sm.wPlain[j+1][d-x]
			}
			sm.wPlain[j][d] = w
		}
	}
	// The hands, for every share of the special cards.
	var sp [nSpecial]int
	for k, c := range specialKinds {
		sp[k] = sm.pool[c]
		sm.dims[k] = sp[k] + 1
	}
	sm.fill = make([][]float64, len(sm.groups)+1)
	for i := range sm.fill {
		sm.fill[i] = make([]float64, sm.dims[spN]*sm.dims[spT]*sm.dims[spR])
		for j := range sm.fill[i] {
			sm.fill[i][j] = -1
		}
	}
	for x0 := 0; x0 <= min(sp[spN], sm.caps[NoPoh]); x0++ {
		for x1 := 0; x1 <= min(sp[spT], sm.caps[TeDije]); x1++ {
			for x2 := 0; x2 <= min(sp[spR], sm.caps[Robo]); x2++ {
				d := sm.deck - x0 - x1 - x2
				if d < 0 {
					continue
				}
				left := [nSpecial]int{sp[spN] - x0, sp[spT] - x1, sp[spR] - x2}
				w := binom(sp[spN], x0) * binom(sp[spT], x1) * binom(sp[spR], x2) * sm.wPlain[0][d]
				if w == 0 {
					continue
				}
				if w *= sm.ways(0, left); w > 0 {
					sm.total += w
					sm.picks = append(sm.picks, pick{deck: [nSpecial]int{x0, x1, x2}, cum: sm.total})
				}
			}
		}
	}
	if sm.total == 0 || sm.total > 1e300 {
		return sm.noDeal(hand)
	}
	return nil
}

// noDeal explains why no deal fits.
func (sm *sampler) noDeal(hand int) error {
	deckMay := 0
	for c := range Card(NumKinds) {
		deckMay += min(sm.pool[c], sm.caps[c])
	}
	if deckMay < sm.deck {
		return games.Errorn("no deal fits: the deck holds %d cards but only %d unseen cards may be in it (the reshuffled pile less the seat's draws)", sm.deck, deckMay)
	}
	var bounds []string
	for _, g := range sm.groups {
		if g.bound > 0 {
			bounds = append(bounds, fmt.Sprintf("seat %d at least %d", g.seat, g.bound))
		}
	}
	return games.Errorf("no deal fits: not enough unseen nopoh, tedije and robo for the bounds (%s) beside the deck's", strings.Join(bounds, ", "))
}

func isSpecial(c Card) bool { return c == NoPoh || c == TeDije || c == Robo }

// ways is the number of deals of groups[i:] from the special cards left
// and the plain cards that remain for them (memoized).
func (sm *sampler) ways(i int, left [nSpecial]int) float64 {
	if i == len(sm.groups) {
		if left == [nSpecial]int{} {
			return 1
		}
		return 0
	}
	at := (left[spN]*sm.dims[spT]+left[spT])*sm.dims[spR] + left[spR]
	if w := sm.fill[i][at]; w >= 0 {
		return w
	}
	total := 0.0
	sm.options(i, left, func(take [nSpecial]int, w float64) bool {
		total += w
		return true
	})
	sm.fill[i][at] = total
	return total
}

// options calls f with every way group i may take its cards, given the
// special cards left, and the number of deals that follow; f returns false
// to stop.
func (sm *sampler) options(i int, left [nSpecial]int, f func(take [nSpecial]int, w float64) bool) {
	g := sm.groups[i]
	plain := sm.sizes[i] - left[spN] - left[spT] - left[spR]
	if plain < 0 {
		return
	}
	for a0 := 0; a0 <= min(left[spN], g.size); a0++ {
		for a1 := 0; a1 <= min(left[spT], g.size-a0); a1++ {
			for a2 := 0; a2 <= min(left[spR], g.size-a0-a1); a2++ {
				ap := g.size - a0 - a1 - a2
				if ap > plain {
					continue
				}
				counted := a0 + a1
				if g.robo {
					counted += a2
				}
				if counted < g.bound {
					continue
				}
				next := [nSpecial]int{left[spN] - a0, left[spT] - a1, left[spR] - a2}
				w := binom(left[spN], a0) * binom(left[spT], a1) * binom(left[spR], a2) * binom(plain, ap)
				if w == 0 {
					continue
				}
				if w *= sm.ways(i+1, next); w > 0 && !f([nSpecial]int{a0, a1, a2}, w) {
					return
				}
			}
		}
	}
}

// Sample deals one state: every consistent deal of the unseen cards
// equally likely, the deck in a uniform order, later randomness from rng.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	d := sm.base
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	// How many of each special kind go to the deck.
	r := rng.Float64() * sm.total
	k, _ := slices.BinarySearchFunc(sm.picks, r, func(p pick, r float64) int {
		if p.cum <= r {
			return -1
		}
		return 1
	})
	k = min(k, len(sm.picks)-1)
	var deck [NumKinds]int
	left := [nSpecial]int{}
	for j, c := range specialKinds {
		deck[c] = sm.picks[k].deck[j]
		left[j] = sm.pool[c] - deck[c]
	}
	// Which plain cards go to the deck.
	rem := sm.deck - deck[NoPoh] - deck[TeDije] - deck[Robo]
	var rest [Standard113]Card // the plain cards for the hands
	n := 0
	for j, c := range sm.plain {
		x := 0
		if rem > 0 {
			u := rng.Float64() * sm.wPlain[j][rem]
			top := min(sm.pool[c], sm.caps[c], rem)
			for x = 0; x < top; x++ {
				w := binom(sm.pool[c], x) * sm.wPlain[j+1][rem-x]
				if u < w {
					break
				}
				u -= w
			}
			for x > 0 && sm.wPlain[j+1][rem-x] == 0 { // rounding at the end of the range
				x--
			}
		}
		deck[c] = x
		rem -= x
		for range sm.pool[c] - x {
			rest[n] = c
			n++
		}
	}
	// The hands: the special cards by count, the plain ones at random.
	for i, g := range sm.groups {
		u := rng.Float64() * sm.ways(i, left)
		var take [nSpecial]int
		found := false
		sm.options(i, left, func(t [nSpecial]int, w float64) bool {
			take, found = t, true
			if u < w {
				return false
			}
			u -= w
			return true
		})
		if !found {
			break // not reached: prepare counted at least one deal
		}
		h := &d.hands[g.seat]
		for j, c := range specialKinds {
			h[c] += uint8(take[j])
			left[j] -= take[j]
		}
		for range g.size - take[spN] - take[spT] - take[spR] {
			x := rng.IntN(n)
			h[rest[x]]++
			n--
			rest[x] = rest[n]
		}
	}
	// The deck, shuffled.
	m := 0
	for c := range Card(NumKinds) {
		for range deck[c] {
			d.deck[m] = c
			m++
		}
	}
	for i := m - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		d.deck[i], d.deck[j] = d.deck[j], d.deck[i]
	}
	return &d
}

// binoms holds the binomial coefficients up to the deck's size.
var binoms = func() (t [Standard113 + 1][Standard113 + 1]float64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

func binom(n, k int) float64 {
	if k < 0 || k > n || n > Standard113 {
		return 0
	}
	return binoms[n][k]
}
