package mindikot

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
)

func benchConfigs() map[string]games.Config {
	return map[string]games.Config{
		"4p-cut":    {Players: 4},
		"6p-hidden": {Players: 6, Options: map[string]string{"mode": "HIDDEN"}},
	}
}

// BenchmarkRandomPlayout plays whole matches (to 7 points) with uniformly
// random legal actions and reports actions per second.
func BenchmarkRandomPlayout(b *testing.B) {
	for name, cfg := range benchConfigs() {
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			var legal []games.Action
			actions := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				c := cfg
				c.Seed = uint64(i)
				g, _ := Game{}.New(c)
				s := g.(*State)
				for !s.Done() {
					legal = s.Legal(games.Seat(s.turn), legal[:0])
					if err := s.Apply(games.Seat(s.turn), legal[rng.IntN(len(legal))]); err != nil {
						b.Fatal(err)
					}
					actions++
				}
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}

// BenchmarkSample deals the unseen cards of a mid-round view with voids
// shown, as ISMCTS does once per iteration; the sampler is prepared once per
// decision.
func BenchmarkSample(b *testing.B) {
	for name, cfg := range benchConfigs() {
		b.Run(name, func(b *testing.B) {
			g, _ := Game{}.New(cfg)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(5, 1))
			for range 3 * s.n {
				legal := s.Legal(games.Seat(s.turn), nil)
				if err := s.Apply(games.Seat(s.turn), legal[rng.IntN(len(legal))]); err != nil {
					b.Fatal(err)
				}
			}
			seat := games.Seat((s.turn + 1) % s.n)
			sm, err := Game{}.NewSampler(cfg, seat, s.View(seat))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = sm.Sample(rng)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "samples/s")
		})
	}
}

// BenchmarkAdvise times one heuristic decision, the View included.
func BenchmarkAdvise(b *testing.B) {
	for name, cfg := range benchConfigs() {
		b.Run(name, func(b *testing.B) {
			var pos []*State
			rng := rand.New(rand.NewPCG(3, 4))
			for seed := uint64(0); len(pos) < 200; seed++ {
				c := cfg
				c.Seed = seed
				g, _ := Game{}.New(c)
				s := g.(*State)
				for !s.Done() && len(pos) < 200 {
					seat := games.Seat(s.turn)
					legal := s.Legal(seat, nil)
					if len(legal) > 1 {
						cp := *s
						pos = append(pos, &cp)
					}
					if err := s.Apply(seat, Game{}.Advise(s.View(seat), legal, rng)); err != nil {
						b.Fatal(err)
					}
				}
			}
			var legal []games.Action
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				s := pos[i%len(pos)]
				seat := games.Seat(s.turn)
				legal = s.Legal(seat, legal[:0])
				_ = Game{}.Advise(s.View(seat), legal, rng)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}
