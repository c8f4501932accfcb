package eatreds

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// Advise is Eat Reds' heuristic player (games.Advisor). It reads only the
// seat's View: its hand, the layout, the cards of every won pile (all
// captured face up), the cards of the last two turns and the counts of the
// other hands and the stock.
//
// Every choice (the card to expose and what it takes, or the stock card's
// target) is scored one
// turn ahead: the red points it captures now, plus the expected capture of
// the stock card turned next for the same seat, minus what the next player
// can expect to capture from the layout left behind (it takes the most
// valuable card it holds a partner for). So it takes the highest red value,
// lays cards no one is likely to take, and does not leave high red cards
// where the next player can pair them.
func (g Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := g.AdviseWhy(view, legal, rng)
	return a
}

// LookAhead is Eat Reds' reason (games.Reasoner): the choice scores best one
// turn ahead, the red points it takes now and with the stock card, less
// what it leaves the next player.
const LookAhead games.Reason = "eatreds-look-ahead"

// AdviseWhy is Advise with its reason (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	v, ok := view.(*View)
	switch {
	case len(legal) == 0:
		return 0, ""
	case !ok || v.Seat < 0 || int(v.Seat) >= v.Players || len(v.HandSizes) != v.Players:
		return legal[rng.IntN(len(legal))], ""
	}
	k := newKnowledge(v)
	best, bestScore := legal[0], -1e18
	var why games.Reason
	for _, a := range legal {
		var score float64
		switch kind, h, y := decode(a); kind {
		case actLay, actTriple:
			score = k.playScore(h)
		case actPair:
			score = k.takeScore(h, y, true)
		case actTake:
			score = k.takeScore(k.pending, y, false)
		default:
			continue
		}
		if score > bestScore+1e-9 {
			best, bestScore, why = a, score, LookAhead
		}
	}
	return best, why
}

// knowledge is what the view tells the advisor, as card sets and counts.
type knowledge struct {
	blackAce bool
	hand     cards.Set
	layout   cards.Set
	triple   cards.Rank
	unseen   cards.Set // cards the seat has not seen: in other hands, the stock or closed piles
	stock    int
	nextHand int        // cards in the next player's hand
	pending  cards.Card // the stock card waiting to capture
}

func newKnowledge(v *View) *knowledge {
	k := &knowledge{stock: v.Stock}
	k.hand = setOf(v.Hand)
	k.layout = setOf(v.Layout)
	if v.Triple != "" {
		if c, err := cards.Parse(v.Triple + "C"); err == nil {
			k.triple = c.Rank()
		}
	}
	seen := k.hand | k.layout
	for i, p := range v.Piles {
		seen |= setOf(p.Taken)
		if !p.Open {
			continue
		}
		pile := setOf(p.Cards)
		seen |= pile
		// Only the pile points tell whether the black ace scores.
		if games.Seat(i) == v.Seat && p.Points != nil && pile.Has(aceOfSpades) {
			k.blackAce = *p.Points != PilePoints(pile, false)
		}
	}
	// The cards of the last two turns went to piles or lie in the layout.
	for _, evs := range [][]Event{v.LastTurn, v.ThisTurn} {
		for _, e := range evs {
			seen |= setOf(e.Took)
			if c, err := cards.Parse(e.Card); err == nil {
				seen = seen.With(c)
			}
		}
	}
	if v.Phase == "take" {
		if c, err := cards.Parse(v.Pending); err == nil {
			k.pending = c
			seen = seen.With(c)
		}
	}
	k.unseen = cards.Deck52 &^ seen
	k.nextHand = v.HandSizes[(int(v.Seat)+1)%v.Players]
	return k
}

var aceOfSpades = cards.Make(cards.Ace, cards.Spades)

func (k *knowledge) pts(c cards.Card) float64 { return float64(Points(c, k.blackAce)) }

// playScore scores exposing h from hand.
func (k *knowledge) playScore(h cards.Card) float64 {
	if k.triple != 0 && h.Rank() == k.triple {
		took := k.layout & rankSet(k.triple)
		return k.pts(h) + k.setPts(took) + k.afterHand(k.layout&^took, k.unseen)
	}
	t := k.layout & partners(h)
	if t == 0 {
		return k.afterHand(k.layout.With(h), k.unseen)
	}
	best := -1e18
	for m := t; m != 0; m &= m - 1 {
		best = max(best, k.takeScore(h, m.Lowest(), true))
	}
	return best
}

// takeScore scores x taking y from the layout; fromHand: the stock card is
// still to come this turn.
func (k *knowledge) takeScore(x, y cards.Card, fromHand bool) float64 {
	gain := k.pts(x) + k.pts(y)
	rest := k.layout.Without(y)
	if fromHand {
		return gain + k.afterHand(rest, k.unseen)
	}
	return gain - k.danger(rest, k.unseen, k.stock)
}

func (k *knowledge) setPts(m cards.Set) float64 {
	p := 0.0
	for ; m != 0; m &= m - 1 {
		p += k.pts(m.Lowest())
	}
	return p
}

// afterHand is the expected value of the stock turn that follows a hand card
// leaving layout l: each unseen card is the stock's top equally likely.
func (k *knowledge) afterHand(l, unseen cards.Set) float64 {
	if k.stock == 0 || unseen == 0 { // not reached: a hand card always has a stock card after it
		return -k.danger(l, unseen, k.stock)
	}
	total := 0.0
	for m := unseen; m != 0; m &= m - 1 {
		s := m.Lowest()
		rest := unseen.Without(s)
		switch t := l & partners(s); {
		case k.triple != 0 && s.Rank() == k.triple:
			took := l & rankSet(k.triple)
			total += k.pts(s) + k.setPts(took) - k.danger(l&^took, rest, k.stock-1)
		case t == 0:
			total -= k.danger(l.With(s), rest, k.stock-1)
		default:
			best := -1e18
			for tm := t; tm != 0; tm &= tm - 1 {
				y := tm.Lowest()
				best = max(best, k.pts(s)+k.pts(y)-k.danger(l.Without(y), rest, k.stock-1))
			}
			total += best
		}
	}
	return total / float64(unseen.Len())
}

// danger is what the next player can expect to capture from layout l: with
// its hand card the best target it holds a partner for (each unseen card is
// in its hand with the same chance), then with its stock card. stockLeft is
// the stock after this turn: with none, the deal is over.
func (k *knowledge) danger(l, unseen cards.Set, stockLeft int) float64 {
	n := unseen.Len()
	if n == 0 || k.nextHand == 0 || l == 0 || stockLeft == 0 {
		return 0
	}
	share := min(1, float64(k.nextHand)/float64(n))
	// The candidate captures, best first: value and chance of holding a partner.
	var vals, probs, stockOdds [cards.NumCards]float64
	cnt := 0
	for m := l; m != 0; m &= m - 1 {
		y := m.Lowest()
		ps := unseen & partners(y)
		if k.triple != 0 && y.Rank() == k.triple {
			continue
		}
		np := ps.Len()
		if np == 0 {
			continue
		}
		vals[cnt] = k.pts(y) + k.setPts(ps)/float64(np)
		probs[cnt] = 1 - pow(1-share, np)
		stockOdds[cnt] = float64(np) / float64(n)
		cnt++
	}
	if k.triple != 0 {
		flagged := l & rankSet(k.triple)
		if fourth := unseen & rankSet(k.triple); fourth != 0 && flagged != 0 {
			vals[cnt] = k.setPts(flagged) + k.setPts(fourth)
			probs[cnt] = share
			stockOdds[cnt] = 1 / float64(n)
			cnt++
		}
	}
	// Sort by value, highest first (insertion sort: a handful of cards).
	for i := 1; i < cnt; i++ {
		for j := i; j > 0 && vals[j] > vals[j-1]; j-- {
			vals[j], vals[j-1] = vals[j-1], vals[j]
			probs[j], probs[j-1] = probs[j-1], probs[j]
			stockOdds[j], stockOdds[j-1] = stockOdds[j-1], stockOdds[j]
		}
	}
	exp, none := 0.0, 1.0
	for i := range cnt {
		exp += none * probs[i] * vals[i]
		none *= 1 - probs[i]
	}
	// Then its stock card: a partner of any layout card captures it for
	// the next player too.
	for i := range cnt {
		exp += vals[i] * stockOdds[i]
	}
	return exp
}

func pow(x float64, n int) float64 {
	r := 1.0
	for range n {
		r *= x
	}
	return r
}

func parseAll(ss []string) []cards.Card {
	out := make([]cards.Card, 0, len(ss))
	for _, s := range ss {
		if c, err := cards.Parse(s); err == nil {
			out = append(out, c)
		}
	}
	return out
}

func setOf(ss []string) cards.Set { return cards.SetOf(parseAll(ss)...) }
