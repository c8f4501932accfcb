package gamestest

import (
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
