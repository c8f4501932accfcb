package king

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// View is what one seat sees; the package doc lists its JSON fields.
type View struct {
	Seat          games.Seat     `json:"seat"`
	Round         int            `json:"round"`
	Rounds        []string       `json:"rounds"`
	Contract      string         `json:"contract"`
	Trump         string         `json:"trump"`
	ChoosingTrump bool           `json:"choosingTrump"`
	FirstLeader   games.Seat     `json:"firstLeader"`
	Turn          games.Seat     `json:"turn"`
	TrickNo       int            `json:"trickNo"`
	TrickLeader   games.Seat     `json:"trickLeader"`
	Trick         []string       `json:"trick"`
	LastTrick     *TrickView     `json:"lastTrick,omitempty"`
	Hand          []string       `json:"hand,omitempty"`
	Hands         [][]string     `json:"hands,omitempty"`
	HandSizes     []int          `json:"handSizes"`
	Tricks        []int          `json:"tricks"`
	Taken         [][]string     `json:"taken"`
	RoundScores   []int          `json:"roundScores"`
	Scores        []int          `json:"scores"`
	History       []RoundSummary `json:"history"`
	Done          bool           `json:"done"`
	Winners       []games.Seat   `json:"winners,omitempty"`
}

// TrickView is a finished trick.
type TrickView struct {
	Leader games.Seat `json:"leader"`
	Cards  []string   `json:"cards"`
	Winner games.Seat `json:"winner"`
}

// RoundSummary is one finished round.
type RoundSummary struct {
	Contract string `json:"contract"`
	Trump    string `json:"trump,omitempty"`
	Scores   []int  `json:"scores"`
}

func trumpName(t int8) string {
	switch {
	case t == noTrump:
		return "none"
	case t >= 0:
		return cards.Suit(t).String()
	}
	return ""
}

func (s *State) View(seat games.Seat) any {
	v := &View{
		Seat:          seat,
		Round:         min(s.round, s.nRounds-1) + 1,
		Contract:      s.rounds[min(s.round, s.nRounds-1)].String(),
		Trump:         trumpName(s.trump),
		ChoosingTrump: s.needTrump,
		FirstLeader:   s.firstLeader(min(s.round, s.nRounds-1)),
		Turn:          s.turn,
		TrickNo:       s.trickNo + 1,
		TrickLeader:   s.trickLeader,
		Trick:         []string{},
		HandSizes:     make([]int, 4),
		Tricks:        make([]int, 4),
		Taken:         make([][]string, 4),
		RoundScores:   append([]int(nil), s.roundScores[:]...),
		Scores:        append([]int(nil), s.scores[:]...),
		History:       []RoundSummary{},
		Done:          s.done,
	}
	if s.done {
		v.TrickNo = 8
		v.Winners = s.winners()
	}
	for _, c := range s.rounds[:s.nRounds] {
		v.Rounds = append(v.Rounds, c.String())
	}
	for _, c := range s.trick[:s.trickN] {
		v.Trick = append(v.Trick, c.String())
	}
	if s.last.ok {
		t := &TrickView{Leader: s.last.leader, Winner: s.last.winner}
		for _, c := range s.last.cards {
			t.Cards = append(t.Cards, c.String())
		}
		v.LastTrick = t
	}
	for i := range 4 {
		v.HandSizes[i] = s.hands[i].Len()
		v.Tricks[i] = int(s.tricks[i])
		v.Taken[i] = s.won[i].Strings()
	}
	switch {
	case seat >= 0 && seat < 4:
		v.Hand = s.hands[seat].Strings()
	case seat == games.God:
		for i := range 4 {
			v.Hands = append(v.Hands, s.hands[i].Strings())
		}
	}
	for i, h := range s.history[:min(s.round, s.nRounds)] {
		v.History = append(v.History, RoundSummary{Contract: s.rounds[i].String(), Trump: trumpName(h.trump), Scores: append([]int(nil), h.scores[:]...)})
	}
	return v
}

// Determinize redeals the cards seat cannot see among the other hands, each
// keeping its size and every card everyone has seen it cannot hold. Future
// deals are reseeded from rng: they are hidden from everyone.
func (s *State) Determinize(seat games.Seat, rng *rand.Rand) games.State {
	d := *s
	d.deals = nil
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if s.done {
		return &d
	}
	var others []games.Seat
	var pool cards.Set
	for o := range games.Seat(4) {
		if o != seat {
			others = append(others, o)
			pool |= s.hands[o]
		}
	}
	hands, ok := redeal(pool, others, s.hands, s.excluded, rng)
	if ok {
		d.hands = hands
	}
	return &d
}

// redeal assigns the pool's cards to the seats in others, each getting as
// many as it holds now and none of its excluded cards. It is bipartite
// matching with capacities (Kuhn's augmenting paths) over a random card
// order and random seat preferences, so it always finds a deal when one
// exists; the true deal is one, so it does.
func redeal(pool cards.Set, others []games.Seat, now [4]cards.Set, excluded [4]cards.Set, rng *rand.Rand) ([4]cards.Set, bool) {
	var hands [4]cards.Set
	for seat := range 4 {
		hands[seat] = now[seat]
	}
	var size [4]int
	for _, o := range others {
		size[o] = now[o].Len()
		hands[o] = 0
	}
	cs := pool.Cards()
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	var count [4]int
	var try func(c cards.Card, seen *[4]bool) bool
	try = func(c cards.Card, seen *[4]bool) bool {
		order := make([]games.Seat, len(others))
		copy(order, others)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, o := range order {
			if seen[o] || excluded[o].Has(c) {
				continue
			}
			seen[o] = true
			if count[o] < size[o] {
				count[o]++
				hands[o] = hands[o].With(c)
				return true
			}
			for m := hands[o]; m != 0; m &= m - 1 {
				c2 := m.Lowest()
				hands[o] = hands[o].Without(c2)
				if try(c2, seen) {
					hands[o] = hands[o].With(c)
					return true
				}
				hands[o] = hands[o].With(c2)
			}
		}
		return false
	}
	for _, c := range cs {
		var seen [4]bool
		if !try(c, &seen) {
			return now, false
		}
	}
	return hands, true
}
