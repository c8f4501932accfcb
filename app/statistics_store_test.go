package main

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/stats"
	"cardtable/ui"
)

// mapStore is local storage in a map.
type mapStore map[string]string

func (m mapStore) get(k string) (string, bool) { v, ok := m[k]; return v, ok }
func (m mapStore) set(k, v string) error       { m[k] = v; return nil }
func (m mapStore) del(k string)                { delete(m, k) }

// fullStore refuses every write, as a browser whose quota is full.
type fullStore struct{ mapStore }

func (fullStore) set(string, string) error { return errors.New("quota") }

func won(id string, ended int64) stats.Match {
	return stats.Match{Tally: stats.Tally{ID: id, Game: "klondike", Outcome: stats.Won, Ended: ended}}
}

func TestRecordingAMatchTwiceCountsItOnce(t *testing.T) {
	k := mapStore{}
	s, err := recordMatch(k, won("klondike-1-90", 1))
	require.NoError(t, err)
	assert.Equal(t, 1, s.Overall("klondike").Played)
	_, err = recordMatch(k, won("klondike-1-90", 2)) // the result reloaded
	require.NoError(t, err)
	st := readStatistics(k)
	require.NoError(t, st.Err)
	assert.Equal(t, 1, st.Store.Overall("klondike").Played)
	assert.Equal(t, int64(1), st.Store.Tallies[0].Ended)
}

func TestAnUndoneEndIsForgotten(t *testing.T) {
	k := mapStore{}
	_, err := recordMatch(k, won("klondike-1-90", 1))
	require.NoError(t, err)
	require.NoError(t, forgetMatch(k, "klondike-1-90"))
	assert.Zero(t, readStatistics(k).Store.Overall("klondike").Played)
	require.NoError(t, forgetMatch(k, "klondike-1-90"), "nothing to forget")
}

func TestADamagedStoreIsKeptAsideNotOverwritten(t *testing.T) {
	k := mapStore{statisticsKey: `{"version":1,"tallies":[{"id":`}
	st := readStatistics(k)
	var de *stats.DecodeError
	require.True(t, errors.As(st.Err, &de))
	assert.Equal(t, stats.Damaged, de.Kind)
	assert.Equal(t, `{"version":1,"tallies":[{"id":`, string(st.Text), "the damaged text as found")
	assert.Zero(t, st.Store.Overall("klondike").Played)

	// A match ends: the damaged text goes aside, the figures start again.
	_, err := recordMatch(k, won("klondike-1-90", 1))
	require.NoError(t, err)
	st = readStatistics(k)
	require.NoError(t, st.Err)
	assert.Equal(t, `{"version":1,"tallies":[{"id":`, string(st.Aside))
	assert.Equal(t, 1, st.Store.Overall("klondike").Played)

	// Damaged again while the first is still aside: nothing is written over it.
	k[statisticsKey] = "garbage"
	_, err = recordMatch(k, won("klondike-2-90", 2))
	assert.Error(t, err)
	assert.Equal(t, "garbage", k[statisticsKey])
	assert.Equal(t, `{"version":1,"tallies":[{"id":`, k[statisticsAsideKey])

	discardAsideStatistics(k)
	_, err = recordMatch(k, won("klondike-2-90", 2))
	require.NoError(t, err)
	assert.Equal(t, "garbage", k[statisticsAsideKey])
}

// Statistics stored by the version before people on the phone were counted
// (format 1) are read as they are, and a shared match recorded over them
// keeps both.
func TestStatisticsOfTheFormerVersionAreStillRead(t *testing.T) {
	v1 := `{"version":1,"tallies":[{"id":"king-5-300","game":"king","seat":0,"outcome":"won","score":42,"scored":true,"ended":1700000000000}],` +
		`"matches":[{"id":"king-5-300","game":"king","seat":0,"outcome":"won","score":42,"scored":true,"ended":1700000000000,` +
		`"seats":[{"kind":"you"},{"name":"Ann","kind":"friend"},{"kind":"bot","level":"hard"},{"kind":"bot","level":"easy"}],"scores":[42,10,20,30]}]}`
	k := mapStore{statisticsKey: v1}
	st := readStatistics(k)
	require.NoError(t, st.Err)
	assert.Equal(t, 1, st.Store.Overall("king").Won)
	m := won("klondike-1-20", 1700000001000)
	m.People = []stats.Person{{Name: "Ann", Seat: 1, Outcome: stats.Lost}}
	s, err := recordMatch(k, m)
	require.NoError(t, err)
	assert.Equal(t, 2, len(s.Tallies))
	back := readStatistics(k)
	require.NoError(t, back.Err)
	assert.Contains(t, k[statisticsKey], `"version":2`)
	assert.Equal(t, 1, back.Store.Overall("king").Won)
	assert.Equal(t, 1, back.Store.Of("ann").Overall("klondike").Lost, "Ann's result is kept")
}

func TestANewerVersionsStoreIsLeftAlone(t *testing.T) {
	newer := `{"version":3,"everything":"else"}`
	k := mapStore{statisticsKey: newer}
	_, err := recordMatch(k, won("klondike-1-90", 1))
	assert.ErrorIs(t, err, errNewerStatistics)
	assert.Equal(t, newer, k[statisticsKey])
	_, err = importStatistics(k, []byte(`{"version":1}`))
	assert.ErrorIs(t, err, errNewerStatistics)
	_, err = exportStatistics(k)
	var de *stats.DecodeError
	require.True(t, errors.As(err, &de))
	assert.Equal(t, stats.Newer, de.Kind)
	assert.Equal(t, newer, k[statisticsKey])
}

func TestAFullStorageIsAnErrorNotACrash(t *testing.T) {
	_, err := recordMatch(fullStore{mapStore{}}, won("klondike-1-90", 1))
	assert.Error(t, err)
}

func TestExportThenImportIntoAFreshProfileGivesTheSameFigures(t *testing.T) {
	a := mapStore{}
	for i, id := range []string{"klondike-1-90", "klondike-2-90", "klondike-3-90"} {
		_, err := recordMatch(a, won(id, int64(i)))
		require.NoError(t, err)
	}
	data, err := exportStatistics(a)
	require.NoError(t, err)
	b := mapStore{}
	n, err := importStatistics(b, data)
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	assert.Equal(t, readStatistics(a).Store.Overall("klondike"), readStatistics(b).Store.Overall("klondike"))
	n, err = importStatistics(b, data)
	require.NoError(t, err)
	assert.Zero(t, n, "importing the same file again adds nothing")
	_, err = importStatistics(b, []byte("not json"))
	var de *stats.DecodeError
	require.True(t, errors.As(err, &de))
	assert.Equal(t, 3, readStatistics(b).Store.Overall("klondike").Played, "a refused file changes nothing")
}

func TestResetForgetsEveryMatch(t *testing.T) {
	k := mapStore{legacyStreakKey: `{"current":2,"best":6}`}
	_, err := recordMatch(k, won("klondike-1-90", 1))
	require.NoError(t, err)
	resetStatistics(k)
	assert.Equal(t, stats.Figures{}, readStatistics(k).Store.Overall("klondike"))
}

func TestKlondikesOldRunOfWinsIsNotLost(t *testing.T) {
	k := mapStore{legacyStreakKey: `{"current":3,"best":5,"last":"7/80"}`}
	f := readStatistics(k).Store.Overall("klondike")
	assert.Equal(t, 3, f.Streak, "read before anything is recorded")
	assert.Equal(t, 5, f.BestStreak)

	s, err := recordMatch(k, won(stats.MatchID("klondike", 9, 100), 1))
	require.NoError(t, err)
	assert.Equal(t, 4, s.Overall("klondike").Streak, "the run goes on")
	assert.Equal(t, 5, s.Overall("klondike").BestStreak)
	_, kept := k[legacyStreakKey]
	assert.False(t, kept, "the old key is removed once the store holds its run")
	assert.Equal(t, 4, readStatistics(k).Store.Overall("klondike").Streak)
}

func TestKlondikesOldRunDoesNotCountItsLastMatchTwice(t *testing.T) {
	k := mapStore{legacyStreakKey: `{"current":3,"best":5,"last":"7/80"}`}
	s, err := recordMatch(k, won(stats.MatchID("klondike", 7, 80), 1)) // its result reloaded after the update
	require.NoError(t, err)
	assert.Equal(t, 3, s.Overall("klondike").Streak)
	assert.Equal(t, 5, s.Overall("klondike").BestStreak)
}

func TestKlondikesDamagedOldRunReadsAsNone(t *testing.T) {
	k := mapStore{legacyStreakKey: `{"current": "lots`}
	assert.Equal(t, stats.Figures{}, readStatistics(k).Store.Overall("klondike"))
}

// playKing plays a King match of four seats with easy bots.
func playKing(t testing.TB, seed uint64) (*record.Record, games.Result) {
	g, ok := lookupGame("king")
	require.True(t, ok)
	cfg := games.Config{Players: 4, Seed: seed}
	s, err := g.Game.New(cfg)
	require.NoError(t, err)
	rec := record.New("king", cfg)
	seats := make([]bots.Bot, 4)
	for i := range seats {
		seats[i], err = bots.New("easy", g, uint64(i+1))
		require.NoError(t, err)
	}
	require.NoError(t, bots.Play(g, cfg, s, seats, games.NewRand(seed), 100000, func(seat games.Seat, a games.Action) {
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
	}))
	return rec, s.Result()
}

func TestAKingMatchIsRecordedWithItsRoundsAndReplay(t *testing.T) {
	rec, res := playKing(t, 42)
	save := Save{Record: rec, Seat: 0, Bots: []string{"", "easy", "normal", "hard"}, Done: true, Result: &res}
	m, ok := matchOf(app.Context{}, ended{rec: rec, seat: 0, seats: soloSeats(save), result: &res, at: 1764230400000})
	require.True(t, ok)
	assert.Equal(t, stats.MatchID("king", 42, len(rec.Actions)), m.ID)
	assert.Equal(t, "", m.Variant)
	assert.Equal(t, stats.OutcomeOf("king", &res, 0), m.Outcome)
	assert.True(t, m.Scored)
	assert.Equal(t, res.Scores[0], m.Score)
	assert.Equal(t, []stats.Seat{{Kind: stats.You}, {Kind: stats.Bot, Level: "easy"}, {Kind: stats.Bot, Level: "normal"}, {Kind: stats.Bot, Level: "hard"}}, m.Seats)
	assert.Equal(t, res.Scores, m.Scores)
	require.NotEmpty(t, m.Rounds)
	assert.Equal(t, res.Scores, m.Rounds[len(m.Rounds)-1], "the last round ends on the final scores")
	back, err := decodeLink(nil, m.Replay)
	require.NoError(t, err, "the replay opens on the replay page")
	assert.Equal(t, rec.Actions, back.Actions)
	b, err := json.Marshal(m)
	require.NoError(t, err)
	noReplay := m
	noReplay.Replay = ""
	b2, _ := json.Marshal(noReplay)
	tb, _ := json.Marshal(m.Tally)
	t.Logf("a King match of %d actions, %d rounds: %d bytes stored (%d without its replay), its tally %d bytes", len(rec.Actions), len(m.Rounds), len(b), len(b2), len(tb))
	assert.Less(t, len(b), 4000, "200 of them fit local storage many times over")
}

func TestRunningScoresFollowTheRounds(t *testing.T) {
	rec, res := playKing(t, 7)
	g, _ := lookupGame("king")
	rows, _, err := roundsOf(g.Game, rec)
	require.NoError(t, err)
	end, err := record.Replay(g.Game, rec, nil)
	require.NoError(t, err)
	v, err := readView("king", end.View(games.Observer))
	require.NoError(t, err)
	hist := v.(ui.Historian).History(nil)
	require.Len(t, rows, len(hist), "one row a round")
	sum := make([]int, 4)
	for i, h := range hist {
		for seat := range sum {
			sum[seat] += h.Scores[seat]
		}
		assert.Equal(t, sum, rows[i], "round %d: the running scores", i+1)
	}
	assert.Equal(t, res.Scores, rows[len(rows)-1])
}

func TestAKlondikeEndedWithoutWinningIsGivenUp(t *testing.T) {
	g, _ := lookupGame("klondike")
	cfg := games.Config{Players: 1, Seed: 5, Options: map[string]string{"drawCount": "3"}}
	rec := record.New("klondike", cfg)
	rec.Actions = []record.Step{{Seat: 0, Act: "end"}}
	end, err := record.Replay(g.Game, rec, nil)
	require.NoError(t, err)
	require.True(t, end.Done())
	res := end.Result()
	m, ok := matchOf(app.Context{}, ended{rec: rec, seat: 0, seats: []stats.Seat{{Kind: stats.You}}, result: &res, at: 1})
	require.True(t, ok)
	assert.Equal(t, stats.Abandoned, m.Outcome)
	assert.Equal(t, "drawCount=3,scoring=STANDARD", m.Variant)
	assert.Nil(t, m.Rounds)
	b, _ := json.Marshal(m)
	t.Logf("a Klondike deal given up at once: %d bytes stored", len(b))
}

func TestAMatchReplacedIsGivenUpOnlyWhenThePlayerMoved(t *testing.T) {
	rec := record.New("king", games.Config{Players: 4, Seed: 3})
	rec.Actions = []record.Step{{Seat: 1, Act: "x"}}
	save := Save{Record: rec, Seat: 0, Bots: []string{"", "easy", "easy", "easy"}}
	_, ok := abandonedOf(save)
	assert.False(t, ok, "only the bots moved")
	rec.Actions = append(rec.Actions, record.Step{Seat: 0, Act: "y"})
	e, ok := abandonedOf(save)
	assert.True(t, ok, "the player moved")
	assert.Nil(t, e.result, "no result: given up")
	save.Done = true
	_, ok = abandonedOf(save)
	assert.False(t, ok, "a finished match was counted at its end")
	_, ok = abandonedOf(Save{})
	assert.False(t, ok, "no save")
}

func TestAGivenUpMatchHasNoScore(t *testing.T) {
	rec, _ := playKing(t, 11)
	rec.Actions = rec.Actions[:40]
	e, ok := abandonedOf(Save{Record: rec, Seat: 0, Bots: []string{"", "easy", "easy", "easy"}})
	require.True(t, ok)
	m, ok := matchOf(app.Context{}, e)
	require.True(t, ok)
	assert.Equal(t, stats.Abandoned, m.Outcome)
	assert.False(t, m.Scored)
	assert.Nil(t, m.Scores)
}

func TestRoomSeats(t *testing.T) {
	got := roomSeats([]rtc.SeatStatus{
		{Kind: "host", Name: "Ana"}, {Kind: "player", Name: "Me"}, {Kind: "bot", Bot: "hard"}, {Kind: "empty", Bot: "normal", BotPlays: true},
	}, 1)
	assert.Equal(t, []stats.Seat{{Kind: stats.Friend, Name: "Ana"}, {Kind: stats.You, Name: "Me"}, {Kind: stats.Bot, Level: "hard"}, {Kind: stats.Open, Level: "normal"}}, got)
}

func TestAKlondikeDealIsRecordedWithItsTimeAndMoves(t *testing.T) {
	g, _ := lookupGame("klondike")
	cfg := games.Config{Players: 1, Seed: 3}
	s, err := g.Game.New(cfg)
	require.NoError(t, err)
	rec := record.New("klondike", cfg)
	bot, err := bots.New("normal", g, 1)
	require.NoError(t, err)
	require.NoError(t, bots.Play(g, cfg, s, []bots.Bot{bot}, games.NewRand(1), 5000, func(seat games.Seat, a games.Action) {
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
	}))
	res := s.Result()
	m, ok := matchOf(app.Context{}, ended{rec: rec, seat: 0, seats: []stats.Seat{{Kind: stats.You}}, result: &res, at: 1})
	require.True(t, ok)
	assert.Equal(t, len(rec.Actions), m.Moves, "the player's moves")
	assert.Equal(t, "drawCount=1,scoring=STANDARD", m.Variant)
	b, _ := json.Marshal(m)
	t.Logf("a Klondike deal of %d actions (%s): %d bytes stored", len(rec.Actions), m.Outcome, len(b))
}

func TestAFriendsMatchLeftIsGivenUpNamedByItsDraw(t *testing.T) {
	rec := record.New("catte", games.Config{Players: 4, Options: map[string]string{"region": "KHMER"}})
	seats := []stats.Seat{{Kind: stats.Friend, Name: "Ann"}, {Kind: stats.You, Name: "Bo"}, {Kind: stats.Bot, Level: "hard"}, {Kind: stats.Bot, Level: "hard"}}
	m := leftOf(rec, []string{"aa", "bb", "", ""}, "ROOM1", 7, ended{seat: 1, seats: seats, at: 5})
	assert.Equal(t, stats.Abandoned, m.Outcome)
	assert.True(t, m.Room)
	assert.Equal(t, 1, m.Seat)
	assert.Equal(t, "region=KHMER", m.Variant)
	assert.Equal(t, seats, m.Seats)
	assert.False(t, m.Scored, "no score: given up")
	assert.Empty(t, m.Replay, "a friend's page has no record before the end")
	again := leftOf(rec, []string{"aa", "bb", "", ""}, "ROOM1", 7, ended{seat: 1, at: 9})
	assert.Equal(t, m.ID, again.ID, "the same match left twice counts once")
	for name, other := range map[string]stats.Match{
		"the next deal's draw": leftOf(rec, []string{"cc", "bb", "", ""}, "ROOM1", 7, ended{seat: 1}),
		"another room":         leftOf(rec, []string{"aa", "bb", "", ""}, "ROOM2", 7, ended{seat: 1}),
		"a later step":         leftOf(rec, []string{"aa", "bb", "", ""}, "ROOM1", 8, ended{seat: 1}),
	} {
		assert.NotEqual(t, m.ID, other.ID, name)
	}
	s := stats.Store{Version: stats.Version}
	require.True(t, s.Add(m))
	b, err := stats.Encode(s)
	require.NoError(t, err)
	back, err := stats.Decode(b)
	require.NoError(t, err, "a friend's match given up is stored and read back")
	assert.Equal(t, 1, back.Overall("catte").Abandoned)
}

// A match of people sharing the phone counts for the phone's owner (the
// first seat), with the others named in its seats, whoever held the phone
// last.
func TestASharedMatchCountsForThePhonesOwner(t *testing.T) {
	rec, _ := playKing(t, 11)
	rec.Actions = rec.Actions[:40]
	s := Save{Record: rec, Seat: 2, Bots: []string{"", "easy", "", "easy"}, People: []string{"Ann", "", "Bo", ""}}
	e, ok := abandonedOf(s)
	require.True(t, ok)
	assert.Equal(t, games.Seat(0), e.seat)
	assert.Equal(t, []stats.Seat{{Kind: stats.You, Name: "Ann"}, {Kind: stats.Bot, Level: "easy"}, {Kind: stats.Friend, Name: "Bo"}, {Kind: stats.Bot, Level: "easy"}}, e.seats)
}

// A finished match of people sharing the phone counts for its owner (seat
// 0) and keeps every other person's result by their seat, their name
// trimmed; bots are not people.
func TestASharedMatchKeepsEveryPersonsResult(t *testing.T) {
	rec, res := playKing(t, 12)
	save := Save{Record: rec, Seat: 2, Bots: []string{"", "easy", "", ""}, People: []string{"Ann", "", " Bo ", ""}, Done: true, Result: &res}
	m, ok := matchOf(app.Context{}, ended{rec: rec, seat: ownerSeat(save), seats: soloSeats(save), result: &res, at: 1})
	require.True(t, ok)
	assert.Equal(t, 0, m.Seat)
	want := []stats.Person{{Name: "Bo", Seat: 2}, {Seat: 3}}
	for i := range want {
		want[i].Outcome = stats.OutcomeOf("king", &res, games.Seat(want[i].Seat))
		want[i].Score, want[i].Scored = stats.ScoreOf(&res, games.Seat(want[i].Seat))
	}
	assert.Equal(t, want, m.People)
	var s stats.Store
	s.Add(m)
	assert.Equal(t, []stats.Someone{{Key: "bo", Name: "Bo", Seat: 2}, {Key: "#4", Seat: 3}}, s.People())
	assert.Equal(t, 1, s.Of("bo").Overall("king").Played)

	// Replaced before its end: every person did not finish it.
	part, _ := playKing(t, 13)
	part.Actions = part.Actions[:40]
	e, ok := abandonedOf(Save{Record: part, Seat: 0, Bots: []string{"", "easy", "", "easy"}, People: []string{"Ann", "", "Bo", ""}})
	require.True(t, ok)
	gaveUp, ok := matchOf(app.Context{}, e)
	require.True(t, ok)
	assert.Equal(t, []stats.Person{{Name: "Bo", Seat: 2, Outcome: stats.Abandoned}}, gaveUp.People)

	// Alone, or in a room, nobody else is counted.
	alone := Save{Record: rec, Seat: 0, Bots: []string{"", "easy", "easy", "easy"}, Done: true, Result: &res}
	m, ok = matchOf(app.Context{}, ended{rec: rec, seat: 0, seats: soloSeats(alone), result: &res, at: 1})
	require.True(t, ok)
	assert.Nil(t, m.People)
}
