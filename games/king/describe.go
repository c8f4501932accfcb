package king

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// Describe tells action a of seat actor as viewer may know it
// (games.Describer). Everything in The King is played face up and the trump
// is named aloud, so every seat, the spectator and God read an action the
// same way; see the package doc for the kinds and outcomes.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	switch {
	case a == games.Timeout:
		d.Kind = "timeout"
		return d
	case a >= trumpBase && a <= trumpBase+games.Action(noTrump):
		d.Kind = "trump"
		d.Choice = trumpName(int8(a - trumpBase))
		return d
	case a >= cards.NumCards || !cards.Deck32.Has(cards.Card(a)):
		d.Kind = "unknown"
		return d
	}
	c := cards.Card(a)
	d.Kind = "play"
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
		d.Outcome, d.Winners = "match", after.winners()
	case after.round != s.round:
		d.Outcome, d.Winners = "round", games.TopScorers(after.history[s.round].scores[:])
	default:
		d.Outcome, d.Winners = "trick", []games.Seat{after.last.winner}
	}
	return d
}
