package games

import "fmt"

// WhyNot is the engine's reason why seat may not play card now, nil when it
// may. The seat's legal moves that play a card name their verbs (a move's
// Description.Kind: "play", "fold"...); each action "verb card" of the
// game's notation is tried on a copy of s, and the first the game parses is
// refused by Apply with the engine's reason. s may be a sample of the seat's
// view: what a seat may do with its own cards depends only on what it knows.
func WhyNot(s State, seat Seat, card string, verbs []string) error {
	var first error
	for _, v := range verbs {
		a, err := s.ParseAction(v + " " + card)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		return s.Clone().Apply(seat, a)
	}
	if first == nil {
		return ErrNotYourTurn
	}
	return fmt.Errorf("%s cannot be played now: %w", card, first)
}
