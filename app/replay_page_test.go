package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/king"
	"cardtable/ui/uitest"
)

// TestReplayPageStepsByTrick: the trick steps of a King replay stop after
// every trick's last card, 8 a round, and a step on from a stop reaches the
// next one; back from the end reaches the last before it.
func TestReplayPageStepsByTrick(t *testing.T) {
	rec := botMatchRecord(t, "king", 4, 6, "random")
	p := &replayPage{}
	p.open(rec)
	require.Empty(t, p.err)
	require.NotNil(t, p.view)
	// Where a spectator's table shows one more trick taken, or a new round.
	var want []int
	require.NoError(t, p.r.SetViewer(games.Observer))
	taken := func() (int, int) {
		v := p.r.Snapshot().View.(*king.View)
		n := 0
		for _, x := range v.Tricks {
			n += x
		}
		return v.Round, n
	}
	r0, n0 := taken()
	for k := 1; k <= p.r.Len(); k++ {
		p.seek(k)
		r, n := taken()
		if r != r0 || n != n0 || p.r.Snapshot().Done && k == p.r.Len() {
			want = append(want, k)
		}
		r0, n0 = r, n
	}
	assert.Equal(t, want, p.marks, "a stop after every trick")
	assert.True(t, slices.IsSorted(p.marks))
	p.seek(0)
	at := 0
	for _, m := range p.marks {
		next := p.nextMark(at)
		require.Equal(t, m, next)
		p.seek(next)
		ev, ok := p.r.Last()
		require.True(t, ok)
		assert.Contains(t, []string{"trick", "round", "match"}, ev.Desc.Outcome)
		at = next
	}
	assert.Equal(t, p.r.Len(), p.nextMark(at), "after the last trick: the end")
	assert.Equal(t, p.marks[len(p.marks)-2], p.prevMark(p.marks[len(p.marks)-1]))
	assert.Equal(t, 0, p.prevMark(p.marks[0]))
}

// TestReplayPageAllCards: with every card shown, the bottom seat's hand is
// the one the table draws and the others' go on their badges; a seat's
// view draws that seat's hand alone; an unfinished record shows a
// spectator's view and refuses every card.
func TestReplayPageAllCards(t *testing.T) {
	rec := botMatchRecord(t, "king", 4, 8, "random")
	p := &replayPage{}
	p.open(rec)
	require.Empty(t, p.err)
	p.seek(10)
	var god struct {
		Hands [][]string `json:"hands"`
	}
	require.NoError(t, p.r.SetViewer(games.God))
	b, err := json.Marshal(p.r.Snapshot().View)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &god))
	for bottom := range 4 {
		p.bottom = bottom
		p.show()
		require.NotNil(t, p.view)
		assert.Equal(t, god.Hands[bottom], p.view.Model(nil, uitest.FourNames()).Hand, "the bottom seat's hand")
		assert.Equal(t, god.Hands, p.otherHands())
	}
	require.NoError(t, p.r.SetViewer(2))
	p.show()
	assert.Equal(t, god.Hands[2], p.view.Model(nil, uitest.FourNames()).Hand)
	assert.Empty(t, p.r.Snapshot().View.(*king.View).Hands, "a seat sees no other hand")
	assert.Nil(t, p.otherHands())

	cut := *rec
	cut.Actions = rec.Actions[:30]
	q := &replayPage{}
	q.open(&cut)
	require.Empty(t, q.err)
	assert.Equal(t, games.Observer, q.r.Viewer(), "a spectator's view of an unfinished record")
	assert.Empty(t, q.view.Model(nil, uitest.FourNames()).Hand)
	assert.Error(t, q.r.SetViewer(games.God))
}
