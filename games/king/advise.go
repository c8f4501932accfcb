package king

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// Advise is The King's heuristic player (games.Advisor). It reads only the
// seat's View: its hand, the trick, and the cards already taken this round.
//
// Avoiding rounds: duck under the trick's best card when possible, shed the
// highest card when the trick is lost anyway, and when void throw the card
// the round punishes (K♥, queens, boys, hearts) or else the highest. Leads
// are low cards of short suits. Collecting: name the longest, strongest suit
// trump; lead winners (the highest card left of a suit), win tricks as
// cheaply as possible, and throw the lowest card when the trick is lost.
func (g Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := g.AdviseWhy(view, legal, rng)
	return a
}

// The King's own reasons (games.Reasoner); the others are the trick games'
// shared ones.
const (
	// NameTrump: name the longest, strongest suit trump.
	NameTrump games.Reason = "king-name-trump"
	// TakeItHigh: the last card of a trick it must take: shed the highest.
	TakeItHigh games.Reason = "king-take-it-high"
	// ThrowPunished: void in the suit led: throw a card the round punishes.
	ThrowPunished games.Reason = "king-throw-punished"
)

// AdviseWhy is Advise with the rule that chose (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	v, ok := view.(*View)
	switch {
	case len(legal) == 0:
		return 0, ""
	case !ok:
		return legal[0], ""
	}
	if v.ChoosingTrump {
		return chooseTrump(v, legal), NameTrump
	}
	hand := setOf(v.Hand)
	var seen cards.Set // cards out of play or on the table this round
	for _, t := range v.Taken {
		seen |= setOf(t)
	}
	trick := parseAll(v.Trick)
	seen |= cards.SetOf(trick...)
	var options cards.Set
	for _, a := range legal {
		if a < cards.NumCards {
			options = options.With(cards.Card(a))
		}
	}
	if options == 0 {
		return legal[rng.IntN(len(legal))], ""
	}
	contract := contractByName(v.Contract)
	trump := int8(unnamed)
	if t, err := cards.ParseSuit(v.Trump); err == nil {
		trump = int8(t)
	}
	var pick cards.Card
	var why games.Reason
	if contract == Collecting {
		pick, why = collectCard(options, hand, seen, trick, trump)
	} else {
		pick, why = avoidCard(contract, options, hand, seen, trick)
	}
	return games.Action(pick), why
}

func chooseTrump(v *View, legal []games.Action) games.Action {
	hand := setOf(v.Hand)
	best, bestScore := legal[0], -1
	for _, a := range legal {
		su := int8(a - trumpBase)
		if su < 0 || su >= noTrump {
			continue
		}
		in := hand.Of(cards.Suit(su))
		score := 3 * in.Len()
		for m := in; m != 0; m &= m - 1 {
			if r := m.Lowest().Rank(); r >= cards.Jack {
				score += int(r) - 10
			}
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// winning is the best card of the trick so far under trump (unnamed: none).
func winning(trick []cards.Card, trump int8) cards.Card {
	best := trick[0]
	for _, c := range trick[1:] {
		switch {
		case c.Suit() == best.Suit() && c.Rank() > best.Rank():
			best = c
		case trump >= 0 && trump < noTrump && c.Suit() == cards.Suit(trump) && best.Suit() != cards.Suit(trump):
			best = c
		}
	}
	return best
}

// beats tells whether c would win over the current best card.
func beats(c, best cards.Card, trump int8) bool {
	if c.Suit() == best.Suit() {
		return c.Rank() > best.Rank()
	}
	return trump >= 0 && trump < noTrump && c.Suit() == cards.Suit(trump)
}

func avoidCard(c Contract, options, hand, seen cards.Set, trick []cards.Card) (cards.Card, games.Reason) {
	if len(trick) == 0 {
		// Lead the lowest card of the suit where most higher cards are still out.
		best, bestScore := options.Lowest(), -100
		for m := options; m != 0; m &= m - 1 {
			x := m.Lowest()
			if dangerous(c, x) {
				continue
			}
			higherOut := (cards.SuitSet(x.Suit()) & cards.Deck32 &^ hand &^ seen).Len()
			lowerOut := 0
			for r := cards.Rank(7); r < x.Rank(); r++ {
				y := cards.Make(r, x.Suit())
				if !hand.Has(y) && !seen.Has(y) {
					lowerOut++
				}
			}
			if score := 4*(higherOut-lowerOut) - int(x.Rank()); score > bestScore {
				best, bestScore = x, score
			}
		}
		return best, games.LeadLow
	}
	best := winning(trick, unnamed)
	led := trick[0].Suit()
	if options.HasSuit(led) {
		follow := options.Of(led)
		// Highest card that still ducks under the best card.
		var under cards.Set
		for m := follow; m != 0; m &= m - 1 {
			if x := m.Lowest(); x.Rank() < best.Rank() {
				under = under.With(x)
			}
		}
		if under != 0 {
			return under.Highest(), games.DuckUnder
		}
		if len(trick) == 3 {
			return follow.Highest(), TakeItHigh // the trick is ours anyway: shed the biggest
		}
		return follow.Lowest(), ""
	}
	// Void: throw what the round punishes, else the highest card.
	if options.Has(kingOfHearts) && (c == NoKing || c == NoAnything || c == NoHearts || c == NoBoys) {
		return kingOfHearts, ThrowPunished
	}
	var bad cards.Set
	for m := options; m != 0; m &= m - 1 {
		if dangerous(c, m.Lowest()) {
			bad = bad.With(m.Lowest())
		}
	}
	if bad != 0 {
		return highestRank(bad), ThrowPunished
	}
	return highestRank(options), games.ShedHighest
}

// dangerous tells a card the contract punishes.
func dangerous(c Contract, x cards.Card) bool {
	switch c {
	case NoHearts:
		return x.Suit() == cards.Hearts
	case NoBoys:
		return x.Rank() == cards.Jack || x.Rank() == cards.King
	case NoQueens:
		return x.Rank() == cards.Queen
	case NoKing:
		return x == kingOfHearts
	case NoAnything:
		return x.Suit() == cards.Hearts || x.Rank() >= cards.Jack && x.Rank() <= cards.King
	}
	return false
}

func collectCard(options, hand, seen cards.Set, trick []cards.Card, trump int8) (cards.Card, games.Reason) {
	if len(trick) == 0 {
		// A card that is the highest left in its suit wins unless trumped.
		for m := options; m != 0; m &= m - 1 {
			x := m.Lowest()
			higher := cards.SuitSet(x.Suit()) & cards.Deck32 &^ hand &^ seen
			top := true
			for h := higher; h != 0; h &= h - 1 {
				if h.Lowest().Rank() > x.Rank() {
					top = false
					break
				}
			}
			if top {
				return x, games.LeadWinner
			}
		}
		return lowestRank(options), ""
	}
	best := winning(trick, trump)
	var winners cards.Set
	for m := options; m != 0; m &= m - 1 {
		if x := m.Lowest(); beats(x, best, trump) {
			winners = winners.With(x)
		}
	}
	if winners != 0 {
		return lowestRank(winners), games.WinCheaply
	}
	return lowestRank(options), games.ThrowLowest
}

func highestRank(s cards.Set) cards.Card {
	best := s.Lowest()
	for m := s; m != 0; m &= m - 1 {
		if x := m.Lowest(); x.Rank() > best.Rank() {
			best = x
		}
	}
	return best
}

func lowestRank(s cards.Set) cards.Card {
	best := s.Lowest()
	for m := s; m != 0; m &= m - 1 {
		if x := m.Lowest(); x.Rank() < best.Rank() {
			best = x
		}
	}
	return best
}

func contractByName(name string) Contract {
	for i, n := range contractNames {
		if n == name {
			return Contract(i)
		}
	}
	return NoTricks
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
