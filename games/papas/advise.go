package papas

import (
	"math/rand/v2"

	"cardtable/games"
)

// Advise is the Papas heuristic player (games.Advisor); it reads only the
// seat's View. The hard level plays every move out with it in sampled deals
// (games.HardRollout in the catalog): against the heuristic that won 67.8 %
// of 400 two-player matches, where ISMCTS with random playouts won 62.9 %
// of 1000 (STRENGTH.md). Main phase: the threesome worth most, else Papa Dorada, else
// Robo against the richest opponent, else end the turn once a card was
// played; with one card at the turn start it redraws; otherwise it plays the
// single card least likely to join a threesome. It discards that same kind
// of card. In a reaction window it interrupts when that saves its own play
// or stops an opponent's threesome or golden-action card; then
// it spends a No Poh before a Te Dije, and otherwise lets the window run
// (games.Timeout).
func (g Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := g.AdviseWhy(view, legal, rng)
	return a
}

// The Papas heuristic's reasons (games.Reasoner).
const (
	// Interrupt: answering saves the seat's own play or stops an
	// opponent's threesome or golden-action card.
	Interrupt games.Reason = "papas-interrupt"
	// LetItRun: no answer is worth a card: let the window run.
	LetItRun games.Reason = "papas-let-it-run"
	// BestThree: the threesome worth most.
	BestThree games.Reason = "papas-best-three"
	// PlayGolden: Papa Dorada, or Robo against the richest opponent.
	PlayGolden games.Reason = "papas-play-golden"
	// EndTurn: a card was played this turn: end it.
	EndTurn games.Reason = "papas-end-turn"
	// Redraw: one card at the start of the turn: draw again.
	Redraw games.Reason = "papas-redraw"
	// LeastUseful: play or discard the card least likely to join a threesome.
	LeastUseful games.Reason = "papas-least-useful"
)

// AdviseWhy is Advise with the rule that chose (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	if len(legal) == 0 {
		return 0, ""
	}
	v, ok := view.(View)
	if !ok {
		if p, isPtr := view.(*View); isPtr && p != nil {
			v, ok = *p, true
		}
	}
	if !ok {
		return legal[rng.IntN(len(legal))], ""
	}
	var hand [NumKinds]int
	for _, txt := range v.Hand {
		if c, err := ParseCard(txt); err == nil {
			hand[c]++
		}
	}
	best, bestScore := legal[0], -1<<30
	var why games.Reason
	consider := func(a games.Action, score int, r games.Reason) {
		if score > bestScore {
			best, bestScore, why = a, score, r
		}
	}
	for _, a := range legal {
		d := decode(a)
		switch d.verb {
		case verbInterrupt:
			score := 0
			if v.Window != nil && len(v.Window.Chain) > 0 {
				p0 := v.Window.Chain[0]
				resolves := (len(v.Window.Chain)-1)%2 == 0
				mine := p0.Seat == int(v.Seat)
				valuable := len(p0.Cards) == 3 || p0.Cards[0] == "dorada" || p0.Cards[0] == "robo"
				if (mine && !resolves) || (!mine && resolves && valuable) {
					score = 100
				}
			}
			if d.cards[0] == NoPoh {
				score++
			}
			consider(a, score, Interrupt)
		case verbThree:
			r, _ := threeReward(d.cards[0], d.cards[1], d.cards[2])
			consider(a, 1000+r, BestThree)
		case verbPlay:
			switch c := d.cards[0]; {
			case c == Dorada:
				consider(a, 900, PlayGolden)
			case c == Robo:
				consider(a, 800+v.GP[d.target], PlayGolden)
			case !v.Played:
				consider(a, 100-usefulness(hand, c), LeastUseful)
			}
		case verbEnd:
			if v.Played {
				consider(a, 500, EndTurn)
			} else {
				consider(a, 0, "")
			}
		case verbRedraw:
			one := Card(0)
			for c := range Card(NumKinds) {
				if hand[c] > 0 {
					one = c
				}
			}
			if one != Dorada && one != Robo {
				consider(a, 950, Redraw)
			}
		case verbDiscard:
			consider(a, 100-usefulness(hand, d.cards[0]), LeastUseful)
		}
	}
	if decode(best).verb == verbInterrupt && bestScore < 100 {
		return games.Timeout, LetItRun // not worth a card: let the window run
	}
	return best, why
}

// usefulness rates keeping card c: how well it can join a threesome, and
// the worth of the special cards.
func usefulness(hand [NumKinds]int, c Card) int {
	switch c {
	case Wild:
		return 30
	case NoPoh:
		return 40
	case TeDije:
		return 60
	case Dorada, Robo:
		return 80
	}
	sameName, sameValue := 0, 0
	for k := range Wild {
		if k.Name() == c.Name() {
			sameName += hand[k]
		}
		if k.Value() == c.Value() {
			sameValue += hand[k]
		}
	}
	return 4*sameName*(c.Name()+1) + 3*sameValue
}
