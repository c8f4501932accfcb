package main

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/rtc/blindroom"
	"cardtable/rtc/mentalwire"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// faults is every fault worker i posted.
func (r *room) faults(i int) []*mentalwire.Fault {
	var out []*mentalwire.Fault
	for _, o := range r.outs[i] {
		if o.Fault != nil {
			out = append(out, o.Fault)
		}
	}
	return out
}

// ordered is every message the sequencer's worker put in the room's order.
func (r *room) ordered() []blindroom.Message {
	var out []blindroom.Message
	for _, o := range r.outs[0] {
		if o.Room != nil {
			m, err := blindroom.Decode(o.Room)
			require.NoError(r.t, err)
			out = append(out, m)
		}
	}
	return out
}

// tick is the sequencer's worker's look at the room's clock at t0+d; what
// it ordered is delivered.
func (r *room) tick(d time.Duration) {
	r.workers[0].tick(t0.Add(d))
	r.run()
}

// TestAPageThatStallsTheRoomIsNamed: a page whose shuffle is lost on its
// way is named once the sequencer's worker has looked at the room's clock
// over blindroom.StallTimeout, not before. With two pages every worker
// posts the fault naming it; with three, its own worker does, and the two
// others deal the round again without it and play to the end.
func TestAPageThatStallsTheRoomIsNamed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pages   int
		owner   []int
		persons []int
		page    int
	}{
		{"two pages", 2, []int{0, 1, 0, 0}, nil, 1},
		{"three pages, persons at the table: dealt around", 3, []int{0, 1, 2, 0}, ints(0, 1, 2), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t, tc.pages)
			r.drop = func(from int, m blindroom.Message) bool { return from == tc.page && m.Kind == blindroom.KindShuffle }
			r.start("mindikot", games.Config{Players: 4, Seed: 4, Options: map[string]string{"targetPoints": "1"}}, tc.owner, tc.persons)
			r.run()
			r.clean()
			n := len(r.outs[0])
			r.tick(0)
			r.tick(blindroom.StallTimeout - time.Second)
			require.Len(t, r.outs[0], n, "nothing before the room waited StallTimeout")
			r.tick(blindroom.StallTimeout)
			ordered := r.ordered()
			require.NotEmpty(t, ordered)
			stall := ordered[len(ordered)-1]
			if len(tc.persons) == 0 {
				assert.Equal(t, blindroom.Message{Kind: blindroom.KindStall, Round: 1, Stalled: tc.page}, stall)
				for i := range r.workers {
					f := r.faults(i)
					require.Len(t, f, 1, "worker %d", i+1)
					assert.Equal(t, tc.page, f[0].Page)
					assert.Contains(t, f[0].Part, "it sent nothing for 30s while the room waited on its shuffle")
					assert.True(t, f[0].Stall, "worker %d tells its page the room stalled", i+1)
				}
				return
			}
			f := r.faults(tc.page)
			require.Len(t, f, 1)
			assert.Equal(t, tc.page, f[0].Page)
			assert.Contains(t, f[0].Part, "it sent nothing for 30s while the room waited on its shuffle; the others deal the round again without it")
			assert.True(t, f[0].Stall)
			r.gone[tc.page] = true
			r.cleanBut(tc.page)
			r.done()
			rec := r.checkTables("mindikot")
			require.NotEmpty(t, rec.Deals)
			stalled := false
			for _, m := range ordered {
				stalled = stalled || m.Kind == blindroom.KindStall && m.Stalled == tc.page
			}
			assert.True(t, stalled, "the sequencer named page %d", tc.page+1)
		})
	}
}

// cleanBut says no worker but page but's posted an error or a fault.
func (r *room) cleanBut(but int) {
	for i, outs := range r.outs {
		if i == but {
			continue
		}
		for _, o := range outs {
			require.Empty(r.t, o.Error, "worker %d", i+1)
			require.Nil(r.t, o.Fault, "worker %d", i+1)
		}
	}
}

// TestNoStallIsNamedWhileAPersonMoves: the room waits on a person's move as
// long as it takes: the sequencer's worker names no one.
func TestNoStallIsNamedWhileAPersonMoves(t *testing.T) {
	r := newRoom(t, 4)
	r.start("mindikot", games.Config{Players: 4, Seed: 3, Options: map[string]string{"targetPoints": "1"}}, nil, ints(0, 1, 2, 3))
	for _, pt := range r.tables {
		pt.auto = false
	}
	r.run()
	r.clean()
	n := []int{len(r.outs[0]), len(r.outs[1]), len(r.outs[2]), len(r.outs[3])}
	for _, d := range []time.Duration{0, blindroom.StallTimeout, time.Hour, 24 * time.Hour} {
		r.tick(d)
	}
	for i := range r.workers {
		assert.Len(t, r.outs[i], n[i], "worker %d", i+1)
	}
}

// TestOnlyTheHostsWorkerNamesAStall: a page that says another stalled the
// room is at fault, on every page.
func TestOnlyTheHostsWorkerNamesAStall(t *testing.T) {
	r := newRoom(t, 3)
	r.tamper = func(from int, m *blindroom.Message) {
		if from == 1 && m.Kind == blindroom.KindKey {
			m.Kind, m.Key, m.Stalled = blindroom.KindStall, nil, 2
		}
	}
	r.start("king", games.Config{Players: 4, Seed: 1}, []int{0, 1, 2, 0}, nil)
	r.run()
	for i := range r.workers {
		f := r.faults(i)
		require.Len(t, f, 1, "worker %d", i+1)
		assert.Equal(t, 1, f[0].Page)
		assert.Contains(t, f[0].Part, "only the host keeps the room's clock")
	}
}

// TestTheSequencersWorkerWatchesTheRoomsClock: the sequencer's worker's
// own ticker looks at the room's clock (here a fake one, StallTimeout
// more at each look once the room has stalled) while the page's messages
// come, names the page that stalls the room, and stops with the worker.
func TestTheSequencersWorkerWatchesTheRoomsClock(t *testing.T) {
	r := newRoom(t, 2)
	var stalled atomic.Bool
	var looks atomic.Int64
	named := make(chan struct{})
	w := r.workers[0]
	w.interval = time.Millisecond
	w.now = func() time.Time {
		if !stalled.Load() {
			return t0
		}
		return t0.Add(time.Duration(looks.Add(1)) * blindroom.StallTimeout)
	}
	w.post = func(o mentalwire.Out) {
		r.posted(0, o)
		if o.Fault != nil {
			close(named)
		}
	}
	r.drop = func(from int, m blindroom.Message) bool { return m.Kind == blindroom.KindShuffle }
	r.start("mindikot", games.Config{Players: 4, Seed: 4, Options: map[string]string{"targetPoints": "1"}}, []int{0, 1, 0, 0}, nil)
	r.run() // the ticker looks meanwhile, at t0: nothing is named
	require.Empty(t, r.faults(0))
	stalled.Store(true)
	select {
	case <-named:
	case <-time.After(time.Minute):
		t.Fatal("the sequencer's worker named no page")
	}
	select {
	case <-w.watched:
	case <-time.After(time.Minute):
		t.Fatal("the room's clock did not stop with the worker")
	}
	r.run()
	for i := range r.workers {
		f := r.faults(i)
		require.Len(t, f, 1, "worker %d", i+1)
		assert.Equal(t, 1, f[0].Page)
		assert.Contains(t, f[0].Part, "its shuffle")
	}
}
