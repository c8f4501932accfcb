package catalog_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/gamestest"
)

// configs are the player counts a game is played at in the suite: the
// fewest and the most it allows (at most six).
func configs(e games.Entry) []games.Config {
	info := e.Game.Info()
	lo, hi := info.MinPlayers, min(6, info.MaxPlayers)
	out := []games.Config{{Players: lo}}
	if hi > lo {
		out = append(out, games.Config{Players: hi, Seed: 1000})
	}
	return out
}

// The one conformance suite over every registered game, nothing opt-in:
// random playouts with invariants, refusals that leave the state as it
// was, Clone independence, record and notation round trips, and the
// information property of every seat's samples at every seventh step (a
// state rebuilt from seat v's view gives v the same view, legal moves,
// actors and deadline, and the same description of every next action; two
// actions v cannot tell apart afterwards read the same to v). A game that
// loses its sampler or its descriptions fails here.
func TestEveryRegisteredGameKeepsTheSeatBoundary(t *testing.T) {
	for _, e := range catalog.All() {
		t.Run(e.ID(), func(t *testing.T) {
			require.NotNil(t, e.Sampler, "every game rebuilds states from a seat's view (games.ViewSampler)")
			require.NotNil(t, e.DecodeView, "every game decodes its view (games.Entry.DecodeView)")
			gamestest.Run(t, e, gamestest.Suite{Configs: configs(e), Playouts: 4})
		})
	}
}

// FuzzEveryGame drives every registered game with fuzzer input: the first
// byte picks the game. Nothing may panic and refusals change nothing.
func FuzzEveryGame(f *testing.F) {
	all := catalog.All()
	for i := range all {
		f.Add(byte(i), uint64(i), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xc1, 'p', 'l', 'a', 'y'})
	}
	f.Fuzz(func(t *testing.T, pick byte, seed uint64, moves []byte) {
		e := all[int(pick)%len(all)]
		cfg := configs(e)[int(pick)/len(all)%len(configs(e))]
		cfg.Seed = seed
		gamestest.Drive(t, e.Game, cfg, moves, nil)
	})
}

// FuzzEverySampler feeds every game's sampler views it did not make: bytes
// decoded as the game's View, and true views with a byte changed
// (gamestest.SampleFuzzed). The first byte picks the game.
func FuzzEverySampler(f *testing.F) {
	all := catalog.All()
	for i, e := range all {
		s, err := e.Game.New(configs(e)[0])
		require.NoError(f, err)
		_ = gamestest.PlayOn(s, rand.New(rand.NewPCG(uint64(i), 1)), 3*i)
		b, _ := json.Marshal(s.View(0))
		f.Add(byte(i), b, uint16(i), byte(0))
		f.Add(byte(i), b, uint16(7*i), byte('x'))
	}
	f.Fuzz(func(t *testing.T, pick byte, data []byte, at uint16, flip byte) {
		e := all[int(pick)%len(all)]
		if flip != 0 && len(data) > 0 {
			data = append([]byte(nil), data...)
			data[int(at)%len(data)] ^= flip
		}
		gamestest.SampleFuzzed(t, e, configs(e)[0], data, rand.New(rand.NewPCG(uint64(at), 2)), nil)
	})
}

// words lists every whitespace-separated word of every string in v as JSON.
func words(v any) map[string]bool {
	b, _ := json.Marshal(v)
	var x any
	_ = json.Unmarshal(b, &x)
	out := map[string]bool{}
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case string:
			for _, w := range strings.Fields(x) {
				out[w] = true
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(x)
	return out
}

// The scan over what each seat is told: in full random matches of every
// game, every card a description names to seat v is one v's own view shows
// just before or just after the action, and a secret choice is never told.
// (The information property proves more; this reads what a seat receives
// the way a player would.)
func TestNoDescriptionNamesACardTheSeatDoesNotSee(t *testing.T) {
	for _, e := range catalog.All() {
		t.Run(e.ID(), func(t *testing.T) {
			for _, cfg := range configs(e) {
				for seed := uint64(1); seed <= 6; seed++ {
					cfg.Seed = seed
					scanMatch(t, e, cfg)
				}
			}
		})
	}
}

func scanMatch(t *testing.T, e games.Entry, cfg games.Config) {
	s, err := e.Game.New(cfg)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(cfg.Seed, 3))
	seats := append([]games.Seat{games.Observer}, make([]games.Seat, cfg.Players)...)
	for i := range cfg.Players {
		seats[i+1] = games.Seat(i)
	}
	for step := 0; step < 5000 && !s.Done(); step++ {
		actor, a, ok := gamestest.RandomMove(s, rng)
		if !ok {
			t.Fatalf("step %d: nobody may act", step)
		}
		before := map[games.Seat]map[string]bool{}
		descs := map[games.Seat]games.Description{}
		for _, v := range seats {
			before[v] = words(s.View(v))
			descs[v] = s.Describe(v, actor, a)
		}
		text := s.FormatAction(a)
		require.NoError(t, s.Apply(actor, a))
		for _, v := range seats {
			d := descs[v]
			after := words(s.View(v))
			named := append([]string(nil), d.Cards...)
			for _, r := range d.Reveals {
				named = append(named, r.Cards...)
			}
			for _, c := range named {
				if !before[v][c] && !after[c] {
					t.Fatalf("step %d, %q by seat %d: seat %d is told of %s, which its view never shows (%+v)", step, text, actor, v, c, d)
				}
			}
			if d.Secret && d.Choice != "" {
				t.Fatalf("step %d, %q by seat %d: seat %d is told the secret choice %q", step, text, actor, v, d.Choice)
			}
		}
	}
}
