package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/stats"
)

// The statistics (package stats) live in the browser's local storage, as
// the store's JSON under one key. Local storage rather than IndexedDB: it
// is synchronous (read and written in the event that ends a match, no
// callbacks through syscall/js), and large enough. Measured
// (statistics_store_test.go): a King match of 448 actions and 14 rounds
// costs 1,860 bytes in the history (1,400 of them its replay), a Klondike
// deal of 65 actions 465, the tally every match keeps forever about 100; so
// 200 detailed King matches and 10,000 tallies come to about 1.4 MB of the
// 5 million characters an origin may keep there.
//
// A stored text that is damaged is never overwritten: the first time a
// match is recorded over it, it is moved aside under its own key (the
// statistics page offers it as a file, and to discard it) and the figures
// start again; while something is already kept aside, nothing is recorded
// over a second damaged text. A store written by a newer version of the
// app is left as it is and nothing is recorded over it.

const (
	statisticsKey      = "cardtable.statistics"
	statisticsAsideKey = "cardtable.statistics.damaged"
	// legacyGame is the one game that kept a run of wins before the
	// statistics (Klondike), under legacyStreakKey: read into the store's
	// run from before for this game, then removed. Storage compatibility:
	// the id is the one the old key was written with.
	legacyGame      = "klondike"
	legacyStreakKey = "cardtable.streak." + legacyGame
)

// kv is what the statistics are kept in: local storage in the browser, a
// map in tests.
type kv interface {
	get(key string) (string, bool)
	set(key, value string) error
	del(key string)
}

// localStore is the browser's local storage; natively it holds nothing.
type localStore struct{}

func (localStore) get(key string) (string, bool) {
	if !app.IsClient {
		return "", false
	}
	v := app.Window().Get("localStorage").Call("getItem", key)
	if v.Type() != app.TypeString {
		return "", false
	}
	return v.String(), true
}

// set writes the value; the browser refusing it (its quota full) is an
// error, not a panic.
func (localStore) set(key, value string) (err error) {
	if !app.IsClient {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("local storage refused the statistics: %v", r)
		}
	}()
	app.Window().Get("localStorage").Call("setItem", key, value)
	return nil
}

func (localStore) del(key string) {
	if app.IsClient {
		app.Window().Get("localStorage").Call("removeItem", key)
	}
}

// statistics is the store as read.
type statistics struct {
	Store stats.Store
	// Err is why the stored text cannot be read (a *stats.DecodeError:
	// damaged, or written by a newer version); Store is then empty but for
	// a run kept from before, and Text is the stored text as found.
	Err  error
	Text []byte
	// Aside is a damaged text set aside earlier, nil for none.
	Aside []byte
}

// readStatistics reads the store, with Klondike's run of wins from before
// the statistics if it is still kept on its own.
func readStatistics(k kv) statistics {
	var st statistics
	if raw, ok := k.get(statisticsKey); ok {
		s, err := stats.Decode([]byte(raw))
		if err != nil {
			st.Err, st.Text = err, []byte(raw)
		} else {
			st.Store = s
		}
	}
	if raw, ok := k.get(statisticsAsideKey); ok {
		st.Aside = []byte(raw)
	}
	if run, _, ok := legacyRun(k); ok {
		st.Store = stats.Merge(st.Store, stats.Store{Before: map[string]stats.Run{legacyGame: run}})
	}
	return st
}

// legacyStreak is Klondike's run of wins as it was kept before the
// statistics.
type legacyStreak struct {
	Current int    `json:"current"`
	Best    int    `json:"best"`
	Last    string `json:"last"` // the match last counted: its seed and length, "seed/actions"
}

// legacyRun reads Klondike's old run of wins and the match it counted last;
// false when there is none or it is damaged (a damaged one is no run, as it
// always read).
func legacyRun(k kv) (stats.Run, string, bool) {
	raw, ok := k.get(legacyStreakKey)
	var s legacyStreak
	if !ok || json.Unmarshal([]byte(raw), &s) != nil || s.Current < 0 || s.Best < s.Current {
		return stats.Run{}, "", false
	}
	return stats.Run{Current: s.Current, Best: s.Best}, s.Last, true
}

// errNewerStatistics: the stored statistics are a newer version's; nothing
// is written over them.
var errNewerStatistics = errors.New("the statistics were written by a newer version of the app")

// writable reads the store to change it: a damaged text is moved aside (if
// nothing is kept aside yet), Klondike's old run of wins folded in. The
// error says why nothing may be written.
func writable(k kv) (stats.Store, error) {
	st := readStatistics(k)
	var de *stats.DecodeError
	if errors.As(st.Err, &de) {
		if de.Kind == stats.Newer {
			return stats.Store{}, errNewerStatistics
		}
		if st.Aside != nil {
			return stats.Store{}, fmt.Errorf("damaged statistics are already kept aside: %w", st.Err)
		}
		if err := k.set(statisticsAsideKey, string(st.Text)); err != nil {
			return stats.Store{}, err
		}
	}
	return st.Store, nil
}

// writeStatistics stores s; Klondike's old key is then no longer needed.
func writeStatistics(k kv, s stats.Store) error {
	data, err := stats.Encode(s)
	if err != nil {
		return err
	}
	if err := k.set(statisticsKey, string(data)); err != nil {
		return err
	}
	k.del(legacyStreakKey)
	return nil
}

// recordMatch counts a match that ended, once: the same match recorded again
// (its result reloaded) changes nothing. It returns the store after.
func recordMatch(k kv, m stats.Match) (stats.Store, error) {
	s, err := writable(k)
	if err != nil {
		return s, err
	}
	if _, last, ok := legacyRun(k); ok && last != "" && last == legacyMatchID(m.ID) && !s.Has(m.ID) {
		// The old run already counted this match: its tally counts it now.
		if run := s.Before[legacyGame]; run.Current > 0 {
			run.Current--
			s.Before[legacyGame] = run
		}
	}
	if !s.Add(m) {
		return s, nil
	}
	return s, writeStatistics(k, s)
}

// forgetMatch takes a match back out of the statistics: the player undid
// its end.
func forgetMatch(k kv, id string) error {
	s, err := writable(k)
	if err != nil || !s.Remove(id) {
		return err
	}
	return writeStatistics(k, s)
}

// legacyMatchID is a Klondike match's name as its old run of wins kept it
// ("seed/actions"), from its statistics ID; "" for another.
func legacyMatchID(id string) string {
	parts := strings.Split(id, "-")
	if len(parts) != 3 || parts[0] != legacyGame {
		return ""
	}
	seed, err := strconv.ParseUint(parts[1], 36, 64)
	if err != nil {
		return ""
	}
	return strconv.FormatUint(seed, 10) + "/" + parts[2]
}

// exportStatistics is the store as one JSON file.
func exportStatistics(k kv) ([]byte, error) {
	st := readStatistics(k)
	if st.Err != nil {
		return nil, st.Err
	}
	return stats.Encode(st.Store)
}

// importStatistics merges a file's statistics into the stored ones: no match
// is counted twice. It returns how many matches the file added; a file that
// is not statistics (or a newer version's) is refused with a
// *stats.DecodeError and changes nothing.
func importStatistics(k kv, data []byte) (int, error) {
	in, err := stats.Decode(data)
	if err != nil {
		return 0, err
	}
	s, err := writable(k)
	if err != nil {
		return 0, err
	}
	before := len(s.Tallies)
	s = stats.Merge(s, in)
	if err := writeStatistics(k, s); err != nil {
		return 0, err
	}
	return len(s.Tallies) - before, nil
}

// resetStatistics forgets every match and Klondike's old run of wins (the
// page asks first). A damaged text kept aside stays until it is discarded.
func resetStatistics(k kv) {
	k.del(statisticsKey)
	k.del(legacyStreakKey)
}

// discardAsideStatistics forgets the damaged text kept aside.
func discardAsideStatistics(k kv) { k.del(statisticsAsideKey) }
