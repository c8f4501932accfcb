package sortcoop

import (
	"math"
	"math/rand/v2"

	"cardtable/games"
)

// Advise is the Co-op Sort heuristic partner (games.Advisor). It reads only
// the seat's View. Each card has a target slot: its expected rank among the
// 14 dealt cards (the bot's own cards counted exactly, the partner's seven
// spread evenly over the 33 cards the bot cannot see) scaled to the 15 slots.
// The bot lays the card that fits its target best without breaking the order
// of its own cards on the board or leaving its other cards too little room,
// expecting the partner's cards to lie near their own targets. It never
// passes, accepts a swap that keeps its own cards in order and moves none of
// them away from its target, and in the swap phase proposes one swap that
// brings its cards at least two slots nearer to their targets.
func (g Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := g.AdviseWhy(view, legal, rng)
	return a
}

// Co-op Sort's reasons (games.Reasoner): the rule of Advise that chose.
const (
	LowFirst    games.Reason = "sortcoop-low-first"   // the preference: low cards want to go first
	NearTarget  games.Reason = "sortcoop-near-target" // the card that fits its expected place best
	SwapKeeps   games.Reason = "sortcoop-swap-keeps"  // the swap keeps the seat's cards in order and near their places
	SwapHurts   games.Reason = "sortcoop-swap-hurts"  // the swap would break the order or move a card away
	SwapGains   games.Reason = "sortcoop-swap-gains"  // the swap brings the cards two slots nearer or more
	NoSwapGains games.Reason = "sortcoop-no-gain"     // no swap brings the cards two slots nearer: done
)

// AdviseWhy is Advise with the rule that chose (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	v, ok := view.(View)
	if !ok {
		if p, isPtr := view.(*View); isPtr && p != nil {
			v, ok = *p, true
		}
	}
	if !ok || len(legal) == 0 {
		if len(legal) == 0 {
			return 0, ""
		}
		return legal[rng.IntN(len(legal))], ""
	}
	b := readBoard(v)
	best, bestScore := games.Action(0), math.Inf(1)
	var why games.Reason
	consider := func(a games.Action, score float64, r games.Reason) {
		if score < bestScore {
			best, bestScore, why = a, score, r
		}
	}
	var hasDone, hasAnswer bool
	for _, a := range legal {
		verb, x, y := decode(a)
		switch verb {
		case verbPrefer:
			consider(a, math.Abs(float64(x)-b.eagerness()), LowFirst)
		case verbPlace:
			consider(a, b.placeScore(Card(x), y), NearTarget)
		case verbAccept:
			hasAnswer = true
			if v.Pending != nil && b.swapOK(v.Pending.A-1, v.Pending.B-1) {
				consider(a, 0, SwapKeeps)
			}
		case verbReject:
			consider(a, 1, SwapHurts)
		case verbDone:
			hasDone = true
			consider(a, 0, NoSwapGains)
		case verbWithdraw:
			consider(a, 2, "")
		}
	}
	if hasDone && !hasAnswer && v.Rejected[b.me] == 0 {
		// One try per swap opportunity: after a rejection the bot says done.
		for _, a := range legal {
			if verb, x, y := decode(a); verb == verbPropose {
				if gain := b.swapGain(x, y); gain >= 2 {
					consider(a, -gain, SwapGains)
				}
			}
		}
	}
	if math.IsInf(bestScore, 1) {
		return legal[rng.IntN(len(legal))], ""
	}
	return best, why
}

// board is what the advisor knows: its own cards on the board and in hand,
// and which slots the partner holds.
type board struct {
	me      int
	mine    [Slots]int8 // own card per slot, -1 otherwise
	partner [Slots]bool
	hand    []Card
	all     []Card // hand and own cards on the board
}

func readBoard(v View) board {
	b := board{me: int(v.Seat)}
	if b.me != 0 && b.me != 1 {
		b.me = 0
	}
	for i, sl := range v.Slots {
		b.mine[i] = -1
		if !sl.Filled {
			continue
		}
		if c, err := ParseCard(sl.Card); err == nil && sl.Owner == b.me {
			b.mine[i] = int8(c)
			b.all = append(b.all, c)
		} else {
			b.partner[i] = true
		}
	}
	for _, txt := range v.Hand {
		if c, err := ParseCard(txt); err == nil {
			b.hand = append(b.hand, c)
			b.all = append(b.all, c)
		}
	}
	return b
}

// eagerness maps the hand to a preference: low cards want to go first.
func (b board) eagerness() float64 {
	if len(b.hand) == 0 {
		return float64(Neutral)
	}
	sum := 0.0
	for _, c := range b.hand {
		sum += float64(c)
	}
	mean := sum / float64(len(b.hand))
	switch {
	case mean < 16:
		return float64(Want)
	case mean > 23:
		return float64(Dont)
	}
	return float64(Neutral)
}

// rank is the expected number of the 14 dealt cards below c: the bot's own
// cards below c exactly, and the partner's seven spread evenly over the 33
// cards the bot does not hold.
func (b board) rank(c Card) float64 {
	mineBelow := 0
	for _, k := range b.all {
		if k < c {
			mineBelow++
		}
	}
	unknownBelow := int(c) - mineBelow
	return float64(mineBelow) + HandSize*float64(unknownBelow)/float64(NumCards-HandSize)
}

// target is the slot card c should take if every card sat at its expected rank.
func (b board) target(c Card) float64 { return b.rank(c) * (Slots - 1) / (2*HandSize - 1) }

// placeScore rates putting c on slot: distance to the target slot, plus
// penalties for breaking the order of the bot's own cards, for crowding the
// room its other cards need, and for clashing with the ranks the partner's
// cards are expected to have from where they lie.
func (b board) placeScore(c Card, slot int) float64 {
	score := math.Abs(float64(slot) - b.target(c))
	r := b.rank(c)
	for j := range Slots {
		if k := b.mine[j]; k >= 0 && ((j < slot && Card(k) > c) || (j > slot && Card(k) < c)) {
			score += 100
		}
		if b.partner[j] {
			e := float64(j) * (2*HandSize - 1) / (Slots - 1)
			if (j < slot && e > r+2) || (j > slot && e < r-2) {
				score += 1
			}
		}
	}
	// Room: own smaller cards still in hand need empty slots to the left.
	lower, higher := 0, 0
	for _, h := range b.hand {
		switch {
		case h < c:
			lower++
		case h > c:
			higher++
		}
	}
	left, right := 0, 0
	for j := range Slots {
		if b.mine[j] < 0 && !b.partner[j] {
			if j < slot {
				left++
			} else if j > slot {
				right++
			}
		}
	}
	if lower > left || higher > right {
		score += 50
	}
	return score
}

// ordered tells whether the bot's cards read in increasing order.
func ordered(mine [Slots]int8) bool {
	last := int8(-1)
	for _, k := range mine {
		if k < 0 {
			continue
		}
		if k <= last {
			return false
		}
		last = k
	}
	return true
}

func (b board) distance(mine [Slots]int8) float64 {
	d := 0.0
	for j, k := range mine {
		if k >= 0 {
			d += math.Abs(float64(j) - b.target(Card(k)))
		}
	}
	return d
}

// swapped is the bot's cards after slots x and y trade places.
func (b board) swapped(x, y int) [Slots]int8 {
	m := b.mine
	m[x], m[y] = m[y], m[x]
	return m
}

// swapOK accepts a swap that keeps the bot's cards in order and moves none
// of them further from its target slot.
func (b board) swapOK(x, y int) bool {
	if x < 0 || y < 0 || x >= Slots || y >= Slots {
		return false
	}
	after := b.swapped(x, y)
	return ordered(after) && b.distance(after) <= b.distance(b.mine)+0.5
}

// swapGain is how many slots nearer their target slots the bot's cards get.
func (b board) swapGain(x, y int) float64 {
	after := b.swapped(x, y)
	if !ordered(after) {
		return math.Inf(-1)
	}
	return b.distance(b.mine) - b.distance(after)
}
