// Package bots holds the players that sit in a seat no person takes. A bot
// decides for one seat from a Turn: that seat's view, its legal moves, the
// open timed window and a sampler that deals whole states consistent with
// the view (games.ViewSampler). It is never handed the table's State, so the
// true positions of hidden cards cannot reach it. The same Turn is built by
// the local session, by a host for its bot stand-ins and by a peer that
// joined a room (`app join`), which has only its view.
package bots

import (
	"errors"
	"math/rand/v2"

	"cardtable/games"
)

// Bot chooses an action for the seat of a Turn, which must be one of its
// legal moves. In a timed window (Deadline > 0) acting is optional: a bot
// that lets the window run returns ErrWait.
type Bot interface {
	Choose(t *Turn) (games.Action, error)
}

// ErrWait is a bot's answer when it lets an open timed window run instead of
// acting in it (no interrupt this time).
var ErrWait = errors.New("waits for the window to pass")

// Random picks uniformly among the legal actions with its own seeded
// generator; in a timed window waiting is one more choice.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: games.NewRand(seed)} }

func (b *Random) Choose(t *Turn) (games.Action, error) {
	if len(t.Legal) == 0 {
		return 0, games.ErrNotYourTurn
	}
	if t.Deadline > 0 {
		i := b.rng.IntN(len(t.Legal) + 1)
		if i == len(t.Legal) {
			return 0, ErrWait
		}
		return t.Legal[i], nil
	}
	return t.Legal[b.rng.IntN(len(t.Legal))], nil
}
