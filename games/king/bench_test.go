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

// BenchmarkSample deals the hidden cards of a mid-round view (voids
// already shown) as ISMCTS does once per iteration; the sampler is prepared
// once per decision.
func BenchmarkSample(b *testing.B) {
	s := randomPrefix(b, 5, 10)
	view, err := gamestest.DecodeView(entry, s.View(0))
	if err != nil {
		b.Fatal(err)
	}
	sm, err := Game{}.NewSampler(games.Config{Players: 4}, 0, view)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	for b.Loop() {
		_ = sm.Sample(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "samples/s")
}

// BenchmarkNewSampler prepares the sampler of a mid-round view.
func BenchmarkNewSampler(b *testing.B) {
	s := randomPrefix(b, 5, 10)
	view := s.View(0)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Game{}).NewSampler(games.Config{Players: 4}, 0, view); err != nil {
			b.Fatal(err)
		}
	}
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
