package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/rtc/blindroom"
)

// room is four workers and the host's order, as a page's script plays it:
// every message a worker sends goes to all four in one order.
type room struct {
	workers []*Worker
	outs    [][]Out
	queue   [][]byte
	tamper  func(from int, m *blindroom.Message)
}

func newRoom(t *testing.T, n int) *room {
	r := &room{outs: make([][]Out, n)}
	for i := range n {
		r.workers = append(r.workers, New(func(o Out) {
			// What crosses postMessage: the answer as JSON, read back.
			b, err := json.Marshal(o)
			require.NoError(t, err)
			var back Out
			require.NoError(t, json.Unmarshal(b, &back))
			if back.Send != nil {
				if r.tamper != nil {
					m, err := blindroom.Decode(back.Send)
					require.NoError(t, err)
					r.tamper(i, &m)
					back.Send, _ = blindroom.Encode(m)
				}
				r.queue = append(r.queue, back.Send)
			}
			r.outs[i] = append(r.outs[i], back)
		}))
	}
	return r
}

func (r *room) send(i int, v any) {
	b, _ := json.Marshal(v)
	r.workers[i].Receive(b)
}

// run starts every worker and sends every message on until none is left.
func (r *room) run(game string, cfg map[string]any) { r.runOwned(game, cfg, nil) }

// runOwned is run with the pages holding the seats (owner; nil: page i is
// seat i).
func (r *room) runOwned(game string, cfg map[string]any, owner []int) {
	for i := range r.workers {
		c := map[string]any{"players": max(len(r.workers), len(owner))}
		for k, v := range cfg {
			c[k] = v
		}
		start := map[string]any{"game": game, "cfg": c, "page": i}
		if owner != nil {
			start["owner"] = owner
		}
		r.send(i, map[string]any{"start": start})
	}
	for len(r.queue) > 0 {
		m := r.queue[0]
		r.queue = r.queue[1:]
		for i := range r.workers {
			r.send(i, map[string]any{"msg": m})
		}
	}
}

func last(outs []Out) Out { return outs[len(outs)-1] }

// TestFourWorkersPlayAMatchToTheEnd: four workers, each one page of a
// Mindikot room, fed every message in one order, deal every round among
// themselves, play to the end and report the same record.
func TestFourWorkersPlayAMatchToTheEnd(t *testing.T) {
	r := newRoom(t, 4)
	r.run("mindikot", map[string]any{"seed": 3, "options": map[string]string{"targetPoints": "1"}})
	want := last(r.outs[0])
	require.True(t, want.Done, "%+v", want)
	require.Len(t, want.Record, 64)
	for i, outs := range r.outs {
		got := last(outs)
		assert.True(t, got.Done, "worker %d: %+v", i+1, got)
		assert.Equal(t, want.Record, got.Record, "worker %d's record", i+1)
		dealt := 0
		for _, o := range outs {
			require.Empty(t, o.Error, "worker %d", i+1)
			require.Nil(t, o.Fault, "worker %d", i+1)
			if o.Dealt > 0 {
				dealt++
				assert.Equal(t, dealt, o.Dealt)
				assert.Positive(t, o.Ms)
			}
		}
		assert.Positive(t, dealt)
	}
}

// TestThreeWorkersAndTheHostsBotPlayAMatchToTheEnd: three workers hold the
// four seats of a King room, the host's page its own and a bot's; they
// deal, play to the end and report the same record.
func TestThreeWorkersAndTheHostsBotPlayAMatchToTheEnd(t *testing.T) {
	r := newRoom(t, 3)
	r.runOwned("king", map[string]any{"seed": 5, "options": map[string]string{"collectingRounds": "4"}}, []int{0, 1, 2, 0})
	want := last(r.outs[0])
	require.True(t, want.Done, "%+v", want)
	for i, outs := range r.outs {
		for _, o := range outs {
			require.Empty(t, o.Error, "worker %d", i+1)
			require.Nil(t, o.Fault, "worker %d", i+1)
		}
		assert.Equal(t, want.Record, last(outs).Record, "worker %d's record", i+1)
	}
}

// TestAWorkerNamesThePageAtFault: a page whose shuffle proof is wrong
// stops every worker, which names it.
func TestAWorkerNamesThePageAtFault(t *testing.T) {
	r := newRoom(t, 4)
	r.tamper = func(from int, m *blindroom.Message) {
		if from == 2 && m.Kind == blindroom.KindShuffle {
			m.Proof[100] ^= 1
		}
	}
	r.run("mindikot", map[string]any{"seed": 3, "options": map[string]string{"targetPoints": "1"}})
	for i, outs := range r.outs {
		var f *OutFault
		for _, o := range outs {
			require.Empty(t, o.Error, "worker %d", i+1)
			if o.Fault != nil {
				require.Nil(t, f, "worker %d names one fault", i+1)
				f = o.Fault
			}
		}
		require.NotNil(t, f, "worker %d: %+v", i+1, outs)
		assert.Equal(t, 2, f.Page)
		assert.Contains(t, f.Part, "its shuffle is wrong")
	}
	n := len(r.outs[0])
	r.send(0, map[string]any{"msg": []byte(`{}`)})
	assert.Len(t, r.outs[0], n, "a room message after the fault passes unanswered")
	r.send(0, map[string]any{"move": "play 9C"})
	assert.Equal(t, "the room has stopped", last(r.outs[0]).Error)
}

// TestAWorkerRefusesWhatItCannotTake: a message it cannot read, a room
// message before start, a second start, a game no blind room deals and a
// person's move are each refused with an error, and the worker goes on.
func TestAWorkerRefusesWhatItCannotTake(t *testing.T) {
	king := `{"start":{"game":"king","cfg":{"players":4,"seed":1},"page":0}}`
	for _, tc := range []struct {
		name   string
		before string
		msg    string
		want   string
	}{
		{"not JSON", "", `start`, "does not read"},
		{"an unknown field", "", `{"stop":true}`, "unknown field"},
		{"two fields", "", `{"msg":"e30=","move":"play 9C"}`, "needs one"},
		{"no field", "", `{}`, "needs one"},
		{"something after it", "", `{"move":"x"} {}`, "something after it"},
		{"a room message before start", "", `{"msg":"e30="}`, "before start"},
		{"a second start", king, king, "started already"},
		{"a game no blind room deals", "", `{"start":{"game":"catte","cfg":{"players":4},"page":0}}`, "not dealt without a dealer"},
		{"a page not in the room", "", `{"start":{"game":"king","cfg":{"players":4},"page":4}}`, "page 5 is not one of 4"},
		{"a seat held by no page", "", `{"start":{"game":"king","cfg":{"players":4},"owner":[0,1,3,0],"page":0}}`, "page"},
		{"a person's move", king, `{"move":"play 9C"}`, "takes no person's move yet"},
		{"too long", "", fmt.Sprintf(`{"move":"%0*d"}`, MaxIn, 0), "over the"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var outs []Out
			w := New(func(o Out) { outs = append(outs, o) })
			if tc.before != "" {
				w.Receive([]byte(tc.before))
			}
			outs = nil
			w.Receive([]byte(tc.msg))
			require.Len(t, outs, 1)
			assert.Contains(t, outs[0].Error, tc.want)
			assert.False(t, w.stopped)
		})
	}
}

// FuzzDecode: any bytes from the page are a message or an error, never a
// panic; a message read has exactly one field and writes back as what
// reads the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"start":{"game":"king","cfg":{"players":4,"seed":1,"options":{"collectingRounds":"4"}},"page":0}}`,
		`{"msg":"eyJraW5kIjoia2V5In0="}`, `{"move":"play 9C"}`, `{}`, `[]`, `{"msg":null}`, `{"start":{"cfg":{"deals":[{}]}}}`, `{"x":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := Decode(b)
		if err != nil {
			return
		}
		raw, err := json.Marshal(in)
		require.NoError(t, err)
		again, err := Decode(raw)
		require.NoError(t, err)
		raw2, _ := json.Marshal(again)
		assert.Equal(t, string(raw), string(raw2))
		// A worker takes it without a panic.
		New(func(Out) {}).Receive(b)
	})
}
