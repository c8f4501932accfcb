package eatpairs

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// sampler deals the cards one seat has not seen, uniformly among the deals
// consistent with its view. Each other hand gets its size, at most one card
// of a rank (pairs are laid at once) and none of the cards the view says it
// cannot hold; the rest is the stock, in any order. The deals are counted
// exactly, rank by rank: what a hand may take of one rank depends on no
// other rank, so the count runs over the ranks with the hidden hands' room
// left as its state, and a sample walks the ranks choosing each rank's
// share with the weight of the deals that follow.
type sampler struct {
	base   State
	hidden []int8 // the seats dealt from the pool
	pool   cards.Set
	ranks  []rankShares // the ranks with unseen cards
	stride []int        // index of a room vector: Σ room[i]*stride[i]
	radix  []int        // hidden hand i's room is 0..radix[i]-1
	size   int          // number of room vectors
	root   int          // the index of the hidden hands' sizes
	// maxGet[k][i]: the most cards hidden hand i can still get from ranks k..
	maxGet [][]int
	left   []int // unseen cards in ranks k..
	dense  []float64
	sparse map[int]float64
	total  float64
}

// rankShares are the ways to share one rank's unseen cards: which hidden
// hands get one card of it (the rest goes to the stock), and which cards.
type rankShares struct {
	shares []share
}

type share struct {
	mask  uint8          // bit i: hidden hand i gets a card of the rank
	dec   int            // the index change
	deals [][]cards.Card // the cards, one per hand of mask in order
}

// NewSampler prepares to deal states consistent with the view seat
// received (games.ViewSampler): seat 0 to players-1, games.Observer or
// games.God. It refuses a view no deal fits, saying what does not fit.
func (Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView(ID, "an Eat Pairs view", cfg, seat, view, rebuild)
}

// Sample deals one state; later rounds of the match come from rng too.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	d := sm.base
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	rest := sm.pool
	idx := sm.root
	for k := range sm.ranks {
		r := rng.Float64() * sm.count(k, idx)
		var pick, last *share
		for i := range sm.ranks[k].shares {
			sh := &sm.ranks[k].shares[i]
			if !sm.fits(sh, idx) {
				continue
			}
			w := float64(len(sh.deals)) * sm.count(k+1, idx-sh.dec)
			if w == 0 {
				continue
			}
			last = sh
			if r < w {
				pick = sh
				break
			}
			r -= w
		}
		if pick == nil {
			pick = last // rounding at the very end of the range
		}
		deal := pick.deals[rng.IntN(len(pick.deals))]
		j := 0
		for i, p := range sm.hidden {
			if pick.mask&(1<<i) != 0 {
				d.hands[p] = d.hands[p].With(deal[j])
				rest = rest.Without(deal[j])
				j++
			}
		}
		idx -= pick.dec
	}
	var buf [cards.NumCards]cards.Card
	cs := rest.AppendTo(buf[:0])
	cards.Shuffle(rng, cs)
	copy(d.stock[d.stockPos:d.stockLen], cs)
	return &d
}

func (sm *sampler) fits(sh *share, idx int) bool {
	for m := sh.mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		if idx/sm.stride[i]%sm.radix[i] == 0 {
			return false
		}
	}
	return true
}

// count is the number of ways to deal ranks k.. into the room idx (the
// stock taking what the hands do not).
func (sm *sampler) count(k, idx int) float64 {
	if k == len(sm.ranks) {
		if idx == 0 {
			return 1
		}
		return 0
	}
	sum := 0
	for i := range sm.stride {
		x := idx / sm.stride[i] % sm.radix[i]
		if x > sm.maxGet[k][i] {
			return 0
		}
		sum += x
	}
	if sum > sm.left[k] {
		return 0
	}
	key := k*sm.size + idx
	if sm.dense != nil {
		if v := sm.dense[key]; v >= 0 {
			return v
		}
	} else if v, ok := sm.sparse[key]; ok {
		return v
	}
	total := 0.0
	for i := range sm.ranks[k].shares {
		sh := &sm.ranks[k].shares[i]
		if sm.fits(sh, idx) {
			total += float64(len(sh.deals)) * sm.count(k+1, idx-sh.dec)
		}
	}
	if sm.dense != nil {
		sm.dense[key] = total
	} else {
		sm.sparse[key] = total
	}
	return total
}

// prepare lists each rank's shares and counts the deals.
func (sm *sampler) prepare(may [maxPlayers]cards.Set, need []int) error {
	sm.size = 1
	for _, n := range need {
		sm.stride = append(sm.stride, sm.size)
		sm.radix = append(sm.radix, n+1)
		sm.size *= n + 1
	}
	for i, n := range need {
		sm.root += n * sm.stride[i]
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		cs := (sm.pool & rankSet(r)).Cards()
		if len(cs) == 0 {
			continue
		}
		var rs rankShares
		for mask := range 1 << len(sm.hidden) {
			if bits.OnesCount(uint(mask)) > len(cs) {
				continue
			}
			sh := share{mask: uint8(mask)}
			var hands []int
			for i := range sm.hidden {
				if mask&(1<<i) != 0 {
					hands = append(hands, i)
					sh.dec += sm.stride[i]
				}
			}
			// Every way to give each hand of mask a distinct card it may hold.
			var cur []cards.Card
			var used cards.Set
			var rec func(j int)
			rec = func(j int) {
				if j == len(hands) {
					sh.deals = append(sh.deals, slices.Clone(cur))
					return
				}
				for _, c := range cs {
					if !used.Has(c) && may[sm.hidden[hands[j]]].Has(c) {
						used, cur = used.With(c), append(cur, c)
						rec(j + 1)
						used, cur = used.Without(c), cur[:len(cur)-1]
					}
				}
			}
			rec(0)
			if len(sh.deals) > 0 {
				rs.shares = append(rs.shares, sh)
			}
		}
		sm.ranks = append(sm.ranks, rs)
	}
	k := len(sm.ranks)
	sm.maxGet = make([][]int, k+1)
	sm.left = make([]int, k+1)
	sm.maxGet[k] = make([]int, len(need))
	ri := k
	for r := cards.Ace; r >= cards.Two; r-- {
		cs := sm.pool & rankSet(r)
		if cs == 0 {
			continue
		}
		ri--
		sm.left[ri] = sm.left[ri+1] + cs.Len()
		sm.maxGet[ri] = slices.Clone(sm.maxGet[ri+1])
		for i, p := range sm.hidden {
			if cs&may[p] != 0 {
				sm.maxGet[ri][i]++
			}
		}
	}
	if cells := (k + 1) * sm.size; cells <= 1<<21 {
		sm.dense = make([]float64, cells)
		for i := range sm.dense {
			sm.dense[i] = -1
		}
	} else {
		sm.sparse = map[int]float64{}
	}
	sm.total = sm.count(0, sm.root)
	if sm.total == 0 || math.IsInf(sm.total, 0) {
		return games.Errorf("%s: view: no deal gives every other hand its size with one card of a rank at most and none it was seen not to hold", ID)
	}
	return nil
}

// onePerRank names a rank of which m holds two cards, or "".
func onePerRank(m cards.Set) string {
	for r := cards.Two; r <= cards.Ace; r++ {
		if (m & rankSet(r)).Len() > 1 {
			return r.String()
		}
	}
	return ""
}

// viewErrorf is the error of a view no table shows: what does not fit.
func viewErrorf(format string, args ...any) error {
	return games.Errorf("%s: view: %s", ID, fmt.Sprintf(format, args...))
}

// rebuild makes the state of the view with every card the seat sees in
// place and prepares the deal of the others.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	t, err := Game{}.table(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	s := *t
	switch {
	case v.Players != n:
		return nil, viewErrorn("%d players, the table has %d", v.Players, n)
	case v.Seat != seat:
		return nil, viewErrorn("the view is seat %d's, not seat %d's", int(v.Seat), int(seat))
	case seat != games.Observer && seat != games.God && (seat < 0 || int(seat) >= n):
		return nil, viewErrorn("seat %d is not a seat 0-%d, the observer or god", int(seat), n-1)
	case v.Rounds != s.rounds:
		return nil, viewErrorn("%d rounds, the table plays %d", v.Rounds, s.rounds)
	case len(v.HandSizes) != n || len(v.Laid) != n || len(v.Excluded) != n || len(v.Points) != n:
		return nil, viewErrorn("%d hand sizes, %d laid piles, %d exclusions and %d points for %d players", len(v.HandSizes), len(v.Laid), len(v.Excluded), len(v.Points), n)
	case v.Dealer < 0 || int(v.Dealer) >= n:
		return nil, viewErrorn("dealer %d is not a seat", int(v.Dealer))
	case v.Stock < 0 || v.Stock > int(s.stockLen):
		return nil, viewErrorn("%d cards in the stock of %d", v.Stock, int(s.stockLen))
	}
	switch v.Phase {
	case "open":
		s.phase = phaseOpen
	case "draw":
		s.phase = phaseDraw
	case "hand":
		s.phase = phaseHand
	case "done":
		s.phase = phaseDone
	default:
		return nil, viewErrorf("unknown phase %q", v.Phase)
	}
	done := s.phase == phaseDone
	s.dealer = int8(v.Dealer)
	s.stockPos = s.stockLen - int8(v.Stock)
	switch {
	case v.Done != done:
		return nil, viewErrorf("done is %v in phase %s", v.Done, v.Phase)
	case done && (v.Round != s.rounds-1 || v.Lead != -1 || v.Turn != -1):
		return nil, viewErrorn("the match is over in round %d of %d with lead %d and turn %d", v.Round, s.rounds, int(v.Lead), int(v.Turn))
	case !done && (v.Round < 0 || v.Round >= s.rounds || v.Lead < 0 || int(v.Lead) >= n):
		return nil, viewErrorn("round %d of %d with lead %d", v.Round, s.rounds, int(v.Lead))
	case s.phase == phaseOpen && (v.Lead != v.Dealer || v.Stock != int(s.stockLen) || len(v.Waste) != 0 || v.Last != nil):
		return nil, viewErrorf("the dealer opens, but the lead, the stock, the waste or the last card say play went on")
	case s.phase == phaseDraw && v.Stock == 0:
		return nil, viewErrorf("the lead draws from an empty stock")
	case s.phase == phaseHand && (v.Stock != 0 || s.exhaustion != handPlay):
		return nil, viewErrorn("the hand-play phase with %d cards in the stock and exhaustion %d", v.Stock, int(s.exhaustion))
	case s.phase == phaseOpen && v.Turn != v.Dealer, (s.phase == phaseDraw || s.phase == phaseHand) && v.Turn != v.Lead:
		return nil, viewErrorf("turn %d in phase %s (dealer %d, lead %d)", v.Turn, v.Phase, v.Dealer, v.Lead)
	}
	s.lead = int8(v.Lead)
	s.round = v.Round
	if done {
		s.round = s.rounds
	}
	s.roundsDone = s.round
	if len(v.History) != s.roundsDone {
		return nil, viewErrorn("%d rounds in the history after %d rounds", len(v.History), s.roundsDone)
	}
	var won [maxPlayers]int
	for r, w := range v.History {
		var mask uint8
		for j, p := range w {
			if p < 0 || int(p) >= n || j > 0 && w[j-1] >= p {
				return nil, viewErrorf("round %d's winners %v", r, w)
			}
			mask |= 1 << p
			won[p]++
		}
		k := bits.OnesCount8(mask)
		if s.exhaustion == handPlay && k != 1 || s.exhaustion == fewestCards && k == 0 || s.exhaustion == drawRound && k > 1 {
			return nil, viewErrorf("round %d won by %v under its exhaustion rule", r, w)
		}
		s.history[r] = mask
	}
	for p, x := range v.Points {
		if x != won[p] {
			return nil, viewErrorn("seat %d has %d points for %d rounds won", p, x, won[p])
		}
		s.points[p] = x
	}
	if s.winnerDeals && !done && s.round > 0 {
		if w := s.history[s.round-1]; bits.OnesCount8(w) == 1 && w != 1<<v.Dealer {
			return nil, viewErrorn("dealer %d, but the winner of the last round deals", int(v.Dealer))
		}
	}

	seen := cards.Places{Game: ID}
	for p, l := range v.Laid {
		if s.laid[p], err = seen.Add(fmt.Sprintf("seat %d's pairs", p), l); err != nil {
			return nil, err
		}
		for r := cards.Two; r <= cards.Ace; r++ {
			if (s.laid[p]&rankSet(r)).Len()%2 != 0 {
				return nil, viewErrorf("seat %d laid an odd number of %ss", p, r)
			}
		}
	}
	for k, txt := range v.Waste {
		c, err := seen.Add("the waste", []string{txt})
		if err != nil {
			return nil, err
		}
		if k >= len(s.waste) {
			return nil, viewErrorn("%d dead cards", len(v.Waste))
		}
		s.waste[k] = c.Lowest()
	}
	s.nWaste = int8(len(v.Waste))
	if l := v.Last; l != nil {
		c, err := cards.Parse(l.Card)
		switch {
		case err != nil:
			return nil, viewErrorf("the last card: %v", err)
		case l.Seat < 0 || int(l.Seat) >= n || l.From != "hand" && l.From != "stock" || l.PairedBy < -1 || int(l.PairedBy) >= n:
			return nil, viewErrorf("the last card %+v", *l)
		case l.PairedBy == -1 && (s.nWaste == 0 || s.waste[s.nWaste-1] != c):
			return nil, viewErrorf("the last card %s is dead but not the waste's last", c)
		case l.PairedBy >= 0 && !s.laid[l.PairedBy].Has(c):
			return nil, viewErrorf("seat %d paired the last card %s but has not laid it", l.PairedBy, c)
		}
		s.last = exposure{ok: true, seat: int8(l.Seat), fromStock: l.From == "stock", card: c, pairedBy: int8(l.PairedBy)}
	} else if !done && s.phase != phaseOpen {
		return nil, viewErrorf("no last card after the opening")
	}
	for p, x := range v.Excluded {
		ex := cards.Places{Game: ID}
		if s.excluded[p], err = ex.Add(fmt.Sprintf("seat %d's exclusions", p), x); err != nil {
			return nil, err
		}
	}
	for p, k := range v.HandSizes {
		switch {
		case k < 0 || k > 8:
			return nil, viewErrorn("seat %d holds %d cards", p, k)
		case !done && k == 0:
			return nil, viewErrorn("seat %d holds no card, but the round goes on", p)
		case s.phase == phaseOpen && (k%2 == 0) != (p == int(s.dealer)):
			return nil, viewErrorn("seat %d holds %d cards after laying its pairs (the dealer an even number, the others odd)", p, k)
		}
	}
	own := func(p int, txt []string) error {
		m, err := seen.Add(fmt.Sprintf("seat %d's hand", p), txt)
		switch {
		case err != nil:
			return err
		case m.Len() != v.HandSizes[p]:
			return games.Errorf("%s: view: seat %d holds %d cards but its size is %d", ID, p, m.Len(), v.HandSizes[p])
		case onePerRank(m) != "":
			return games.Errorf("%s: view: seat %d holds two %ss: pairs are laid", ID, p, onePerRank(m))
		case m&s.excluded[p] != 0:
			return games.Errorf("%s: view: seat %d holds %s, which it was seen not to hold", ID, p, m&s.excluded[p])
		}
		s.hands[p] = m
		return nil
	}
	sm := &sampler{}
	switch {
	case seat == games.God:
		if len(v.Hands) != n || len(v.StockCards) != v.Stock {
			return nil, viewErrorn("god's view lists %d hands and %d stock cards", len(v.Hands), len(v.StockCards))
		}
		for p, h := range v.Hands {
			if err := own(p, h); err != nil {
				return nil, err
			}
		}
		for k, txt := range v.StockCards {
			c, err := seen.Add("the stock", []string{txt})
			if err != nil {
				return nil, err
			}
			s.stock[int(s.stockPos)+k] = c.Lowest()
		}
	case seat >= 0:
		if err := own(int(seat), v.Hand); err != nil {
			return nil, err
		}
	}
	sm.pool = cards.Deck52 &^ seen.All()
	want := 0
	if seat != games.God {
		want = v.Stock
	}
	var need []int
	var may [maxPlayers]cards.Set
	for p := range n {
		if games.Seat(p) == seat || seat == games.God {
			continue
		}
		sm.hidden = append(sm.hidden, int8(p))
		need = append(need, v.HandSizes[p])
		want += v.HandSizes[p]
		may[p] = sm.pool &^ s.excluded[p]
		s.hands[p] = 0
	}
	if sm.pool.Len() != want {
		return nil, viewErrorn("%d cards unseen, but the other hands and the stock hold %d", sm.pool.Len(), want)
	}
	sm.base = s
	if err := sm.prepare(may, need); err != nil {
		return nil, err
	}
	return sm, nil
}

// viewErrorn is viewErrorf for a message whose every argument is a whole
// number (games.Errorn).
func viewErrorn(format string, xs ...int) error {
	return games.Errorf("%s: view: %w", ID, games.Errorn(format, xs...))
}
