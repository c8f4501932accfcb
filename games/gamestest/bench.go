package gamestest

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
)

// BenchmarkPlayouts plays whole matches of cfg (seeds 0, 1, …) with uniformly
// random legal actions by the first actor and reports actions per second,
// match set-up included.
func BenchmarkPlayouts(b *testing.B, g games.Game, cfg games.Config) {
	rng := rand.New(rand.NewPCG(1, 2))
	var legal []games.Action
	var actors []games.Seat
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		cfg.Seed = uint64(i)
		s, err := g.New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		for !s.Done() {
			actors = s.Actors(actors[:0])
			seat, a := games.System, games.Timeout
			if len(actors) > 0 {
				seat = actors[0]
				legal = s.Legal(seat, legal[:0])
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(seat, a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}
