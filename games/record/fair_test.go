package record_test

import (
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// fairMatch plays a whole King match of four seats from a joint seed
// whose seat 2 did not reveal, and returns its record and result.
func fairMatch(t *testing.T) (games.Entry, *record.Record, games.Result) {
	t.Helper()
	e, err := catalog.Lookup("king")
	require.NoError(t, err)
	const room = "ROOMCODE"
	d := record.Draw{Commits: make([]string, 4), Reveals: make([]string, 4)}
	var shares [][]byte
	for i := range 4 {
		share := make([]byte, record.ShareLen)
		crand.Read(share)
		c := record.Commitment(share, room, games.Seat(i))
		d.Commits[i] = hex.EncodeToString(c[:])
		if i != 2 {
			d.Reveals[i] = hex.EncodeToString(share)
			shares = append(shares, share)
		}
	}
	js := record.JointSeed(shares)
	d.Seed = hex.EncodeToString(js[:])
	rec := record.New("king", games.Config{Players: 4, Seed: record.SeedOf(js)})
	rec.Fair = &record.Fair{Room: room, Draws: []record.Draw{{Commits: []string{"", "", "", ""}, Reveals: []string{"", "", "", ""}}, d}}
	s, err := e.Game.New(rec.Config())
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for !s.Done() {
		actors := s.Actors(nil)
		seat := actors[rng.IntN(len(actors))]
		legal := s.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
		require.NoError(t, s.Apply(seat, a))
	}
	return e, rec, s.Result()
}

func clone(t *testing.T, r *record.Record) *record.Record {
	b, err := r.Marshal()
	require.NoError(t, err)
	out, err := record.Parse(b)
	require.NoError(t, err)
	return out
}

func TestAFairRecordVerifiesAndEveryTamperingIsNamed(t *testing.T) {
	e, rec, res := fairMatch(t)
	_, err := record.Verify(e.Game, clone(t, rec), &res)
	require.NoError(t, err, "the honest record verifies after a round trip through JSON")

	flip := func(s string) string { // another valid hexadecimal value
		b := []byte(s)
		b[0] = map[bool]byte{true: '1', false: '0'}[b[0] == '0']
		return string(b)
	}
	tests := []struct {
		name   string
		tamper func(r *record.Record, res *games.Result)
		kind   string
		seat   games.Seat
		says   string
	}{
		{"the host lies about its own share", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Reveals[0] = flip(r.Fair.Draws[1].Reveals[0])
		}, record.FairReveal, 0, "draw 2: seat 0's revealed share does not match its commitment"},
		{"a peer's share swapped", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Reveals[3] = flip(r.Fair.Draws[1].Reveals[3])
		}, record.FairReveal, 3, "seat 3's revealed share"},
		{"the seed changed", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Seed = flip(r.Fair.Draws[1].Seed)
		}, record.FairSeed, -1, "the seed is not the hash of the revealed shares"},
		{"the match's seed changed", func(r *record.Record, _ *games.Result) { r.Seed++ }, record.FairMatchSeed, -1, "the match's seed"},
		{"a share dropped after the fact", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Reveals[1] = ""
		}, record.FairSeed, -1, "not the hash"},
		{"another room", func(r *record.Record, _ *games.Result) { r.Fair.Room = "OTHER" }, record.FairReveal, 0, "seat 0"},
		{"a share that is not hexadecimal", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Reveals[1] = "zz"
		}, record.FairMalformed, 1, "share: 2 characters"},
		{"a commitment cut short", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Commits[1] = r.Fair.Draws[1].Commits[1][:10]
		}, record.FairMalformed, 1, "commitment"},
		{"too few seats", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Commits = r.Fair.Draws[1].Commits[:3]
		}, record.FairMalformed, -1, "3 commitments and 4 shares for 4 seats"},
		{"no share at all", func(r *record.Record, _ *games.Result) {
			r.Fair.Draws[1].Reveals = []string{"", "", "", ""}
		}, record.FairSeed, -1, "no share was revealed"},
		{"no joint seed", func(r *record.Record, _ *games.Result) { r.Fair = nil }, record.FairNone, -1, "no jointly drawn seed"},
		{"fixed deals", func(r *record.Record, _ *games.Result) {
			r.Deals = []games.Deal{{Hands: [][]string{{"AS"}}}}
		}, record.FairDeals, -1, "fixes its deals"},
		{"other scores", func(r *record.Record, res *games.Result) { res.Scores[0] += 5 }, record.FairScores, -1, "other scores"},
		{"an action changed", func(r *record.Record, _ *games.Result) {
			r.Actions[len(r.Actions)-1].Act = "dance"
		}, record.FairReplay, -2, "does not replay from the seed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := clone(t, rec)
			want := res
			want.Scores = append([]int(nil), res.Scores...)
			tt.tamper(r, &want)
			_, err := record.Verify(e.Game, r, &want)
			var fe *record.FairError
			require.True(t, errors.As(err, &fe), "%v", err)
			assert.Equal(t, tt.kind, fe.Kind)
			if tt.seat != -2 {
				assert.Equal(t, tt.seat, fe.Seat)
			}
			assert.Contains(t, fe.Error(), tt.says)
		})
	}
}

func TestOldRecordsStillLoadAndSayTheyHoldNoJointSeed(t *testing.T) {
	r, err := record.Parse([]byte(`{"game":"king","players":4,"seed":7,"actions":[]}`))
	require.NoError(t, err)
	assert.Nil(t, r.Fair)
	var fe *record.FairError
	require.ErrorAs(t, r.CheckFair(), &fe)
	assert.Equal(t, record.FairNone, fe.Kind)
}

func TestCommitmentBindsTheRoomAndTheSeat(t *testing.T) {
	share := make([]byte, record.ShareLen)
	a := record.Commitment(share, "AB", 1)
	assert.NotEqual(t, a, record.Commitment(share, "AB", 2))
	assert.NotEqual(t, a, record.Commitment(share, "ABC", 1))
	share[5] = 1
	assert.NotEqual(t, a, record.Commitment(share, "AB", 1))
}
