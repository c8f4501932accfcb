package stats

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

// tally is a match of game ended at minute n with outcome o.
func tally(game string, n int, o Outcome) Tally {
	return Tally{ID: fmt.Sprintf("%s-%d", game, n), Game: game, Outcome: o, Ended: int64(n) * 60000}
}

func TestStreaks(t *testing.T) {
	W, L, D, A := Won, Lost, Drawn, Abandoned
	for _, c := range []struct {
		name         string
		run          []Outcome
		before       Run
		streak, best int
	}{
		{"none played", nil, Run{}, 0, 0},
		{"wins in a row count", []Outcome{W, W, W}, Run{}, 3, 3},
		{"a loss breaks the run", []Outcome{W, W, L, W}, Run{}, 1, 2},
		{"an abandon breaks the run", []Outcome{W, W, W, A, W, W}, Run{}, 2, 3},
		{"a draw breaks the run", []Outcome{W, D, W}, Run{}, 1, 1},
		{"ending on a loss leaves no current run", []Outcome{W, W, L}, Run{}, 0, 2},
		{"the run before the store continues", []Outcome{W, W}, Run{Current: 3, Best: 4}, 5, 5},
		{"the best run before the store is kept", []Outcome{L, W}, Run{Current: 2, Best: 7}, 1, 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ts []Tally
			for i, o := range c.run { // the first listed is the oldest; stored newest first
				ts = append([]Tally{tally("king", i+1, o)}, ts...)
			}
			f := Count(ts, c.before)
			assert.Equal(t, c.streak, f.Streak, "current run")
			assert.Equal(t, c.best, f.BestStreak, "best run")
		})
	}
}

func TestStreaksCountInTimeOrderWhateverTheListOrder(t *testing.T) {
	ts := []Tally{tally("king", 3, Won), tally("king", 1, Lost), tally("king", 2, Won)}
	f := Count(ts, Run{})
	assert.Equal(t, 2, f.Streak)
	ts = []Tally{tally("king", 1, Won), tally("king", 3, Lost), tally("king", 2, Won)}
	assert.Equal(t, 0, Count(ts, Run{}).Streak)
	assert.Equal(t, 2, Count(ts, Run{}).BestStreak)
}

func TestOutcomes(t *testing.T) {
	for _, c := range []struct {
		name string
		game string
		r    *games.Result
		seat games.Seat
		want Outcome
	}{
		{"the seat among the winners won", "king", &games.Result{Scores: []int{5, 3, 1, 0}, Winners: []games.Seat{0}}, 0, Won},
		{"a seat not among the winners lost", "king", &games.Result{Scores: []int{5, 3, 1, 0}, Winners: []games.Seat{0}}, 2, Lost},
		{"a shared first place is a win", "king", &games.Result{Scores: []int{5, 5, 1, 0}, Winners: []games.Seat{0, 1}}, 1, Won},
		{"team game: the partner of a winner won", "mindikot", &games.Result{Scores: []int{0, 0, 0, 0}, Winners: []games.Seat{1, 3}, TeamScores: []int{2, 5}}, 3, Won},
		{"team game: the other team lost", "mindikot", &games.Result{Scores: []int{0, 0, 0, 0}, Winners: []games.Seat{1, 3}, TeamScores: []int{2, 5}}, 2, Lost},
		{"co-op: the table won", "sortcoop", &games.Result{Scores: []int{1, 1}, Winners: []games.Seat{0, 1}, TeamScores: []int{1}}, 1, Won},
		{"co-op: the table lost is a loss, not a draw", "sortcoop", &games.Result{Scores: []int{0, 0}, Winners: []games.Seat{}, TeamScores: []int{0}}, 0, Lost},
		{"no winner in a competitive game is a draw", "catte", &games.Result{Scores: []int{0, 0}, Winners: []games.Seat{}}, 0, Drawn},
		{"no result is abandoned", "king", nil, 0, Abandoned},
		{"a solitaire won", "klondike", &games.Result{Scores: []int{50}, Winners: []games.Seat{0}}, 0, Won},
		{"a solitaire not won is lost, not drawn", "klondike", &games.Result{Scores: []int{-52}, Winners: []games.Seat{}}, 0, Lost},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, OutcomeOf(c.game, c.r, c.seat))
		})
	}
}

func TestTeamAndCoopScores(t *testing.T) {
	mind := &games.Result{Scores: []int{0, 0, 0, 0}, Winners: []games.Seat{1, 3}, TeamScores: []int{2, 5}}
	for _, c := range []struct {
		name  string
		r     *games.Result
		seat  games.Seat
		score int
		ok    bool
	}{
		{"team game: the score is the seat's team's", mind, 3, 5, true},
		{"team game: seats 0 and 2 are a team", mind, 2, 2, true},
		{"co-op: the table's score", &games.Result{Scores: []int{1, 1}, TeamScores: []int{1}}, 1, 1, true},
		{"no teams: the seat's own", &games.Result{Scores: []int{7, -3}}, 1, -3, true},
		{"no result: no score", nil, 0, 0, false},
		{"a seat past the scores: no score", &games.Result{Scores: []int{7}}, 3, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, ok := ScoreOf(c.r, c.seat)
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.score, s)
		})
	}
}

func TestVariants(t *testing.T) {
	for _, c := range []struct {
		name, game string
		opts       map[string]string
		want       string
	}{
		{"klondike's defaults are written out", "klondike", nil, "drawCount=1,scoring=STANDARD"},
		{"klondike draw 3", "klondike", map[string]string{"drawCount": "3", "undo": "on"}, "drawCount=3,scoring=STANDARD"},
		{"klondike vegas", "klondike", map[string]string{"scoring": "VEGAS"}, "drawCount=1,scoring=VEGAS"},
		{"cat te's region", "catte", map[string]string{"region": "KHMER", "ante": "5"}, "region=KHMER"},
		{"mindikot's mode", "mindikot", map[string]string{"mode": "HIDDEN"}, "mode=HIDDEN"},
		{"the king has none", "king", map[string]string{"collectingRounds": "4"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, Variant(c.game, c.opts)) })
	}
}

func TestOptionsSplitTheFiguresAndSoloFromRooms(t *testing.T) {
	var s Store
	add := func(n int, variant string, room bool, o Outcome) {
		tl := tally("klondike", n, o)
		tl.Variant, tl.Room = variant, room
		require.True(t, s.Add(Match{Tally: tl}))
	}
	add(1, "drawCount=1,scoring=STANDARD", false, Won)
	add(2, "drawCount=3,scoring=STANDARD", false, Lost)
	add(3, "drawCount=3,scoring=STANDARD", false, Won)
	add(4, "drawCount=1,scoring=STANDARD", true, Won)
	lines := s.Lines("klondike")
	require.Len(t, lines, 3)
	assert.Equal(t, Key{"klondike", "drawCount=1,scoring=STANDARD", false}, lines[0].Key)
	assert.Equal(t, 1, lines[0].Played)
	assert.Equal(t, Key{"klondike", "drawCount=1,scoring=STANDARD", true}, lines[1].Key)
	assert.Equal(t, 1, lines[1].Won)
	assert.Equal(t, Key{"klondike", "drawCount=3,scoring=STANDARD", false}, lines[2].Key)
	assert.Equal(t, 2, lines[2].Played)
	assert.Equal(t, 1, lines[2].Won)
	all := s.Overall("klondike")
	assert.Equal(t, 4, all.Played)
	assert.Equal(t, 3, all.Won)
	assert.Equal(t, 2, all.Streak)
	assert.InDelta(t, 0.75, all.WinRate(), 1e-9)
	assert.Empty(t, s.Lines("king"))
}

func TestCountsAndScores(t *testing.T) {
	ts := []Tally{
		{ID: "a", Game: "klondike", Outcome: Won, Score: 100, Scored: true, Secs: 300, Moves: 120, Ended: 1},
		{ID: "b", Game: "klondike", Outcome: Won, Score: 80, Scored: true, Secs: 200, Moves: 130, Ended: 2},
		{ID: "c", Game: "klondike", Outcome: Lost, Score: -20, Scored: true, Secs: 100, Moves: 50, Ended: 3},
		{ID: "d", Game: "klondike", Outcome: Abandoned, Ended: 4},
		{ID: "e", Game: "klondike", Outcome: Drawn, Score: 0, Scored: true, Ended: 5},
	}
	f := Count(ts, Run{})
	assert.Equal(t, Figures{Played: 5, Won: 2, Lost: 1, Drawn: 1, Abandoned: 1, Streak: 0, BestStreak: 2,
		Scored: 4, BestScore: 100, AvgScore: 40, BestSecs: 200, FewestMoves: 120}, f,
		"best time and fewest moves among won matches only; an abandoned match has no score")
	assert.Equal(t, Figures{}, Count(nil, Run{}))
	assert.Zero(t, Figures{}.WinRate())
}

func TestBestScoreMayBeNegative(t *testing.T) {
	f := Count([]Tally{{ID: "a", Outcome: Lost, Score: -30, Scored: true}, {ID: "b", Outcome: Lost, Score: -10, Scored: true}}, Run{})
	assert.Equal(t, -10, f.BestScore)
	assert.Equal(t, -20.0, f.AvgScore)
}

func TestRecordingTheSameMatchTwiceCountsOnce(t *testing.T) {
	var s Store
	id := MatchID("king", 12345, 444)
	assert.Equal(t, id, MatchID("king", 12345, 444), "the same end names the same match")
	assert.NotEqual(t, id, MatchID("king", 12345, 443))
	assert.NotEqual(t, id, MatchID("mindikot", 12345, 444))
	m := Match{Tally: Tally{ID: id, Game: "king", Outcome: Won, Ended: 10}}
	assert.True(t, s.Add(m))
	m.Ended = 20 // the result page reloaded later
	assert.False(t, s.Add(m))
	assert.Len(t, s.Tallies, 1)
	assert.Len(t, s.Matches, 1)
	assert.Equal(t, int64(10), s.Matches[0].Ended)
}

func TestAnUndoneEndIsTakenBack(t *testing.T) {
	var s Store
	s.Add(Match{Tally: tally("klondike", 1, Won)})
	s.Add(Match{Tally: tally("klondike", 2, Abandoned)})
	assert.True(t, s.Remove("klondike-2"))
	assert.False(t, s.Remove("klondike-2"), "gone already")
	assert.Equal(t, []string{"klondike-1"}, ids(s.Tallies))
	assert.Len(t, s.Matches, 1)
	assert.Equal(t, 1, s.Overall("klondike").Streak)
}

func TestTheCapKeepsAllTallies(t *testing.T) {
	var s Store
	for i := range MaxMatches + 50 {
		s.Add(Match{Tally: tally("king", i+1, Won), Seats: []Seat{{Kind: You}}})
	}
	assert.Len(t, s.Tallies, MaxMatches+50, "every match counts")
	require.Len(t, s.Matches, MaxMatches, "the history keeps the newest")
	assert.Equal(t, "king-250", s.Matches[0].ID, "newest first")
	assert.Equal(t, "king-51", s.Matches[MaxMatches-1].ID)
	assert.Equal(t, MaxMatches+50, s.Overall("king").Played)
	data, err := Encode(s)
	require.NoError(t, err)
	back, err := Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
}

func TestMergeDedupesByID(t *testing.T) {
	var a, b Store
	a.Add(Match{Tally: tally("king", 1, Won)})
	a.Add(Match{Tally: tally("king", 2, Lost)})
	b.Add(Match{Tally: tally("king", 2, Lost)})
	b.Add(Match{Tally: tally("king", 3, Won)})
	b.Tallies = append(b.Tallies, tally("catte", 4, Drawn)) // a tally whose detail is gone
	m := Merge(a, b)
	assert.Len(t, m.Tallies, 4)
	assert.Len(t, m.Matches, 3)
	assert.Equal(t, []string{"catte-4", "king-3", "king-2", "king-1"}, ids(m.Tallies))
	assert.Equal(t, m, Merge(b, a), "the order of the stores does not matter when they agree")
	assert.Equal(t, m, Merge(m, m), "merging again changes nothing")
	assert.Equal(t, []string{"catte", "king"}, m.Games())
}

func TestMergeKeepsTheLongerRunFromBefore(t *testing.T) {
	a := Store{Before: map[string]Run{"klondike": {Current: 2, Best: 5}}}
	b := Store{Before: map[string]Run{"klondike": {Current: 3, Best: 4}}}
	assert.Equal(t, Run{Current: 3, Best: 5}, Merge(a, b).Before["klondike"])
}

func ids(ts []Tally) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func TestSeries(t *testing.T) {
	var s Store
	s.Add(Match{Tally: Tally{ID: "b", Game: "king", Outcome: Lost, Score: 10, Scored: true, Ended: 2}})
	s.Add(Match{Tally: Tally{ID: "a", Game: "king", Outcome: Won, Score: 30, Scored: true, Ended: 1}})
	s.Add(Match{Tally: Tally{ID: "c", Game: "king", Outcome: Abandoned, Ended: 3}})
	s.Add(Match{Tally: Tally{ID: "d", Game: "catte", Outcome: Won, Ended: 4}})
	assert.Equal(t, []Point{
		{Ended: 1, Played: 1, WinRate: 1, Score: 30, Scored: true},
		{Ended: 2, Played: 2, WinRate: 0.5, Score: 10, Scored: true},
		{Ended: 3, Played: 3, WinRate: 1.0 / 3},
	}, s.Series("king"))
	assert.Empty(t, s.Series("papas"))
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	var s Store
	s.Add(Match{
		Tally:      Tally{ID: MatchID("mindikot", 99, 200), Game: "mindikot", Variant: "mode=CUT", Room: true, Seat: 2, Outcome: Won, Score: 7, Scored: true, Ended: 1700000000000},
		Seats:      []Seat{{Name: "Ana", Kind: Friend}, {Kind: Bot, Level: "hard"}, {Name: "Me", Kind: You}, {Kind: Open}},
		Scores:     []int{0, 0, 0, 0},
		TeamScores: []int{7, 3},
		Rounds:     [][]int{{1, 0, 1, 0}, {1, 2, 1, 2}},
		Replay:     "abc_-",
	})
	s.Before = map[string]Run{"klondike": {Current: 1, Best: 3}}
	data, err := Encode(s)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), `{"version":2,`), string(data))
	back, err := Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	empty, err := Encode(Store{})
	require.NoError(t, err)
	assert.Equal(t, `{"version":2,"tallies":[],"matches":[]}`, string(empty))
}

func TestDecodeRefuses(t *testing.T) {
	for _, c := range []struct {
		name, data string
		kind       ErrorKind
		says       string
	}{
		{"version 3 is refused in words", `{"version":3,"tallies":[],"matches":[]}`, Newer, "written by a newer version of the app (format 3; this one reads 2)"},
		{"a person's unknown outcome", `{"version":2,"tallies":[{"id":"x","game":"king","outcome":"won","people":[{"seat":1,"outcome":"great"}]}]}`, Damaged, `x: a person's outcome "great"`},
		{"a person's negative seat", `{"version":2,"tallies":[{"id":"x","game":"king","outcome":"won","people":[{"seat":-2,"outcome":"won"}]}]}`, Damaged, `x: a person's seat -2`},
		{"text that is not JSON", `{"version":1,"tall`, Damaged, "damaged: not statistics"},
		{"JSON that is not a store", `[1,2]`, Damaged, "not statistics"},
		{"no version", `{"tallies":[]}`, Damaged, "no version"},
		{"version 0", `{"version":0}`, Damaged, "version 0"},
		{"a tally with no id", `{"version":1,"tallies":[{"game":"king","outcome":"won"}]}`, Damaged, "match 1 of the figures: no id"},
		{"an unknown outcome", `{"version":1,"tallies":[{"id":"x","game":"king","outcome":"great"}]}`, Damaged, `x: outcome "great"`},
		{"a negative seat", `{"version":1,"matches":[{"id":"x","game":"king","outcome":"won","seat":-1}]}`, Damaged, "match 1 of the history: x: seat -1"},
		{"an unknown seat kind", `{"version":1,"matches":[{"id":"x","game":"king","outcome":"won","seats":[{"kind":"ghost"}]}]}`, Damaged, `seat kind "ghost"`},
		{"a field of the wrong type", `{"version":1,"tallies":"many"}`, Damaged, "damaged"},
		{"an impossible run", `{"version":1,"before":{"klondike":{"current":5,"best":2}}}`, Damaged, "run of wins"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode([]byte(c.data))
			var de *DecodeError
			require.True(t, errors.As(err, &de), "%v", err)
			assert.Equal(t, c.kind, de.Kind)
			assert.Contains(t, err.Error(), c.says)
		})
	}
}

func TestDecodeMakesAStoreWhole(t *testing.T) {
	// A match in the history without its tally, and a duplicate: counted once.
	data := `{"version":1,"tallies":[{"id":"a","game":"king","outcome":"won","ended":1}],
		"matches":[{"id":"b","game":"king","outcome":"lost","ended":2},{"id":"b","game":"king","outcome":"lost","ended":2}]}`
	s, err := Decode([]byte(data))
	require.NoError(t, err)
	assert.Equal(t, []string{"b", "a"}, ids(s.Tallies))
	assert.Len(t, s.Matches, 1)
}

// storeSize is the bytes of a typical stored match, reported in the
// package doc's measurement (logged, not asserted beyond a budget).
func TestAStoredMatchIsSmall(t *testing.T) {
	rounds := make([][]int, 10)
	for i := range rounds {
		rounds[i] = []int{i * 30, -i * 25, i * 12, -i * 17}
	}
	king := Match{
		Tally:  Tally{ID: MatchID("king", 1<<52+12345, 444), Game: "king", Seat: 0, Outcome: Won, Score: 270, Scored: true, Ended: 1764230400000},
		Seats:  []Seat{{Name: "You", Kind: You}, {Kind: Bot, Level: "normal"}, {Kind: Bot, Level: "normal"}, {Kind: Bot, Level: "normal"}},
		Scores: []int{270, -225, 108, -153},
		Rounds: rounds,
	}
	b, err := json.Marshal(king)
	require.NoError(t, err)
	t.Logf("a King match without its replay: %d bytes", len(b))
	assert.Less(t, len(b), 600)
}
