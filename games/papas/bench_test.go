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
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s, err := Game{}.New(games.Config{Players: players, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		actions += playout(b, s, rng, actors, legal)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/playout")
}

func BenchmarkRandomPlayout(b *testing.B) {
	b.Run("players=2", func(b *testing.B) { benchPlayout(b, 2) })
	b.Run("players=4", func(b *testing.B) { benchPlayout(b, 4) })
	b.Run("players=6", func(b *testing.B) { benchPlayout(b, 6) })
}

func BenchmarkDeterminize(b *testing.B) {
	s, err := Game{}.New(games.Config{Players: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Determinize(1, rng)
	}
}

// Legal, Actors and Apply stay off the heap: bots call them millions of times.
func TestHotPathDoesNotAllocate(t *testing.T) {
	s, err := Game{}.New(games.Config{Players: 4, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	actors := make([]games.Seat, 0, MaxPlayers)
	legal := make([]games.Action, 0, 256)
	allocs := testing.AllocsPerRun(50, func() {
		if s.Done() {
			return
		}
		actors = s.Actors(actors[:0])
		seat, a := games.System, games.Timeout
		if len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(4) != 0) {
			seat = actors[rng.IntN(len(actors))]
			legal = s.Legal(seat, legal[:0])
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per step", allocs)
	}
}
