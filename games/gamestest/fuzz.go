package gamestest

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"cardtable/games"
)

// Fuzz drives a game with fuzzer input: each byte picks an actor and either
// one of its legal actions or an arbitrary action value, and the text is
// sometimes fed to ParseAction. Nothing may panic, refused actions must leave
// the state as it was, and check (when set) must hold after every applied
// action.
func Fuzz(f *testing.F, g games.Game, cfg games.Config, check func(games.State) error) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(2), []byte("play 7H trump S play AS"))
	f.Add(uint64(3), slices.Repeat([]byte{0x80, 0x13, 0x7f, 0xff}, 40))
	f.Fuzz(func(t *testing.T, seed uint64, moves []byte) {
		c := cfg
		c.Seed = seed
		Drive(t, g, c, moves, check)
	})
}

// Drive plays one fuzz input on a new match of g under cfg (see Fuzz).
func Drive(t *testing.T, g games.Game, cfg games.Config, moves []byte, check func(games.State) error) {
	s, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var actors []games.Seat
	var legal []games.Action
	for i, b := range moves {
		if s.Done() {
			return
		}
		actors = s.Actors(actors[:0])
		seat := games.System
		if len(actors) > 0 {
			seat = actors[int(b)%len(actors)]
		}
		legal = s.Legal(seat, legal[:0])
		var a games.Action
		switch {
		case b&0xc0 == 0xc0 && i+1 < len(moves):
			// Text from the fuzzer itself.
			parsed, err := s.ParseAction(string(moves[i+1 : min(len(moves), i+12)]))
			if err != nil {
				continue
			}
			a = parsed
		case b&0x80 != 0:
			a = games.Action(uint32(b) * 2654435761)
		case len(legal) > 0:
			a = legal[int(b>>2)%len(legal)]
		default:
			a = games.Timeout
		}
		before := s.Clone()
		if err := s.Apply(seat, a); err != nil {
			if !reflect.DeepEqual(before, s) {
				t.Fatalf("refused %q by %d changed the state", s.FormatAction(a), seat)
			}
			continue
		}
		if seat != games.System && !slices.Contains(legal, a) {
			t.Fatalf("applied %q by %d which Legal did not list", s.FormatAction(a), seat)
		}
		if check != nil {
			if err := check(s); err != nil {
				t.Fatalf("after %q by %d: %v", s.FormatAction(a), seat, err)
			}
		}
	}
}

// FuzzSampler feeds e's sampler views it did not make: the true views of
// random play under each of cfgs (the seed corpus) with one byte changed,
// and whatever else the fuzzer finds, decoded by e's decoder.
// The sampler may refuse with a reason, never panic; a sample it gives
// shows the seat the view it was given and plays on, check (when set)
// holding after.
func FuzzSampler(f *testing.F, e games.Entry, cfgs []games.Config, check func(games.State) error) {
	for ci, cfg := range cfgs {
		s, err := e.Game.New(cfg)
		if err != nil {
			f.Fatal(err)
		}
		rng := games.NewRand(2)
		for i := range 25 {
			b, _ := json.Marshal(s.View(games.Seat(i % cfg.Players)))
			f.Add(b, uint8(ci), uint16(i*37), byte(i))
			_ = PlayOn(s, rng, 5)
		}
	}
	f.Add([]byte(`{"seat":0}`), uint8(0), uint16(0), byte(0))
	f.Fuzz(func(t *testing.T, data []byte, ci uint8, at uint16, flip byte) {
		cfg := cfgs[int(ci)%len(cfgs)]
		if flip != 0 && len(data) > 0 {
			data = append([]byte(nil), data...)
			data[int(at)%len(data)] ^= flip
		}
		SampleFuzzed(t, e, cfg, data, games.NewRand(uint64(at)), check)
	})
}

// SampleFuzzed is one input of FuzzSampler: data decoded by e's decoder
// under cfg, sampled for the view's own seat if the sampler takes it.
func SampleFuzzed(t *testing.T, e games.Entry, cfg games.Config, data []byte, rng *rand.Rand, check func(games.State) error) {
	view, err := e.DecodeView(data)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("a view refused without a reason")
		}
		return
	}
	who := view.Viewer()
	sm, err := e.Sampler.NewSampler(cfg, who, view)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("a view refused without a reason")
		}
		return
	}
	d := sm.Sample(rng)
	if err := games.SameView(view, d.View(who)); err != nil {
		t.Fatalf("a sample shows the seat another view than it was given: %v", err)
	}
	if err := PlayOn(d, rng, 60); err != nil {
		t.Fatalf("a sample does not play on: %v", err)
	}
	if check != nil {
		if err := check(d); err != nil {
			t.Fatalf("a sample breaks an invariant: %v", err)
		}
	}
}
