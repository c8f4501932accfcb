package king

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindTrump = "trump"
)

// Describe tells action a of seat actor as viewer may know it
// (games.State). Everything in The King is played face up and the trump
// is named aloud, so every seat, the spectator and God read an action the
// same way; see the package doc for the kinds and outcomes.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	switch {
	case a == games.Timeout:
		d.Kind = games.KindTimeout
		return d
	case a >= trumpBase && a <= trumpBase+games.Action(noTrump):
		d.Kind = KindTrump
		d.Choice = trumpName(int8(a - trumpBase))
		return d
	case a >= cards.NumCards || !cards.Deck32.Has(cards.Card(a)):
		d.Kind = games.KindUnknown
		return d
	}
	c := cards.Card(a)
	d.Kind = games.KindPlay
	d.Cards = []string{c.String()}
	if s.done || s.needTrump || s.trickN < 3 || actor != s.turn {
		return d
	}
	// The fourth card completes the trick: play it on a copy. Who takes it,
	// and whether the round or the match ends, follow from the cards on the
	// table and the scores, which everyone sees.
	after := *s
	after.play(actor, c)
	switch {
	case after.done:
		d.Outcome, d.Winners = games.OutcomeMatch, after.winners()
	case after.round != s.round:
		d.Outcome, d.Winners = games.OutcomeRound, games.TopScorers(after.history[s.round].scores[:])
	default:
		d.Outcome, d.Winners = games.OutcomeTrick, []games.Seat{after.last.winner}
	}
	return d
}
