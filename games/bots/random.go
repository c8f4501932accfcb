// Package bots holds the players that sit in a seat no person takes. Every bot
// decides for one seat from what that seat may know: the actions legal for it
// and, for the searching bots, Determinize of that seat, never the true
// positions of hidden cards.
package bots

import (
	"math/rand/v2"

	"cardtable/games"
)

// Bot chooses an action for seat, which must be one of the state's actors.
type Bot interface {
	Choose(s games.State, seat games.Seat) (games.Action, error)
}

// Random picks uniformly among the legal actions with its own seeded generator.
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
	return b.legal[b.rng.IntN(len(b.legal))], nil
}
