package eatpairs

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	OutcomeDead = "dead"
	OutcomePair = "pair"
)

// Describe is action a of seat actor as viewer may know it
// (games.State), asked before a is applied; the package doc lists the
// kinds and outcomes. A card played from hand is named to everyone (it is
// shown face up). A drawn card is not known before it is turned: it is
// counted in Hidden and named to god alone. Who pairs a card, and whether
// the round ends, are told only when they follow from what the viewer
// knows; otherwise the view that follows shows them.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	legal := s.phase != phaseDone && actor == games.Seat(s.actor())
	switch {
	case a == games.Timeout:
		d.Kind = games.KindTimeout
	case a == drawAction:
		d.Kind = games.KindDraw
		if !legal || s.phase != phaseDraw {
			break
		}
		if viewer == games.God {
			d.Cards = []string{s.stock[s.stockPos].String()}
			s.outcome(&d, actor, a)
			break
		}
		d.Hidden = 1
		if s.stockPos+1 == s.stockLen && s.exhaustion != handPlay {
			// The last card ends the round whoever pairs it.
			d.Outcome = games.OutcomeRound
			if s.round+1 == s.rounds {
				d.Outcome = games.OutcomeMatch
			}
		}
	case a < cards.NumCards:
		c := cards.Card(a)
		d.Kind = games.KindPlay
		d.Cards = []string{c.String()}
		if legal && s.phase != phaseDraw && s.hands[actor].Has(c) && s.knowsFate(viewer, actor, c) {
			s.outcome(&d, actor, a)
		}
	default:
		d.Kind = games.KindUnknown
	}
	return d
}

// knowsFate tells whether viewer knows who pairs c, exposed from actor's
// hand, or that nobody does: every seat checked before the one that pairs
// it is known to lack the rank (the viewer's own hand, the ranks a seat was
// seen to lack, no unseen card of the rank left).
func (s *State) knowsFate(viewer, actor games.Seat, c cards.Card) bool {
	p := int8(actor)
	if viewer == games.God || s.phase == phaseHand && s.hands[p].Len() == 1 {
		return true
	}
	rank := rankSet(c.Rank())
	unseen := cards.Deck52 &^ s.wasteSet() &^ cards.SetOf(c)
	if viewer >= 0 && int(viewer) < s.players {
		unseen &^= s.hands[viewer]
	}
	for q := range s.players {
		unseen &^= s.laid[q]
	}
	for q, i := s.next(p), 0; i < s.players; q, i = s.next(q), i+1 {
		switch {
		case q == p:
			// It held one card of the rank at most: the one it shows.
		case games.Seat(q) == viewer:
			if s.hands[q]&rank != 0 {
				return true
			}
		case s.hands[q] != 0 && unseen&rank&^s.excluded[q] != 0:
			return false
		}
	}
	return true
}

// outcome applies a to a copy and tells what followed: the round's or the
// match's end and winners, else who paired the card, or that it is dead.
func (s *State) outcome(d *games.Description, actor games.Seat, a games.Action) {
	after := *s
	if after.Apply(actor, a) != nil {
		return
	}
	switch {
	case after.roundsDone > s.roundsDone:
		d.Outcome = games.OutcomeRound
		d.Winners = seats(after.history[s.round], s.players)
		if s.round+1 == s.rounds {
			d.Outcome, d.Winners = games.OutcomeMatch, after.winners()
		}
		if len(d.Winners) == 0 {
			d.Winners = nil
		}
	case after.last.pairedBy >= 0:
		d.Outcome, d.Winners = OutcomePair, []games.Seat{games.Seat(after.last.pairedBy)}
	default:
		d.Outcome = OutcomeDead
	}
}
