//go:build !(js && wasm)

package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/wire"
)

// fairRecord is a whole King match of four seats dealt from a joint seed
// of four shares.
func fairRecord(t *testing.T) *record.Record {
	t.Helper()
	e, err := catalog.Lookup("king")
	require.NoError(t, err)
	d := record.Draw{Commits: make([]string, 4), Reveals: make([]string, 4)}
	var shares [][]byte
	for i := range 4 {
		share := make([]byte, record.ShareLen)
		rand.Read(share)
		c := record.Commitment(share, "ROOM", games.Seat(i))
		d.Commits[i], d.Reveals[i] = hex.EncodeToString(c[:]), hex.EncodeToString(share)
		shares = append(shares, share)
	}
	js := record.JointSeed(shares)
	d.Seed = hex.EncodeToString(js[:])
	rec := record.New("king", games.Config{Players: 4, Seed: record.SeedOf(js)})
	rec.Fair = &record.Fair{Room: "ROOM", Draws: []record.Draw{d}}
	s, err := e.Game.New(rec.Config())
	require.NoError(t, err)
	rng := mrand.New(mrand.NewPCG(3, 4))
	for !s.Done() {
		seat := s.Actors(nil)[0]
		legal := s.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
		require.NoError(t, s.Apply(seat, a))
	}
	return rec
}

func TestReplayVerifySaysDealVerifiedOrExactlyWhatFailed(t *testing.T) {
	dir := t.TempDir()
	honest := fairRecord(t)
	tests := []struct {
		name   string
		change func(r *record.Record)
		says   string // on stdout when verified, else on stderr
		ok     bool
	}{
		{"an honest room match", func(*record.Record) {}, "deal verified: seed " + honest.Fair.Draws[0].Seed + " is the hash of 4 shares (draw 1 of 1)", true},
		{"the host lied about its share", func(r *record.Record) {
			r.Fair.Draws[0].Reveals[0] = hex.EncodeToString(make([]byte, record.ShareLen))
		}, "deal not verified: draw 1: seat 0's revealed share does not match its commitment\n", false},
		{"the seed changed", func(r *record.Record) { r.Seed ^= 1 }, "deal not verified: the match's seed is not the one the draw gave\n", false},
		{"the draw's seed changed", func(r *record.Record) {
			r.Fair.Draws[0].Seed = hex.EncodeToString(make([]byte, 32))
		}, "deal not verified: draw 1: the seed is not the hash of the revealed shares\n", false},
		{"a record seeded by one page", func(r *record.Record) { r.Fair = nil }, "deal not verified: the record holds no jointly drawn seed\n", false},
		{"an action that does not replay", func(r *record.Record) { r.Actions[3].Act = "play 2C" }, "deal not verified: action 3 does not replay from the seed", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := honest.Marshal()
			require.NoError(t, err)
			r, err := record.Parse(b)
			require.NoError(t, err)
			tt.change(r)
			b, err = r.Marshal()
			require.NoError(t, err)
			file := filepath.Join(dir, "match.json")
			require.NoError(t, os.WriteFile(file, b, 0o600))
			var out, errOut bytes.Buffer
			err = runReplay([]string{"-verify", file}, &out, &errOut)
			if tt.ok {
				require.NoError(t, err)
				assert.Contains(t, out.String(), tt.says)
				assert.Contains(t, out.String(), "replay from it to scores")
				return
			}
			assert.ErrorIs(t, err, errQuiet, "the command exits non-zero")
			assert.Contains(t, errOut.String(), tt.says)
			assert.Empty(t, out.String())
		})
	}
	var out, errOut bytes.Buffer
	file := filepath.Join(dir, "torn.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"game":"king","players":4,"fair":{"room":`), 0o600))
	assert.Error(t, runReplay([]string{"-verify", file}, &out, &errOut), "a torn file")
}

func TestTheLobbySaysWhoseShareTheDealWasMadeWithoutAndWhy(t *testing.T) {
	names := []string{"You", "Bob", "Cy", "Bot 4"}
	d := &wire.DrawStatus{Draw: 2, Phase: wire.PhaseDone, Commits: make([]string, 4), Revealed: make([]bool, 4),
		Left:    []wire.LeftOut{{Seat: 1, Why: wire.LeftNoReveal}, {Seat: 2, Why: wire.LeftNoCommit}, {Seat: 0, Why: wire.LeftMismatch}},
		Earlier: []wire.EarlierDraw{{Draw: 1, Revealed: 2}}}
	assert.Equal(t, []string{
		"The host started the shuffle again after 2 shares had been revealed (attempt 1).",
		"Bob's page did not reveal its share in time; the deal was made without it.",
		"Cy's page did not add its share in time; the deal was made without it.",
		"Your page's share did not match what it had promised; the deal was made without it.",
	}, drawLines(nil, d, names, 0))

	waiting := &wire.DrawStatus{Draw: 1, Phase: wire.PhaseReveal, WaitMs: 4200,
		Commits:  []string{"a", "b", "", "d"},
		Revealed: []bool{true, false, false, true}}
	assert.Equal(t, []string{"Shuffling together: every share is promised; waiting for Bob to reveal theirs (at most 5 s more)."}, drawLines(nil, waiting, names, 0))
}

func TestTheResultSaysDealVerifiedOrNamesWhatFailed(t *testing.T) {
	names := []string{"You", "Bob", "Cy", "Bot 4"}
	ok, lines := verdictLines(nil, rtc.Verdict{Draws: 2, Left: []wire.LeftOut{{Seat: 2, Why: wire.LeftNoReveal}}}, names, 0)
	assert.True(t, ok)
	assert.Equal(t, []string{
		"Deal verified: it follows from every page's share, and the match replays to the same scores.",
		"The shuffle was drawn 2 times: the host started it again.",
		"Cy's share was not in the deal.",
	}, lines)
	tests := []struct {
		err  error
		says string
	}{
		{&record.FairError{Kind: record.FairReveal, Seat: 1, Draw: 1}, "Deal not verified: Bob's revealed share does not match the one promised."},
		{&record.FairError{Kind: record.FairSeed, Seat: -1, Draw: 1}, "Deal not verified: the shuffle's seed is not the hash of the revealed shares."},
		{&record.FairError{Kind: record.FairView, Seat: 0, Step: 6}, "Deal not verified: the cards you were shown at move 7 are not the ones the seed deals."},
		{errors.New("the match is not over"), "Deal not verified: the match is not over."},
		{&record.FairError{Kind: record.FairHostShare, Seat: 3, Draw: 1}, "Deal not verified: Bot 4's share is missing from the deal, though the host's page draws it itself and cannot be late with it."},
		{&record.FairError{Kind: record.FairShown, Seat: 2, Draw: 1}, "Deal not verified: Cy's share is missing from the deal, though the lobby showed it revealed."},
		{&record.FairError{Kind: record.FairNotAsked, Seat: 0, Draw: 1}, "Deal not verified: your page promised its share but was never asked to reveal it, so it cannot vouch for this deal."},
		{&record.FairError{Kind: record.FairNoShare, Seat: -1, Draw: 2}, "Deal not verified: this page had no share in the shuffle that dealt the cards (it watched, or came in after it), so it cannot vouch for this deal."},
	}
	for _, tt := range tests {
		ok, lines := verdictLines(nil, rtc.Verdict{Err: tt.err}, names, 0)
		assert.False(t, ok)
		assert.Equal(t, []string{tt.says}, lines)
	}
}
