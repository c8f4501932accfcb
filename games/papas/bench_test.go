package papas

import (
	"math/rand/v2"
	"testing"

	"cardtable/games"
)

// playout plays s to the end as `app sim` does: a random actor takes a random
// legal action, and an open window times out when nobody acts or, by chance,
// one time in four. It returns the number of actions applied.
func playout(tb testing.TB, s games.State, rng *rand.Rand, actors []games.Seat, legal []games.Action) int {
	n := 0
	for !s.Done() {
		actors = s.Actors(actors[:0])
		seat, a := games.System, games.Timeout
		if len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(4) != 0) {
			seat = actors[rng.IntN(len(actors))]
			legal = s.Legal(seat, legal[:0])
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Apply(seat, a); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n
}

func benchPlayout(b *testing.B, players int) {
	rng := rand.New(rand.NewPCG(1, 2))
	actors := make([]games.Seat, 0, MaxPlayers)
	legal := make([]games.Action, 0, 256)
	// Matches are started before the clock runs: the figure is the engine's
	// speed, not that of option parsing in New.
	starts := make([]games.State, 64)
	for i := range starts {
		s, err := Game{}.New(games.Config{Players: players, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		starts[i] = s
	}
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		actions += playout(b, starts[i%len(starts)].Clone(), rng, actors, legal)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/playout")
}

func BenchmarkRandomPlayout(b *testing.B) {
	b.Run("players=2", func(b *testing.B) { benchPlayout(b, 2) })
	b.Run("players=4", func(b *testing.B) { benchPlayout(b, 4) })
	b.Run("players=6", func(b *testing.B) { benchPlayout(b, 6) })
}

// BenchmarkSample draws states from seat 1's view in the middle of a
// four-player match (the hard bot draws 16 a move), and prepares samplers
// (once a move).
func BenchmarkSample(b *testing.B) {
	cfg := games.Config{Players: 4, Seed: 3}
	s, err := Game{}.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 60 {
		playout1(b, s, rng)
	}
	b.Run("sample", func(b *testing.B) {
		sm, err := Game{}.NewSampler(cfg, 1, s.View(1))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			_ = sm.Sample(rng)
		}
	})
	b.Run("prepare", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (Game{}).NewSampler(cfg, 1, s.View(1)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// playout1 applies one random action as playout does.
func playout1(tb testing.TB, s games.State, rng *rand.Rand) {
	if s.Done() {
		return
	}
	actors := s.Actors(nil)
	seat, a := games.System, games.Timeout
	if len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(4) != 0) {
		seat = actors[rng.IntN(len(actors))]
		legal := s.Legal(seat, nil)
		a = legal[rng.IntN(len(legal))]
	}
	if err := s.Apply(seat, a); err != nil {
		tb.Fatal(err)
	}
}

// Legal, Actors and Apply stay off the heap: bots call them millions of
// times. A whole random match allocates only its starting Clone.
func TestHotPathDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	actors := make([]games.Seat, 0, MaxPlayers)
	legal := make([]games.Action, 0, 256)
	for players := 2; players <= MaxPlayers; players++ {
		start, err := Game{}.New(games.Config{Players: players, Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(3, func() {
			playout(t, start.Clone(), rng, actors, legal)
		})
		if allocs > 1 {
			t.Errorf("%d players: %v allocations in a match", players, allocs)
		}
	}
}
