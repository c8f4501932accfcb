package papas

import (
	"fmt"
	"testing"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// invariants are the rules a Papas state never breaks: every card is in
// exactly one place (deck, a hand, the discard pile or the open window), no
// seat has negative golden potatoes, and a winner by target holds at least
// the target.
func invariants(gs games.State) error {
	s := gs.(*State)
	var count [NumKinds]int
	for p := range int(s.players) {
		n := 0
		for c, k := range s.hands[p] {
			count[c] += int(k)
			n += int(k)
		}
		if n != int(s.handLen[p]) {
			return fmt.Errorf("seat %d holds %d cards but counts %d", p, n, s.handLen[p])
		}
	}
	for _, c := range s.deck[:s.deckLen] {
		count[c]++
	}
	for _, c := range s.discard[:s.discardLen] {
		count[c]++
	}
	for _, l := range s.chain[:s.chainLen] {
		for _, c := range l.cards[:l.n] {
			count[c]++
		}
	}
	comp := composition(s.legacy)
	for c := range Card(NumKinds) {
		if count[c] != int(comp[c]) {
			return fmt.Errorf("%d copies of %s in play: the deck has %d", count[c], c, comp[c])
		}
	}
	if (s.phase == phaseWindow) != (s.chainLen > 0) {
		return fmt.Errorf("phase %s with a chain of %d", phaseNames[s.phase], s.chainLen)
	}
	if s.phase == phaseStart || s.phase == phaseOver {
		return fmt.Errorf("left in internal phase %s", phaseNames[s.phase])
	}
	if s.phase == phaseMain || s.phase == phaseDiscard {
		if s.zombie[s.active] {
			return fmt.Errorf("zombie seat %d left to act", s.active)
		}
	}
	for p := range int(s.players) {
		if s.gp[p] < 0 {
			return fmt.Errorf("seat %d has %d golden potatoes", p, s.gp[p])
		}
		if s.phase != phaseDiscard && p == int(s.active) && s.phase != phaseDone && int(s.handLen[p]) > int(s.handLimit)+3 {
			return fmt.Errorf("seat %d holds %d cards", p, s.handLen[p])
		}
	}
	if s.Done() {
		r := s.Result()
		if len(r.Winners) == 0 {
			return fmt.Errorf("done without a winner")
		}
		if s.turnLimit == 0 || s.turns < s.turnLimit {
			if len(r.Winners) != 1 {
				return fmt.Errorf("%d winners by target", len(r.Winners))
			}
			if w := r.Winners[0]; s.gp[w] < s.target {
				return fmt.Errorf("winner %d holds %d GP under the target %d", w, s.gp[w], s.target)
			}
		}
		for _, w := range r.Winners {
			for p := range int(s.players) {
				if s.gp[p] > s.gp[w] {
					return fmt.Errorf("winner %d has fewer GP than seat %d", w, p)
				}
			}
		}
	}
	return nil
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{
		Configs: []games.Config{
			{Players: 2},
			{Players: 3, Seed: 100},
			{Players: 4, Seed: 200, Options: map[string]string{"deck": "LEGACY_103"}},
			{Players: 6, Seed: 300, Options: map[string]string{"handLimit": "5", "startHand": "3", "turnLimit": "40"}},
		},
		Playouts: 10,
		Check:    invariants,
	})
}

func FuzzPapas(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 3, Options: map[string]string{"startHand": "7"}}, invariants)
}
