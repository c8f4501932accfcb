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
// Cards that the same hands may hold are interchangeable for the count, so
// the work grows with the number of such classes (at most one per subset of
// hands), not with the number of deals.
type Dealer struct {
	sizes   []int
	classes []Set    // the pool split by which hands may hold a card
	masks   []uint32 // per class: bit i when hand i may hold it
	memo    []map[uint64]float64
	total   float64
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
	d := &Dealer{sizes: slices.Clone(sizes)}
	byMask := map[uint32]Set{}
	for _, c := range pool.Cards() {
		var m uint32
		for i, s := range may {
			if s.Has(c) {
				m |= 1 << i
			}
		}
		if m == 0 {
			return nil, fmt.Errorf("cards: no hand may hold %s", c)
		}
		byMask[m] = byMask[m].With(c)
	}
	for m := range byMask {
		d.masks = append(d.masks, m)
	}
	slices.Sort(d.masks) // map order must not reach the deal
	for _, m := range d.masks {
		d.classes = append(d.classes, byMask[m])
	}
	d.memo = make([]map[uint64]float64, len(d.classes)+1)
	for i := range d.memo {
		d.memo[i] = map[uint64]float64{}
	}
	if d.total = d.count(0, d.sizes); d.total == 0 {
		return nil, errors.New("cards: no deal gives every hand only cards it may hold")
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

// Deal draws one deal: hand i gets sizes[i] cards of pool, from may[i].
// Every consistent deal is equally likely.
func (d *Dealer) Deal(rng *rand.Rand) []Set {
	hands := make([]Set, len(d.sizes))
	rem := slices.Clone(d.sizes)
	var pick []int
	for k := range d.classes {
		// Choose how many of class k each hand gets, weighted by the deals
		// that follow, then which cards.
		r := rng.Float64() * d.count(k, rem)
		pick = nil
		var last []int
		d.splits(k, rem, func(x []int, ways float64) {
			if pick != nil {
				return
			}
			w := ways * d.count(k+1, sub(rem, x))
			if w == 0 {
				return
			}
			last = slices.Clone(x)
			if r < w {
				pick = last
			}
			r -= w
		})
		if pick == nil {
			pick = last // rounding at the very end of the range
		}
		cs := d.classes[k].Cards()
		Shuffle(rng, cs)
		for i, n := range pick {
			hands[i] |= SetOf(cs[:n]...)
			cs = cs[n:]
			rem[i] -= n
		}
	}
	return hands
}
