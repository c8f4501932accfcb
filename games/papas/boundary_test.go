package papas

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// checkSeat is gamestest.CheckSeat, the information property of seat's
// samples, at every position. While a reaction window is open the actors
// are the seats holding an interrupt they may play, which no seat may know
// of another (a session tells a seat only whether it may act itself): there
// the samples must agree with the table on that alone, and every other
// check of CheckSeat is made here in full. Outside windows CheckSeat itself
// runs.
func checkSeat(cfg games.Config, s games.State, seat games.Seat, rng *rand.Rand, samples int) error {
	if s.Deadline() == 0 {
		return gamestest.CheckSeat(Game{}, cfg, s, seat, rng, samples)
	}
	before := s.Clone()
	view, err := gamestest.DecodeView(s.View(seat))
	if err != nil {
		return err
	}
	sm, err := Game{}.NewSampler(cfg, seat, view)
	if err != nil {
		return fmt.Errorf("seat %d: no sampler for a true view: %w", seat, err)
	}
	want := mustJSON(s.View(seat))
	actors := s.Actors(nil)
	if err := sameWhenUnseen(s, seat, actors); err != nil {
		return err
	}
	for range samples {
		d := sm.Sample(rng)
		if got := mustJSON(d.View(seat)); got != want {
			return fmt.Errorf("a sample for seat %d shows it another view:\n%s\n%s", seat, got, want)
		}
		if a, b := s.Legal(seat, nil), d.Legal(seat, nil); !slices.Equal(a, b) {
			return fmt.Errorf("a sample for seat %d offers it %v, the table %v", seat, b, a)
		}
		if a, b := slices.Contains(d.Actors(nil), seat), slices.Contains(actors, seat); a != b {
			return fmt.Errorf("seat %d may act in a sample: %v, at the table: %v", seat, a, b)
		}
		if a, b := d.Deadline(), s.Deadline(); a != b {
			return fmt.Errorf("a sample for seat %d has window %v, the table %v", seat, a, b)
		}
		if a, b := mustJSON(d.View(games.Observer)), mustJSON(s.View(games.Observer)); a != b {
			return fmt.Errorf("a sample for seat %d shows a spectator another view:\n%s\n%s", seat, a, b)
		}
		if err := sameDescriptions(s, d, seat, actors); err != nil {
			return err
		}
	}
	if !reflect.DeepEqual(before, s) {
		return fmt.Errorf("sampling seat %d's view changed the table", seat)
	}
	return nil
}

// sameDescriptions requires every seat's legal actions and the timeout to
// read the same to viewer at the table and in sample d, where d allows them.
func sameDescriptions(s, d games.State, viewer games.Seat, actors []games.Seat) error {
	ds, dd := s.(games.Describer), d.(games.Describer)
	check := func(actor games.Seat, a games.Action) error {
		if actor != games.System && !slices.Contains(d.Legal(actor, nil), a) {
			return nil
		}
		if x, y := ds.Describe(viewer, actor, a), dd.Describe(viewer, actor, a); !reflect.DeepEqual(x, y) {
			return fmt.Errorf("seat %d reads %q by seat %d as %s at the table but %s in a sample",
				viewer, s.FormatAction(a), actor, mustJSON(x), mustJSON(y))
		}
		return nil
	}
	for _, actor := range actors {
		for _, a := range s.Legal(actor, nil) {
			if err := check(actor, a); err != nil {
				return err
			}
		}
	}
	if s.Deadline() > 0 {
		return check(games.System, games.Timeout)
	}
	return nil
}

// sameWhenUnseen requires two actions of one actor that leave viewer the
// same view to read the same to viewer.
func sameWhenUnseen(s games.State, viewer games.Seat, actors []games.Seat) error {
	d := s.(games.Describer)
	for _, actor := range actors {
		seen := map[string]games.Action{}
		for _, a := range s.Legal(actor, nil) {
			c := s.Clone()
			if c.Apply(actor, a) != nil {
				continue
			}
			after := mustJSON(c.View(viewer))
			b, ok := seen[after]
			if !ok {
				seen[after] = a
				continue
			}
			if x, y := d.Describe(viewer, actor, a), d.Describe(viewer, actor, b); !reflect.DeepEqual(x, y) {
				return fmt.Errorf("seat %d sees the same after %q and %q by seat %d but reads %s and %s",
					viewer, s.FormatAction(a), s.FormatAction(b), actor, mustJSON(x), mustJSON(y))
			}
		}
	}
	return nil
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "ERROR " + err.Error()
	}
	return string(b)
}

// playRandom plays one random step as the conformance playouts do, with
// the interrupts of every seat that holds one in a window, and now and then
// a seat switched to the engine and back.
func playRandom(s games.State, rng *rand.Rand, zombies bool) error {
	actors := s.Actors(nil)
	seat, a := games.System, games.Timeout
	switch {
	case zombies && rng.IntN(60) == 0:
		sys := s.Legal(games.System, nil)
		a = sys[rng.IntN(len(sys))]
	case len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(3) != 0):
		seat = actors[rng.IntN(len(actors))]
		legal := s.Legal(seat, nil)
		a = legal[rng.IntN(len(legal))]
	}
	return s.Apply(seat, a)
}

// The information property at every step of many random matches, for
// every seat and the spectator, at several player counts and options:
// samples show every seat what the table shows it, offer it the same
// moves, and read every next action to it the same way.
func TestEverySeatsSamplesAgreeWithTheTable(t *testing.T) {
	configs := []games.Config{
		{Players: 2, Seed: 1},
		{Players: 3, Seed: 2, Options: map[string]string{"startHand": "7", "handLimit": "8"}},
		{Players: 4, Seed: 3, Options: map[string]string{"deck": "LEGACY_103"}},
		{Players: 5, Seed: 4, Options: map[string]string{"handLimit": "5", "startHand": "3"}},
		{Players: 6, Seed: 5, Options: map[string]string{"turnLimit": "30"}},
	}
	for _, cfg := range configs {
		for m := range uint64(3) {
			cfg := cfg
			cfg.Seed += 10 * m
			t.Run(fmt.Sprintf("players%d/seed%d", cfg.Players, cfg.Seed), func(t *testing.T) {
				s, err := Game{}.New(cfg)
				require.NoError(t, err)
				rng := rand.New(rand.NewPCG(cfg.Seed, 77))
				for step := 0; !s.Done() && step < 3000; step++ {
					if step%2 == 0 {
						for seat := range games.Seat(cfg.Players) {
							require.NoError(t, checkSeat(cfg, s, seat, rng, 2), "step %d", step)
						}
						require.NoError(t, checkSeat(cfg, s, games.Observer, rng, 1), "step %d", step)
					}
					require.NoError(t, playRandom(s, rng, m == 2), "step %d", step)
					require.NoError(t, invariants(s), "step %d", step)
				}
			})
		}
	}
}
