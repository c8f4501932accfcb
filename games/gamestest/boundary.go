package gamestest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"cardtable/games"
)

// DecodeView encodes view as JSON and decodes it with the game's decoder
// (e.DecodeView), as a peer receives it: a sampler must accept such a view.
// The decoder must give back the type State.View made, showing the same.
func DecodeView(e games.Entry, view games.View) (games.View, error) {
	if e.DecodeView == nil {
		return nil, fmt.Errorf("%s: the entry has no view decoder", e.ID())
	}
	b, err := json.Marshal(view)
	if err != nil {
		return nil, err
	}
	back, err := e.DecodeView(b)
	if err != nil {
		return nil, err
	}
	if a, b := reflect.TypeOf(view), reflect.TypeOf(back); a != b {
		return nil, fmt.Errorf("%s: a %v decodes as a %v", e.ID(), a, b)
	}
	if again := mustJSON(back); again != string(b) {
		return nil, fmt.Errorf("%s: the view changes in a JSON round trip:\n%s\n%s", e.ID(), b, again)
	}
	if a, b := view.Viewer(), back.Viewer(); a != b {
		return nil, fmt.Errorf("%s: the view of seat %d decodes as seat %d's", e.ID(), a, b)
	}
	return back, nil
}

// CheckSeat checks the information property of s for seat: a state sampled
// from seat's view (decoded from JSON, as a peer has it) gives seat the same
// view, legal moves, actors (in a timed window only whether seat itself may
// act: who else holds an answer is hidden, see games.PublicActors) and deadline,
// and describes the next action of every actor to seat the same way
// whenever the sample has that action.
// Two actions of one actor that leave seat the same view describe the same
// way to seat (a face-down card is not named, a blind choice not told). It
// also requires the sampling to leave s untouched. samples states are drawn
// from e's sampler; e's decoder reads the view.
func CheckSeat(e games.Entry, cfg games.Config, s games.State, seat games.Seat, rng *rand.Rand, samples int) error {
	before := s.Clone()
	view, err := DecodeView(e, s.View(seat))
	if err != nil {
		return fmt.Errorf("seat %d's view does not decode: %w", seat, err)
	}
	if e.Sampler == nil {
		return fmt.Errorf("%s: the entry has no sampler", e.ID())
	}
	sampler, err := e.Sampler.NewSampler(cfg, seat, view)
	if err != nil {
		return fmt.Errorf("seat %d: no sampler for a true view: %w", seat, err)
	}
	want := mustJSON(s.View(seat))
	actors := s.Actors(nil)
	if err := sameWhenUnseen(s, seat, actors); err != nil {
		return err
	}
	for range samples {
		d := sampler.Sample(rng)
		if got := mustJSON(d.View(seat)); got != want {
			return fmt.Errorf("a sample for seat %d shows it another view:\n%s\n%s", seat, got, want)
		}
		if a, b := s.Legal(seat, nil), d.Legal(seat, nil); !slices.Equal(a, b) {
			return fmt.Errorf("a sample for seat %d offers it %v, the table %v", seat, b, a)
		}
		if a, b := games.PublicActors(d, seat), games.PublicActors(s, seat); !slices.Equal(a, b) {
			return fmt.Errorf("a sample for seat %d has actors %v, the table %v", seat, a, b)
		}
		if a, b := d.Deadline(), s.Deadline(); a != b {
			return fmt.Errorf("a sample for seat %d has window %v, the table %v", seat, a, b)
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

// sameDescriptions requires the next action of every actor (and the
// timeout of an open window) to read the same to viewer in s and in d.
func sameDescriptions(s, d games.State, viewer games.Seat, actors []games.Seat) error {
	check := func(actor games.Seat, a games.Action) error {
		if actor != games.System && !slices.Contains(d.Legal(actor, nil), a) {
			return nil // the sample's hidden cards do not allow it
		}
		x, y := s.Describe(viewer, actor, a), d.Describe(viewer, actor, a)
		if !reflect.DeepEqual(x, y) {
			return fmt.Errorf("seat %d reads %q by seat %d as %s at the table but %s in a sample: the description tells what the seat cannot know",
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

// checkSamples checks the information property for every seat and the
// spectator's view, and reports whether any sample dealt a hidden card
// elsewhere than the table.
func checkSamples(e games.Entry, cfg games.Config, s games.State, rng *rand.Rand) (bool, error) {
	god := mustJSON(s.View(games.God))
	changed := false
	for seat := range games.Seat(cfg.Players) {
		if err := CheckSeat(e, cfg, s, seat, rng, 2); err != nil {
			return false, err
		}
		view, _ := DecodeView(e, s.View(seat))
		sampler, _ := e.Sampler.NewSampler(cfg, seat, view)
		d := sampler.Sample(rng)
		if a, b := mustJSON(d.View(games.Observer)), mustJSON(s.View(games.Observer)); a != b {
			return false, fmt.Errorf("a sample for seat %d shows a spectator another view:\n%s\n%s", seat, a, b)
		}
		changed = changed || mustJSON(d.View(games.God)) != god
	}
	return changed, nil
}

// sameWhenUnseen requires any two actions of one actor that leave viewer
// the same view to read the same to viewer: what viewer cannot tell apart
// afterwards, its description must not tell apart either.
func sameWhenUnseen(s games.State, viewer games.Seat, actors []games.Seat) error {
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
			if x, y := s.Describe(viewer, actor, a), s.Describe(viewer, actor, b); !reflect.DeepEqual(x, y) {
				return fmt.Errorf("seat %d sees the same after %q and %q by seat %d, but reads them as %s and %s: the description tells what the seat cannot see",
					viewer, s.FormatAction(a), s.FormatAction(b), actor, mustJSON(x), mustJSON(y))
			}
		}
	}
	return nil
}

// Sampler is e's sampler for seat's view of s, decoded from JSON by e's
// decoder as a peer has it; a refusal fails the test.
func Sampler(t testing.TB, e games.Entry, cfg games.Config, s games.State, seat games.Seat) games.Sampler {
	t.Helper()
	view, err := DecodeView(e, s.View(seat))
	if err != nil {
		t.Fatalf("seat %d's view does not decode: %v", seat, err)
	}
	smp, err := e.Sampler.NewSampler(cfg, seat, view)
	if err != nil {
		t.Fatalf("seat %d: no sampler for a true view: %v", seat, err)
	}
	return smp
}

// OtherView is a view of no game: a sampler or an advisor handed it must
// refuse it (a sampler with a reason), as it would another game's view.
type OtherView struct{ Seat games.Seat }

// Viewer is the seat the view claims (games.View).
func (v OtherView) Viewer() games.Seat { return v.Seat }
