package mindikot

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// A state rebuilt from the view of the seat to act shows that seat and a
// spectator the same table, offers the seat the same moves, and keeps every
// hand's size and shown voids, in both modes.
func TestSampleViewKeepsTheSeatsViewAndMoves(t *testing.T) {
	configs := []games.Config{
		{Players: 4},
		{Players: 6},
		{Players: 4, Options: map[string]string{"mode": "HIDDEN"}},
		{Players: 6, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "nextLeader": "TRADITIONAL"}},
	}
	for ci, cfg := range configs {
		for seed := range uint64(4) {
			cfg.Seed = seed
			gs, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := gs.(*State)
			rng := games.NewRand(seed + 50)
			for step := 0; !s.Done() && step < 400; step++ {
				seat := s.Actors(nil)[0]
				var v View
				b, _ := json.Marshal(s.View(seat))
				require.NoError(t, json.Unmarshal(b, &v)) // as a peer receives it
				sample, err := Game{}.SampleView(cfg, &v, rng)
				require.NoError(t, err, "config %d seed %d step %d", ci, seed, step)
				got, _ := json.Marshal(sample.View(seat))
				require.JSONEq(t, string(b), string(got), "config %d seed %d step %d", ci, seed, step)
				require.Equal(t, s.Legal(seat, nil), sample.Legal(seat, nil), "config %d seed %d step %d", ci, seed, step)
				require.Equal(t, s.Actors(nil), sample.Actors(nil))
				obs, _ := json.Marshal(s.View(games.Observer))
				sobs, _ := json.Marshal(sample.View(games.Observer))
				require.JSONEq(t, string(obs), string(sobs), "a spectator sees the same table")
				ss := sample.(*State)
				for p := range s.n {
					for _, c := range ss.hands[p].Cards() {
						if ss.hidState == hidRevealed && p == ss.hidOwner && c == ss.hidden {
							continue // known to be there whatever the voids
						}
						assert.Zero(t, s.voids[p]&suitBit(c.Suit()), "config %d seed %d step %d: seat %d holds %s, a suit it showed void in", ci, seed, step, p, c)
					}
				}
				legal := s.Legal(seat, nil)
				require.NoError(t, s.Apply(seat, legal[rng.IntN(len(legal))]))
			}
		}
	}
}

func TestSampleViewRefusesViewsItCannotRebuild(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 1}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	rng := games.NewRand(1)
	good := func() *View { return s.View(games.Seat(s.turn)).(*View) }
	cases := map[string]func(v *View) any{
		"not a Mindikot view": func(v *View) any { return 42 },
		"other table":         func(v *View) any { v.Players = 6; return v },
		"other mode":          func(v *View) any { v.Mode = "HIDDEN"; return v },
		"spectator":           func(v *View) any { v.Seat = -2; return v },
		"bad phase":           func(v *View) any { v.Phase = "dance"; return v },
		"bad card":            func(v *View) any { v.Hand[0] = "ZZ"; return v },
		"hand size":           func(v *View) any { v.HandSizes[v.Seat]++; return v },
		"voids":               func(v *View) any { v.Voids[1] = "X"; return v },
		"over":                func(v *View) any { v.Phase = "over"; return v },
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Game{}.SampleView(cfg, mutate(good()), rng)
			assert.Error(t, err)
		})
	}
}

// FuzzSampleView: whatever view a host sends, rebuilding a state from it
// and playing on never panics.
func FuzzSampleView(f *testing.F) {
	for _, cfg := range []games.Config{{Players: 4, Seed: 2}, {Players: 6, Seed: 3, Options: map[string]string{"mode": "HIDDEN"}}} {
		gs, _ := Game{}.New(cfg)
		s := gs.(*State)
		rng := games.NewRand(2)
		for range 20 {
			seat := s.Actors(nil)[0]
			b, _ := json.Marshal(s.View(seat))
			f.Add(b, cfg.Players == 6)
			legal := s.Legal(seat, nil)
			s.Apply(seat, legal[rng.IntN(len(legal))])
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, six bool) {
		cfg := games.Config{Players: 4}
		if six {
			cfg = games.Config{Players: 6, Options: map[string]string{"mode": "HIDDEN"}}
		}
		var v View
		if json.Unmarshal(b, &v) != nil {
			return
		}
		sample, err := Game{}.SampleView(cfg, &v, games.NewRand(1))
		if err != nil {
			return
		}
		// A view no table shows passes the checks now and then (its fields
		// contradict each other in ways only a replay would catch); the
		// engine then refuses a move later on, which a searching bot drops.
		// It must never panic.
		_ = gamestest.PlayOn(sample, games.NewRand(3), 40)
	})
}
