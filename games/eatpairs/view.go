package eatpairs

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// View is what one seat sees; the package doc lists its JSON fields.
type View struct {
	Seat       games.Seat     `json:"seat"`
	Players    int            `json:"players"`
	Round      int            `json:"round"`
	Rounds     int            `json:"rounds"`
	Dealer     games.Seat     `json:"dealer"`
	Lead       games.Seat     `json:"lead"`
	Turn       games.Seat     `json:"turn"`
	Phase      string         `json:"phase"`
	Hand       []string       `json:"hand,omitempty"`
	Hands      [][]string     `json:"hands,omitempty"`
	HandSizes  []int          `json:"handSizes"`
	Laid       [][]string     `json:"laid"`
	Waste      []string       `json:"waste"`
	Stock      int            `json:"stock"`
	StockCards []string       `json:"stockCards,omitempty"`
	Last       *Exposure      `json:"last,omitempty"`
	Points     []int          `json:"points"`
	History    [][]games.Seat `json:"history"`
	Done       bool           `json:"done"`
	Winners    []games.Seat   `json:"winners,omitempty"`
}

// Exposure is a card turned face up and who paired it (-1: nobody).
type Exposure struct {
	Seat     games.Seat `json:"seat"`
	From     string     `json:"from"`
	Card     string     `json:"card"`
	PairedBy games.Seat `json:"pairedBy"`
}

func seats(mask uint8, n int) []games.Seat {
	out := []games.Seat{}
	for p := range n {
		if mask&(1<<p) != 0 {
			out = append(out, games.Seat(p))
		}
	}
	return out
}

func (s *State) View(seat games.Seat) any {
	v := &View{
		Seat:      seat,
		Players:   s.players,
		Round:     min(s.round, s.rounds-1),
		Rounds:    s.rounds,
		Dealer:    games.Seat(s.dealer),
		Lead:      games.Seat(s.lead),
		Turn:      -1,
		Phase:     [...]string{"open", "draw", "hand", "done"}[s.phase],
		HandSizes: make([]int, s.players),
		Laid:      make([][]string, s.players),
		Waste:     []string{},
		Stock:     int(s.stockLen - s.stockPos),
		Points:    append([]int(nil), s.points[:s.players]...),
		History:   [][]games.Seat{},
		Done:      s.phase == phaseDone,
	}
	if s.phase != phaseDone {
		v.Turn = games.Seat(s.actor())
	} else {
		v.Winners = s.winners()
	}
	for p := range s.players {
		v.HandSizes[p] = s.hands[p].Len()
		v.Laid[p] = s.laid[p].Strings()
	}
	for _, c := range s.waste[:s.nWaste] {
		v.Waste = append(v.Waste, c.String())
	}
	if s.last.ok {
		from := "hand"
		if s.last.fromStock {
			from = "stock"
		}
		v.Last = &Exposure{Seat: games.Seat(s.last.seat), From: from, Card: s.last.card.String(), PairedBy: games.Seat(s.last.pairedBy)}
	}
	for _, w := range s.history[:s.roundsDone] {
		v.History = append(v.History, seats(w, s.players))
	}
	switch {
	case seat >= 0 && int(seat) < s.players:
		v.Hand = s.hands[seat].Strings()
	case seat == games.God:
		for p := range s.players {
			v.Hands = append(v.Hands, s.hands[p].Strings())
		}
		for _, c := range s.stock[s.stockPos:s.stockLen] {
			v.StockCards = append(v.StockCards, c.String())
		}
	}
	return v
}

// Determinize redeals the cards seat has not seen (the other hands and the
// stock): each hand keeps its size, holds at most one card of a rank and none
// of the cards everyone has seen it cannot hold (ranks it was checked for,
// suits its laying rules out). Future deals are reseeded from rng.
func (s *State) Determinize(seat games.Seat, rng *rand.Rand) games.State {
	d, _ := s.determinize(seat, rng)
	return d
}

// determinize also reports whether a consistent redeal was found; it always
// is, the true deal being one, and the tests check it.
func (s *State) determinize(seat games.Seat, rng *rand.Rand) (*State, bool) {
	d := *s
	d.deals = nil
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if s.phase == phaseDone || seat == games.God {
		return &d, true
	}
	var pool cards.Set
	var need [maxPlayers]int
	for p := range s.players {
		if games.Seat(p) != seat {
			pool |= s.hands[p]
			need[p] = s.hands[p].Len()
		}
	}
	for _, c := range s.stock[s.stockPos:s.stockLen] {
		pool = pool.With(c)
	}
	hands, ok := redeal(pool, need, s.excluded, s.players, rng)
	if !ok {
		return &d, false
	}
	var buf [cards.NumCards]cards.Card
	rest := pool
	for p := range s.players {
		if need[p] > 0 {
			d.hands[p] = hands[p]
			rest &^= hands[p]
		}
	}
	cs := rest.AppendTo(buf[:0])
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	copy(d.stock[s.stockPos:s.stockLen], cs)
	return &d, true
}

// redeal gives each seat need[p] cards of pool, at most one of a rank and
// none of excluded[p]. It is a maximum flow, source → seat (need) → (seat,
// rank) (1) → card (1) → sink, found by augmenting paths over edges added in
// random order, so it finds a deal whenever one exists.
func redeal(pool cards.Set, need [maxPlayers]int, excluded [maxPlayers]cards.Set, players int, rng *rand.Rand) ([maxPlayers]cards.Set, bool) {
	const (
		src      = 0
		seat0    = 1
		seatRank = seat0 + maxPlayers       // + p*13 + rank-2
		card0    = seatRank + maxPlayers*13 // + card
		sink     = card0 + cards.NumCards
		nodes    = sink + 1
	)
	var f network
	f.init(nodes)
	total := 0
	var order [maxPlayers]int
	for i := range order {
		order[i] = i
	}
	rng.Shuffle(players, func(i, j int) { order[i], order[j] = order[j], order[i] })
	var ranks [13]int
	for _, p := range order[:players] {
		if need[p] == 0 {
			continue
		}
		total += need[p]
		f.add(src, seat0+p, need[p])
		for i := range ranks {
			ranks[i] = i
		}
		rng.Shuffle(len(ranks), func(i, j int) { ranks[i], ranks[j] = ranks[j], ranks[i] })
		for _, ri := range ranks {
			m := pool & rankSet(cards.Rank(ri+2)) &^ excluded[p]
			if m == 0 {
				continue
			}
			sr := seatRank + p*13 + ri
			f.add(seat0+p, sr, 1)
			var buf [4]cards.Card
			cs := m.AppendTo(buf[:0])
			rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
			for _, c := range cs {
				f.add(sr, card0+int(c), 1)
			}
		}
	}
	for m := pool; m != 0; m &= m - 1 {
		f.add(card0+int(m.Lowest()), sink, 1)
	}
	var hands [maxPlayers]cards.Set
	if f.maxFlow(src, sink) != total {
		return hands, false
	}
	for p := range players {
		for ri := range 13 {
			sr := seatRank + p*13 + ri
			for e := f.head[sr]; e >= 0; e = f.next[e] {
				if to := f.to[e]; to >= card0 && to < sink && f.cap[e] == 0 && e%2 == 0 {
					hands[p] = hands[p].With(cards.Card(to - card0))
				}
			}
		}
	}
	return hands, true
}

// network is a small flow network with unit augmenting paths.
type network struct {
	head, next, to, cap []int
	seen                []bool
}

func (f *network) init(n int) {
	f.head = make([]int, n)
	for i := range f.head {
		f.head[i] = -1
	}
	f.seen = make([]bool, n)
	const edges = 2 * (maxPlayers + maxPlayers*13 + maxPlayers*cards.NumCards + cards.NumCards)
	f.to = make([]int, 0, edges)
	f.cap = make([]int, 0, edges)
	f.next = make([]int, 0, edges)
}

// add adds edge u→v with capacity c and its residual v→u; the forward edge
// has an even index.
func (f *network) add(u, v, c int) {
	f.to = append(f.to, v, u)
	f.cap = append(f.cap, c, 0)
	f.next = append(f.next, f.head[u], f.head[v])
	f.head[u] = len(f.to) - 2
	f.head[v] = len(f.to) - 1
}

func (f *network) augment(u, t int) bool {
	if u == t {
		return true
	}
	f.seen[u] = true
	for e := f.head[u]; e >= 0; e = f.next[e] {
		if v := f.to[e]; f.cap[e] > 0 && !f.seen[v] && f.augment(v, t) {
			f.cap[e]--
			f.cap[e^1]++
			return true
		}
	}
	return false
}

func (f *network) maxFlow(s, t int) int {
	flow := 0
	for {
		clear(f.seen)
		if !f.augment(s, t) {
			return flow
		}
		flow++
	}
}
