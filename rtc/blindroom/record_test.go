//go:build !(js && wasm)

package blindroom

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
	"cardtable/games/mentalplay"
)

// checkRecords: every page writes the same record of the match, which the
// check of `app replay -verify` accepts, and which it refuses once the share
// that opened a played card is changed.
func checkRecords(t *testing.T, pages []*Page) {
	t.Helper()
	want, err := json.Marshal(pages[0].Record())
	require.NoError(t, err)
	for i, p := range pages[1:] {
		got, err := json.Marshal(p.Record())
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "page %d's record is the host's", i+2)
		require.Equal(t, pages[0].Digest(), p.Digest(), "page %d's digest is the host's", i+2)
	}
	// The digest follows what the record holds: an action, or a byte of a
	// share that opened a card, changed is another digest.
	p := pages[0]
	sum := p.Digest()
	act := p.steps[2].act
	p.steps[2].act += "x"
	assert.NotEqual(t, sum, p.Digest(), "an action changed")
	p.steps[2].act = act
	p.rounds[0].opens[1].share.Proof[0] ^= 1
	assert.NotEqual(t, sum, p.Digest(), "a share changed")
	p.rounds[0].opens[1].share.Proof[0] ^= 1
	require.Equal(t, sum, p.Digest())
	rec := pages[0].Record()
	if o := pages[0].room.Owner; pages[0].Pages() < pages[0].room.Pages() {
		// A page left: the record says which, and the seats' pages after.
	} else if o != nil {
		for _, m := range rec.Mental {
			require.Equal(t, o, m.Owner, "the record names the seats' pages")
		}
	} else {
		require.NotContains(t, string(want), `"owner"`, "page i is seat i: the record reads as before")
	}
	e, err := catalog.Lookup(rec.Game)
	require.NoError(t, err)
	s, err := mentalplay.Verify(e.Game, rec)
	require.NoError(t, err, "the room's record verifies")
	assert.Equal(t, pages[0].Table().State().Result(), s.Result())
	rec.Mental[0].Opens[3].Proof[5] ^= 1
	_, err = mentalplay.Verify(e.Game, rec)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "round 1: action")
	t.Logf("the record: %d bytes, %d rounds, %d actions", len(want), len(rec.Mental), len(rec.Actions))
}
