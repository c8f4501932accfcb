package gamestest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"cardtable/games"
)

// Act parses text and applies it for seat, returning Apply's error; a text
// that does not parse fails the test.
func Act(t testing.TB, s games.State, seat games.Seat, text string) error {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		t.Fatalf("%q does not parse: %v", text, err)
	}
	return s.Apply(seat, a)
}

// MustAct applies steps written "seat:action" ("0:play 7C") and fails the
// test at the first one refused.
func MustAct(t testing.TB, s games.State, steps ...string) {
	t.Helper()
	for _, st := range steps {
		seat, text, _ := strings.Cut(st, ":")
		var n games.Seat
		if _, err := fmt.Sscan(seat, &n); err != nil {
			t.Fatalf("step %q: no seat: %v", st, err)
		}
		if err := Act(t, s, n, text); err != nil {
			t.Fatalf("step %q: %v", st, err)
		}
	}
}

// LegalText lists seat's legal actions in the text notation.
func LegalText(s games.State, seat games.Seat) []string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.FormatAction(a))
	}
	return out
}

// RequireRefused applies an illegal action and requires an error containing
// reason and a state exactly as it was.
func RequireRefused(t testing.TB, s games.State, seat games.Seat, text, reason string) {
	t.Helper()
	before := s.Clone()
	err := Act(t, s, seat, text)
	if err == nil || !strings.Contains(err.Error(), reason) {
		t.Fatalf("%q by seat %d: got error %v, want one containing %q", text, seat, err, reason)
	}
	if !reflect.DeepEqual(before, s) {
		t.Fatalf("refused %q by seat %d changed the state", text, seat)
	}
}

// PlayOn plays up to steps random legal actions in s (RandomMove) and
// returns the first refusal, or nil when every action played or nobody may
// act any more.
func PlayOn(s games.State, rng *rand.Rand, steps int) error {
	for step := 0; step < steps && !s.Done(); step++ {
		seat, a, ok := RandomMove(s, rng)
		if !ok {
			return nil
		}
		if err := s.Apply(seat, a); err != nil {
			return fmt.Errorf("step %d: seat %d %q: %w", step, seat, s.FormatAction(a), err)
		}
	}
	return nil
}

// RandomMove picks a random legal action of a random one of the seats that
// may act, or the timeout of an open window when none may (and, in a
// window, one time in four anyway). ok is false when nothing may happen.
func RandomMove(s games.State, rng *rand.Rand) (games.Seat, games.Action, bool) {
	actors := s.Actors(nil)
	if s.Deadline() > 0 && (len(actors) == 0 || rng.IntN(4) == 0) {
		return games.System, games.Timeout, true
	}
	if len(actors) == 0 {
		return 0, 0, false
	}
	seat := actors[rng.IntN(len(actors))]
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		return 0, 0, false
	}
	return seat, legal[rng.IntN(len(legal))], true
}
