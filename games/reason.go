package games

import "math/rand/v2"

// Reason is why a game's heuristic chose its move, in a few words a UI says
// after a hint (each game's UI package has the words). "" is no reason: the
// heuristic had none worth saying for that move.
type Reason string

// Reasoner is an Advisor that also tells why it chose: AdviseWhy returns
// the move Advise returns for the same arguments, and the rule that picked
// it. It reads only the seat's View, as Advise does.
type Reasoner interface {
	AdviseWhy(view View, legal []Action, rng *rand.Rand) (Action, Reason)
}

// The reasons the trick games share.
const (
	// WinCheaply: the lowest card that still wins the trick.
	WinCheaply Reason = "win-cheaply"
	// DuckUnder: the highest card that stays under the trick's best card.
	DuckUnder Reason = "duck-under"
	// ShedHighest: the trick is lost (or won) anyway: get rid of the highest card.
	ShedHighest Reason = "shed-highest"
	// ThrowLowest: the trick cannot be won: throw the lowest card, keep the rest.
	ThrowLowest Reason = "throw-lowest"
	// LeadWinner: lead the highest card left of its suit.
	LeadWinner Reason = "lead-winner"
	// LeadLow: lead a low card of a suit where the others hold higher ones.
	LeadLow Reason = "lead-low"
	// WeighTrick: the card that weighs best the chance of taking the trick
	// against what it holds and what the card is worth kept.
	WeighTrick Reason = "weigh-trick"
)
