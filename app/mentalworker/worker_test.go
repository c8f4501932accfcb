package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/blind"
	"cardtable/games/record"
	"cardtable/rtc/blindroom"
	"cardtable/rtc/mentalwire"
	"cardtable/rtc/wire"
)

// room is the workers of a room's pages and what their pages do, as a
// page's script would: worker 0 orders the room; every other worker's
// frames go to it (from), and what it orders to every other worker (msg).
// Each page with a person has a table that speaks the wire protocol to its
// worker and plays the person's seat by a seeded random choice among its
// legal moves.
type room struct {
	t       *testing.T
	workers []*Worker
	outs    [][]mentalwire.Out
	tables  []*peerTable // nil: no person on the page
	queue   []delivery   // what is on its way, in order
	gone    map[int]bool // pages whose link closed
	tamper  func(from int, m *blindroom.Message)
	leave   func(from int, m blindroom.Message) bool // page from's link closes as it would send m
	drop    func(from int, m blindroom.Message) bool // page from's message m is lost on its way
	asm     map[int][]byte                           // a page's message, read back from its frames for tamper and leave
	decided func(page int, u wire.ToPeer) string     // the person's act, "" to choose at random
}

type delivery struct {
	to  int
	msg mentalwire.In
}

// peerTable is a page's table: what its worker told it.
type peerTable struct {
	seat    int
	rng     *rand.Rand
	id      uint64
	welcome *wire.ToPeer
	updates []wire.ToPeer
	errors  []wire.ToPeer
	pongs   int
	auto    bool // it acts on every update offering moves
}

func (pt *peerTable) last() wire.ToPeer { return pt.updates[len(pt.updates)-1] }

// newQuiet is a worker whose room's clock does not run: a test ticks it
// (tick) at the times it chooses.
func newQuiet(post func(mentalwire.Out)) *Worker {
	w := New(post)
	w.interval = 0
	return w
}

func newRoom(t *testing.T, n int) *room {
	r := &room{t: t, outs: make([][]mentalwire.Out, n), tables: make([]*peerTable, n), gone: map[int]bool{}, asm: map[int][]byte{}}
	for i := range n {
		r.workers = append(r.workers, newQuiet(func(o mentalwire.Out) { r.posted(i, o) }))
	}
	return r
}

// posted is what worker i posts, as its page takes it.
func (r *room) posted(i int, o mentalwire.Out) {
	t := r.t
	// What crosses postMessage: the answer as JSON, read back strictly.
	b, err := json.Marshal(o)
	require.NoError(t, err)
	back, err := mentalwire.DecodeOut(b)
	require.NoError(t, err, "%s", b)
	r.outs[i] = append(r.outs[i], back)
	switch {
	case back.Send != nil:
		r.frame(i, back.Send)
	case back.Room != nil:
		require.Zero(t, i, "only the sequencer orders the room")
		for j := 1; j < len(r.workers); j++ {
			if !r.gone[j] {
				r.queue = append(r.queue, delivery{j, mentalwire.In{Msg: back.Room}})
			}
		}
	case back.Peer != "":
		r.peer(i, back.Peer)
	}
}

// frame carries a frame of page i to the sequencer, changing the message
// it is part of when the test tampers with it, or closing the link.
func (r *room) frame(i int, f []byte) {
	t := r.t
	require.LessOrEqual(t, len(f), mentalwire.MaxFrame)
	if r.gone[i] {
		return
	}
	if r.tamper == nil && r.leave == nil && r.drop == nil {
		r.queue = append(r.queue, delivery{0, mentalwire.In{From: &mentalwire.From{Link: i, Frame: f}}})
		return
	}
	if f[0] == 0 {
		r.asm[i] = append(r.asm[i], f[1:]...)
	} else {
		r.asm[i] = append(r.asm[i], f[3:]...) // after the part's number and count
		if int(f[1]) < int(f[2])-1 {
			return
		}
	}
	m, err := blindroom.Decode(r.asm[i])
	require.NoError(t, err)
	delete(r.asm, i)
	if r.leave != nil && r.leave(i, m) {
		r.gone[i] = true
		r.queue = append(r.queue, delivery{0, mentalwire.In{Closed: &i}})
		return
	}
	if r.drop != nil && r.drop(i, m) {
		return
	}
	if r.tamper != nil {
		r.tamper(i, &m)
	}
	raw, err := blindroom.Encode(m)
	require.NoError(t, err)
	frames, err := blindroom.Frames(raw, mentalwire.MaxFrame)
	require.NoError(t, err)
	for _, f := range frames {
		r.queue = append(r.queue, delivery{0, mentalwire.In{From: &mentalwire.From{Link: i, Frame: f}}})
	}
}

// peer is a wire message from worker i to its page's table.
func (r *room) peer(i int, text string) {
	t := r.t
	m, err := wire.ParseToPeer([]byte(text))
	require.NoError(t, err, "%s", text)
	pt := r.tables[i]
	require.NotNil(t, pt, "worker %d speaks to a table it does not have", i+1)
	switch m.T {
	case wire.MsgWelcome:
		pt.welcome = &m
	case wire.MsgUpdate:
		pt.updates = append(pt.updates, m)
		if pt.auto && len(m.Legal) > 0 {
			act := ""
			if r.decided != nil {
				act = r.decided(i, m)
			}
			if act == "" {
				act = m.Legal[pt.rng.IntN(len(m.Legal))].Text
			}
			r.act(i, m.Step, act)
		}
	case wire.MsgError:
		pt.errors = append(pt.errors, m)
	case wire.MsgPong:
		pt.pongs++
	}
}

// act sends the person's intent on page i.
func (r *room) act(i, step int, act string) {
	pt := r.tables[i]
	pt.id++
	b, _ := json.Marshal(wire.ToHost{V: wire.Version, T: wire.MsgAct, ID: pt.id, Step: &step, Act: act})
	r.queue = append(r.queue, delivery{i, mentalwire.In{Peer: string(b)}})
}

func (r *room) send(i int, v any) {
	b, err := json.Marshal(v)
	require.NoError(r.t, err)
	r.workers[i].Receive(b)
}

// start starts every worker: page 0 orders the room; persons[i] is the
// seat a person plays on page i (-1: none).
func (r *room) start(game string, cfg games.Config, owner []int, persons []int) {
	for i := range r.workers {
		s := mentalwire.Start{Game: game, Cfg: cfg, Owner: owner, Page: i, Order: i == 0}
		if persons != nil && persons[i] >= 0 {
			s.Person = &persons[i]
			r.tables[i] = &peerTable{seat: persons[i], rng: rand.New(rand.NewPCG(cfg.Seed, uint64(i))), auto: true}
		}
		r.send(i, mentalwire.In{Start: &s})
		if r.tables[i] != nil {
			b, _ := json.Marshal(wire.ToHost{V: wire.Version, T: wire.MsgHello, Name: fmt.Sprintf("P%d", i+1)})
			r.send(i, mentalwire.In{Peer: string(b)})
		}
	}
}

// run delivers everything on its way until nothing is left.
func (r *room) run() {
	for len(r.queue) > 0 {
		d := r.queue[0]
		r.queue = r.queue[1:]
		if r.gone[d.to] {
			continue
		}
		r.send(d.to, d.msg)
	}
}

func last(outs []mentalwire.Out) mentalwire.Out { return outs[len(outs)-1] }

// clean says no worker posted an error or a fault.
func (r *room) clean() {
	for i, outs := range r.outs {
		for _, o := range outs {
			require.Empty(r.t, o.Error, "worker %d", i+1)
			require.Nil(r.t, o.Fault, "worker %d", i+1)
		}
	}
}

// done checks every worker still in the room said done with the same
// digest, the final update coming before it.
func (r *room) done() string {
	t := r.t
	want := ""
	for i, outs := range r.outs {
		if r.gone[i] {
			continue
		}
		got := last(outs)
		require.True(t, got.Done, "worker %d: %+v", i+1, got)
		require.Len(t, got.Record, 64)
		if want == "" {
			want = got.Record
		}
		assert.Equal(t, want, got.Record, "worker %d's digest", i+1)
		if pt := r.tables[i]; pt != nil {
			prev := outs[len(outs)-2]
			require.NotEmpty(t, prev.Peer, "worker %d: the final update comes before done", i+1)
			require.True(t, pt.last().Done, "worker %d's last update", i+1)
		}
	}
	return want
}

// checkTables checks each person's table: its welcome, its updates' steps
// and events, the final record, which replays to the result the final
// update shows, and that no view held a card of another seat's hand before
// it was shown.
func (r *room) checkTables(game string) *record.Record {
	t := r.t
	e, _, err := blindroom.Supported(game, games.Config{Players: 4})
	require.NoError(t, err)
	var rec *record.Record
	for i, pt := range r.tables {
		if pt == nil || r.gone[i] {
			continue
		}
		require.NotNil(t, pt.welcome, "page %d's table was welcomed", i+1)
		assert.Equal(t, games.Seat(pt.seat), *pt.welcome.Seat)
		assert.True(t, wire.ValidToken(pt.welcome.Token))
		assert.Equal(t, game, pt.welcome.Game)
		require.NotEmpty(t, pt.updates)
		fin := pt.last()
		require.NotNil(t, fin.Record)
		require.NotNil(t, fin.Result)
		if rec == nil {
			rec = fin.Record
		}
		assert.Equal(t, rec, fin.Record, "page %d's record", i+1)
		s, err := record.Replay(e.Game, fin.Record, nil)
		require.NoError(t, err)
		require.True(t, s.Done())
		assert.Equal(t, *fin.Result, s.Result(), "page %d: the record replays to the result it shows", i+1)
		assert.Equal(t, len(fin.Record.Actions), fin.Step)
		// Every action is told once, in order, as the seat was told it.
		next := 0
		for _, u := range pt.updates {
			for _, ev := range u.Events {
				require.Equal(t, next, ev.Index, "page %d", i+1)
				next++
			}
			assert.Equal(t, next, u.Step, "page %d: an update's step counts the actions told", i+1)
		}
		assert.Equal(t, len(fin.Record.Actions), next)
		r.checkViews(e, fin.Record, pt)
	}
	return rec
}

// checkViews: each update's view holds, beside the finished rounds'
// summaries and the last trick (shown cards), only cards of the seat's own
// hand in the round and cards shown by the round's actions so far.
func (r *room) checkViews(e games.Entry, rec *record.Record, pt *peerTable) {
	t := r.t
	n := len(rec.Actions)
	roundOf := make([]int, n+1)
	shown := make([][]string, n) // the cards action i showed
	_, err := record.Replay(e.Game, rec, func(i int, s games.State, st record.Step) {
		a, err := s.ParseAction(st.Act)
		require.NoError(t, err)
		shown[i] = blind.Shown(s, st.Seat, a)
		roundOf[i+1] = roundOf[i]
		if s.Describe(games.God, st.Seat, a).Outcome == games.OutcomeRound {
			roundOf[i+1]++
		}
	})
	require.NoError(t, err)
	start := make([]int, len(rec.Deals)+1) // the first action of each round
	for i := n - 1; i >= 0; i-- {
		start[roundOf[i]] = i
	}
	allowed := func(round, step int) map[string]bool {
		ok := map[string]bool{}
		if round >= len(rec.Deals) {
			return ok
		}
		for _, c := range rec.Deals[round].Hands[pt.seat] {
			ok[c] = true
		}
		for i := start[round]; i < step && roundOf[i] == round; i++ {
			for _, c := range shown[i] {
				ok[c] = true
			}
		}
		return ok
	}
	named := 0
	defer func() { require.Positive(t, named, "seat %d's views named no card", pt.seat+1) }()
	for _, u := range pt.updates {
		var v map[string]any
		require.NoError(t, json.Unmarshal(u.View, &v))
		delete(v, "history")
		delete(v, "lastRound")
		// The last trick may be the finished round's: its cards were shown.
		for _, c := range cardsIn(v["lastTrick"]) {
			require.True(t, slices.ContainsFunc(shown[:u.Step], func(cs []string) bool { return slices.Contains(cs, c) }),
				"seat %d's last trick at step %d holds %s, which no action showed", pt.seat+1, u.Step, c)
		}
		delete(v, "lastTrick")
		seen := cardsIn(v)
		named += len(seen)
		fits := false
		for _, round := range []int{roundOf[max(u.Step-1, 0)], roundOf[u.Step]} {
			ok := allowed(round, u.Step)
			if !slices.ContainsFunc(seen, func(c string) bool { return !ok[c] }) {
				fits = true
			}
		}
		require.True(t, fits, "seat %d's view at step %d holds a card it was not dealt nor shown: %s", pt.seat+1, u.Step, u.View)
	}
}

// cardsIn lists every string of v that is a card in notation.
func cardsIn(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		if isCard(x) {
			out = append(out, x)
		}
	case []any:
		for _, y := range x {
			out = append(out, cardsIn(y)...)
		}
	case map[string]any:
		for _, y := range x {
			out = append(out, cardsIn(y)...)
		}
	}
	return out
}

func isCard(s string) bool {
	if len(s) < 2 || len(s) > 3 || !slices.Contains([]byte("CDHS"), s[len(s)-1]) {
		return false
	}
	return slices.Contains([]string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}, s[:len(s)-1])
}

func ints(xs ...int) []int { return xs }

// TestAKingMatchOfThreePersonsAndABotPlaysToTheEnd: three workers hold the
// four seats of a King room, the host's page its person's and a bot's, the
// other two a person's each; each person plays from the table's updates.
// Every worker says done with the same digest, the final update's record
// replays to the result it shows, and no view ever held another's card
// before it was shown.
func TestAKingMatchOfThreePersonsAndABotPlaysToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole King match deals fourteen rounds")
	}
	r := newRoom(t, 3)
	r.start("king", games.Config{Players: 4, Seed: 5}, []int{0, 1, 2, 0}, ints(0, 1, 2))
	r.run()
	r.clean()
	r.done()
	rec := r.checkTables("king")
	assert.Len(t, rec.Deals, 14, "every round of The King")
}

// TestMindikotWithPersonsPlaysToTheEnd: Mindikot with the cut trump, and
// with the hidden trump chosen by the first leader, every seat a person's,
// so that the hide is a person's Move: every worker agrees at the end.
func TestMindikotWithPersonsPlaysToTheEnd(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts map[string]string
		hide bool
	}{
		{"cut", map[string]string{"targetPoints": "1"}, false},
		{"hidden, chosen", map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "1"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t, 4)
			r.start("mindikot", games.Config{Players: 4, Seed: 3, Options: tc.opts}, nil, ints(0, 1, 2, 3))
			r.run()
			r.clean()
			r.done()
			rec := r.checkTables("mindikot")
			hides := 0
			for _, a := range rec.Actions {
				if len(a.Act) > 5 && a.Act[:5] == "hide " {
					hides++
				}
			}
			if tc.hide {
				assert.Equal(t, len(rec.Deals), hides, "every round's hide is the first leader's person's, told in the record")
			} else {
				assert.Zero(t, hides)
			}
		})
	}
}

// TestAPersonsIllegalActIsRefused: a card not in the hand, a move out of
// turn, a notation that does not read, a late intent: each is a wire error
// with its reason and the update again, and the worker sends nothing.
func TestAPersonsIllegalActIsRefused(t *testing.T) {
	r := newRoom(t, 4)
	r.start("mindikot", games.Config{Players: 4, Seed: 3, Options: map[string]string{"targetPoints": "1"}}, nil, ints(0, 1, 2, 3))
	for _, pt := range r.tables {
		pt.auto = false
	}
	r.run()
	r.clean()
	// The deal is done: one seat is on turn.
	on, off := -1, -1
	for i, pt := range r.tables {
		require.NotEmpty(t, pt.updates, "page %d", i+1)
		if len(pt.last().Legal) > 0 {
			on = i
		} else if off < 0 {
			off = i
		}
	}
	require.GreaterOrEqual(t, on, 0)
	hand := map[string]bool{}
	var v struct {
		Hand []string `json:"hand"`
	}
	require.NoError(t, json.Unmarshal(r.tables[on].last().View, &v))
	for _, c := range v.Hand {
		hand[c] = true
	}
	notHeld := ""
	for _, c := range []string{"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"} {
		if !hand[c] {
			notHeld = c
			break
		}
	}
	step := r.tables[on].last().Step
	for _, tc := range []struct {
		name string
		page int
		act  string
	}{
		{"a card not in the hand", on, "play " + notHeld},
		{"a move out of turn", off, "play " + notHeld},
		{"a notation that does not read", on, "dance"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := []int{len(r.outs[0]), len(r.outs[1]), len(r.outs[2]), len(r.outs[3])}
			pt := r.tables[tc.page]
			errs, ups := len(pt.errors), len(pt.updates)
			r.act(tc.page, pt.last().Step, tc.act)
			r.run()
			require.Len(t, pt.errors, errs+1)
			e := pt.errors[errs]
			assert.Equal(t, pt.id, e.ID)
			assert.NotEmpty(t, e.Error)
			assert.False(t, e.Late)
			assert.Len(t, pt.updates, ups+1, "the update comes again")
			for i, n := range before {
				for _, o := range r.outs[i][n:] {
					assert.Nil(t, o.Send, "nothing is sent")
					assert.Nil(t, o.Room, "nothing is ordered")
				}
			}
		})
	}
	// A legal move goes; the same intent's id again is refused, and so is
	// a move on a step the table has left.
	pt := r.tables[on]
	move := pt.last().Legal[0].Text
	r.act(on, step, move)
	r.run()
	r.clean()
	assert.Greater(t, pt.last().Step, step)
	errs := len(pt.errors)
	pt.id--
	r.act(on, step, move)
	r.run()
	require.Len(t, pt.errors, errs+1)
	assert.Contains(t, pt.errors[errs].Error, "already handled")
	// The next seat on turn acts on an old step: too late.
	for i, q := range r.tables {
		if len(q.last().Legal) > 0 {
			errs := len(q.errors)
			r.act(i, 0, q.last().Legal[0].Text)
			r.run()
			require.Len(t, q.errors, errs+1)
			assert.True(t, q.errors[errs].Late, "%+v", q.errors[errs])
		}
	}
}

// TestAPageThatLeavesMidDealIsDealtAround: page 2's link closes at its
// shuffle of the first round: the sequencer says it left, the two pages
// that remain deal the round again (its seat passes to the host's page's
// bots) and play to the end.
func TestAPageThatLeavesMidDealIsDealtAround(t *testing.T) {
	r := newRoom(t, 3)
	r.leave = func(from int, m blindroom.Message) bool { return from == 2 && m.Kind == blindroom.KindShuffle }
	r.start("mindikot", games.Config{Players: 4, Seed: 4, Options: map[string]string{"targetPoints": "1"}}, []int{0, 1, 2, 0}, ints(0, 1, 2))
	r.run()
	r.clean()
	r.done()
	rec := r.checkTables("mindikot")
	require.NotEmpty(t, rec.Deals)
	left := false
	for _, o := range r.outs[0] {
		if o.Room != nil {
			m, err := blindroom.Decode(o.Room)
			require.NoError(t, err)
			left = left || m.Kind == blindroom.KindLeave && m.Left == 2
		}
	}
	assert.True(t, left, "the sequencer said page 3 left")
}

// TestAWorkerNamesThePageAtFault: a page whose shuffle proof is wrong
// stops every worker, which names it; the room's messages after it pass
// unanswered.
func TestAWorkerNamesThePageAtFault(t *testing.T) {
	r := newRoom(t, 4)
	r.tamper = func(from int, m *blindroom.Message) {
		if from == 2 && m.Kind == blindroom.KindShuffle {
			m.Proof[100] ^= 1
		}
	}
	r.start("mindikot", games.Config{Players: 4, Seed: 3, Options: map[string]string{"targetPoints": "1"}}, nil, nil)
	r.run()
	for i, outs := range r.outs {
		var f *mentalwire.Fault
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
	n := len(r.outs[1])
	r.send(1, mentalwire.In{Msg: []byte(`{}`)})
	assert.Len(t, r.outs[1], n, "a room message after the fault passes unanswered")
}

// TestTheSequencersWorkerNamesAFramesPage: a frame out of order, a message
// naming another page and a frame too big stop the sequencer's worker,
// which names the page whose link brought it.
func TestTheSequencersWorkerNamesAFramesPage(t *testing.T) {
	named, _ := blindroom.Encode(blindroom.Message{Kind: blindroom.KindKey, Round: 1, Page: 1})
	for _, tc := range []struct {
		name  string
		frame []byte
		want  string
	}{
		{"a part out of order", []byte{1, 1, 3, 'x'}, "out of order"},
		{"a message naming another page", append([]byte{0}, named...), "as page 2"},
		{"a frame of no kind", []byte{9, 'x'}, "no kind"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t, 3)
			r.start("king", games.Config{Players: 4, Seed: 1}, []int{0, 1, 2, 0}, nil)
			r.queue = nil
			r.send(0, mentalwire.In{From: &mentalwire.From{Link: 2, Frame: tc.frame}})
			f := last(r.outs[0]).Fault
			require.NotNil(t, f, "%+v", last(r.outs[0]))
			assert.Equal(t, 2, f.Page)
			assert.Contains(t, f.Part, tc.want)
		})
	}
	r := newRoom(t, 3)
	r.start("king", games.Config{Players: 4, Seed: 1}, []int{0, 1, 2, 0}, nil)
	r.send(0, map[string]any{"from": map[string]any{"link": 1, "frame": make([]byte, mentalwire.MaxFrame+1)}})
	assert.Contains(t, last(r.outs[0]).Error, "a frame of")
}

// TestAWorkerRefusesWhatItCannotTake: a message it cannot read, a room
// message before start, a second start, a game no blind room deals, a
// frame to a page that does not order the room, a table's message on a
// page with no person: each refused with an error, and the worker goes on.
func TestAWorkerRefusesWhatItCannotTake(t *testing.T) {
	king := `{"start":{"game":"king","cfg":{"players":4,"seed":1},"page":1}}`
	hello := fmt.Sprintf(`{"peer":%q}`, fmt.Sprintf(`{"v":%d,"t":"hello"}`, wire.Version))
	for _, tc := range []struct {
		name   string
		before string
		msg    string
		want   string
	}{
		{"not JSON", "", `start`, "does not read"},
		{"an unknown field", "", `{"stop":true}`, "unknown field"},
		{"two fields", "", `{"msg":"e30=","closed":1}`, "needs one"},
		{"no field", "", `{}`, "needs one"},
		{"the retired move", "", `{"move":"play 9C"}`, "unknown field"},
		{"a room message before start", "", `{"msg":"e30="}`, "before start"},
		{"a second start", king, king, "started already"},
		{"a game no blind room deals", "", `{"start":{"game":"catte","cfg":{"players":4},"page":0,"order":true}}`, "not dealt without a dealer"},
		{"a page not in the room", "", `{"start":{"game":"king","cfg":{"players":4},"page":4}}`, "page 5 is not one of 4"},
		{"a host's page that does not order", "", `{"start":{"game":"king","cfg":{"players":4},"page":0}}`, "orders the room"},
		{"a person's seat of another page", "", `{"start":{"game":"king","cfg":{"players":4},"page":1,"person":2}}`, "not page 2's"},
		{"a frame to a page that does not order", king, `{"from":{"link":1,"frame":"AA=="}}`, "only the room's sequencer"},
		{"a seat held by no page", "", `{"start":{"game":"king","cfg":{"players":4},"owner":[0,1,3,0],"page":0,"order":true}}`, "page"},
		{"too long", "", fmt.Sprintf(`{"msg":"%0*d"}`, mentalwire.MaxIn, 0), "over the"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var outs []mentalwire.Out
			w := newQuiet(func(o mentalwire.Out) { outs = append(outs, o) })
			if tc.before != "" {
				w.Receive([]byte(tc.before))
			}
			outs = nil
			w.Receive([]byte(tc.msg))
			require.Len(t, outs, 1, "%+v", outs)
			assert.Contains(t, outs[0].Error, tc.want)
			assert.False(t, w.stopped)
		})
	}
	t.Run("a table's hello on a page with no person", func(t *testing.T) {
		var outs []mentalwire.Out
		w := newQuiet(func(o mentalwire.Out) { outs = append(outs, o) })
		w.Receive([]byte(king))
		outs = nil
		w.Receive([]byte(hello))
		require.Len(t, outs, 1)
		m, err := wire.ParseToPeer([]byte(outs[0].Peer))
		require.NoError(t, err)
		assert.Equal(t, wire.MsgError, m.T)
		assert.Contains(t, m.Error, "no person")
	})
}

// FuzzReceive: any bytes from the page are taken or refused, never a
// panic, by a worker that has started as a person's page and as the
// sequencer's.
func FuzzReceive(f *testing.F) {
	for _, s := range []string{
		`{"start":{"game":"king","cfg":{"players":4,"seed":1,"options":{"collectingRounds":"4"}},"page":0,"order":true}}`,
		`{"msg":"eyJraW5kIjoia2V5In0="}`, `{"from":{"link":1,"frame":"AHt9"}}`, `{"closed":1}`, `{}`, `[]`,
		`{"peer":"{\"v\":4,\"t\":\"hello\"}"}`, `{"peer":"{\"v\":4,\"t\":\"act\",\"id\":1,\"step\":0,\"act\":\"play 9C\"}"}`,
		// A stall, the host's word, naming page 2; a stall naming a page in
		// words; a key that names a stall.
		`{"msg":"eyJraW5kIjoic3RhbGwiLCJyb3VuZCI6MSwicGFnZSI6MCwic3RhbGxlZCI6MX0="}`,
		`{"msg":"eyJraW5kIjoic3RhbGwiLCJyb3VuZCI6MSwicGFnZSI6MCwic3RhbGxlZCI6IjEifQ=="}`,
		`{"msg":"eyJraW5kIjoia2V5Iiwicm91bmQiOjEsInBhZ2UiOjAsInN0YWxsZWQiOjF9"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, start := range []string{
			`{"start":{"game":"king","cfg":{"players":4,"seed":1},"owner":[0,1,2,0],"page":0,"order":true,"person":0}}`,
			`{"start":{"game":"king","cfg":{"players":4,"seed":1},"owner":[0,1,2,0],"page":1,"person":1}}`,
		} {
			w := newQuiet(func(o mentalwire.Out) {
				raw, err := json.Marshal(o)
				require.NoError(t, err)
				_, err = mentalwire.DecodeOut(raw)
				require.NoError(t, err)
			})
			w.Receive([]byte(start))
			w.Receive([]byte(`{"peer":"{\"v\":4,\"t\":\"hello\"}"}`))
			w.Receive(b)
		}
	})
}

// TestATablesSyncAndPingAreAnswered: sync brings the update again (no
// events), ping a pong, a second hello and a lobby's message an error.
func TestATablesSyncAndPingAreAnswered(t *testing.T) {
	r := newRoom(t, 4)
	r.start("mindikot", games.Config{Players: 4, Seed: 3, Options: map[string]string{"targetPoints": "1"}}, nil, ints(0, 1, 2, 3))
	for _, pt := range r.tables {
		pt.auto = false
	}
	r.run()
	r.clean()
	pt := r.tables[1]
	n := len(pt.updates)
	require.Positive(t, n)
	for _, m := range []wire.ToHost{{T: wire.MsgSync}, {T: wire.MsgPing}, {T: wire.MsgHello}, {T: wire.MsgSit, Seat: new(int)}} {
		m.V = wire.Version
		b, _ := json.Marshal(m)
		r.send(1, mentalwire.In{Peer: string(b)})
	}
	require.Len(t, pt.updates, n+1)
	assert.Empty(t, pt.last().Events)
	assert.Equal(t, pt.updates[n-1].View, pt.last().View)
	assert.Equal(t, 1, pt.pongs)
	require.Len(t, pt.errors, 2)
	assert.Contains(t, pt.errors[0].Error, "hello sent twice")
	assert.Contains(t, pt.errors[1].Error, "takes no sit")
}
