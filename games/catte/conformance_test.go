package catte

import (
	"fmt"
	"testing"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
)

// invariants checks a state after every action: chips in hands and pots are
// constant, every dealt card is in one place, hand sizes fit the trick, and
// every finished round had exactly one winner among the seats dealt in.
func invariants(gs games.State) error {
	s := gs.(*State)
	total := s.pot + s.sidePot
	for p := range s.n {
		if s.chips[p] < 0 {
			return fmt.Errorf("seat %d has %d chips", p, s.chips[p])
		}
		total += s.chips[p]
	}
	if start := s.start; total != s.n*start {
		return fmt.Errorf("%d chips in play, want %d", total, s.n*start)
	}
	if s.hasLast && (s.last.winner < 0 || int(s.last.winner) >= s.n) {
		return fmt.Errorf("round %d won by seat %d", s.last.round, s.last.winner)
	}
	if s.done {
		if len(s.Result().Winners) == 0 {
			return fmt.Errorf("match over without a winner")
		}
		return nil
	}
	c := &s.c
	if c.winner >= 0 {
		return fmt.Errorf("round won by %d but not settled", c.winner)
	}
	var all cards.Set
	count := 0
	var held [6]cards.Set
	for p := range s.n {
		held[p] = c.hands[p]
	}
	add := func(pl play) error {
		if all.Has(pl.card) || c.hands[pl.seat].Has(pl.card) {
			return fmt.Errorf("%s is in two places", pl.card)
		}
		all = all.With(pl.card)
		held[pl.seat] = held[pl.seat].With(pl.card)
		count++
		return nil
	}
	for _, t := range c.hist[:c.finished] {
		for _, pl := range t.plays[:t.n] {
			if err := add(pl); err != nil {
				return err
			}
		}
	}
	for _, pl := range c.plays[:c.np] {
		if err := add(pl); err != nil {
			return err
		}
	}
	for p := range s.n {
		in := s.dealtIn&(1<<p) != 0
		if all&c.hands[p] != 0 {
			return fmt.Errorf("seat %d holds a played card", p)
		}
		all |= c.hands[p]
		if in && (held[p] != s.dealt[p] || held[p].Len() != 6) || !in && held[p] != 0 {
			return fmt.Errorf("seat %d: cards %v, dealt %v", p, held[p], s.dealt[p])
		}
		if c.active&(1<<p) != 0 {
			want := 7 - int(c.trick)
			if c.acted&(1<<p) != 0 {
				want--
			}
			if c.hands[p].Len() != want {
				return fmt.Errorf("active seat %d holds %d cards at trick %d", p, c.hands[p].Len(), c.trick)
			}
		}
	}
	if s.hasUp && all.Has(s.upcard) {
		return fmt.Errorf("the upcard %s was dealt", s.upcard)
	}
	if c.turn < 0 || c.active&(1<<c.turn) == 0 {
		return fmt.Errorf("turn %d is not an active seat", c.turn)
	}
	return nil
}

var conformanceConfigs = []games.Config{
	{Players: 4},
	{Players: 2, Options: map[string]string{"matchRounds": "5"}},
	{Players: 6, Seed: 100, Options: map[string]string{"region": "KHMER", "faceUpRule": "OPEN", "khmerSecretTrick5": "on", "matchRounds": "4"}},
	{Players: 3, Seed: 200, Options: map[string]string{"sidePot": "on", "sidePotClaim": "MANUAL", "claimWin": "on",
		"instantWinPayout": "DOUBLE", "sweepBonusMinPlayers": "2", "startingChips": "10", "ante": "2", "sidePotAnte": "3"}},
	{Players: 5, Seed: 300, Options: map[string]string{"region": "LAOS", "firstLead": "LEFT_OF_DEALER", "foldHand": "off",
		"sidePot": "on", "claimWin": "on", "startingChips": "20", "ante": "3", "sidePotAnte": "2", "matchRounds": "20"}},
	{Players: 6, Seed: 400, Options: map[string]string{"claimWin": "on", "sidePot": "on", "startingChips": "10", "ante": "3", "matchRounds": "8"}},
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{Configs: conformanceConfigs, Playouts: 6, Check: invariants})
}

func FuzzCatte(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 4, Options: map[string]string{"sidePot": "on", "sidePotClaim": "MANUAL",
		"claimWin": "on", "startingChips": "10", "matchRounds": "5"}}, invariants)
}

func FuzzCatteKhmer(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 6, Options: map[string]string{"region": "KHMER", "faceUpRule": "OPEN",
		"sidePot": "on", "claimWin": "on", "instantWinPayout": "DOUBLE", "matchRounds": "3"}}, invariants)
}
