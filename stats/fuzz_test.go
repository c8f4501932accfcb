package stats

import (
	"errors"
	"testing"
)

func seedCorpus(f *testing.F) {
	var s Store
	s.Add(Match{Tally: Tally{ID: "k1", Game: "king", Outcome: Won, Score: 3, Scored: true, Ended: 5},
		Seats: []Seat{{Kind: You}, {Kind: Bot, Level: "hard"}}, Scores: []int{3, 1}, Rounds: [][]int{{1, 0}, {3, 1}}, Replay: "xyz"})
	s.Add(Match{Tally: Tally{ID: "c1", Game: "klondike", Variant: "drawCount=3,scoring=STANDARD", Outcome: Abandoned, Ended: 6}})
	s.Before = map[string]Run{"klondike": {Current: 1, Best: 2}}
	good, err := Encode(s)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`{"version":2,"tallies":[{"id":"m","game":"mindikot","outcome":"won","people":[{"name":"Ann","seat":2,"outcome":"won","score":7,"scored":true},{"seat":1,"outcome":"lost"}]}]}`))
	f.Add([]byte(storedV1))
	f.Add([]byte(`{"version":1,"tallies":[{"id":"a","game":"x","outcome":"lost","ended":-1}],"matches":null}`))
	f.Add([]byte(`{"version":1,"matches":[{"id":"a","game":"x","outcome":"drawn","seats":[{"kind":"open"}]},{"id":"a","game":"y","outcome":"won"}]}`))
	f.Add([]byte(`null`))
	f.Add([]byte(``))
}

// FuzzDecode: anything is read whole or refused with a *DecodeError, never
// a panic; what is read encodes and decodes to itself.
func FuzzDecode(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(data)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || de.Error() == "" {
				t.Fatalf("not a DecodeError: %v", err)
			}
			return
		}
		checkWhole(t, s)
		enc, err := Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(enc)
		if err != nil {
			t.Fatalf("its own encoding refused: %v", err)
		}
		enc2, _ := Encode(back)
		if string(enc) != string(enc2) {
			t.Fatalf("round trip changed the store:\n%s\n%s", enc, enc2)
		}
	})
}

// FuzzMerge: two readable stores merge into a whole one that counts every
// match of both once, and merging again changes nothing.
func FuzzMerge(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data)
		if err != nil {
			return
		}
		var a Store
		a.Add(Match{Tally: Tally{ID: "k1", Game: "king", Outcome: Lost, Ended: 5}})
		a.Add(Match{Tally: Tally{ID: "z", Game: "papas", Outcome: Won, Ended: 1 << 40}})
		m := Merge(a, b)
		checkWhole(t, m)
		want := map[string]bool{}
		for _, s := range []Store{a, b} {
			for _, t := range s.Tallies {
				want[t.ID] = true
			}
		}
		if len(m.Tallies) != len(want) {
			t.Fatalf("merged %d tallies, want %d", len(m.Tallies), len(want))
		}
		for _, t2 := range m.Tallies {
			if !want[t2.ID] {
				t.Fatalf("a tally from nowhere: %s", t2.ID)
			}
		}
		e1, _ := Encode(m)
		e2, _ := Encode(Merge(m, b))
		if string(e1) != string(e2) {
			t.Fatal("merging the same store again changed the result")
		}
	})
}

// checkWhole fails when a store counts a match twice, keeps more than
// MaxMatches in detail, is not newest first or has a match without its tally.
func checkWhole(t *testing.T, s Store) {
	t.Helper()
	seen := map[string]bool{}
	for i, tl := range s.Tallies {
		if seen[tl.ID] {
			t.Fatalf("tally %s twice", tl.ID)
		}
		seen[tl.ID] = true
		if i > 0 && newestFirst(s.Tallies[i-1], tl) > 0 {
			t.Fatal("tallies not newest first")
		}
	}
	if len(s.Matches) > MaxMatches {
		t.Fatalf("%d matches kept", len(s.Matches))
	}
	inHistory := map[string]bool{}
	for _, m := range s.Matches {
		if inHistory[m.ID] {
			t.Fatalf("match %s twice", m.ID)
		}
		inHistory[m.ID] = true
		if !seen[m.ID] {
			t.Fatalf("match %s without its tally", m.ID)
		}
	}
}
