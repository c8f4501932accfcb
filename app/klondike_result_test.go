package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestKlondikeStreakCountsWinsInARow: a win adds to the run and may raise
// the best; a loss ends the run and keeps the best; the same match seen
// again (a reload of its result) counts once; damaged storage reads as no
// run.
func TestKlondikeStreakCountsWinsInARow(t *testing.T) {
	cases := map[string]struct {
		stored string
		id     string
		won    bool
		want   klondikeStreak
	}{
		"a first win":                  {"", "1/90", true, klondikeStreak{1, 1, "1/90"}},
		"a win adds to the run":        {`{"current":2,"best":2,"last":"1/90"}`, "5/80", true, klondikeStreak{3, 3, "5/80"}},
		"the best stays when higher":   {`{"current":1,"best":4,"last":"1/90"}`, "5/80", true, klondikeStreak{2, 4, "5/80"}},
		"a loss ends the run":          {`{"current":3,"best":4,"last":"1/90"}`, "5/80", false, klondikeStreak{0, 4, "5/80"}},
		"the same match counts once":   {`{"current":3,"best":4,"last":"5/80"}`, "5/80", true, klondikeStreak{3, 4, "5/80"}},
		"not JSON reads as no run":     {`{"current":`, "5/80", true, klondikeStreak{1, 1, "5/80"}},
		"a wrong type reads as no run": {`{"current":"two"}`, "5/80", true, klondikeStreak{1, 1, "5/80"}},
		"negative counts read as none": {`{"current":-4,"best":-1}`, "5/80", true, klondikeStreak{1, 1, "5/80"}},
		"a run above the best is none": {`{"current":9,"best":2}`, "5/80", false, klondikeStreak{0, 0, "5/80"}},
		"an array reads as no run":     {`[1,2]`, "5/80", false, klondikeStreak{0, 0, "5/80"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, c.want, readStreak(c.stored).after(c.id, c.won))
		})
	}
}

func FuzzReadStreak(f *testing.F) {
	f.Add(`{"current":2,"best":3,"last":"1/2"}`)
	f.Add(`{"current":`)
	f.Fuzz(func(t *testing.T, raw string) {
		s := readStreak(raw)
		if s.Current < 0 || s.Best < s.Current {
			t.Fatalf("%q read as %+v", raw, s)
		}
		n := s.after("x", true)
		if n.Current != s.Current+1 || n.Best < n.Current {
			t.Fatalf("%+v after a win: %+v", s, n)
		}
	})
}
