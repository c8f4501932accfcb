package sortcoop

import (
	"errors"
	"fmt"
	"testing"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// invariants are the rules a Co-op Sort state never breaks: every dealt card
// is in exactly one hand or on one slot, at most one accepted swap per player,
// and at the reveal 14 cards are down with one slot empty.
func invariants(gs games.State) error {
	s := gs.(*State)
	if s.hands[0]&s.hands[1] != 0 {
		return errors.New("a card is in both hands")
	}
	var onBoard hand
	placed := 0
	for i, c := range s.board {
		if c < 0 {
			if s.owner[i] != -1 {
				return fmt.Errorf("empty slot %d has an owner", i+1)
			}
			continue
		}
		if onBoard.has(Card(c)) || (s.hands[0] | s.hands[1]).has(Card(c)) {
			return fmt.Errorf("card %s is in two places", Card(c))
		}
		onBoard |= 1 << c
		placed++
	}
	if placed != int(s.placed) || placed+s.hands[0].len()+s.hands[1].len() != 2*HandSize {
		return fmt.Errorf("%d cards placed and %d+%d in hand: want 14 in all", placed, s.hands[0].len(), s.hands[1].len())
	}
	for p := range 2 {
		if s.accepted[p] > 1 {
			return fmt.Errorf("seat %d has %d accepted swaps", p, s.accepted[p])
		}
		if s.maxRejected >= 0 && int8(s.rejected[p]) > s.maxRejected {
			return fmt.Errorf("seat %d has %d rejected proposals over the cap %d", p, s.rejected[p], s.maxRejected)
		}
	}
	if s.Done() {
		if placed != 2*HandSize {
			return fmt.Errorf("reveal with %d cards placed", placed)
		}
		if s.won != s.sorted() {
			return errors.New("result does not match the board")
		}
		r := s.Result()
		if s.won != (len(r.Winners) == 2) || (!s.won && len(r.Winners) != 0) {
			return fmt.Errorf("winners %v for won=%v", r.Winners, s.won)
		}
	}
	return nil
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{
		Configs: []games.Config{
			{Players: 2},
			{Players: 2, Seed: 100, Options: map[string]string{"tieBreak": "REPICK_THEN_COIN", "maxRejectedProposals": "2"}},
			{Players: 2, Seed: 200, Options: map[string]string{"maxRejectedProposals": "0", "showOwners": "off"}},
		},
		Playouts: 30,
		Check:    invariants,
	})
}

func FuzzSortCoop(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 2, Options: map[string]string{"maxRejectedProposals": "3"}}, invariants)
}
