package mindikot

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// Play is one card of a trick.
type Play struct {
	Seat     int    `json:"seat"`
	Card     string `json:"card"`
	NonTrump bool   `json:"nonTrump,omitempty"` // played after a pass: never a trump
}

// TrickView is a finished trick.
type TrickView struct {
	Leader int    `json:"leader"`
	Winner int    `json:"winner"`
	Cards  []Play `json:"cards"`
}

// RoundView is the result of a finished round.
type RoundView struct {
	Round  int    `json:"round"`
	Team   int    `json:"team"` // -1: drawn
	Points int    `json:"points"`
	Tens   []int  `json:"tens"`
	Tricks []int  `json:"tricks"`
	Kind   string `json:"kind"`
}

// View is what one seat may know (see the package doc for every field).
type View struct {
	Seat         int        `json:"seat"`
	Players      int        `json:"players"`
	Mode         string     `json:"mode"`
	Round        int        `json:"round"`
	FirstLeader  int        `json:"firstLeader"`
	Dealer       int        `json:"dealer"`
	Phase        string     `json:"phase"`
	Turn         int        `json:"turn"`
	Leader       int        `json:"leader"`
	Trick        []Play     `json:"trick"`
	LastTrick    *TrickView `json:"lastTrick,omitempty"`
	TricksPlayed int        `json:"tricksPlayed"`
	Played       []string   `json:"played"`
	Voids        []string   `json:"voids"`
	Trump        string     `json:"trump"`
	Hand         []string   `json:"hand,omitempty"`
	Hands        [][]string `json:"hands,omitempty"`
	HandSizes    []int      `json:"handSizes"`
	HiddenOwner  int        `json:"hiddenOwner"`
	HiddenState  string     `json:"hiddenState"`
	Hidden       string     `json:"hidden,omitempty"`
	Declared     string     `json:"declared"`
	Tens         []int      `json:"tens"`
	Tricks       []int      `json:"tricks"`
	TensCards    [][]string `json:"tensCards"`
	Points       []int      `json:"points"`
	Target       int        `json:"target"`
	LastRound    *RoundView `json:"lastRound,omitempty"`
	Winners      []int      `json:"winners,omitempty"`
}

var hidStates = [...]string{"", "aside", "revealed", "lastCard", "played"}

// View returns what seat may know: its own hand, every played card, the
// hidden card only to its owner until revealed.
func (s *State) View(seat games.Seat) any {
	v := &View{
		Seat:         int(seat),
		Players:      s.n,
		Mode:         "CUT",
		Round:        s.round,
		FirstLeader:  s.firstLeader,
		Dealer:       -1,
		Phase:        [...]string{"hide", "play", "over"}[s.phase],
		Turn:         s.turn,
		Leader:       s.leader,
		Trick:        make([]Play, 0, s.n),
		TricksPlayed: s.tricksNo,
		Played:       s.played.Strings(),
		Voids:        make([]string, s.n),
		HandSizes:    make([]int, s.n),
		HiddenOwner:  s.hidOwner,
		HiddenState:  hidStates[s.hidState],
		Declared:     [...]string{"", "reveal", "pass"}[s.declared],
		Tens:         []int{s.tens[0], s.tens[1]},
		Tricks:       []int{s.tricksWon[0], s.tricksWon[1]},
		TensCards:    [][]string{s.tensWon[0].Strings(), s.tensWon[1].Strings()},
		Points:       []int{s.points[0], s.points[1]},
		Target:       s.target,
	}
	if s.hiddenMode {
		v.Mode = "HIDDEN"
	}
	if s.traditional {
		v.Dealer = s.dealer
	}
	for i, c := range s.trick[:s.trickN] {
		v.Trick = append(v.Trick, Play{Seat: (s.leader + i) % s.n, Card: c.String(), NonTrump: s.nonTrump.Has(c)})
	}
	if s.lastN > 0 {
		t := &TrickView{Leader: s.lastLeader, Winner: s.lastWinner, Cards: make([]Play, 0, s.lastN)}
		for i, c := range s.lastTrick[:s.lastN] {
			t.Cards = append(t.Cards, Play{Seat: (s.lastLeader + i) % s.n, Card: c.String(), NonTrump: s.lastNonTr.Has(c)})
		}
		v.LastTrick = t
	}
	if s.trumpSet {
		v.Trump = s.trump.String()
	}
	for p := range s.n {
		v.HandSizes[p] = s.hands[p].Len()
		for _, su := range cards.Suits {
			if s.voids[p]&suitBit(su) != 0 {
				v.Voids[p] += su.String()
			}
		}
	}
	if seat == games.God {
		v.Hands = make([][]string, s.n)
		for p := range s.n {
			v.Hands[p] = s.hands[p].Strings()
		}
	} else if seat >= 0 && int(seat) < s.n {
		v.Hand = s.hands[seat].Strings()
	}
	if s.hidState != hidNone && (seat == games.God || int(seat) == s.hidOwner || s.hidState == hidRevealed || s.hidState == hidPlayed) {
		v.Hidden = s.hidden.String()
	}
	if s.hasLastRound {
		o := s.lastRound
		v.LastRound = &RoundView{Round: o.Round, Team: o.Team, Points: o.Points, Tens: o.Tens[:], Tricks: o.Tricks[:], Kind: o.Kind}
	}
	if s.winTeam >= 0 {
		for p := range s.n {
			if s.team(p) == s.winTeam {
				v.Winners = append(v.Winners, p)
			}
		}
	}
	return v
}

// Round is the 1-based number of the round being played (games.Rounder):
// search bots end their playouts when it changes.
func (s *State) Round() int { return s.round }

// Determinize returns a copy in which every card seat cannot see is dealt
// again at random: the other hands, and the hidden card while it is set aside
// (unless seat owns it). Counts, the voids each player has shown and the
// revealed hidden card in its owner's hand are kept. The copy depends only
// on what seat knows and on rng.
func (s *State) Determinize(seat games.Seat, rng *rand.Rand) games.State {
	d := *s
	d.rng = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if s.phase == phaseOver {
		return &d
	}
	me := int(seat) // an outside seat (observer) knows no hand at all
	// Slots: one per other seat, and one for the hidden card when set aside
	// and not seat's.
	var (
		caps    [7]int
		allowed [7]uint8
		fixed   [7]cards.Set
		pool    cards.Set
	)
	const hidSlot = 6
	for p := range s.n {
		if p == me {
			continue
		}
		h := s.hands[p]
		if s.hidState == hidRevealed && p == s.hidOwner && h.Has(s.hidden) {
			fixed[p] = fixed[p].With(s.hidden) // shown to everyone
			h = h.Without(s.hidden)
		}
		pool |= h
		caps[p] = h.Len()
		allowed[p] = 0xf &^ s.voids[p]
	}
	if s.hidState == hidAside && me != s.hidOwner {
		pool = pool.With(s.hidden)
		caps[hidSlot] = 1
		allowed[hidSlot] = 0xf
	}
	var buf [52]cards.Card
	cs := pool.AppendTo(buf[:0])
	cards.Shuffle(rng, cs)
	var out [7]cards.Set
	dealConstrained(cs, &caps, &allowed, &out, rng)
	for p := range s.n {
		if p != me {
			d.hands[p] = out[p] | fixed[p]
		}
	}
	if s.hidState == hidAside && me != s.hidOwner {
		d.hidden = out[hidSlot].Lowest()
	}
	if s.hidState == hidJoined && me != s.hidOwner {
		d.hidden = d.hands[s.hidOwner].Lowest()
	}
	return &d
}

// dealConstrained gives each card of cs (already shuffled) to a slot with room
// whose allowed suits include the card's suit, keeping at every step a
// complete deal possible (Hall's condition over the suit subsets), so it never
// gets stuck when the constraints can be met. Slots are chosen in proportion
// to their room, so without constraints this is a plain random deal.
func dealConstrained(cs []cards.Card, caps *[7]int, allowed *[7]uint8, out *[7]cards.Set, rng *rand.Rand) {
	free := true
	for j := range caps {
		if caps[j] > 0 && allowed[j] != 0xf {
			free = false
		}
	}
	if free {
		// No voids: the shuffled cards are dealt in order.
		k := 0
		for j := range caps {
			for range caps[j] {
				out[j] = out[j].With(cs[k])
				k++
			}
			caps[j] = 0
		}
		return
	}
	// need[S]: cards left in the suits of S; have[S]: room in slots that may
	// take a suit of S.
	var need, have [16]int
	for _, c := range cs {
		bit := 1 << c.Suit()
		for set := 1; set < 16; set++ {
			if set&bit != 0 {
				need[set]++
			}
		}
	}
	for j := range caps {
		for set := 1; set < 16; set++ {
			if int(allowed[j])&set != 0 {
				have[set] += caps[j]
			}
		}
	}
	for _, c := range cs {
		bit := 1 << c.Suit()
		var cand, weight [7]int
		nc, total := 0, 0
		for j := range caps {
			if caps[j] == 0 || int(allowed[j])&bit == 0 {
				continue
			}
			ok := true
			for set := 1; set < 16 && ok; set++ {
				n, h := need[set], have[set]
				if set&bit != 0 {
					n--
				}
				if int(allowed[j])&set != 0 {
					h--
				}
				ok = n <= h
			}
			if ok {
				cand[nc], weight[nc] = j, caps[j]
				total += caps[j]
				nc++
			}
		}
		if nc == 0 {
			// Inconsistent constraints (cannot happen from a real deal):
			// ignore them for this card.
			for j := range caps {
				if caps[j] > 0 {
					cand[nc], weight[nc] = j, caps[j]
					total += caps[j]
					nc++
				}
			}
		}
		r := rng.IntN(total)
		k := 0
		for r >= weight[k] {
			r -= weight[k]
			k++
		}
		j := cand[k]
		caps[j]--
		for set := 1; set < 16; set++ {
			if set&bit != 0 {
				need[set]--
			}
			if int(allowed[j])&set != 0 {
				have[set]--
			}
		}
		out[j] = out[j].With(c)
	}
}
