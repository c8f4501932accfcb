package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
)

// kingSave is a King save as the table stores it: the first steps of a
// match played by bots, the player at seat 0.
func kingSave(t testing.TB, steps int) Save {
	t.Helper()
	rec := botMatchRecord(t, "king", 4, 11, "random")
	if steps >= 0 {
		rec.Actions = rec.Actions[:steps]
	}
	return Save{Record: rec, Seat: 0, Bots: []string{"", "normal", "easy", "hard"}, Undo: true}
}

func marshalSave(t testing.TB, s Save) []byte {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	return data
}

// damagedSaves are the saves the attack found and their kin, each with the
// damage the page must say.
func damagedSaves(t testing.TB) []struct {
	name string
	data []byte
	why  string
} {
	edit := func(f func(*Save)) []byte {
		s := kingSave(t, 12)
		f(&s)
		return marshalSave(t, s)
	}
	whole := marshalSave(t, kingSave(t, 12))
	klondike := marshalSave(t, Save{Record: record.New("klondike", games.Config{Players: 1, Seed: 3}), Bots: []string{""}})
	return []struct {
		name string
		data []byte
		why  string
	}{
		{"players -1", edit(func(s *Save) { s.Record.Players = -1 }), "Its number of players is not one this game allows."},
		{"players 300000000", edit(func(s *Save) { s.Record.Players = 300000000 }), "Its number of players is not one this game allows."},
		{"truncated JSON", whole[:len(whole)/2], "It is not a whole saved game: it may have been cut short."},
		{"a foreign game's save", klondike, "It is the save of a different game."},
		{"bots list of wrong length", edit(func(s *Save) { s.Bots = s.Bots[:2] }), "Its list of bots does not match its seats."},
		{"an action that does not replay", edit(func(s *Save) { s.Record.Actions[5].Act = "play 1X" }), "Its move 6 can't be played again."},
		{"the seat off the table", edit(func(s *Save) { s.Seat = 4 }), "The seat it gives you is not at its table."},
		{"a negative seat", edit(func(s *Save) { s.Seat = -1 }), "The seat it gives you is not at its table."},
		{"a bot at the player's seat", edit(func(s *Save) { s.Bots[0] = "easy" }), "Its list of bots does not match its seats."},
		{"a seat nobody plays", edit(func(s *Save) { s.Bots[2] = "" }), "Its list of bots does not match its seats."},
		{"people of the wrong count", edit(func(s *Save) { s.Bots[2], s.People = "", []string{"Ann", "", "Bo"} }), "Its list of bots does not match its seats."},
		{"a person named at a bot's seat", edit(func(s *Save) { s.People = []string{"Ann", "Bo", "", ""} }), "Its list of bots does not match its seats."},
		{"a person's name too long", edit(func(s *Save) { s.Bots[2], s.People = "", []string{"Ann", "", strings.Repeat("x", 97), ""} }), "Its list of bots does not match its seats."},
		{"the phone shown to a bot's seat", edit(func(s *Save) { s.Bots[2], s.People, s.Seat = "", []string{"Ann", "", "Bo", ""}, 1 }), "Its list of bots does not match its seats."},
		{"an unknown bot", edit(func(s *Save) { s.Bots[3] = "genius" }), "Its list of bots does not match its seats."},
		{"an unknown option", edit(func(s *Save) { s.Record.Options = map[string]string{"jokers": "on"} }), "Its options are not ones this game has."},
		{"no record", []byte(`{"seat":0,"bots":[""]}`), "It is not a whole saved game: it may have been cut short."},
		{"null", []byte(`null`), "It is not a whole saved game: it may have been cut short."},
		{"nothing", []byte(``), "It is not a whole saved game: it may have been cut short."},
		{"a string", []byte(`"king"`), "It is not a whole saved game: it may have been cut short."},
		{"too large", []byte(`{"x":"` + strings.Repeat("a", maxSaveSize) + `"}`), "It is too large to be a saved game."},
	}
}

// A save of people sharing the phone opens with the seat it was last
// shown at; a save from before pass-and-play (no people) opens as before.
func TestASharedSaveOpensWithItsPeople(t *testing.T) {
	e, _ := lookupGame("king")
	s := kingSave(t, 12)
	s.Bots[2], s.People, s.Seat = "", []string{"Ann", "", "Bo", ""}, 2
	got, err := checkSave(e, marshalSave(t, s))
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "", "Bo", ""}, got.People)
	assert.Equal(t, games.Seat(2), got.Seat)
	seats := saveBots(e, got)
	assert.Nil(t, seats[0])
	assert.Nil(t, seats[2])
	assert.NotNil(t, seats[1])
	old := []byte(`{"record":` + string(marshalJSON(t, s.Record)) + `,"seat":0,"bots":["","normal","easy","hard"],"undo":true}`)
	got, err = checkSave(e, old)
	require.NoError(t, err, "a save written before pass-and-play")
	assert.Nil(t, got.People)
}

func marshalJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestADamagedSaveIsRefusedInWordsBeforeAnythingIsBuilt(t *testing.T) {
	king, err := catalog.Lookup("king")
	require.NoError(t, err)
	for _, tc := range damagedSaves(t) {
		t.Run(tc.name, func(t *testing.T) {
			s, err := checkSave(king, tc.data)
			var bad *saveDamage
			require.ErrorAs(t, err, &bad)
			assert.Equal(t, tc.why, bad.Say(nil))
			assert.Equal(t, tc.why, sayDamage(nil, err))
			assert.Nil(t, s.Record, "nothing of a damaged save is handed on")
		})
	}
}

func TestAWholeSaveOpensAsItWasStored(t *testing.T) {
	king, err := catalog.Lookup("king")
	require.NoError(t, err)
	finished := kingSave(t, -1)
	for _, tc := range []struct {
		name     string
		data     []byte
		wantDone bool
		actions  int
	}{
		{"a save written before saves were checked", []byte(`{"record":{"game":"king","players":4,"seed":7,"actions":[]},"seat":0,"bots":["","normal","easy","hard"],"undo":true,"done":false}`), false, 0},
		{"a match in progress", marshalSave(t, kingSave(t, 12)), false, 12},
		{"a finished match", marshalSave(t, finished), true, len(finished.Record.Actions)},
		{"a save that says done before its end is not done", func() []byte {
			s := kingSave(t, 12)
			s.Done, s.Result = true, &games.Result{Scores: []int{1}}
			return marshalSave(t, s)
		}(), false, 12},
		{"a field a later version adds is let be", []byte(`{"record":{"game":"king","players":4,"seed":7,"actions":[]},"seat":2,"bots":["easy","normal","","hard"],"theme":"dark"}`), false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := checkSave(king, tc.data)
			require.NoError(t, err)
			assert.Equal(t, tc.wantDone, s.Done)
			assert.Equal(t, tc.wantDone, s.Result != nil, "a result only for a finished match")
			assert.Len(t, s.Record.Actions, tc.actions)
			// What the table builds from it opens.
			sess, err := rtc.NewLocal(king, s.Record, s.Seat, saveBots(king, s))
			require.NoError(t, err)
			assert.Equal(t, tc.wantDone, sess.Snapshot().Done)
		})
	}
}

// FuzzCheckSave: whatever local storage holds, checking it never panics;
// a refusal says in words how the save is damaged, and a save it accepts
// opens as a session with its bots.
func FuzzCheckSave(f *testing.F) {
	for _, tc := range damagedSaves(f)[:6] {
		f.Add(tc.data)
	}
	f.Add(marshalSave(f, kingSave(f, 12)))
	f.Add([]byte(`{"record":{"game":"king","players":4,"seed":7,"actions":[]},"seat":0,"bots":["","normal","easy","hard"]}`))
	king, err := catalog.Lookup("king")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := checkSave(king, data)
		if err != nil {
			var bad *saveDamage
			if !errors.As(err, &bad) || bad.Say(nil) == "" {
				t.Fatalf("not a sentence for the reader: %v", err)
			}
			return
		}
		sess, err := rtc.NewLocal(king, s.Record, s.Seat, saveBots(king, s))
		if err != nil {
			t.Fatalf("a save that passed its check does not open: %v", err)
		}
		if sess.Snapshot().Done != s.Done {
			t.Fatalf("the save says done %v, its session %v", s.Done, sess.Snapshot().Done)
		}
	})
}
