package eatpairs

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// BenchmarkRandomPlayout plays whole 4-player matches (one round each) with
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
		legal = s.Legal(games.Seat(s.actor()), legal[:0])
		if err := s.Apply(games.Seat(s.actor()), legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkNewSampler prepares the sampler of a mid-round view of six
// players (the exact count of the consistent deals), once per bot move.
func BenchmarkNewSampler(b *testing.B) {
	s, view := midRound(b, 6, 2)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Game{}).NewSampler(games.Config{Players: 6}, 0, view); err != nil {
			b.Fatal(err)
		}
	}
	_ = s
}

// BenchmarkSample deals the hidden cards of a mid-round state from seat 0's
// view, as ISMCTS does once per iteration.
func BenchmarkSample(b *testing.B) {
	for _, n := range []int{4, 6} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			_, view := midRound(b, n, 8)
			sm, err := Game{}.NewSampler(games.Config{Players: n}, 0, view)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 1))
			b.ReportAllocs()
			for b.Loop() {
				_ = sm.Sample(rng)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "samples/s")
		})
	}
}

// midRound plays steps random actions into an n-player round and returns
// seat 0's view.
func midRound(b *testing.B, n, steps int) (*State, games.View) {
	for seed := uint64(5); ; seed++ {
		g, _ := Game{}.New(games.Config{Players: n, Seed: seed})
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 1))
		for range steps {
			if s.Done() {
				break
			}
			legal := s.Legal(games.Seat(s.actor()), nil)
			if err := s.Apply(games.Seat(s.actor()), legal[rng.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		if !s.Done() {
			return s, s.View(0)
		}
	}
}
