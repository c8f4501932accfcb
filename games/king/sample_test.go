package king

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// A state rebuilt from the view of the seat to act shows that seat the same
// view and offers it the same moves, whatever the options; the other hands
// hold exactly the cards the view does not show.
func TestSampleViewKeepsTheSeatsViewAndMoves(t *testing.T) {
	configs := []map[string]string{nil, {"includeAnything": "on", "allowNoTrump": "on", "collectingRounds": "4"}}
	for ci, opts := range configs {
		for seed := range uint64(6) {
			cfg := games.Config{Players: 4, Seed: seed, Options: opts}
			gs, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := gs.(*State)
			rng := games.NewRand(seed + 100)
			for step := 0; !s.Done(); step++ {
				seat := s.turn
				var v View
				b, _ := json.Marshal(s.View(seat))
				require.NoError(t, json.Unmarshal(b, &v)) // as a peer receives it
				sample, err := Game{}.SampleView(cfg, &v, rng)
				require.NoError(t, err, "config %d seed %d step %d", ci, seed, step)
				got, _ := json.Marshal(sample.View(seat))
				require.JSONEq(t, string(b), string(got), "config %d seed %d step %d", ci, seed, step)
				require.Equal(t, s.Legal(seat, nil), sample.Legal(seat, nil))
				require.Equal(t, s.Actors(nil), sample.Actors(nil))
				for o := range 4 {
					if games.Seat(o) != seat {
						assert.Equal(t, s.hands[o].Len(), sample.(*State).hands[o].Len())
					}
				}
				legal := s.Legal(seat, nil)
				require.NoError(t, s.Apply(seat, legal[rng.IntN(len(legal))]))
			}
		}
	}
}

// A sample plays on to the end of the match like any state.
func TestSampleViewPlaysOn(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 3}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	rng := games.NewRand(9)
	for range 40 {
		legal := s.Legal(s.turn, nil)
		require.NoError(t, s.Apply(s.turn, legal[0]))
	}
	sample, err := Game{}.SampleView(cfg, s.View(s.turn), rng)
	require.NoError(t, err)
	for !sample.Done() {
		seat := sample.Actors(nil)[0]
		legal := sample.Legal(seat, nil)
		require.NotEmpty(t, legal)
		require.NoError(t, sample.Apply(seat, legal[rng.IntN(len(legal))]))
	}
}

func TestSampleViewRefusesViewsItCannotRebuild(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 1}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	rng := games.NewRand(1)
	good := func() *View { return s.View(s.turn).(*View) }
	cases := map[string]func(v *View) any{
		"not a King view":     func(v *View) any { return "hello" },
		"a spectator's view":  func(v *View) any { v.Seat = games.Observer; return v },
		"options differ":      func(v *View) any { v.Rounds = v.Rounds[:3]; return v },
		"card twice":          func(v *View) any { v.Taken[1] = []string{v.Hand[0]}; v.Tricks[1] = 1; return v },
		"hand size differs":   func(v *View) any { v.HandSizes[v.Seat]++; return v },
		"unknown card":        func(v *View) any { v.Hand[0] = "2H"; return v },
		"bad trump":           func(v *View) any { v.Trump = "X"; return v },
		"round out of range":  func(v *View) any { v.Round = 99; return v },
		"turn is not a seat":  func(v *View) any { v.Turn = 7; return v },
		"scores missing":      func(v *View) any { v.Scores = nil; return v },
		"the match is over":   func(v *View) any { v.Done = true; return v },
		"contract mismatched": func(v *View) any { v.Contract = "collecting"; return v },
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Game{}.SampleView(cfg, mutate(good()), rng)
			assert.Error(t, err)
		})
	}
}

// FuzzSampleView: whatever view a host sends, rebuilding a state from it
// returns an error or a state that plays on; it never panics.
func FuzzSampleView(f *testing.F) {
	cfg := games.Config{Players: 4, Seed: 2}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	rng := games.NewRand(2)
	for range 30 {
		b, _ := json.Marshal(s.View(s.turn))
		f.Add(b)
		legal := s.Legal(s.turn, nil)
		s.Apply(s.turn, legal[rng.IntN(len(legal))])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v View
		if json.Unmarshal(b, &v) != nil {
			return
		}
		sample, err := Game{}.SampleView(cfg, &v, games.NewRand(1))
		if err != nil {
			return
		}
		if err := gamestest.PlayOn(sample, games.NewRand(3), 40); err != nil {
			t.Fatalf("a legal move refused in a sample: %v", err)
		}
	})
}
