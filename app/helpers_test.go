package main

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// randomMove is a random next action (gamestest.RandomMove) that leaves a
// match going when it can: Klondike's `end` would stop a playout at once.
func randomMove(s games.State, rng *rand.Rand) (games.Seat, games.Action, bool) {
	for range 8 {
		seat, a, ok := gamestest.RandomMove(s, rng)
		if !ok || s.FormatAction(a) != "end" {
			return seat, a, ok
		}
	}
	return gamestest.RandomMove(s, rng)
}
