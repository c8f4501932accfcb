package sortcoop

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"cardtable/games"
)

// playout plays s to the end with uniformly random actors and actions and
// returns the number of actions applied.
func playout(tb testing.TB, s games.State, rng *rand.Rand, actors []games.Seat, legal []games.Action) int {
	n := 0
	for !s.Done() {
		actors = s.Actors(actors[:0])
		seat := actors[rng.IntN(len(actors))]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n
}

func BenchmarkRandomPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	actors := make([]games.Seat, 0, 2)
	legal := make([]games.Action, 0, 128)
	// Matches are started before the clock runs: the figure is the engine's
	// speed, not that of option parsing in New.
	starts := make([]games.State, 64)
	for i := range starts {
		s, err := Game{}.New(games.Config{Players: 2, Seed: uint64(i)})
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

// BenchmarkSample deals states from seat 0's view half-way through
// placement, as the bots do for every sample.
func BenchmarkSample(b *testing.B) {
	s, err := Game{}.New(games.Config{Players: 2, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	st := s.(*State)
	// Half-way through placement.
	rng := rand.New(rand.NewPCG(3, 4))
	do := func(seat games.Seat, txt string) {
		a, err := st.ParseAction(txt)
		if err == nil {
			err = st.Apply(seat, a)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	do(0, "prefer want")
	do(1, "prefer dont")
	for st.placed < 7 {
		seat := games.Seat(st.turn)
		do(seat, "place "+Card(bits.TrailingZeros64(uint64(st.hands[seat]))).String()+" "+strconv.Itoa(int(st.placed)+1))
	}
	sm, err := Game{}.NewSampler(games.Config{Players: 2}, 0, st.View(0))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = sm.Sample(rng)
	}
}

// Legal, Actors and Apply stay off the heap: bots call them millions of
// times. A whole random match allocates only its starting Clone.
func TestHotPathDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	actors := make([]games.Seat, 0, 2)
	legal := make([]games.Action, 0, 128)
	for seed := range uint64(5) {
		start, err := Game{}.New(games.Config{Players: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(3, func() {
			playout(t, start.Clone(), rng, actors, legal)
		})
		if allocs > 1 {
			t.Errorf("seed %d: %v allocations in a match", seed, allocs)
		}
	}
}
