package catte

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
)

func benchConfigs() map[string]games.Config {
	return map[string]games.Config{
		"4p-viet":  {Players: 4},
		"6p-khmer": {Players: 6, Options: map[string]string{"region": "KHMER", "sidePot": "on"}},
	}
}

// BenchmarkRandomPlayout plays whole matches (10 rounds) with uniformly
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
					seat := games.Seat(s.c.turn)
					legal = s.Legal(seat, legal[:0])
					if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
						b.Fatal(err)
					}
					actions++
				}
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}

// BenchmarkSample deals the unseen cards (hands, the others' folds, the
// undealt cards) of a mid-round view, as a search does once per iteration.
func BenchmarkSample(b *testing.B) {
	for name, cfg := range benchConfigs() {
		b.Run(name, func(b *testing.B) {
			g, _ := Game{}.New(cfg)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(5, 1))
			for range 2 * s.n {
				seat := games.Seat(s.c.turn)
				legal := s.Legal(seat, nil)
				// Fold when possible, so there are face-down cards to redeal.
				a := legal[len(legal)-2]
				if err := s.Apply(seat, a); err != nil {
					b.Fatal(err)
				}
			}
			seat := games.Seat((int(s.c.turn) + 1) % s.n)
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

// BenchmarkClaim judges a claim at the first lead of a six-player round, the
// largest tree the claim search meets.
func BenchmarkClaim(b *testing.B) {
	cfg := games.Config{Players: 6, Options: map[string]string{"claimWin": "on"}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		cfg.Seed = uint64(i % 50)
		g, _ := Game{}.New(cfg)
		s := g.(*State)
		claimHolds(&s.c, s.c.turn)
	}
}

// decisions collects positions where the player to act has a choice, from
// heuristic playouts of cfg.
func decisions(b *testing.B, cfg games.Config, n int) []*State {
	var out []*State
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := uint64(0); len(out) < n; seed++ {
		c := cfg
		c.Seed = seed
		g, _ := Game{}.New(c)
		s := g.(*State)
		for !s.Done() && len(out) < n {
			seat := games.Seat(s.c.turn)
			legal := s.Legal(seat, nil)
			if len(legal) > 2 {
				cp := *s
				out = append(out, &cp)
			}
			if err := s.Apply(seat, Game{}.Advise(s.View(seat), legal, rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkAdvise times one heuristic decision, the View included.
func BenchmarkAdvise(b *testing.B) {
	for name, cfg := range benchConfigs() {
		b.Run(name, func(b *testing.B) {
			pos := decisions(b, cfg, 200)
			rng := rand.New(rand.NewPCG(1, 1))
			var legal []games.Action
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				s := pos[i%len(pos)]
				seat := games.Seat(s.c.turn)
				legal = s.Legal(seat, legal[:0])
				_ = Game{}.Advise(s.View(seat), legal, rng)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}

// BenchmarkHardMove times one decision of the hard bot as bots.New builds
// it for a games.Solver: eight deals sampled from the view, each solved.
func BenchmarkHardMove(b *testing.B) {
	for name, cfg := range benchConfigs() {
		b.Run(name, func(b *testing.B) {
			pos := decisions(b, cfg, 50)
			rng := rand.New(rand.NewPCG(1, 1))
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				s := pos[i%len(pos)]
				seat := games.Seat(s.c.turn)
				sm, err := Game{}.NewSampler(cfg, seat, s.View(seat))
				if err != nil {
					b.Fatal(err)
				}
				for range 8 {
					_, _ = Game{}.Solve(sm.Sample(rng), seat, 20000)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/move")
		})
	}
}
