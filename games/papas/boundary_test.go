package papas

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// checkSeat is gamestest.CheckSeat, the information property of seat's
// samples, at every position (in a reaction window it compares only
// whether seat itself may act: games.PublicActors).
func checkSeat(cfg games.Config, s games.State, seat games.Seat, rng *rand.Rand, samples int) error {
	return gamestest.CheckSeat(entry, cfg, s, seat, rng, samples)
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
