package cards

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// enumerate lists every deal of pool into hands of sizes within may.
func enumerate(pool []Card, sizes []int, may []Set) []string {
	var out []string
	hands := make([]Set, len(sizes))
	var rec func(i int)
	rec = func(i int) {
		if i == len(pool) {
			for h, s := range hands {
				if s.Len() != sizes[h] {
					return
				}
			}
			out = append(out, dealKey(hands))
			return
		}
		for h := range hands {
			if may[h].Has(pool[i]) && hands[h].Len() < sizes[h] {
				hands[h] = hands[h].With(pool[i])
				rec(i + 1)
				hands[h] = hands[h].Without(pool[i])
			}
		}
	}
	rec(0)
	return out
}

func dealKey(hands []Set) string {
	parts := make([]string, len(hands))
	for i, h := range hands {
		parts[i] = h.String()
	}
	return strings.Join(parts, "|")
}

func TestDealerIsUniformAmongConsistentDeals(t *testing.T) {
	pool := SetOf(mustCards(t, "2C 3C 4C 6D 7H 8H 9S")...)
	all := Deck52
	voidC := all &^ SuitSet(Clubs)
	voidDH := all &^ SuitSet(Diamonds) &^ SuitSet(Hearts)
	only9S := SetOf(mustCards(t, "9S")...)
	cases := []struct {
		name  string
		sizes []int
		may   []Set
	}{
		{"no constraints", []int{3, 2, 2}, []Set{all, all, all}},
		{"one void", []int{3, 2, 2}, []Set{voidC, all, all}},
		{"two voids", []int{3, 2, 2}, []Set{voidC, voidDH, all}},
		{"a known card", []int{3, 2, 2}, []Set{voidC, all &^ only9S, all &^ only9S}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := enumerate(pool.Cards(), tc.sizes, tc.may)
			d, err := NewDealer(pool, tc.sizes, tc.may)
			require.NoError(t, err)
			require.Equal(t, float64(len(want)), d.Deals())
			rng := rand.New(rand.NewPCG(1, 2))
			n := 1000 * len(want)
			counts := map[string]int{}
			for range n {
				hands := d.Deal(rng)
				for h, s := range hands {
					require.Equal(t, tc.sizes[h], s.Len())
					require.Zero(t, s&^tc.may[h])
				}
				counts[dealKey(hands)]++
			}
			tv := 0.0
			for _, k := range want {
				tv += math.Abs(float64(counts[k])/float64(n) - 1/float64(len(want)))
				delete(counts, k)
			}
			require.Empty(t, counts, "deals outside the consistent ones")
			tv /= 2
			t.Logf("%d deals, %d samples: total variation from uniform %.4f", len(want), n, tv)
			require.Less(t, tv, 0.02)
		})
	}
}

func TestDealerRefusesWhatNoDealFits(t *testing.T) {
	pool := SetOf(mustCards(t, "2C 3C 4C")...)
	noClubs := Deck52 &^ SuitSet(Clubs)
	_, err := NewDealer(pool, []int{2, 2}, []Set{Deck52, Deck52})
	require.ErrorContains(t, err, "3 unseen cards")
	_, err = NewDealer(pool, []int{2, 1}, []Set{noClubs, Deck52})
	require.ErrorContains(t, err, "no deal")
	_, err = NewDealer(pool, []int{2, 1}, []Set{noClubs, noClubs})
	require.ErrorContains(t, err, "no hand may hold")
}

func mustCards(t *testing.T, s string) []Card {
	cs, err := ParseList(s)
	require.NoError(t, err)
	return cs
}

// BenchmarkDealSixHands deals a six-player round start: 30 unseen cards
// into five hands, two of them void in a suit.
func BenchmarkDealSixHands(b *testing.B) {
	pool := SetOf(Deck52.Cards()[:30]...)
	all := Deck52
	may := []Set{all &^ SuitSet(Hearts), all, all &^ SuitSet(Spades), all, all}
	d, err := NewDealer(pool, []int{6, 6, 6, 6, 6}, may)
	require.NoError(b, err)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for range b.N {
		d.Deal(rng)
	}
}

func TestPlacesRefusesACardShownInTwoPlaces(t *testing.T) {
	p := Places{Game: "eatreds"}
	m, err := p.Add("the layout", []string{"AS", "10H"})
	require.NoError(t, err)
	require.Equal(t, SetOf(mustCards(t, "AS 10H")...), m)
	_, err = p.Add("seat 1's hand", []string{"KD", "AS"})
	require.EqualError(t, err, "eatreds: view: AS is in the layout and in seat 1's hand")
	_, err = p.Add("the stock", []string{"ZZ"})
	require.ErrorContains(t, err, "eatreds: view: the stock:")
	require.Equal(t, SetOf(mustCards(t, "AS 10H KD")...), p.All())
}

// A fixed deal's cards parse and are dealt once; every error names the game
// and the deal.
func TestDealtRefusesACardDealtTwice(t *testing.T) {
	d := Dealt{Game: "eatpairs", Index: 2}
	c, err := d.Add("seat 0", "10H")
	require.NoError(t, err)
	require.Equal(t, Make(10, Hearts), c)
	_, err = d.Add("stock", "10H")
	require.EqualError(t, err, "eatpairs: deal 2: 10H is dealt twice")
	_, err = d.Add("seat 1", "ZZ")
	require.EqualError(t, err, `eatpairs: deal 2: seat 1: unknown card "ZZ": unknown suit "Z" (suits: C D H S)`)
	_, err = d.Add("seat 1", "")
	require.ErrorIs(t, err, ErrEmpty)
	require.EqualError(t, d.Errorf("stock has %d cards, want %d", 3, 24), "eatpairs: deal 2: stock has 3 cards, want 24")
}

// Hand, Hands and Pile read whole places of a deal: the count first, then
// every card as Add reads it; Deck keeps the cards to a smaller deck.
func TestDealtReadsHandsAndPiles(t *testing.T) {
	d := Dealt{Game: "king", Index: 1, Deck: Deck32}
	hs, err := d.Hands("seat", [][]string{{"7C", "AS"}, {"10H", "8D"}}, 2)
	require.NoError(t, err)
	require.Equal(t, []Set{SetOf(mustCards(t, "7C AS")...), SetOf(mustCards(t, "10H 8D")...)}, hs)
	_, err = d.Hands("seat", [][]string{{"9C"}, {"9D", "9H"}}, 2)
	require.EqualError(t, err, "king: deal 1: seat 0 has 1 cards, want 2")
	_, err = d.Hand("seat 2", []string{"2C"}, -1)
	require.EqualError(t, err, "king: deal 1: seat 2: 2C is not in the 32-card deck")
	_, err = d.Hand("seat 3", []string{"KS", "AS"}, 2)
	require.EqualError(t, err, "king: deal 1: AS is dealt twice")
	pile, err := d.Pile("stock", []string{"QS", "JS", "KD"}, 3)
	require.NoError(t, err)
	require.Equal(t, mustCards(t, "QS JS KD"), pile)
	_, err = d.Pile("stock", []string{"QH"}, 2)
	require.EqualError(t, err, "king: deal 1: stock has 1 cards, want 2")
	require.Equal(t, SetOf(mustCards(t, "7C AS 10H 8D KS QS JS KD")...), d.All())

	bare := Dealt{} // a caller that names the deal itself
	_, err = bare.Hand("hand 1", []string{"5C", "5C"}, 2)
	require.EqualError(t, err, "5C is dealt twice")
	_, err = bare.Hand("hand 2", []string{""}, 1)
	require.ErrorIs(t, err, ErrEmpty)
}

// Split deals a shuffled deck out hand by hand, as the engines' own deals
// did card by card.
func TestSplitDealsInBlocks(t *testing.T) {
	deck := Shuffled(rand.New(rand.NewPCG(3, 4)), Deck32)
	var byCard [4]Set
	for i, c := range deck {
		byCard[i/8] = byCard[i/8].With(c)
	}
	rest := deck
	for i := range 4 {
		var h Set
		h, rest = Split(rest, 8)
		require.Equal(t, byCard[i], h)
	}
	require.Empty(t, rest)
}
