package cards

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Dealer deals a pool of unseen cards into hands of known sizes, uniformly
// among the deals in which every hand holds only cards it may hold (a seat
// void in a suit may hold none of it; a card known to be in one hand may be
// held by that hand alone). Samplers of hidden cards use it: counting the
// deals exactly makes every consistent deal equally likely, which dealing
// the constrained hands first or matching cards to hands does not.
//
// Two kinds of sameness keep the work small. Hands that may hold the same
// cards of the pool are dealt as one hand of their added sizes, then split
// by a shuffle (every deal of the merged hand stands for the same number of
// deals of its members, so this stays exactly uniform). Cards that the same
// hands may hold are interchangeable for the count, so the work grows with
// the number of such classes, not with the number of deals; the choices
// for each class are tabled once and reused by every Deal.
type Dealer struct {
	hands   []int    // the sizes asked for
	sizes   []int    // of the merged hands
	members [][]int  // per merged hand, the hands it stands for
	classes []Set    // the pool split by which merged hands may hold a card
	masks   []uint32 // per class: bit i when merged hand i may hold it
	memo    []map[uint64]float64
	choices []map[uint64][]choice // per class and capacities left: the splits and their weights
	total   float64
}

// choice is one way to share a class among the hands, and the number of
// deals it leads to, summed with those of the choices before it.
type choice struct {
	x   []int
	cum float64
}

// NewDealer prepares to deal pool into len(sizes) hands, hand i receiving
// sizes[i] cards, all of them from may[i]. It is an error when no deal fits
// (the sizes do not add up to the pool, or the constraints leave no way).
func NewDealer(pool Set, sizes []int, may []Set) (*Dealer, error) {
	if len(sizes) != len(may) || len(sizes) == 0 || len(sizes) > 10 {
		return nil, fmt.Errorf("cards: %d hand sizes for %d constraints", len(sizes), len(may))
	}
	sum := 0
	for i, n := range sizes {
		if n < 0 || n > 63 {
			return nil, fmt.Errorf("cards: hand %d of %d cards", i, n)
		}
		sum += n
	}
	if sum != pool.Len() {
		return nil, fmt.Errorf("cards: %d unseen cards for hands of %d in all", pool.Len(), sum)
	}
	if sum > 63 {
		return nil, fmt.Errorf("cards: %d unseen cards are more than a deal holds", sum)
	}
	d := &Dealer{hands: slices.Clone(sizes)}
	var mmay []Set
	for i, n := range sizes {
		m := may[i] & pool
		j := slices.Index(mmay, m)
		if j < 0 {
			j = len(mmay)
			mmay = append(mmay, m)
			d.sizes = append(d.sizes, 0)
			d.members = append(d.members, nil)
		}
		d.sizes[j] += n
		d.members[j] = append(d.members[j], i)
	}
	byMask := map[uint32]Set{}
	for _, c := range pool.Cards() {
		var m uint32
		for i, s := range mmay {
			if s.Has(c) {
				m |= 1 << i
			}
		}
		if m == 0 {
			return nil, fmt.Errorf("cards: no hand may hold %s", c)
		}
		byMask[m] = byMask[m].With(c)
	}
	// In increasing order: map order must not reach the deal. The masks
	// are distinct and few (at most one per card), and an insertion keeps
	// app.wasm from an instance of the generic sort for uint32 alone.
	for m := range byMask {
		i := len(d.masks)
		d.masks = append(d.masks, m)
		for ; i > 0 && d.masks[i-1] > m; i-- {
			d.masks[i] = d.masks[i-1]
		}
		d.masks[i] = m
	}
	for _, m := range d.masks {
		d.classes = append(d.classes, byMask[m])
	}
	d.memo = make([]map[uint64]float64, len(d.classes)+1)
	d.choices = make([]map[uint64][]choice, len(d.classes))
	for i := range d.memo {
		d.memo[i] = map[uint64]float64{}
	}
	for i := range d.choices {
		d.choices[i] = map[uint64][]choice{}
	}
	if d.total = d.count(0, d.sizes); d.total == 0 {
		return nil, errors.New("cards: no deal gives every hand only cards it may hold")
	}
	for _, ms := range d.members { // the ways to split each merged hand
		left := 0
		for _, i := range ms {
			left += sizes[i]
		}
		for _, i := range ms {
			d.total *= binom(left, sizes[i])
			left -= sizes[i]
		}
	}
	return d, nil
}

// Deals is the number of distinct deals the Dealer chooses among (as a
// float: it can exceed 2^64).
func (d *Dealer) Deals() float64 { return d.total }

func key(rem []int) uint64 {
	var k uint64
	for _, r := range rem {
		k = k<<6 | uint64(r)
	}
	return k
}

// count is the number of ways to deal classes k.. into the capacities rem.
func (d *Dealer) count(k int, rem []int) float64 {
	if k == len(d.classes) {
		for _, r := range rem {
			if r != 0 {
				return 0
			}
		}
		return 1
	}
	kk := key(rem)
	if v, ok := d.memo[k][kk]; ok {
		return v
	}
	total := 0.0
	d.splits(k, rem, func(x []int, ways float64) {
		total += ways * d.count(k+1, sub(rem, x))
	})
	d.memo[k][kk] = total
	return total
}

func sub(rem, x []int) []int {
	out := slices.Clone(rem)
	for i := range out {
		out[i] -= x[i]
	}
	return out
}

// splits calls f with every way to share class k's cards among the hands
// that may hold them within rem, and the number of ways to choose which
// cards go where (a multinomial coefficient).
func (d *Dealer) splits(k int, rem []int, f func(x []int, ways float64)) {
	n := d.classes[k].Len()
	m := d.masks[k]
	x := make([]int, len(rem))
	var rec func(i, left int, ways float64)
	rec = func(i, left int, ways float64) {
		if i == len(rem) {
			if left == 0 {
				f(x, ways)
			}
			return
		}
		if m&(1<<i) == 0 {
			x[i] = 0
			rec(i+1, left, ways)
			return
		}
		for t := 0; t <= min(left, rem[i]); t++ {
			x[i] = t
			rec(i+1, left-t, ways*binom(left, t))
		}
		x[i] = 0
	}
	rec(0, n, 1)
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// table lists the ways to share class k within rem that lead to a deal,
// with their cumulative weights; computed once per class and capacities.
func (d *Dealer) table(k int, rem []int) []choice {
	kk := key(rem)
	if cs, ok := d.choices[k][kk]; ok {
		return cs
	}
	var cs []choice
	cum := 0.0
	d.splits(k, rem, func(x []int, ways float64) {
		if w := ways * d.count(k+1, sub(rem, x)); w > 0 {
			cum += w
			cs = append(cs, choice{x: slices.Clone(x), cum: cum})
		}
	})
	d.choices[k][kk] = cs
	return cs
}

// Deal draws one deal: hand i gets sizes[i] cards of pool, from may[i].
// Every consistent deal is equally likely.
func (d *Dealer) Deal(rng *rand.Rand) []Set {
	merged := make([]Set, len(d.sizes))
	rem := slices.Clone(d.sizes)
	var buf [64]Card
	for k := range d.classes {
		// How many of class k each hand gets, weighted by the deals that
		// follow; then which cards.
		cs := d.table(k, rem)
		pick := cs[len(cs)-1].x
		if len(cs) > 1 {
			r := rng.Float64() * cs[len(cs)-1].cum
			i, _ := slices.BinarySearchFunc(cs, r, func(c choice, r float64) int {
				if c.cum <= r {
					return -1
				}
				return 1
			})
			pick = cs[min(i, len(cs)-1)].x
		}
		cards := d.classes[k].AppendTo(buf[:0])
		Shuffle(rng, cards)
		for i, n := range pick {
			merged[i] |= SetOf(cards[:n]...)
			cards = cards[n:]
			rem[i] -= n
		}
	}
	hands := make([]Set, len(d.hands))
	for j, h := range merged {
		ms := d.members[j]
		if len(ms) == 1 {
			hands[ms[0]] = h
			continue
		}
		cards := h.AppendTo(buf[:0])
		Shuffle(rng, cards)
		for _, i := range ms {
			hands[i] = SetOf(cards[:d.hands[i]]...)
			cards = cards[d.hands[i]:]
		}
	}
	return hands
}
