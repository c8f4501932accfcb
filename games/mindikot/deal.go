package mindikot

import (
	"math/rand/v2"

	"cardtable/games/cards"
)

// groupDealer deals a pool of unseen cards uniformly among the deals that
// give every hand only cards it may hold, like cards.Dealer, but first
// merges the hands that may hold the same cards of the pool into one (their
// sizes added) and shares each merged hand among its members by a shuffle.
// Every deal of the merged hands stands for the same number of deals of the
// members, so the result is exactly as uniform; and cards.Dealer's work,
// which grows fast with the number of hands, stays small in the usual case
// (no voids: one hand).
type groupDealer struct {
	dealer  *cards.Dealer
	sizes   []int
	members [][]int // per merged hand, the hands it stands for
}

func newGroupDealer(pool cards.Set, sizes []int, may []cards.Set) (*groupDealer, error) {
	g := &groupDealer{sizes: sizes}
	var msizes []int
	var mmay []cards.Set
	for i, n := range sizes {
		m := may[i] & pool
		j := 0
		for j < len(mmay) && mmay[j] != m {
			j++
		}
		if j == len(mmay) {
			mmay = append(mmay, m)
			msizes = append(msizes, 0)
			g.members = append(g.members, nil)
		}
		msizes[j] += n
		g.members[j] = append(g.members[j], i)
	}
	var err error
	if g.dealer, err = cards.NewDealer(pool, msizes, mmay); err != nil {
		return nil, err
	}
	return g, nil
}

// Deal draws one deal: hand i gets sizes[i] cards.
func (g *groupDealer) Deal(rng *rand.Rand) []cards.Set {
	out := make([]cards.Set, len(g.sizes))
	var buf [64]cards.Card
	for j, h := range g.dealer.Deal(rng) {
		ms := g.members[j]
		if len(ms) == 1 {
			out[ms[0]] = h
			continue
		}
		cs := h.AppendTo(buf[:0])
		cards.Shuffle(rng, cs)
		for _, i := range ms {
			out[i] = cards.SetOf(cs[:g.sizes[i]]...)
			cs = cs[g.sizes[i]:]
		}
	}
	return out
}
