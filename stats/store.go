package stats

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
)

// Error says what is wrong, in English.
func (e *DecodeError) Error() string {
	if e.Kind == Newer {
		return "statistics: written by a newer version of the app (format " + strconv.Itoa(e.Version) + "; this one reads " + strconv.Itoa(Version) + ")"
	}
	return "statistics: damaged: " + e.Detail
}

// damaged is a DecodeError of damaged data (plain concatenation: fmt's
// formatting costs app.wasm bytes for every call).
func damaged(detail string) error {
	return &DecodeError{Kind: Damaged, Detail: detail}
}

// Encode writes the store as its JSON, of the current Version.
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
		return Store{}, damaged("not statistics: " + err.Error())
	}
	switch {
	case head.Version == nil:
		return Store{}, damaged("no version")
	case *head.Version > Version:
		return Store{}, &DecodeError{Kind: Newer, Version: *head.Version}
	case *head.Version < 1:
		return Store{}, damaged("version " + strconv.Itoa(*head.Version))
	}
	var s Store
	if err := json.Unmarshal(data, &s); err != nil {
		return Store{}, damaged(err.Error())
	}
	for i, t := range s.Tallies {
		if why := t.check(); why != "" {
			return Store{}, damaged("match " + strconv.Itoa(i+1) + " of the figures: " + why)
		}
	}
	for i, m := range s.Matches {
		if why := m.check(); why != "" {
			return Store{}, damaged("match " + strconv.Itoa(i+1) + " of the history: " + why)
		}
	}
	for g, r := range s.Before {
		if g == "" || r.Current < 0 || r.Best < r.Current {
			return Store{}, damaged("the run of wins before of " + strconv.Quote(g))
		}
	}
	return Merge(s, Store{}), nil
}

// check says what is impossible in a tally; "" when nothing is.
func (t Tally) check() string {
	switch {
	case t.ID == "":
		return "no id"
	case t.Game == "":
		return t.ID + ": no game"
	case t.Seat < 0:
		return t.ID + ": seat " + strconv.Itoa(t.Seat)
	case t.Outcome != Won && t.Outcome != Lost && t.Outcome != Drawn && t.Outcome != Abandoned:
		return t.ID + ": outcome " + strconv.Quote(string(t.Outcome))
	case t.Secs < 0 || t.Moves < 0:
		return t.ID + ": negative time or moves"
	}
	for _, p := range t.People {
		switch {
		case p.Seat < 0:
			return t.ID + ": a person's seat " + strconv.Itoa(p.Seat)
		case p.Outcome != Won && p.Outcome != Lost && p.Outcome != Drawn && p.Outcome != Abandoned:
			return t.ID + ": a person's outcome " + strconv.Quote(string(p.Outcome))
		}
	}
	return ""
}

// check says what is impossible in a match; "" when nothing is.
func (m Match) check() string {
	if why := m.Tally.check(); why != "" {
		return why
	}
	for _, st := range m.Seats {
		if st.Kind != You && st.Kind != Bot && st.Kind != Friend && st.Kind != Open {
			return m.ID + ": seat kind " + strconv.Quote(string(st.Kind))
		}
	}
	return ""
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
	ts := make([]Tally, 0, len(out.Tallies))
	for _, i := range order(len(out.Tallies), func(i, j int) int { return newestFirst(out.Tallies[i], out.Tallies[j]) }) {
		ts = append(ts, out.Tallies[i])
	}
	ms := make([]Match, 0, len(out.Matches))
	for _, i := range order(len(out.Matches), func(i, j int) int { return newestFirst(out.Matches[i].Tally, out.Matches[j].Tally) }) {
		ms = append(ms, out.Matches[i])
	}
	out.Tallies, out.Matches = ts, ms
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

// order is the indices 0 to n-1 in the order cmp gives, stably. Sorting
// indices rather than tallies or matches: app.wasm already holds the stable
// sort of ints, where one of each struct would add about 10 kB.
func order(n int, cmp func(i, j int) int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, cmp)
	return idx
}
