//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/record"
)

// simMental runs `app sim -deal mental` for one match and returns the
// record file it wrote.
func simMental(t *testing.T, args ...string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "match.json")
	var out bytes.Buffer
	args = append([]string{"-deal", "mental", "-n", "1", "-seed", "7", "-botseed", "3", "-out", name}, args...)
	require.NoError(t, runSim(args, &out))
	return name
}

// replayVerify runs `app replay -verify name` and returns what it printed
// and its error.
func replayVerify(t *testing.T, name string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := runReplay([]string{"-verify", name}, &out, &errOut)
	return out.String(), errOut.String(), err
}

// checkMentalRecord: the record verifies, replays as any record, and a play
// changed to another card of the record is refused naming the action.
func checkMentalRecord(t *testing.T, name string, players int) {
	t.Helper()
	out, errOut, err := replayVerify(t, name)
	require.NoError(t, err, errOut)
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	rec, err := record.Parse(data)
	require.NoError(t, err)
	assert.Regexp(t, `^deal and play verified: \d+ rounds? dealt by `+strconv.Itoa(players)+` pages, every shuffle proved, every card opened by its holder; the \d+ actions replay to scores \[[-\d ]+\]\n$`, out)
	assert.Contains(t, out, "the "+strconv.Itoa(len(rec.Actions))+" actions")

	var plain, perr bytes.Buffer
	require.NoError(t, runReplay([]string{name}, &plain, &perr), perr.String())
	var oc Outcome
	require.NoError(t, json.Unmarshal(plain.Bytes(), &oc))
	assert.True(t, oc.Done)

	// The first play names the card of the second one instead.
	first, second := -1, -1
	for i, st := range rec.Actions {
		if strings.HasPrefix(st.Act, "play ") {
			if first < 0 {
				first = i
			} else if st.Act != rec.Actions[first].Act {
				second = i
				break
			}
		}
	}
	require.Greater(t, second, first)
	rec.Actions[first].Act = rec.Actions[second].Act
	bad := filepath.Join(t.TempDir(), "changed.json")
	require.NoError(t, writeRecord(bad, rec))
	out, errOut, err = replayVerify(t, bad)
	assert.ErrorIs(t, err, errQuiet)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "deal not verified: ")
	assert.Contains(t, errOut, "action "+strconv.Itoa(first))
}

func TestSimMentalKingRecordVerifies(t *testing.T) {
	args := []string{"-game", "king"}
	if raceEnabled {
		args = append(args, "-opt", "collectingRounds=4") // the race detector slows the cryptography ten times
	}
	checkMentalRecord(t, simMental(t, args...), 4)
}

func TestSimMentalMindikotRecordVerifies(t *testing.T) {
	cases := map[string][]string{
		"CUT":           {"-opt", "targetPoints=2"},
		"HIDDEN RANDOM": {"-opt", "mode=HIDDEN", "-opt", "targetPoints=2"},
		"HIDDEN CHOSEN": {"-opt", "mode=HIDDEN", "-opt", "hiddenCardSelection=CHOSEN", "-opt", "targetPoints=1"},
		"six players":   {"-players", "6", "-opt", "targetPoints=1"},
	}
	for name, opts := range cases {
		t.Run(name, func(t *testing.T) {
			players := 4
			if name == "six players" {
				players = 6
			}
			checkMentalRecord(t, simMental(t, append([]string{"-game", "mindikot"}, opts...)...), players)
		})
	}
}

// TestSimMentalWithTheHostsBotsVerifies: -pages gives the host's page its
// bots' seats; the record names the seats' pages and verifies, dealt by
// three pages for four seats; owners no room has are refused.
func TestSimMentalWithTheHostsBotsVerifies(t *testing.T) {
	checkMentalRecord(t, simMental(t, "-game", "king", "-opt", "collectingRounds=4", "-pages", "1,2,3,1"), 3)
	for _, bad := range []struct{ pages, want string }{
		{"2,1,3,1", "seat 1 to page 2"},
		{"1,3,3,1", "page 2 holds no seat"},
		{"1,2,x,1", `"x" is not a page number`},
	} {
		var out bytes.Buffer
		err := runSim([]string{"-game", "king", "-deal", "mental", "-n", "1", "-pages", bad.pages}, &out)
		require.Error(t, err, bad.pages)
		assert.Contains(t, err.Error(), bad.want)
	}
}

func TestSimDealMentalIsRefusedWhereItCannotDeal(t *testing.T) {
	var out bytes.Buffer
	err := runSim([]string{"-game", "catte", "-deal", "mental", "-n", "1"}, &out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-deal mental deals king and mindikot only, not catte")
	err = runSim([]string{"-game", "king", "-deal", "dealer", "-n", "1"}, &out)
	assert.ErrorContains(t, err, `-deal is seed or mental, not "dealer"`)
	err = runSim([]string{"-game", "king", "-n", "2", "-out", filepath.Join(t.TempDir(), "x.json")}, &out)
	assert.ErrorContains(t, err, "-out writes one match's record")
}
