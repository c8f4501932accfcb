package eatreds

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// BenchmarkRandomPlayout plays whole 4-player matches (one deal each) with
// uniformly random legal actions and reports actions per second.
func BenchmarkRandomPlayout(b *testing.B) {
	gamestest.BenchmarkPlayouts(b, Game{}, games.Config{Players: 4})
}

// BenchmarkApply measures one random action on a running match, restarting
// from a kept start state when the match ends.
func BenchmarkApply(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g, _ := Game{}.New(games.Config{Players: 4, Seed: 1})
	start := *g.(*State)
	s := start
	var legal []games.Action
	b.ReportAllocs()
	for b.Loop() {
		if s.phase == phaseDone {
			s = start
		}
		legal = s.Legal(games.Seat(s.turn), legal[:0])
		if err := s.Apply(games.Seat(s.turn), legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkSample deals the hidden cards of a mid-deal state from seat 0's
// view, as ISMCTS does once per iteration.
func BenchmarkSample(b *testing.B) {
	g, _ := Game{}.New(games.Config{Players: 4, Seed: 5})
	s := g.(*State)
	rng := rand.New(rand.NewPCG(5, 1))
	for range 6 {
		legal := s.Legal(games.Seat(s.turn), nil)
		if err := s.Apply(games.Seat(s.turn), legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	sm, err := Game{}.NewSampler(games.Config{Players: 4}, 0, s.View(0))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = sm.Sample(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "samples/s")
}
