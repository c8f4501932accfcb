package stats

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
)

// Error says what is wrong, in English.
func (e *DecodeError) Error() string {
	if e.Kind == Newer {
		return fmt.Sprintf("statistics: written by a newer version of the app (format %d; this one reads %d)", e.Version, Version)
	}
	return "statistics: damaged: " + e.Detail
}

func damaged(format string, args ...any) error {
	return &DecodeError{Kind: Damaged, Detail: fmt.Sprintf(format, args...)}
}

// Encode writes the store as its JSON, version 1.
func Encode(s Store) ([]byte, error) {
	s = Merge(s, Store{})
	return json.Marshal(s)
}

// Decode reads a store written by Encode, from this device or another. It
// refuses a newer version and damaged data with a *DecodeError; what it
// returns is whole: every match has its tally, no ID is counted twice,
// newest first, at most MaxMatches in detail.
func Decode(data []byte) (Store, error) {
	var head struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Store{}, damaged("not statistics: %v", err)
	}
	switch {
	case head.Version == nil:
		return Store{}, damaged("no version")
	case *head.Version > Version:
		return Store{}, &DecodeError{Kind: Newer, Version: *head.Version}
	case *head.Version < 1:
		return Store{}, damaged("version %d", *head.Version)
	}
	var s Store
	if err := json.Unmarshal(data, &s); err != nil {
		return Store{}, damaged("%v", err)
	}
	for i, t := range s.Tallies {
		if err := t.check(); err != nil {
			return Store{}, damaged("match %d of the figures: %v", i+1, err)
		}
	}
	for i, m := range s.Matches {
		if err := m.check(); err != nil {
			return Store{}, damaged("match %d of the history: %v", i+1, err)
		}
	}
	for g, r := range s.Before {
		if g == "" || r.Current < 0 || r.Best < r.Current {
			return Store{}, damaged("the run of wins before of %q", g)
		}
	}
	return Merge(s, Store{}), nil
}

// check tells what is impossible in a tally.
func (t Tally) check() error {
	switch {
	case t.ID == "":
		return fmt.Errorf("no id")
	case t.Game == "":
		return fmt.Errorf("%s: no game", t.ID)
	case t.Seat < 0:
		return fmt.Errorf("%s: seat %d", t.ID, t.Seat)
	case t.Outcome != Won && t.Outcome != Lost && t.Outcome != Drawn && t.Outcome != Abandoned:
		return fmt.Errorf("%s: outcome %q", t.ID, t.Outcome)
	case t.Secs < 0 || t.Moves < 0:
		return fmt.Errorf("%s: negative time or moves", t.ID)
	}
	return nil
}

// check tells what is impossible in a match.
func (m Match) check() error {
	if err := m.Tally.check(); err != nil {
		return err
	}
	for _, st := range m.Seats {
		if st.Kind != You && st.Kind != Bot && st.Kind != Friend && st.Kind != Open {
			return fmt.Errorf("%s: seat kind %q", m.ID, st.Kind)
		}
	}
	return nil
}

// Merge is every match of a and b counted once (by ID; a's copy where both
// have one): all the tallies, the newest MaxMatches in detail, and the
// longer run from before of each game.
func Merge(a, b Store) Store {
	out := Store{Version: Version, Tallies: []Tally{}, Matches: []Match{}}
	seen := map[string]bool{}
	addTally := func(t Tally) {
		if !seen[t.ID] {
			seen[t.ID] = true
			out.Tallies = append(out.Tallies, t)
		}
	}
	for _, s := range []Store{a, b} {
		for _, t := range s.Tallies {
			addTally(t)
		}
		for _, m := range s.Matches {
			addTally(m.Tally)
		}
	}
	detailed := map[string]bool{}
	for _, s := range []Store{a, b} {
		for _, m := range s.Matches {
			if !detailed[m.ID] {
				detailed[m.ID] = true
				out.Matches = append(out.Matches, m)
			}
		}
	}
	slices.SortStableFunc(out.Tallies, func(x, y Tally) int { return newestFirst(x, y) })
	slices.SortStableFunc(out.Matches, func(x, y Match) int { return newestFirst(x.Tally, y.Tally) })
	if len(out.Matches) > MaxMatches {
		out.Matches = out.Matches[:MaxMatches:MaxMatches]
	}
	for _, s := range []Store{a, b} {
		for g, r := range s.Before {
			if out.Before == nil {
				out.Before = map[string]Run{}
			}
			o := out.Before[g]
			out.Before[g] = Run{Current: max(o.Current, r.Current), Best: max(o.Best, r.Best, r.Current, o.Current)}
		}
	}
	return out
}

// newestFirst orders tallies by when they ended, newest first, and by ID
// when two ended at once.
func newestFirst(x, y Tally) int {
	if c := cmp.Compare(y.Ended, x.Ended); c != 0 {
		return c
	}
	return cmp.Compare(x.ID, y.ID)
}
