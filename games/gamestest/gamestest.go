// Package gamestest is the conformance suite every registered game passes, in
// the manner of OpenSpiel's random simulation test: random playouts to the end
// with invariants checked at every step, Clone independence, record
// round-trips, the information property of every seat's samples (CheckSeat),
// action notation round-trips, and illegal
// actions leaving the state exactly as it was. It also drives each game's fuzz
// target.
package gamestest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"cardtable/games"
	"cardtable/games/record"
)

// Suite says how to exercise one game.
type Suite struct {
	// Configs to play; each is played Playouts times with seeds 1..Playouts
	// (the config's own Seed is added to them).
	Configs  []games.Config
	Playouts int
	// Check, when set, is called after every applied action with the new
	// state; it returns an error when a game invariant is broken.
	Check func(s games.State) error
	// NoHiddenInfo says no seat ever has hidden cards to redeal, so
	// samples may all be the table's own state.
	NoHiddenInfo bool
	// MaxSteps guards against games that never end.
	MaxSteps int
}

// Run plays the suite's random playouts and checks the contract at every step.
// e's sampler and view decoder are part of the contract: the information
// property is checked through them.
func Run(t *testing.T, e games.Entry, suite Suite) {
	t.Helper()
	if e.Sampler == nil || e.DecodeView == nil {
		t.Fatalf("%s: every game has a sampler and a view decoder", e.ID())
	}
	if suite.Playouts == 0 {
		suite.Playouts = 20
	}
	if suite.MaxSteps == 0 {
		suite.MaxSteps = 100000
	}
	for ci, cfg := range suite.Configs {
		for p := 1; p <= suite.Playouts; p++ {
			c := cfg
			c.Seed = cfg.Seed + uint64(p)
			t.Run(fmt.Sprintf("config%d/seed%d", ci, c.Seed), func(t *testing.T) {
				if err := playout(e, c, suite); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// playout plays one random match with every check, returning the first failure.
func playout(e games.Entry, cfg games.Config, suite Suite) error {
	g := e.Game
	s, err := g.New(cfg)
	if err != nil {
		return fmt.Errorf("New: %w", err)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 7))
	rec := record.New(g.Info().ID, cfg)
	pool := []games.Action{games.Timeout} // actions seen so far, probed as illegal elsewhere
	redealt := false
	var actors []games.Seat
	var legal []games.Action
	for step := 0; ; step++ {
		if step > suite.MaxSteps {
			return fmt.Errorf("no end after %d steps", suite.MaxSteps)
		}
		if err := checkViews(e, s, cfg.Players); err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		actors = s.Actors(actors[:0])
		if s.Done() {
			if len(actors) != 0 {
				return fmt.Errorf("done but actors %v", actors)
			}
			for seat := range games.Seat(cfg.Players) {
				if l := s.Legal(seat, nil); len(l) != 0 {
					return fmt.Errorf("done but seat %d has legal actions %v", seat, l)
				}
			}
			break
		}
		if len(actors) == 0 && s.Deadline() == 0 {
			return fmt.Errorf("step %d: not done, no actors and no timed window", step)
		}
		for _, a := range actors {
			if a < 0 || int(a) >= cfg.Players {
				return fmt.Errorf("step %d: actor %d out of range", step, a)
			}
			l := s.Legal(a, nil)
			if len(l) == 0 {
				return fmt.Errorf("step %d: actor %d has no legal action", step, a)
			}
			for _, x := range l {
				text := s.FormatAction(x)
				back, err := s.ParseAction(text)
				if err != nil || back != x {
					return fmt.Errorf("step %d: action %d formats as %q which parses as %d, %v", step, x, text, back, err)
				}
				if !slices.Contains(pool, x) {
					pool = append(pool, x)
				}
			}
		}
		if err := probeIllegal(s, cfg.Players, actors, pool, rng); err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		if step%7 == 0 {
			changed, err := checkSamples(e, cfg, s, rng)
			if err != nil {
				return fmt.Errorf("step %d: %w", step, err)
			}
			redealt = redealt || changed
		}

		// Choose the move: mostly an actor's legal action, sometimes the
		// timeout of an open window.
		var seat games.Seat
		var a games.Action
		if s.Deadline() > 0 && (len(actors) == 0 || rng.IntN(4) == 0) {
			seat, a = games.System, games.Timeout
		} else {
			seat = actors[rng.IntN(len(actors))]
			legal = s.Legal(seat, legal[:0])
			a = legal[rng.IntN(len(legal))]
		}
		if step%11 == 0 {
			if err := checkCloneIndependent(s, seat, a); err != nil {
				return fmt.Errorf("step %d: %w", step, err)
			}
		}
		if err := s.Apply(seat, a); err != nil {
			return fmt.Errorf("step %d: legal action %q by seat %d refused: %w", step, s.FormatAction(a), seat, err)
		}
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
		if suite.Check != nil {
			if err := suite.Check(s); err != nil {
				return fmt.Errorf("step %d after %q by %d: invariant: %w", step, s.FormatAction(a), seat, err)
			}
		}
	}
	if !suite.NoHiddenInfo && !redealt {
		return fmt.Errorf("no sample ever dealt a hidden card elsewhere in a whole match")
	}
	if err := checkResult(s.Result(), cfg.Players); err != nil {
		return err
	}
	return checkRecord(g, rec, s)
}

// checkViews requires every view (each seat's, the spectator's and God's)
// to be made for its seat and to come back the same through JSON and e's
// decoder.
func checkViews(e games.Entry, s games.State, players int) error {
	for seat := games.God; int(seat) < players; seat++ {
		if seat == games.System {
			continue
		}
		v := s.View(seat)
		if v == nil || v.Viewer() != seat {
			return fmt.Errorf("the view of seat %d is not made for it", seat)
		}
		if _, err := DecodeView(e, v); err != nil {
			return fmt.Errorf("view of seat %d: %w", seat, err)
		}
	}
	return nil
}

// probeIllegal applies actions that are not legal and requires a refusal that
// leaves the state exactly as it was.
func probeIllegal(s games.State, players int, actors []games.Seat, pool []games.Action, rng *rand.Rand) error {
	before := s.Clone()
	try := func(seat games.Seat, a games.Action) error {
		if slices.Contains(s.Legal(seat, nil), a) || (seat == games.System && a == games.Timeout && s.Deadline() > 0) {
			return nil
		}
		if err := s.Apply(seat, a); err == nil {
			return fmt.Errorf("illegal action %q by seat %d accepted", s.FormatAction(a), seat)
		} else if err.Error() == "" {
			return fmt.Errorf("illegal action %q by seat %d refused without a reason", s.FormatAction(a), seat)
		}
		if !reflect.DeepEqual(before, s) {
			return fmt.Errorf("refused action %q by seat %d changed the state", s.FormatAction(a), seat)
		}
		return nil
	}
	for range 3 {
		seat := games.Seat(rng.IntN(players+2) - 1) // System and out-of-range seats too
		if rng.IntN(8) == 0 {
			seat = games.Seat(players + rng.IntN(5))
		}
		if err := try(seat, pool[rng.IntN(len(pool))]); err != nil {
			return err
		}
	}
	if len(actors) > 0 {
		return try(actors[rng.IntN(len(actors))], games.Action(rng.Uint32()))
	}
	return nil
}

// checkCloneIndependent applies a move to a clone and requires the original untouched.
func checkCloneIndependent(s games.State, seat games.Seat, a games.Action) error {
	keep := s.Clone()
	c := s.Clone()
	if !reflect.DeepEqual(keep, c) {
		return fmt.Errorf("Clone differs from its original")
	}
	if err := c.Apply(seat, a); err != nil {
		return fmt.Errorf("clone refused %q: %w", s.FormatAction(a), err)
	}
	if !reflect.DeepEqual(keep, s) {
		return fmt.Errorf("applying %q to a clone changed the original", s.FormatAction(a))
	}
	return nil
}

func checkResult(r games.Result, players int) error {
	if len(r.Scores) != players {
		return fmt.Errorf("result has %d scores for %d players", len(r.Scores), players)
	}
	for _, w := range r.Winners {
		if w < 0 || int(w) >= players {
			return fmt.Errorf("winner %d out of range", w)
		}
	}
	return nil
}

// checkRecord round-trips the record through JSON and replays it twice: both
// replays must reach the playout's final state.
func checkRecord(g games.Game, rec *record.Record, final games.State) error {
	data, err := rec.Marshal()
	if err != nil {
		return err
	}
	back, err := record.Parse(data)
	if err != nil {
		return fmt.Errorf("record does not parse back: %w", err)
	}
	want := mustJSON(final.View(games.God)) + mustJSON(final.Result())
	for range 2 {
		s, err := record.Replay(g, back, nil)
		if err != nil {
			return fmt.Errorf("replay: %w", err)
		}
		if got := mustJSON(s.View(games.God)) + mustJSON(s.Result()); got != want {
			return fmt.Errorf("replay reached another state:\n%s\n%s", got, want)
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
