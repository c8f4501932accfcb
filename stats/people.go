package stats

import (
	"strconv"
	"strings"
)

// People on one phone (pass-and-play): a match set up with several people
// sharing the phone is counted for its owner (the Tally's own seat and
// outcome, "You" on the page) and, in the Tally's People, for every other
// person who played it, by their seat, as the game counts it (OutcomeOf:
// the winning team's seats all win, the co-op table wins or loses
// together). A person is known by their name (PersonKey): the same name
// typed twice, whatever its case and spaces, is the same person in any
// seat; a person left unnamed is known by their seat's number.

// Person is one person of a match besides the phone's owner: their seat and
// their result.
type Person struct {
	Name    string  `json:"name,omitempty"` // as typed, trimmed; "" for a person left unnamed
	Seat    int     `json:"seat"`
	Outcome Outcome `json:"outcome"`
	Score   int     `json:"score,omitempty"` // their (or their team's) final score, if Scored
	Scored  bool    `json:"scored,omitempty"`
}

// PersonKey is who a person is: their name trimmed, its spaces collapsed,
// in lower case; "#3" for a person left unnamed in seat 2 (the table calls
// them "Player 3"). A name that starts with "#" gets a second one: no name
// is taken for an unnamed seat.
func PersonKey(name string, seat int) string {
	if k := strings.ToLower(strings.Join(strings.Fields(name), " ")); k != "" {
		if strings.HasPrefix(k, "#") {
			k = "#" + k
		}
		return k
	}
	return "#" + strconv.Itoa(seat+1)
}

// Key is who the person is (PersonKey).
func (p Person) Key() string { return PersonKey(p.Name, p.Seat) }

// Someone is a person who played on this phone, as the page lists them.
type Someone struct {
	Key  string
	Name string // the name as last typed; "" for a person left unnamed
	Seat int    // an unnamed person's seat (their name is its number)
}

// People lists the people who played on this phone besides its owner, the
// one who played most recently first.
func (s Store) People() []Someone {
	var out []Someone
	seen := map[string]bool{}
	for _, t := range s.Tallies {
		for _, p := range t.People {
			if k := p.Key(); !seen[k] {
				seen[k] = true
				out = append(out, Someone{Key: k, Name: strings.Join(strings.Fields(p.Name), " "), Seat: p.Seat})
			}
		}
	}
	return out
}

// Of is the store as the person with the key played it: their matches, with
// their seat, outcome and score in place of the owner's; the other people
// on the phone are its People, and in the history the owner is the first of
// them (named as their seat was) and their seat "You". The key ""
// is the owner: the store itself.
func (s Store) Of(key string) Store {
	if key == "" {
		return s
	}
	out := Store{Version: Version, Tallies: []Tally{}, Matches: []Match{}}
	for _, t := range s.Tallies {
		if pt, ok := t.as(key); ok {
			out.Tallies = append(out.Tallies, pt)
		}
	}
	for _, m := range s.Matches {
		pt, ok := m.Tally.as(key)
		if !ok {
			continue
		}
		pm := m
		// The owner is one of the people in the person's history.
		owner := Person{Seat: m.Seat, Outcome: m.Outcome, Score: m.Score, Scored: m.Scored}
		if m.Seat < len(m.Seats) {
			owner.Name = m.Seats[m.Seat].Name
		}
		pt.People = append([]Person{owner}, pt.People...)
		pm.Tally = pt
		if len(m.Seats) > 0 {
			pm.Seats = make([]Seat, len(m.Seats))
			for i, st := range m.Seats {
				switch {
				case i == pt.Seat:
					st.Kind = You
				case st.Kind == You:
					st.Kind = Friend
				}
				pm.Seats[i] = st
			}
		}
		out.Matches = append(out.Matches, pm)
	}
	return out
}

// as is the tally as the person with the key played it, the other people
// on the phone its People; false when they did not play it.
func (t Tally) as(key string) (Tally, bool) {
	for i, p := range t.People {
		if p.Key() == key {
			var others []Person
			for j, o := range t.People {
				if j != i {
					others = append(others, o)
				}
			}
			return Tally{ID: t.ID, Game: t.Game, Variant: t.Variant, Room: t.Room, Seat: p.Seat,
				Outcome: p.Outcome, Score: p.Score, Scored: p.Scored, Ended: t.Ended, People: others}, true
		}
	}
	return Tally{}, false
}
