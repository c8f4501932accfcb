package king

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// BenchmarkRandomPlayout plays whole matches with uniformly random legal
// actions and reports actions per second.
func BenchmarkRandomPlayout(b *testing.B) {
	gamestest.BenchmarkPlayouts(b, Game{}, games.Config{Players: 4})
}

// BenchmarkApply measures one random action on a running match, restarting a
// match from a kept start state when one ends (the start copy is cheap).
func BenchmarkApply(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g, _ := Game{}.New(games.Config{Players: 4, Seed: 1})
	start := *g.(*State)
	s := start
	var legal []games.Action
	b.ReportAllocs()
	for b.Loop() {
		if s.done {
			s = start
		}
		legal = s.Legal(s.turn, legal[:0])
		if err := s.Apply(s.turn, legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkDeterminize redeals the hidden cards of a mid-round state (voids
// already shown) as ISMCTS does once per iteration.
func BenchmarkDeterminize(b *testing.B) {
	s := randomPrefix(b, 5, 10)
	rng := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Determinize(0, rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "determinize/s")
}

func randomPrefix(b *testing.B, seed uint64, steps int) *State {
	g, _ := Game{}.New(games.Config{Players: 4, Seed: seed})
	s := g.(*State)
	rng := rand.New(rand.NewPCG(seed, 1))
	for range steps {
		legal := s.Legal(s.turn, nil)
		if err := s.Apply(s.turn, legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	return s
}
