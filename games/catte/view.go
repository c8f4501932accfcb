package catte

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// PlayView is one card of a trick; Card is "" where the viewer may not see it.
type PlayView struct {
	Seat int    `json:"seat"`
	Kind string `json:"kind"`
	Card string `json:"card"`
}

// TrickView is a finished trick.
type TrickView struct {
	Leader int        `json:"leader"`
	Winner int        `json:"winner"`
	Plays  []PlayView `json:"plays"`
}

// RoundView is a finished round.
type RoundView struct {
	Round      int         `json:"round"`
	Winner     int         `json:"winner"`
	How        string      `json:"how"`
	Pot        int         `json:"pot"`
	Bonus      int         `json:"bonus"`
	Hand       []string    `json:"hand,omitempty"`
	Tricks     []TrickView `json:"tricks"`
	SideWinner int         `json:"sideWinner"`
}

// View is what one seat may know (see the package doc for every field).
type View struct {
	Seat       int         `json:"seat"`
	Players    int         `json:"players"`
	Region     string      `json:"region"`
	Round      int         `json:"round"`
	Dealer     int         `json:"dealer"`
	Chips      []int       `json:"chips"`
	Pot        int         `json:"pot"`
	SidePot    int         `json:"sidePot"`
	Upcard     string      `json:"upcard"`
	SideCard   string      `json:"sideCard,omitempty"`
	SideWinner int         `json:"sideWinner"`
	Status     []string    `json:"status"`
	TricksWon  []int       `json:"tricksWon"`
	HandSizes  []int       `json:"handSizes"`
	Hand       []string    `json:"hand,omitempty"`
	Hands      [][]string  `json:"hands,omitempty"`
	Shown      [][]string  `json:"shown"`
	Trick      int         `json:"trick"`
	Leader     int         `json:"leader"`
	Turn       int         `json:"turn"`
	Plays      []PlayView  `json:"plays"`
	Tricks     []TrickView `json:"tricks"`
	LastRound  *RoundView  `json:"lastRound,omitempty"`
	Winners    []int       `json:"winners,omitempty"`
}

var kindNames = [...]string{"", "up", "fold", "secret", "show"}

// playView shows a play to seat; done tells a finished trick, whose secret
// cards are turned up.
func playView(pl play, seat games.Seat, done bool) PlayView {
	v := PlayView{Seat: int(pl.seat), Kind: kindNames[pl.kind]}
	see := pl.kind == kindUp || pl.kind == kindShow || pl.kind == kindSecret && done ||
		seat == games.God || int(seat) == int(pl.seat)
	if see {
		v.Card = pl.card.String()
	}
	return v
}

func tricksView(hist []trickRec, seat games.Seat) []TrickView {
	out := make([]TrickView, 0, len(hist))
	for _, t := range hist {
		tv := TrickView{Leader: int(t.leader), Winner: int(t.winner), Plays: make([]PlayView, 0, t.n)}
		for _, pl := range t.plays[:t.n] {
			tv.Plays = append(tv.Plays, playView(pl, seat, true))
		}
		out = append(out, tv)
	}
	return out
}

// View returns what seat may know: its own cards and folds, every face-up
// card, never another seat's folded cards.
func (s *State) View(seat games.Seat) any {
	c := &s.c
	v := &View{
		Seat:       int(seat),
		Players:    s.n,
		Region:     s.region,
		Round:      s.round,
		Dealer:     int(s.dealer),
		Chips:      make([]int, s.n),
		Pot:        s.pot,
		SidePot:    s.sidePot,
		SideWinner: int(s.sideWinner),
		Status:     make([]string, s.n),
		TricksWon:  make([]int, s.n),
		HandSizes:  make([]int, s.n),
		Shown:      make([][]string, s.n),
		Trick:      int(c.trick),
		Leader:     int(c.leader),
		Turn:       int(c.turn),
		Plays:      make([]PlayView, 0, c.np),
		Tricks:     tricksView(c.hist[:c.finished], seat),
	}
	if s.hasUp {
		v.Upcard, v.SideCard = s.upcard.String(), s.sideCard.String()
	}
	for p := range s.n {
		v.Chips[p] = s.chips[p]
		v.TricksWon[p] = int(c.won[p])
		v.HandSizes[p] = c.hands[p].Len()
		v.Shown[p] = s.shown[p].Strings()
		switch b := uint8(1) << p; {
		case s.dealtIn&b == 0:
			v.Status[p] = "out"
		case c.active&b != 0:
			v.Status[p] = "active"
		case c.folded&b != 0:
			v.Status[p] = "folded"
		default:
			v.Status[p] = "eliminated"
		}
	}
	for _, pl := range c.plays[:c.np] {
		v.Plays = append(v.Plays, playView(pl, seat, c.winner >= 0))
	}
	if seat == games.God {
		v.Hands = make([][]string, s.n)
		for p := range s.n {
			v.Hands[p] = c.hands[p].Strings()
		}
	} else if seat >= 0 && int(seat) < s.n {
		v.Hand = c.hands[seat].Strings()
	}
	if s.hasLast {
		o := &s.last
		v.LastRound = &RoundView{Round: o.round, Winner: int(o.winner), How: howNames[o.how], Pot: o.pot, Bonus: o.bonus,
			Tricks: tricksView(o.hist[:o.finished], seat), SideWinner: int(o.sideWinner)}
		if o.how == howInstant {
			v.LastRound.Hand = o.hand.Strings()
		}
	}
	if s.done {
		for _, w := range s.Result().Winners {
			v.Winners = append(v.Winners, int(w))
		}
	}
	return v
}

// Round is the number of rounds dealt so far (games.Rounder): search bots
// end their playouts when it changes.
func (s *State) Round() int { return s.round }

// Determinize returns a copy in which every card seat has not seen is dealt
// again at random: the other hands (but the cards a failed claim showed),
// the others' folded cards and trick-5 face-down cards not yet shown, and the
// undealt cards. It keeps what seat knows: the holder of the side-pot card
// once the side pot is taken (or that the card is undealt when AUTO paid
// nobody), and that nobody was dealt an instant-win hand. The copy depends
// only on what seat knows and on rng.
func (s *State) Determinize(seat games.Seat, rng *rand.Rand) games.State {
	d := *s
	d.rng = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if s.done {
		return &d
	}
	me := int8(seat)
	c := &d.c
	// The previous round's folds of the others stay unknown.
	for ti := range d.last.finished {
		t := &d.last.hist[ti]
		for i := range t.n {
			if t.plays[i].kind == kindFold && t.plays[i].seat != me {
				t.plays[i].card = noCard
			}
		}
	}
	// What seat has seen.
	known := cards.Set(0)
	if s.hasUp {
		known = known.With(s.upcard)
	}
	if me >= 0 && int(me) < s.n {
		known |= s.dealt[me]
	}
	for p := range s.n {
		known |= s.shown[p]
	}
	seen := func(pl play, done bool) bool {
		return pl.kind == kindUp || pl.kind == kindShow || pl.kind == kindSecret && done || pl.seat == me
	}
	for _, t := range c.hist[:c.finished] {
		for _, pl := range t.plays[:t.n] {
			if seen(pl, true) {
				known = known.With(pl.card)
			}
		}
	}
	for _, pl := range c.plays[:c.np] {
		if seen(pl, false) {
			known = known.With(pl.card)
		}
	}
	// Slots to fill: the unknown hand cards of each other seat, then the
	// unseen plays (trick*8+index; 6*8 for the current trick).
	type slot struct {
		seat int8
		at   int8 // -1: hand
	}
	var slots [52]slot
	ns := 0
	for p := int8(0); int(p) < s.n; p++ {
		if p == me {
			continue
		}
		for range (c.hands[p] &^ s.shown[p]).Len() {
			slots[ns] = slot{p, -1}
			ns++
		}
	}
	for ti, t := range c.hist[:c.finished] {
		for i, pl := range t.plays[:t.n] {
			if !seen(pl, true) {
				slots[ns] = slot{pl.seat, int8(ti*8 + i)}
				ns++
			}
		}
	}
	for i, pl := range c.plays[:c.np] {
		if !seen(pl, false) {
			slots[ns] = slot{pl.seat, int8(6*8 + i)}
			ns++
		}
	}
	pool := cards.Deck52 &^ known
	holder := int8(-1) // seat known to have been dealt the side card; -2: known undealt
	side := s.hasUp && pool.Has(s.sideCard)
	if side {
		switch {
		case s.sideWinner >= 0:
			holder = s.sideWinner
		case !s.manual:
			holder = -2
		default:
			side = false // MANUAL and unclaimed: nothing is known
		}
	}
	if side {
		pool = pool.Without(s.sideCard)
	}
	var buf [53]cards.Card
	for try := 0; ; try++ {
		cs := pool.AppendTo(buf[:0])
		cards.Shuffle(rng, cs)
		if side && holder >= 0 {
			// The side card goes to one of the holder's unseen places.
			var mine [52]int
			nm := 0
			for i := range ns {
				if slots[i].seat == holder {
					mine[nm] = i
					nm++
				}
			}
			if nm > 0 {
				j := mine[rng.IntN(nm)]
				cs = append(cs, 0)
				copy(cs[j+1:], cs[j:])
				cs[j] = s.sideCard
			}
		}
		for p := range s.n {
			if int8(p) != me {
				c.hands[p] = s.shown[p]
			}
		}
		for i, sl := range slots[:ns] {
			switch {
			case sl.at < 0:
				c.hands[sl.seat] = c.hands[sl.seat].With(cs[i])
			case sl.at >= 6*8:
				c.plays[sl.at-6*8].card = cs[i]
			default:
				c.hist[sl.at/8].plays[sl.at%8].card = cs[i]
			}
		}
		d.redealt()
		if try >= 50 || !d.anyInstant() {
			break
		}
	}
	return &d
}

// redealt recomputes the dealt hands and the side-pot holder from the cards.
func (s *State) redealt() {
	c := &s.c
	for p := range s.n {
		s.dealt[p] = c.hands[p]
	}
	add := func(pl play) { s.dealt[pl.seat] = s.dealt[pl.seat].With(pl.card) }
	for _, t := range c.hist[:c.finished] {
		for _, pl := range t.plays[:t.n] {
			add(pl)
		}
	}
	for _, pl := range c.plays[:c.np] {
		add(pl)
	}
	if s.hasUp {
		s.sideHolder = -1
		for p := range s.n {
			if s.dealt[p].Has(s.sideCard) {
				s.sideHolder = int8(p)
			}
		}
	}
}

func (s *State) anyInstant() bool {
	for p := range s.n {
		if s.dealtIn&(1<<p) != 0 {
			if cl, _ := s.instant(s.dealt[p]); cl > 0 {
				return true
			}
		}
	}
	return false
}
