package mindikot

import (
	"fmt"
	"testing"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
)

// invariants checks a state after every action: every card is in exactly one
// place, the tens and tricks add up, and a finished round scored 1, 2 or 3
// points (or was drawn 4–4).
func invariants(gs games.State) error {
	s := gs.(*State)
	var all cards.Set
	count := 0
	for p := range s.n {
		if all&s.hands[p] != 0 {
			return fmt.Errorf("a card is in two hands")
		}
		all |= s.hands[p]
		count += s.hands[p].Len()
	}
	if all&s.played != 0 {
		return fmt.Errorf("a played card is still in a hand")
	}
	all |= s.played
	count += s.played.Len()
	if s.hidState == hidAside {
		if all.Has(s.hidden) {
			return fmt.Errorf("hidden card %s is also elsewhere", s.hidden)
		}
		all = all.With(s.hidden)
		count++
	}
	if s.phase != phaseOver && (all != s.deck() || count != s.deck().Len()) {
		return fmt.Errorf("cards not conserved: %d cards, missing %v", count, s.deck()&^all)
	}
	for _, c := range s.trick[:s.trickN] {
		if !s.played.Has(c) {
			return fmt.Errorf("trick card %s not marked played", c)
		}
	}
	if s.phase != phaseOver {
		if s.tricksWon[0]+s.tricksWon[1] != s.tricksNo {
			return fmt.Errorf("tricks won %v but %d played", s.tricksWon, s.tricksNo)
		}
		tens := 0
		for _, c := range (s.played &^ trickSet(s)).Cards() {
			if c.Rank() == 10 {
				tens++
			}
		}
		if s.tens[0]+s.tens[1] != tens || s.tensWon[0].Len() != s.tens[0] || s.tensWon[1].Len() != s.tens[1] {
			return fmt.Errorf("tens won %v, %d tens in finished tricks", s.tens, tens)
		}
		per := s.perHand()
		for p := range s.n {
			want := per - s.tricksNo
			if p != s.leader && (p-s.leader+s.n)%s.n < s.trickN {
				want--
			} else if p == s.leader && s.trickN > 0 {
				want--
			}
			if s.hidState == hidAside && p == s.hidOwner {
				want--
			}
			if s.hands[p].Len() != want {
				return fmt.Errorf("seat %d holds %d cards, want %d", p, s.hands[p].Len(), want)
			}
		}
	}
	if s.hasLastRound {
		o := s.lastRound
		if o.Tens[0]+o.Tens[1] != 4 {
			return fmt.Errorf("round %d: %v tens", o.Round, o.Tens)
		}
		if o.Tricks[0]+o.Tricks[1] != s.perHand() {
			return fmt.Errorf("round %d: %v tricks", o.Round, o.Tricks)
		}
		switch {
		case o.Team < 0:
			if o.Points != 0 || s.n != 6 || o.Tens != [2]int{2, 2} || o.Tricks != [2]int{4, 4} {
				return fmt.Errorf("round %d: bad draw %+v", o.Round, o)
			}
		case o.Points < 1 || o.Points > 3:
			return fmt.Errorf("round %d: %d points", o.Round, o.Points)
		}
	}
	r := s.Result()
	if s.phase == phaseOver {
		if len(r.Winners) != s.n/2 || s.points[s.winTeam] < s.target {
			return fmt.Errorf("match over: winners %v, points %v", r.Winners, s.points)
		}
	} else if len(r.Winners) != 0 || s.points[0] >= s.target || s.points[1] >= s.target {
		return fmt.Errorf("match goes on with winners %v, points %v", r.Winners, s.points)
	}
	return nil
}

func trickSet(s *State) cards.Set {
	var t cards.Set
	for _, c := range s.trick[:s.trickN] {
		t = t.With(c)
	}
	return t
}

var conformanceConfigs = []games.Config{
	{Players: 4, Options: map[string]string{"targetPoints": "3"}},
	{Players: 6, Options: map[string]string{"targetPoints": "3"}},
	{Players: 4, Options: map[string]string{"mode": "HIDDEN", "targetPoints": "3"}},
	{Players: 4, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "revealerMustTrump": "off", "nextLeader": "TRADITIONAL", "targetPoints": "3"}, Seed: 100},
	{Players: 6, Options: map[string]string{"mode": "HIDDEN", "tieBreak44": "DRAW", "nextLeader": "TRADITIONAL", "targetPoints": "3"}, Seed: 200},
	{Players: 6, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "2"}, Seed: 300},
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{Configs: conformanceConfigs, Playouts: 6, Check: invariants})
}

func FuzzMindikot(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 4, Options: map[string]string{"mode": "HIDDEN", "targetPoints": "2"}}, invariants)
}

func FuzzMindikotSix(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 6, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "tieBreak44": "DRAW", "targetPoints": "2"}}, invariants)
}
