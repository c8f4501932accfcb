package stats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

// shared is a pass-and-play match of game ended with result: the owner in
// seat 0, the people named in seats (name by seat; a seat not listed is a
// bot), each with their result as the game counts it.
func shared(id, game string, ended int64, r *games.Result, people map[int]string) Match {
	t := Tally{ID: id, Game: game, Seat: 0, Outcome: OutcomeOf(game, r, 0), Ended: ended}
	t.Score, t.Scored = ScoreOf(r, 0)
	seats := make([]Seat, len(r.Scores))
	for i := range seats {
		seats[i] = Seat{Kind: Bot, Level: "normal"}
	}
	seats[0] = Seat{Kind: You}
	for seat := range len(r.Scores) {
		name, ok := people[seat]
		if !ok {
			continue
		}
		p := Person{Name: name, Seat: seat, Outcome: OutcomeOf(game, r, games.Seat(seat))}
		p.Score, p.Scored = ScoreOf(r, games.Seat(seat))
		t.People = append(t.People, p)
		seats[seat] = Seat{Kind: Friend, Name: name}
	}
	return Match{Tally: t, Seats: seats, Scores: r.Scores, TeamScores: r.TeamScores}
}

func TestTheSameNameTypedTwiceIsTheSamePerson(t *testing.T) {
	for _, c := range []struct {
		name         string
		a, b         string
		seatA, seatB int
		same         bool
	}{
		{"case and spaces do not matter", "Ann", "  ann ", 1, 2, true},
		{"inner spaces collapse", "Le  Van", "le van", 1, 3, true},
		{"another name is another person", "Ann", "Anna", 1, 1, false},
		{"an unnamed person is their seat", "", " ", 2, 2, true},
		{"unnamed in two seats are two people", "", "", 1, 2, false},
		{"an unnamed person is not one named like their seat's number", "", "#2", 1, 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.same, PersonKey(c.a, c.seatA) == PersonKey(c.b, c.seatB), "%q/%q", PersonKey(c.a, c.seatA), PersonKey(c.b, c.seatB))
		})
	}
}

func TestTwoPeopleOnOneTeamBothWin(t *testing.T) {
	// Mindikot: seats 0 and 2 against 1 and 3; Ann (seat 2) is on the
	// owner's team, Bo (seat 1) on the other; the owner's team wins 7–3.
	r := &games.Result{Scores: []int{0, 0, 0, 0}, TeamScores: []int{7, 3}, Winners: []games.Seat{0, 2}}
	var s Store
	require.True(t, s.Add(shared("m1", "mindikot", 10, r, map[int]string{1: "Bo", 2: "Ann"})))
	assert.Equal(t, Won, s.Tallies[0].Outcome, "the owner")
	ann := s.Of(PersonKey("Ann", 2)).Overall("mindikot")
	assert.Equal(t, 1, ann.Won)
	assert.Equal(t, 7, ann.BestScore, "Ann's score is her team's")
	bo := s.Of(PersonKey("bo", 1)).Overall("mindikot")
	assert.Equal(t, 1, bo.Lost)
	assert.Equal(t, 3, bo.BestScore)
}

func TestCoopPeopleWinAndLoseTogether(t *testing.T) {
	won := &games.Result{Scores: []int{5, 5, 5}, TeamScores: []int{5}, Winners: []games.Seat{0, 1, 2}}
	lost := &games.Result{Scores: []int{2, 2, 2}, TeamScores: []int{2}, Winners: []games.Seat{}}
	var s Store
	s.Add(shared("c1", "sortcoop", 10, won, map[int]string{1: "Ann", 2: "Bo"}))
	s.Add(shared("c2", "sortcoop", 20, lost, map[int]string{1: "Ann", 2: "Bo"}))
	for _, who := range []string{"ann", "bo"} {
		f := s.Of(who).Overall("sortcoop")
		assert.Equal(t, Figures{Played: 2, Won: 1, Lost: 1, BestStreak: 1, Scored: 2, BestScore: 5, AvgScore: 3.5}, f, who)
	}
	assert.Equal(t, s.Of("ann").Overall("sortcoop"), s.Overall("sortcoop"), "the owner's figures are the same")
}

func TestAPersonIsCountedAcrossSeatsAndMatches(t *testing.T) {
	// Ann sits in seat 1 and wins a King match, then in seat 3 (typed "ANN")
	// and loses the next; Bo plays only the first.
	first := &games.Result{Scores: []int{10, 30, 5, 20}, Winners: []games.Seat{1}}
	second := &games.Result{Scores: []int{40, 0, 10, 20}, Winners: []games.Seat{0}}
	var s Store
	s.Add(shared("k1", "king", 10, first, map[int]string{1: "Ann", 2: "Bo"}))
	s.Add(shared("k2", "king", 20, second, map[int]string{3: "ANN "}))
	assert.Equal(t, []Someone{{Key: "ann", Name: "ANN", Seat: 3}, {Key: "bo", Name: "Bo", Seat: 2}}, s.People(), "newest first, as last typed")
	ann := s.Of("ann")
	assert.Equal(t, Figures{Played: 2, Won: 1, Lost: 1, BestStreak: 1, Scored: 2, BestScore: 30, AvgScore: 25}, ann.Overall("king"))
	require.Len(t, ann.Matches, 2)
	assert.Equal(t, 3, ann.Matches[0].Seat, "her seat in the later match")
	assert.Equal(t, You, ann.Matches[0].Seats[3].Kind, "her seat is You in her history")
	assert.Equal(t, Friend, ann.Matches[0].Seats[0].Kind, "the owner's seat is a person on the phone")
	assert.Equal(t, []Person{{Seat: 0, Outcome: Won, Score: 40, Scored: true}}, ann.Matches[0].People, "the owner's result is in her history")
	assert.Equal(t, []Person{{Seat: 0, Outcome: Lost, Score: 10, Scored: true}, {Name: "Bo", Seat: 2, Outcome: Lost, Score: 5, Scored: true}}, ann.Matches[1].People)
	assert.Equal(t, 1, s.Of("bo").Overall("king").Played)
	assert.Equal(t, []string{"k1"}, ids(s.Of("bo").Tallies))
	assert.Equal(t, 2, s.Overall("king").Played, "the owner played both")
	assert.Empty(t, s.Of("cy").Tallies, "someone who never played has no matches")
}

func TestAnUnnamedPersonIsTheirSeat(t *testing.T) {
	r := &games.Result{Scores: []int{1, 2}, Winners: []games.Seat{1}}
	var s Store
	s.Add(shared("e1", "eatpairs", 10, r, map[int]string{1: ""}))
	assert.Equal(t, []Someone{{Key: "#2", Seat: 1}}, s.People())
	assert.Equal(t, 1, s.Of("#2").Overall("eatpairs").Won)
}

func TestMergeCountsAPersonsMatchOnce(t *testing.T) {
	r := &games.Result{Scores: []int{1, 2}, Winners: []games.Seat{1}}
	m := shared("e1", "eatpairs", 10, r, map[int]string{1: "Ann"})
	var a, b Store
	a.Add(m)
	b.Add(m)
	b.Add(shared("e2", "eatpairs", 20, r, map[int]string{1: "ann"}))
	got := Merge(a, b)
	assert.Equal(t, 2, got.Of("ann").Overall("eatpairs").Played)
	assert.Equal(t, got, Merge(got, a))
}

// storedV1 is a store as version 1 wrote it, before the people of a
// pass-and-play match were kept: a King match counted for the owner, its
// other person only named in its seats.
const storedV1 = `{"version":1,"tallies":[{"id":"king-5-300","game":"king","seat":0,"outcome":"won","score":42,"scored":true,"ended":1700000000000}],` +
	`"matches":[{"id":"king-5-300","game":"king","seat":0,"outcome":"won","score":42,"scored":true,"ended":1700000000000,` +
	`"seats":[{"kind":"you"},{"name":"Ann","kind":"friend"},{"kind":"bot","level":"hard"},{"kind":"bot","level":"easy"}],"scores":[42,10,20,30]}],` +
	`"before":{"klondike":{"current":1,"best":4}}}`

func TestAVersion1StoreIsStillRead(t *testing.T) {
	s, err := Decode([]byte(storedV1))
	require.NoError(t, err)
	assert.Equal(t, Figures{Played: 1, Won: 1, Streak: 1, BestStreak: 1, Scored: 1, BestScore: 42, AvgScore: 42}, s.Overall("king"))
	assert.Equal(t, Run{Current: 1, Best: 4}, s.Before["klondike"])
	assert.Empty(t, s.People(), "version 1 kept no person's results")
	require.Len(t, s.Matches, 1)
	assert.Equal(t, "Ann", s.Matches[0].Seats[1].Name)
	// Written again, it is the current version and reads back the same.
	data, err := Encode(s)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"version":2`)
	back, err := Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	// A match with people added to it merges with it.
	r := &games.Result{Scores: []int{1, 2}, Winners: []games.Seat{1}}
	back.Add(shared("e1", "eatpairs", 1700000001000, r, map[int]string{1: "Ann"}))
	assert.Len(t, back.Tallies, 2)
	assert.Equal(t, 1, back.Of("ann").Overall("eatpairs").Won)
}

func TestPeopleRoundTrip(t *testing.T) {
	r := &games.Result{Scores: []int{0, 0, 0, 0}, TeamScores: []int{7, 3}, Winners: []games.Seat{0, 2}}
	var s Store
	s.Add(shared("m1", "mindikot", 10, r, map[int]string{1: "Bo", 2: "Ann", 3: ""}))
	data, err := Encode(s)
	require.NoError(t, err)
	back, err := Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
}
