// Package bots holds the players that sit in a seat no person takes. Every bot
// decides for one seat from what that seat may know: the actions legal for it
// and, for the searching bots, Determinize of that seat, never the true
// positions of hidden cards.
package bots

import (
	"errors"
	"math/rand/v2"

	"cardtable/games"
)

// Bot chooses an action for seat, which must be one of the state's actors.
// In a timed window (Deadline > 0) acting is optional: a bot that lets the
// window run returns ErrWait.
type Bot interface {
	Choose(s games.State, seat games.Seat) (games.Action, error)
}

// ErrWait is a bot's answer when it lets an open timed window run instead of
// acting in it (no interrupt this time).
var ErrWait = errors.New("waits for the window to pass")

// Random picks uniformly among the legal actions with its own seeded
// generator; in a timed window waiting is one more choice.
type Random struct {
	rng   *rand.Rand
	legal []games.Action
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: games.NewRand(seed)} }

func (b *Random) Choose(s games.State, seat games.Seat) (games.Action, error) {
	b.legal = s.Legal(seat, b.legal[:0])
	if len(b.legal) == 0 {
		return 0, games.ErrNotYourTurn
	}
	if s.Deadline() > 0 {
		i := b.rng.IntN(len(b.legal) + 1)
		if i == len(b.legal) {
			return 0, ErrWait
		}
		return b.legal[i], nil
	}
	return b.legal[b.rng.IntN(len(b.legal))], nil
}
