package klondike

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
)

// playoutLength is how many random actions a benchmark game lasts before the
// player ends it (a uniform choice would pick `end` within a few actions).
const playoutLength = 300

// BenchmarkRandomPlayout plays games of random legal actions, never `end`
// before playoutLength actions, and reports actions per second.
func BenchmarkRandomPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var legal []games.Action
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, _ := Game{}.New(games.Config{Players: 1, Seed: uint64(i)})
		for n := 0; !g.Done(); n++ {
			legal = g.Legal(0, legal[:0])
			a := legal[rng.IntN(len(legal))]
			if n >= playoutLength {
				a = actEnd
			} else if a == actEnd {
				continue
			}
			if err := g.Apply(0, a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkLegal lists the legal actions of mid-game states.
func BenchmarkLegal(b *testing.B) {
	s := midGame(b)
	var legal []games.Action
	b.ReportAllocs()
	for b.Loop() {
		legal = s.Legal(0, legal[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "legal/s")
}

// BenchmarkSample deals states from the view of a mid-game state, as the
// hard bot does for every sample.
func BenchmarkSample(b *testing.B) {
	s := midGame(b)
	sm, err := Game{}.NewSampler(games.Config{Players: 1}, 0, s.View(0))
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

// BenchmarkNewSampler rebuilds a sampler from a mid-game view.
func BenchmarkNewSampler(b *testing.B) {
	s := midGame(b)
	v := s.View(0)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Game{}).NewSampler(games.Config{Players: 1}, 0, v); err != nil {
			b.Fatal(err)
		}
	}
}

func midGame(b *testing.B) *State {
	g, _ := Game{}.New(games.Config{Players: 1, Seed: 5})
	s := g.(*State)
	rng := rand.New(rand.NewPCG(5, 1))
	for range 40 {
		legal := s.Legal(0, nil)
		if a := legal[rng.IntN(len(legal))]; a != actEnd {
			if err := s.Apply(0, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	return s
}
