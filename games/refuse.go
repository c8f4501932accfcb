package games

import (
	"fmt"

	"cardtable/games/cards"
)

// Refusal is an action the rules refuse, with the reason a player reads: a
// sentence format and its arguments. The format is a key of the UI's
// message catalogue ("you must follow %s"), so the page says the reason in
// the player's language, naming the cards (cards.Card) and suits
// (cards.Suit) among the arguments in words; Error says it in English with
// the cards in notation, for records, logs and tests.
type Refusal struct {
	Format string
	Args   []any
}

// Refuse is a refusal for a player: format is an English sentence with fmt
// verbs, every argument a card, a suit, a number or a seat (never words
// made elsewhere, which the page could not translate).
func Refuse(format string, args ...any) error { return &Refusal{Format: format, Args: args} }

func (r *Refusal) Error() string {
	args := make([]any, len(r.Args))
	for i, a := range r.Args {
		switch v := a.(type) {
		case cards.Suit:
			a = SuitWord(v)
		case []cards.Card:
			a = cards.SetOf(v...).String()
		}
		args[i] = a
	}
	return fmt.Sprintf(r.Format, args...)
}

// SuitWord is a suit's English name: clubs, diamonds, hearts, spades.
func SuitWord(s cards.Suit) string {
	return [...]string{"clubs", "diamonds", "hearts", "spades", "?"}[min(int(s), 4)]
}

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
	return Errorf("%s cannot be played now: %w", card, first)
}
