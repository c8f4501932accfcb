package stats

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"cardtable/games"
)

// MatchID names a match: its game, its seed and the number of actions
// played. The same match ended twice (its result reloaded) has the same ID;
// two matches on one device share one only by drawing the same 53-bit seed.
func MatchID(game string, seed uint64, actions int) string {
	return game + "-" + strconv.FormatUint(seed, 36) + "-" + strconv.Itoa(actions)
}

// RoomMatchID names a room's match on a page that does not know its seed (a
// friend's, before the end): its game, the room's code, the commitments of
// the deal's draw (different at every deal) and the number of actions
// played.
func RoomMatchID(game, room string, commits []string, actions int) string {
	h := sha256.Sum256([]byte(room + "\n" + strings.Join(commits, ",")))
	return game + "-room-" + hex.EncodeToString(h[:8]) + "-" + strconv.Itoa(actions)
}

// variantOptions lists, per game, the options that split its figures, in
// the order Variant writes them, with their defaults.
var variantOptions = map[string][][2]string{
	"klondike": {{"drawCount", "1"}, {"scoring", "STANDARD"}},
	"catte":    {{"region", "VIETNAMESE"}},
	"mindikot": {{"mode", "CUT"}},
}

// Variant is the canonical text of the options that change the game (see
// the package doc): "drawCount=3,scoring=STANDARD" for Klondike; "" for a
// game without such options.
func Variant(game string, options map[string]string) string {
	var b strings.Builder
	for i, o := range variantOptions[game] {
		v := options[o[0]]
		if v == "" {
			v = o[1]
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(o[0] + "=" + v)
	}
	return b.String()
}

// coop lists the games the seats play together: won or lost by the table.
var coop = map[string]bool{"sortcoop": true}

// OutcomeOf is how a finished match ended for seat (see the package doc): a
// nil result is a match that did not finish, Abandoned.
func OutcomeOf(game string, r *games.Result, seat games.Seat) Outcome {
	switch {
	case r == nil:
		return Abandoned
	case slices.Contains(r.Winners, seat):
		return Won
	case len(r.Winners) == 0 && !coop[game] && len(r.Scores) > 1:
		return Drawn
	}
	return Lost
}

// ScoreOf is the seat's final score: its team's when the result has team
// scores (Mindikot's two teams of alternate seats, the co-op table's one),
// else its own; false when the result has none for it.
func ScoreOf(r *games.Result, seat games.Seat) (int, bool) {
	switch {
	case r == nil || seat < 0:
		return 0, false
	case len(r.TeamScores) == 1:
		return r.TeamScores[0], true
	case len(r.TeamScores) == 2:
		return r.TeamScores[seat&1], true
	case int(seat) < len(r.Scores):
		return r.Scores[seat], true
	}
	return 0, false
}

// Add records a finished match: its tally among every match's, its detail
// among the newest MaxMatches. A match already recorded (the same ID) is
// left as it is and Add returns false.
func (s *Store) Add(m Match) bool {
	if s.Has(m.ID) {
		return false
	}
	*s = Merge(*s, Store{Version: Version, Tallies: []Tally{m.Tally}, Matches: []Match{m}})
	return true
}

// Has tells whether a match with the ID is counted.
func (s *Store) Has(id string) bool {
	return slices.ContainsFunc(s.Tallies, func(t Tally) bool { return t.ID == id })
}

// Remove takes a match back out of the store, its tally and its detail (the
// player undid its end: its next end counts); false when it is not there.
func (s *Store) Remove(id string) bool {
	found := false
	for i, t := range s.Tallies {
		if t.ID == id {
			s.Tallies = append(s.Tallies[:i:i], s.Tallies[i+1:]...)
			found = true
			break
		}
	}
	for i, m := range s.Matches {
		if m.ID == id {
			s.Matches = append(s.Matches[:i:i], s.Matches[i+1:]...)
			break
		}
	}
	return found
}
