package rtc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/rtctest"
	"cardtable/rtc/wire"
)

// fakeWorker is the host's page's worker as the tests see it: it notes
// every call, and when echo is set it orders the room the simplest way,
// sending each frame back to every page as it came.
type fakeWorker struct {
	mu     sync.Mutex
	h      *Host
	echo   bool
	starts []wire.BlindStart
	from   map[int][][]byte
	closed []int
}

func (w *fakeWorker) Start(b wire.BlindStart) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.starts = append(w.starts, b)
}

func (w *fakeWorker) From(page int, frame []byte) {
	w.mu.Lock()
	if w.from == nil {
		w.from = map[int][][]byte{}
	}
	w.from[page] = append(w.from[page], frame)
	h, echo := w.h, w.echo
	w.mu.Unlock()
	if echo {
		h.RoomSend(frame) // back into the host from its own call
	}
}

func (w *fakeWorker) Closed(page int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = append(w.closed, page)
}

func (w *fakeWorker) frames(page int) [][]byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.from[page])
}

func (w *fakeWorker) closes() []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.closed)
}

func (w *fakeWorker) started() []wire.BlindStart {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.starts)
}

// blindPage is a peer's page in a room dealt with no dealer: what its
// worker is given.
type blindPage struct {
	mu     sync.Mutex
	starts []wire.BlindStart
	room   [][]byte
}

func (b *blindPage) config(name string, seat games.Seat) PeerConfig {
	return PeerConfig{Name: name, Seat: &seat,
		Blind: func(s wire.BlindStart) {
			b.mu.Lock()
			defer b.mu.Unlock()
			b.starts = append(b.starts, s)
		},
		RoomMessage: func(m []byte) {
			b.mu.Lock()
			defer b.mu.Unlock()
			b.room = append(b.room, m)
		}}
}

func (b *blindPage) got() ([]wire.BlindStart, [][]byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.starts), slices.Clone(b.room)
}

// blindTable is a 4-player room dealt with no dealer: the host in seat 0,
// its worker w.
func blindTable(t *testing.T, w *fakeWorker) *hostedTable {
	tb := grabTable(t, 4, HostConfig{Deal: wire.DealMental, Blind: w})
	w.mu.Lock()
	w.h = tb.h()
	w.mu.Unlock()
	return tb
}

func frame(page, i int) []byte { return fmt.Appendf(nil, "page %d frame %d", page, i) }

// sentTypes lists the types of the messages the host sent peer i.
func (tb *hostedTable) sentTypes(i int) []wire.ToPeer {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []wire.ToPeer
	for _, b := range tb.sent[i] {
		var m wire.ToPeer
		if json.Unmarshal(b, &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

func TestNoDealerRoomGivesEachPageItsNumberAndCarriesTheRoomInOrder(t *testing.T) {
	w := &fakeWorker{}
	tb := blindTable(t, w)
	h := tb.h()
	tb.run(h) // the host's Run plays nothing in such a match
	var pages [3]blindPage
	p1, _ := tb.join(1, pages[1].config("Ann", 1))
	p2, _ := tb.join(2, pages[2].config("Bob", 3))
	eventually(t, func() bool { return p1.Seat() == 1 && p2.Seat() == 3 }, "the peers sit in seats 1 and 3")
	require.NoError(t, h.SetBot(2, "random"))
	assert.Equal(t, wire.DealMental, h.Deal())
	assert.Equal(t, wire.DealMental, p1.Deal(), "the welcome says how the room deals")
	assert.ErrorIs(t, p1.SendRoom([]byte("early")), ErrNotStarted, "no frame before the start")

	require.NoError(t, h.Start())
	assert.True(t, h.Started())
	owner := []int{0, 1, 0, 2}
	starts := w.started()
	require.Len(t, starts, 1, "the host's page's worker starts once")
	assert.Equal(t, 0, starts[0].Page)
	assert.Equal(t, owner, starts[0].Owner)
	for i, p := range []*Peer{p1, p2} {
		page := &pages[i+1]
		eventually(t, func() bool { s, _ := page.got(); return len(s) == 1 }, "page %d is told the start", i+1)
		s, _ := page.got()
		assert.Equal(t, wire.BlindStart{Page: i + 1, Owner: owner, Seed: starts[0].Seed}, s[0], "page %d: its number, the same owner map and seed", i+1)
		eventually(t, p.Started, "page %d's match started", i+1)
	}

	assert.ErrorContains(t, p1.SendRoom(make([]byte, wire.MaxRoomFrame+1)), "a room frame is 1 to")
	assert.ErrorContains(t, p1.SendRoom(nil), "a room frame is 1 to")
	// Each page's frames reach the worker unchanged, in the order sent.
	for i := range 5 {
		require.NoError(t, p1.SendRoom(frame(1, i)))
		require.NoError(t, p2.SendRoom(frame(2, i)))
	}
	for page := 1; page <= 2; page++ {
		eventually(t, func() bool { return len(w.frames(page)) == 5 }, "page %d's frames reach the worker", page)
		for i, f := range w.frames(page) {
			assert.Equal(t, frame(page, i), f)
		}
	}
	// The room's messages reach every page in the room's order.
	var sent [][]byte
	for i := range 6 {
		m := bytes.Repeat(fmt.Appendf(nil, "room message %d;", i), 1000*i+1)
		sent = append(sent, m)
		h.RoomSend(m)
	}
	for i := 1; i <= 2; i++ {
		eventually(t, func() bool { _, r := pages[i].got(); return len(r) == len(sent) }, "page %d gets the room's messages", i)
		_, r := pages[i].got()
		assert.Equal(t, sent, r, "page %d: every message, in order", i)
	}
	assert.Empty(t, h.Record().Actions, "the host's engine plays nothing")
	assert.Nil(t, h.Draw(), "no joint seed is drawn")
	for i := 1; i <= 2; i++ {
		for _, m := range tb.sentTypes(i) {
			assert.NotEqual(t, wire.MsgUpdate, m.T, "page %d is sent no update", i)
			assert.Nil(t, m.Draw, "page %d is sent no draw", i)
		}
	}

	// A page that leaves is closed once, and cannot come back.
	tb.drop(2)
	eventually(t, func() bool { return p2.Status() == StatusClosed }, "page 2 stops dialing")
	assert.Equal(t, []int{2}, w.closes(), "Closed(2), once")
	var bye wire.ToPeer
	for _, m := range tb.sentTypes(2) {
		if m.T == wire.MsgBye {
			bye = m
		}
	}
	assert.Equal(t, wire.ByeDealt, bye.Code, "its token coming back gets the final bye")
	assert.Contains(t, p2.LastError(), "a page that left cannot come back")
	assert.Equal(t, KindPlayer, h.Seats()[3].Kind)

	// The room goes on with the pages still in it.
	h.RoomSend([]byte("after"))
	eventually(t, func() bool { _, r := pages[1].got(); return len(r) == len(sent)+1 }, "page 1 gets the next message")
	_, r := pages[2].got()
	assert.Len(t, r, len(sent), "page 2 left")
	assert.Equal(t, []int{2}, w.closes())
}

func TestWorkerMaySendFromItsOwnCall(t *testing.T) {
	w := &fakeWorker{echo: true}
	tb := blindTable(t, w)
	h := tb.h()
	var pages [3]blindPage
	p1, _ := tb.join(1, pages[1].config("Ann", 1))
	p2, _ := tb.join(2, pages[2].config("Bob", 2))
	eventually(t, func() bool { return p1.Seat() == 1 && p2.Seat() == 2 }, "seated")
	require.NoError(t, h.FillBots("random"))
	require.NoError(t, h.Start())
	eventually(t, func() bool { return p1.Started() && p2.Started() }, "started")
	for i := range 20 {
		require.NoError(t, p1.SendRoom(frame(1, i)))
		require.NoError(t, p2.SendRoom(frame(2, i)))
	}
	for i := 1; i <= 2; i++ {
		eventually(t, func() bool { _, r := pages[i].got(); return len(r) == 40 }, "page %d gets every echo", i)
		_, r := pages[i].got()
		_, r1 := pages[1].got()
		assert.Equal(t, r1, r, "every page gets the room in the same order")
		var mine [][]byte
		for _, m := range r {
			if bytes.HasPrefix(m, fmt.Appendf(nil, "page %d ", i)) {
				mine = append(mine, m)
			}
		}
		require.Len(t, mine, 20)
		for j, m := range mine {
			assert.Equal(t, frame(i, j), m, "a page's frames keep their order")
		}
	}
}

func TestRoomMessageIsBadOutsideANoDealerMatch(t *testing.T) {
	hello := `{"v":4,"t":"hello","name":"Raw"}`
	room := `{"v":4,"t":"room","room":"AAEC"}`
	t.Run("a room the host deals", func(t *testing.T) {
		tb := grabTable(t, 2, HostConfig{})
		c := rawLink(t, tb.h())
		sendRaw(t, c, hello)
		recvType(t, c, wire.MsgLobby)
		sendRaw(t, c, room)
		assert.Contains(t, recvType(t, c, wire.MsgError).Error, "dealt by the host")
		assert.Equal(t, 1, badCount(tb.h(), c))
	})
	t.Run("before the start", func(t *testing.T) {
		tb := blindTable(t, &fakeWorker{})
		c := rawLink(t, tb.h())
		sendRaw(t, c, hello)
		l := recvType(t, c, wire.MsgLobby)
		assert.Equal(t, wire.DealMental, l.Deal)
		sendRaw(t, c, room)
		assert.Contains(t, recvType(t, c, wire.MsgError).Error, "before the match dealt with no dealer started")
	})
	t.Run("from a spectator", func(t *testing.T) {
		w := &fakeWorker{}
		tb := blindTable(t, w)
		h := tb.h()
		require.NoError(t, h.FillBots("random"))
		require.NoError(t, h.Start())
		c := rawLink(t, h)
		sendRaw(t, c, hello)
		l := recvType(t, c, wire.MsgLobby)
		assert.True(t, l.Started)
		sendRaw(t, c, room)
		assert.Contains(t, recvType(t, c, wire.MsgError).Error, "no seat")
		assert.Empty(t, w.frames(0))
	})
}

// badCount is how many bad messages the host counted on the link whose
// other end is c (the only link with a hello).
func badCount(h *Host, _ Conn) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, hc := range h.conns {
		if hc.hello {
			return hc.bad
		}
	}
	return -1
}

// rawBlindSeat is a started no-dealer match whose seat 1 is a raw link.
func rawBlindSeat(t *testing.T, w *fakeWorker) (*Host, Conn) {
	tb := blindTable(t, w)
	h := tb.h()
	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello","name":"Raw"}`)
	recvType(t, c, wire.MsgLobby)
	require.NoError(t, h.FillBots("random"))
	require.NoError(t, h.Start())
	b := recvType(t, c, wire.MsgBlind)
	require.Equal(t, 1, b.Blind.Page)
	return h, c
}

func roomFrame(t *testing.T, payload []byte) string {
	b, err := json.Marshal(wire.ToHost{V: wire.Version, T: wire.MsgRoom, Room: payload})
	require.NoError(t, err)
	return string(b)
}

func TestRoomFramesOfARoundInABurstAreNotCutOff(t *testing.T) {
	w := &fakeWorker{}
	_, c := rawBlindSeat(t, w)
	// A page's message budget is partly spent already (its pings).
	for range 60 {
		sendRaw(t, c, `{"v":4,"t":"ping"}`)
	}
	var want [][]byte
	for i := range 40 {
		f := bytes.Repeat([]byte{byte(i)}, 3000)
		want = append(want, f)
		sendRaw(t, c, roomFrame(t, f))
	}
	eventually(t, func() bool { return len(w.frames(1)) == 40 }, "every frame of the burst reaches the worker")
	assert.Equal(t, want, w.frames(1))
	assert.Empty(t, w.closes(), "the page is not cut off")
}

func TestRoomFramesPastTheBudgetCutThePageOff(t *testing.T) {
	w := &fakeWorker{}
	_, c := rawBlindSeat(t, w)
	// Far more than the budget's burst and a second's refill: however
	// slow the machine, these come faster than roomRate a second.
	f := roomFrame(t, []byte("x"))
	for range 20 * roomBurst {
		if c.Send([]byte(f)) != nil {
			break
		}
	}
	bye := recvType(t, c, wire.MsgBye)
	assert.Equal(t, wire.ByeRate, bye.Code)
	eventually(t, func() bool { return slices.Equal(w.closes(), []int{1}) }, "the page's worker hears it left")
	assert.Less(t, len(w.frames(1)), 20*roomBurst)
}

func TestNoDealerMatchStartsOnlyWithEveryPlayersPageLinked(t *testing.T) {
	w := &fakeWorker{}
	tb := blindTable(t, w)
	h := tb.h()
	var page blindPage
	p, cancel := tb.join(1, page.config("Ann", 1))
	eventually(t, func() bool { return p.Seat() == 1 }, "seated")
	require.NoError(t, h.FillBots("random"))
	cancel()
	tb.drop(1)
	eventually(t, func() bool { return !h.Seats()[1].Connected }, "the page is away")
	err := h.Start()
	require.ErrorContains(t, err, "seat 1's player is away")
	assert.False(t, h.Started())
	assert.Empty(t, w.started())
}

func TestJournalKeepsTheDealAndOlderJournalsReadAsDealtByTheHost(t *testing.T) {
	rec := record.New("grab", games.Config{Players: 2, Seed: 3})
	j := Journal{V: wire.Version, Record: rec, HostSeat: 0, Seats: []SeatInfo{{Kind: KindHost}, {Kind: KindBot, Bot: "random"}}, Deal: wire.DealMental}
	b, err := json.Marshal(j)
	require.NoError(t, err)
	var back Journal
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, wire.DealMental, back.Deal)

	j.Deal = ""
	b, err = json.Marshal(j)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"deal"`, "a host-dealt room's journal is as before")
	old := strings.Replace(string(b), `"started":false`, `"started":true`, 1)
	var older Journal
	require.NoError(t, json.Unmarshal([]byte(old), &older))
	assert.Equal(t, "", older.Deal)
	assert.True(t, older.Started)
}

func TestHostReloadedInANoDealerMatchOpensTheLobbyAgain(t *testing.T) {
	w := &fakeWorker{}
	tb := blindTable(t, w)
	h := tb.h()
	var page blindPage
	p, cancel := tb.join(1, page.config("Ann", 1))
	eventually(t, func() bool { return p.Seat() == 1 }, "seated")
	require.NoError(t, h.FillBots("random"))
	require.NoError(t, h.Start())
	j := h.Journal()
	require.True(t, j.Started)
	require.Equal(t, wire.DealMental, j.Deal)
	token := p.Token()
	cancel()
	h.Close()

	// The page reloads: the journal, saved as JSON, resumes the room.
	b, err := json.Marshal(j)
	require.NoError(t, err)
	var saved Journal
	require.NoError(t, json.Unmarshal(b, &saved))
	var mu sync.Mutex
	var notices []Notice
	var journals []*Journal
	w2 := &fakeWorker{}
	h2, err := NewHost(HostConfig{Game: rtctest.GrabEntry, Record: saved.Record, Seat: saved.HostSeat, Name: "Host", Seats: saved.Seats,
		Started: saved.Started, Deal: saved.Deal, Blind: w2, Room: "TESTROOM",
		Notify:  func(n Notice) { mu.Lock(); notices = append(notices, n); mu.Unlock() },
		Journal: func(j *Journal) { mu.Lock(); journals = append(journals, j); mu.Unlock() }})
	require.NoError(t, err)
	t.Cleanup(h2.Close)
	assert.False(t, h2.Started(), "the match cannot go on: the lobby is open again")
	assert.Equal(t, wire.DealMental, h2.Deal())
	tb.mu.Lock()
	tb.host = h2
	tb.mu.Unlock()
	p2, _ := tb.join(1, PeerConfig{Name: "Ann", Token: token})
	eventually(t, func() bool { return p2.Seat() == 1 && p2.Token() == token }, "the same token takes its seat back")
	assert.False(t, p2.Started())
	mu.Lock()
	var lost []Notice
	for _, n := range notices {
		if n.Code == CodeDealLost {
			lost = append(lost, n)
		}
	}
	saw := len(journals) > 0 && !journals[0].Started && journals[0].Deal == wire.DealMental
	mu.Unlock()
	require.Len(t, lost, 1, "the host's page is told once")
	assert.Equal(t, NoticeError, lost[0].Kind)
	assert.ErrorIs(t, lost[0].Cause(), ErrDealLost)
	assert.True(t, saw, "the journal saves the reopened lobby")
	assert.Equal(t, []SeatInfo{j.Seats[0], {Kind: KindPlayer, Name: "Ann", Token: token}, j.Seats[2], j.Seats[3]}, h2.Journal().Seats)

	// A new match at the same seats starts as the first did.
	require.NoError(t, h2.Start())
	eventually(t, func() bool { return p2.Started() }, "the new match starts")
	require.Len(t, w2.started(), 1)
}

func TestNoDealerRoomNeedsItsWorkerAndAKnownDeal(t *testing.T) {
	rec := func() *record.Record { return record.New("grab", games.Config{Players: 2, Seed: 3}) }
	_, err := NewHost(HostConfig{Game: rtctest.GrabEntry, Record: rec(), Deal: wire.DealMental})
	assert.ErrorContains(t, err, "needs the host's page's part")
	_, err = NewHost(HostConfig{Game: rtctest.GrabEntry, Record: rec(), Deal: "dealer", Blind: &fakeWorker{}})
	assert.ErrorContains(t, err, "unknown deal")
}

// TestPeerChecksTheBlindStartAndTheRoomsMessagesAgainstItsTable: a page
// takes a blind start only in a room dealt with no dealer, with one page
// for each of its table's seats and its own seat its own, and room
// messages only once such a match started.
func TestPeerChecksTheBlindStartAndTheRoomsMessagesAgainstItsTable(t *testing.T) {
	welcome := func(deal string) string {
		return fmt.Sprintf(`{"v":4,"t":"welcome","seat":1,"token":"%s","game":"grab","info":{},"players":3,"deal":%q}`, strings.Repeat("a", 32), deal)
	}
	tests := []struct {
		name, deal, blind string
		says              string
	}{
		{"a room the host deals", "", `{"page":1,"owner":[0,1,0]}`, "not in a room dealt with no dealer"},
		{"an owner map of another table", wire.DealMental, `{"page":1,"owner":[0,1]}`, "an owner map of 2 seats at a 3-player table"},
		{"another page's seat", wire.DealMental, `{"page":1,"owner":[0,0,1]}`, "page 1 does not hold this page's seat 1"},
		{"a room message first", wire.DealMental, "", "not in a match dealt with no dealer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var page blindPage
			cfg := page.config("Ann", 1)
			cfg.Game = rtctest.Lookup
			host, mine := Pipe()
			cfg.Dial = func(context.Context) (Conn, error) { return mine, nil }
			p := NewPeer(cfg)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { defer close(done); p.Run(ctx) }()
			t.Cleanup(func() { cancel(); host.Close(); <-done })

			sendRaw(t, host, welcome(tt.deal))
			if tt.blind != "" {
				sendRaw(t, host, `{"v":4,"t":"blind","blind":`+tt.blind+`}`)
			} else {
				sendRaw(t, host, `{"v":4,"t":"room","room":"AAEC"}`)
			}
			eventually(t, func() bool { return strings.Contains(p.LastError(), tt.says) }, "the page refuses it: %q", p.LastError())
			s, r := page.got()
			assert.Empty(t, s)
			assert.Empty(t, r)
			assert.False(t, p.Started())
		})
	}
}

// TestKickedPageLeavesTheNoDealerMatchAndTheRoomsEndClosesNoPage: the
// host removing a page's player closes that page once; the room's end is
// the app's to tell its worker, not a page leaving.
func TestKickedPageLeavesTheNoDealerMatchAndTheRoomsEndClosesNoPage(t *testing.T) {
	w := &fakeWorker{}
	tb := blindTable(t, w)
	h := tb.h()
	var pages [3]blindPage
	p1, _ := tb.join(1, pages[1].config("Ann", 1))
	p2, _ := tb.join(2, pages[2].config("Bob", 2))
	eventually(t, func() bool { return p1.Seat() == 1 && p2.Seat() == 2 }, "seated")
	require.NoError(t, h.FillBots("random"))
	require.NoError(t, h.Start())
	eventually(t, func() bool { return p1.Started() && p2.Started() }, "started")

	require.NoError(t, h.Kick(1))
	eventually(t, func() bool { return p1.Status() == StatusClosed }, "the kicked page stops")
	assert.Equal(t, []int{1}, w.closes())
	h.RoomSend([]byte("on"))
	eventually(t, func() bool { _, r := pages[2].got(); return len(r) == 1 }, "the other page goes on")
	_, r := pages[1].got()
	assert.Empty(t, r)

	h.End()
	eventually(t, func() bool { return p2.Status() == StatusClosed }, "the room ended")
	assert.Equal(t, []int{1}, w.closes(), "the room's end closes no page")
}
