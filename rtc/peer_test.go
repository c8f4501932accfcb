package rtc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"
	"cardtable/rtc/rtctest"

	"cardtable/rtc/wire"
)

// hostedTable is a hosted match over in-memory links, recording every byte the
// host sends to each peer.
type hostedTable struct {
	t     testing.TB
	ctx   context.Context
	mu    sync.Mutex
	host  *Host
	sent  map[int][][]byte // by peer number
	links map[int]Conn     // each peer's current link (its end)
	dials map[int]int      // links each peer opened
	wrap  func(i int, c Conn) Conn
}

// tap records what the host sends on a link.
type tap struct {
	Conn
	onSend func([]byte)
}

func (c *tap) Send(b []byte) error {
	c.onSend(b)
	return c.Conn.Send(b)
}

func newHostedTable(t testing.TB, cfg HostConfig) *hostedTable {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), slow*60*time.Second)
	t.Cleanup(cancel)
	if cfg.Name == "" {
		cfg.Name = "Host"
	}
	h, err := NewHost(cfg)
	require.NoError(t, err)
	tb := &hostedTable{t: t, ctx: ctx, host: h, sent: map[int][][]byte{}, links: map[int]Conn{}, dials: map[int]int{}}
	t.Cleanup(func() { tb.h().Close() })
	return tb
}

func (tb *hostedTable) h() *Host {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.host
}

// dialer links peer number i to whichever host runs the table now.
func (tb *hostedTable) dialer(i int) func(context.Context) (Conn, error) {
	return func(ctx context.Context) (Conn, error) {
		a, b := Pipe()
		tb.mu.Lock()
		h := tb.host
		tb.links[i] = b
		tb.dials[i]++
		var c Conn = b
		if tb.wrap != nil {
			c = tb.wrap(i, b)
		}
		tb.mu.Unlock()
		h.Attach(&tap{Conn: a, onSend: func(m []byte) {
			tb.mu.Lock()
			tb.sent[i] = append(tb.sent[i], m)
			tb.mu.Unlock()
		}})
		return c, nil
	}
}

// join starts peer number i's session; it runs until the test ends.
func (tb *hostedTable) join(i int, cfg PeerConfig) (*Peer, context.CancelFunc) {
	if cfg.Dial == nil {
		cfg.Dial = tb.dialer(i)
	}
	if cfg.Game == nil {
		cfg.Game = rtctest.Lookup
	}
	if cfg.Room == "" {
		h := tb.h()
		h.mu.Lock()
		cfg.Room = h.draw.room // the code the peer opened
		h.mu.Unlock()
	}
	if cfg.Backoff == 0 {
		cfg.Backoff, cfg.MaxBackoff = 5*time.Millisecond, 20*time.Millisecond
	}
	p := NewPeer(cfg)
	ctx, cancel := context.WithCancel(tb.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(ctx)
	}()
	tb.t.Cleanup(func() {
		cancel()
		<-done
	})
	return p, cancel
}

// run drives the host's bots and windows until the test ends.
func (tb *hostedTable) run(h *Host) {
	ctx, cancel := context.WithCancel(tb.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := h.Run(ctx, func() time.Duration { return 0 })
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrClosed) {
			tb.t.Errorf("the host's Run: %v", err)
		}
	}()
	tb.t.Cleanup(func() {
		cancel()
		<-done
	})
}

// drop closes peer i's current link, as a network failure would, and
// returns how many links it had opened before.
func (tb *hostedTable) drop(i int) int {
	tb.mu.Lock()
	c, n := tb.links[i], tb.dials[i]
	tb.mu.Unlock()
	if c != nil {
		c.Close()
	}
	return n
}

func (tb *hostedTable) dialed(i int) int {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.dials[i]
}

func eventually(t testing.TB, cond func() bool, msg string, args ...any) {
	t.Helper()
	require.Eventually(t, cond, slow*10*time.Second, time.Millisecond, append([]any{msg}, args...)...)
}

// rawLink is a link to the host that the test speaks on directly.
func rawLink(t testing.TB, h *Host) Conn {
	a, b := Pipe()
	h.Attach(a)
	t.Cleanup(func() { b.Close() })
	return b
}

func sendRaw(t testing.TB, c Conn, s string) {
	t.Helper()
	require.NoError(t, c.Send([]byte(s)))
}

func recvMsg(t testing.TB, c Conn) wire.ToPeer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b, err := c.Recv(ctx)
	require.NoError(t, err)
	var m wire.ToPeer
	require.NoError(t, json.Unmarshal(b, &m), string(b))
	return m
}

func recvType(t testing.TB, c Conn, typ string) wire.ToPeer {
	t.Helper()
	for {
		if m := recvMsg(t, c); m.T == typ {
			return m
		}
	}
}

// startMatch starts the host's match: the joint seed's draw, then the
// deal.
func startMatch(t testing.TB, h *Host) {
	t.Helper()
	require.NoError(t, h.Start())
	eventually(t, h.Started, "the draw ends and the match starts")
}

func grabTable(t testing.TB, players int, cfg HostConfig) *hostedTable {
	t.Helper()
	if cfg.DrawTimeout == 0 {
		// Raw links in these tests say nothing in the draw: the host goes
		// on without them soon.
		cfg.DrawTimeout = slow * 150 * time.Millisecond
	}
	if cfg.Room == "" {
		cfg.Room = "TESTROOM"
	}
	cfg.Game = rtctest.GrabEntry
	cfg.Record = record.New("grab", games.Config{Players: players, Seed: 3})
	if cfg.StandIn == "" {
		cfg.StandIn = "random"
	}
	return newHostedTable(t, cfg)
}

// seatedPeers joins n peers (numbers 1..n) and waits until each has a seat.
func seatedPeers(t testing.TB, tb *hostedTable, n int) []*Peer {
	var ps []*Peer
	for i := 1; i <= n; i++ {
		p, _ := tb.join(i, PeerConfig{Name: fmt.Sprintf("P%d", i)})
		eventually(t, func() bool { return p.Seat() >= 0 }, "peer %d seated", i)
		ps = append(ps, p)
	}
	return ps
}

func viewOf(h *Host, seat games.Seat) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return viewJSON(h.t.state.View(seat))
}

// godJSON is the view with every card shown (the match is over).
func godJSON(h *Host) string { return viewOf(h, games.God) }
func viewJSON(v any) string  { return string(mustJSON(v)) }
func lastAct(h *Host) record.Step {
	r := h.Record()
	return r.Actions[len(r.Actions)-1]
}

func TestLobbySeatsJoinersInOrderAndStartsOnlyWhenFull(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{})
	h := tb.h()
	p := seatedPeers(t, tb, 1)[0]
	assert.Equal(t, games.Seat(1), p.Seat(), "the first empty seat")
	assert.Len(t, p.Token(), wire.TokenLen)

	err := h.Start()
	require.ErrorContains(t, err, "seat 2 is empty")
	assert.False(t, h.Started())
	require.NoError(t, h.FillBots("random"))
	st := h.Seats()
	assert.Equal(t, []string{KindHost, KindPlayer, KindBot}, []string{st[0].Kind, st[1].Kind, st[2].Kind})
	assert.True(t, st[1].Connected)
	assert.Equal(t, "P1", st[1].Name)
	eventually(t, func() bool { return len(p.Seats()) == 3 && p.Seats()[2].Kind == KindBot }, "the peer's lobby shows the bot")

	startMatch(t, h)
	eventually(t, func() bool { return p.Started() && p.Snapshot().View != nil }, "the peer gets the first update")
	assert.Error(t, h.Start(), "only once")
	assert.ErrorContains(t, h.SetBot(2, "random"), "has started")
}

func TestPeerMayAskForASeatAndMoveToAnother(t *testing.T) {
	tb := grabTable(t, 4, HostConfig{})
	want := games.Seat(3)
	p, _ := tb.join(1, PeerConfig{Name: "Ann", Seat: &want})
	eventually(t, func() bool { return p.Seat() == 3 }, "seat 3 as asked")
	tok := p.Token()
	require.NoError(t, p.Sit(2))
	eventually(t, func() bool { return p.Seat() == 2 }, "moved to seat 2")
	assert.Equal(t, tok, p.Token(), "the token moves with the player")
	st := tb.h().Seats()
	assert.Equal(t, KindEmpty, st[3].Kind)
	assert.Equal(t, "Ann", st[2].Name)
}

func TestPeerSeesOnlyItsOwnViewAndTheEnginesDescriptions(t *testing.T) {
	var mu sync.Mutex
	var hostEvents []Event
	tb := grabTable(t, 3, HostConfig{Notify: func(n Notice) {
		mu.Lock()
		hostEvents = append(hostEvents, n.Events...)
		mu.Unlock()
	}})
	h := tb.h()
	ps := seatedPeers(t, tb, 2)
	startMatch(t, h)
	tb.run(h)

	bury := h.Snapshot().Legal[0]
	hostActed, err := h.Act(bury.Text) // the host buries
	require.NoError(t, err)
	assert.Equal(t, []Event{{Index: 0, Seat: 0, Desc: bury.Desc}}, hostActed, "Act returns the move as the host's seat is told it")
	assert.Equal(t, hostActed, h.Snapshot().Last)
	for i, p := range ps {
		eventually(t, func() bool { return len(p.Snapshot().Legal) > 0 }, "peer %d's turn", i+1)
		evs, err := p.Act(p.Snapshot().Legal[1].Text)
		require.NoError(t, err)
		assert.Empty(t, evs, "a joiner's intent is told by the host's update")
		eventually(t, func() bool { return h.Snapshot().Step == i+2 }, "applied")
	}
	for _, p := range ps {
		eventually(t, func() bool { return p.Snapshot().Step == 3 }, "the last update")
		last := p.Snapshot().Last
		require.Len(t, last, 1, "the last update's event")
		assert.Equal(t, 2, last[0].Index)
		assert.Equal(t, games.Seat(2), last[0].Seat)
	}

	table, err := record.Replay(rtctest.GrabEntry.Game, h.Record(), nil)
	require.NoError(t, err)
	god := table.View(games.God).(rtctest.GrabView)
	for i, p := range ps {
		seat := p.Seat()
		assert.JSONEq(t, viewOf(h, seat), viewJSON(p.Snapshot().View), "peer %d's view is its own", i+1)
		// No action's notation reaches a peer before the end.
		assert.Empty(t, p.Record().Actions)
	}
	eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(hostEvents) == 3
	}, "the host's UI is told of each move")
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, games.Description{Seat: 0, Kind: "bury", Cards: []string{god.Buried[0]}}, hostEvents[0].Desc)
	assert.Equal(t, hostActed[0], hostEvents[0], "the host's UI is told what Act returned")
	assert.Equal(t, games.Description{Seat: 1, Kind: "bury", Hidden: 1}, hostEvents[1].Desc, "the host's UI does not show a peer's face-down card either")
	assertSentByEngine(t, tb, rtctest.GrabEntry, h.Record(), map[int]games.Seat{1: 1, 2: 2})
}

func TestFirstIntentWinsTheRaceAndTheLateOneIsRefused(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{Window: func(time.Duration) time.Duration { return time.Hour }})
	h := tb.h()
	a, b := rawLink(t, h), rawLink(t, h)
	sendRaw(t, a, `{"v":4,"t":"hello"}`)
	require.Equal(t, games.Seat(1), *recvType(t, a, wire.MsgWelcome).Seat)
	sendRaw(t, b, `{"v":4,"t":"hello"}`)
	require.Equal(t, games.Seat(2), *recvType(t, b, wire.MsgWelcome).Seat)
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	upTo := func(c Conn, step int) wire.ToPeer {
		for {
			if u := recvType(t, c, wire.MsgUpdate); u.Step == step {
				return u
			}
		}
	}
	sendRaw(t, a, fmt.Sprintf(`{"v":4,"t":"act","id":1,"step":1,"act":%q}`, upTo(a, 1).Legal[0].Text))
	sendRaw(t, b, fmt.Sprintf(`{"v":4,"t":"act","id":1,"step":2,"act":%q}`, upTo(b, 2).Legal[0].Text))
	ua, ub := upTo(a, 3), upTo(b, 3)
	require.Equal(t, []string{"grab"}, moveTexts(ua.Legal))
	require.Equal(t, []string{"grab"}, moveTexts(ub.Legal))
	// Who may answer a window is hidden (a Papas interrupt card): each seat
	// learns only that it may act itself.
	assert.Equal(t, []games.Seat{1}, ua.Actors)
	assert.Equal(t, []games.Seat{2}, ub.Actors)

	// Both grab on the update of step 3; seat 2's intent arrives first.
	sendRaw(t, b, `{"v":4,"t":"act","id":2,"step":3,"act":"grab"}`)
	eventually(t, func() bool { return h.Snapshot().Done }, "the first grab ends the match")
	sendRaw(t, a, `{"v":4,"t":"act","id":2,"step":3,"act":"grab"}`)
	assert.Contains(t, recvType(t, a, wire.MsgError).Error, "too late")
	assert.Equal(t, []games.Seat{2}, h.Snapshot().Result.Winners)
	assert.Equal(t, record.Step{Seat: 2, Act: "grab"}, lastAct(h))
	assert.Equal(t, 4, h.Snapshot().Step, "one grab applied")
}

func moveTexts(ms []Move) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

func TestHostAppliesTheTimeoutWhenTheWindowPasses(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{Window: func(d time.Duration) time.Duration { return d / 10 }})
	h := tb.h()
	p := seatedPeers(t, tb, 1)[0]
	startMatch(t, h)
	tb.run(h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return len(p.Snapshot().Legal) > 0 }, "turn")
	require.NoError(t, act(p, p.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return p.Snapshot().Deadline > 0 }, "the window shows on the peer")
	assert.Equal(t, 100*time.Millisecond, p.Snapshot().Deadline, "the host's deadline")
	assert.LessOrEqual(t, p.Snapshot().Remaining(), 100*time.Millisecond)
	eventually(t, func() bool { return p.Snapshot().Done }, "the timeout ends the match")
	assert.Equal(t, record.Step{Seat: games.System, Act: "timeout"}, lastAct(h))
	assert.Empty(t, h.Snapshot().Result.Winners)
	assert.Equal(t, h.Record(), p.Record(), "the whole record once the match is over")
}

func TestBadPeerMessagesGetAnErrorAndChangeNothing(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	h := tb.h()
	fresh := rawLink(t, h)
	sendRaw(t, fresh, `{"v":4,"t":"act","id":1,"step":0,"act":"grab"}`)
	assert.Contains(t, recvType(t, fresh, wire.MsgError).Error, "say hello first")

	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello","name":"Eve"}`)
	w := recvType(t, c, wire.MsgWelcome)
	require.Equal(t, games.Seat(1), *w.Seat)
	startMatch(t, h)
	recvType(t, c, wire.MsgUpdate)
	before := h.Journal()

	tests := []struct {
		name, msg, reason string
	}{
		{"oversized", `{"v":4,"t":"ping","pad":"` + strings.Repeat("x", wire.MaxPeerMessage) + `"}`, "over the 4096-byte limit"},
		{"not JSON", `grab!`, "bad message"},
		{"JSON list", `[1]`, "bad message"},
		{"unknown field", `{"v":4,"t":"ping","seat2":1}`, "unknown field"},
		{"old version", `{"v":0,"t":"ping"}`, "protocol version 0"},
		{"future version", `{"v":5,"t":"act","id":9,"step":0,"act":"grab"}`, "protocol version 5"},
		{"unknown type", `{"v":4,"t":"cheat"}`, "unknown type"},
		{"act without id", `{"v":4,"t":"act","step":0,"act":"grab"}`, "needs id, step and act"},
		{"act without step", `{"v":4,"t":"act","id":3,"act":"grab"}`, "needs id, step and act"},
		{"act control characters", `{"v":4,"t":"act","id":3,"step":0,"act":"bury\u0000AS"}`, "printable"},
		{"act too long", `{"v":4,"t":"act","id":3,"step":0,"act":"` + strings.Repeat("a", 80) + `"}`, "at most 64"},
		{"negative step", `{"v":4,"t":"act","id":3,"step":-1,"act":"grab"}`, "needs id, step and act"},
		{"ping with a seat", `{"v":4,"t":"ping","seat":1}`, "ping takes no seat"},
		{"sit without a seat", `{"v":4,"t":"sit"}`, "sit needs a seat"},
		{"sit after the start", `{"v":4,"t":"sit","seat":0}`, "has started"},
		{"hello twice", `{"v":4,"t":"hello","name":"Eve"}`, "hello sent twice"},
		{"long name", `{"v":4,"t":"hello","name":"` + strings.Repeat("n", 30) + `"}`, "at most 24"},
		{"bad token", `{"v":4,"t":"hello","token":"NOTHEX"}`, "32 hexadecimal"},
		{"step from the future", `{"v":4,"t":"act","id":4,"step":99,"act":"bury AS"}`, "ahead of the table"},
		{"not its turn", `{"v":4,"t":"act","id":5,"step":0,"act":"grab"}`, "not your turn"},
		{"unparsable action", `{"v":4,"t":"act","id":6,"step":0,"act":"dance"}`, "unknown action"},
		{"replayed id", `{"v":4,"t":"act","id":6,"step":0,"act":"grab"}`, "already handled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sendRaw(t, c, tt.msg)
			m := recvType(t, c, wire.MsgError)
			assert.Contains(t, m.Error, tt.reason)
			assert.Equal(t, before, h.Journal(), "nothing changed")
		})
	}
	sendRaw(t, c, `{"v":4,"t":"ping"}`)
	recvType(t, c, wire.MsgPong)
}

func TestTooManyBadMessagesEndTheLink(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	c := rawLink(t, tb.h())
	for range 70 {
		if c.Send([]byte(`nonsense`)) != nil {
			break
		}
	}
	assert.Equal(t, "too many bad messages", recvType(t, c, wire.MsgBye).Error)
}

func TestMessageFloodEndsTheLink(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	h := tb.h()
	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello"}`)
	recvType(t, c, wire.MsgWelcome)
	for range 2 * msgBurst {
		if c.Send([]byte(`{"v":4,"t":"sync"}`)) != nil {
			break
		}
	}
	bye := recvType(t, c, wire.MsgBye)
	assert.Equal(t, wire.ByeRate, bye.Code)
	assert.Equal(t, "too many messages (over 30 a second)", bye.Error)
	eventually(t, func() bool { return !h.Seats()[1].Connected }, "the link is gone")
}

func TestDuplicatedIntentIsAppliedOnce(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	h := tb.h()
	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello"}`)
	recvType(t, c, wire.MsgWelcome)
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	u := recvType(t, c, wire.MsgUpdate)
	for u.Step != 1 {
		u = recvType(t, c, wire.MsgUpdate)
	}
	msg := fmt.Sprintf(`{"v":4,"t":"act","id":1,"step":1,"act":%q}`, u.Legal[0].Text)
	sendRaw(t, c, msg)
	sendRaw(t, c, msg)
	assert.Contains(t, recvType(t, c, wire.MsgError).Error, "intent 1 already handled")
	assert.Equal(t, 2, h.Snapshot().Step)
}

func TestIntentMadeBeforeTheSeatsMovesChangedIsTooLate(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{Window: func(time.Duration) time.Duration { return time.Hour }})
	h := tb.h()
	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello"}`)
	recvType(t, c, wire.MsgWelcome)
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	var u wire.ToPeer
	for u.Step != 1 {
		u = recvType(t, c, wire.MsgUpdate)
	}
	sendRaw(t, c, fmt.Sprintf(`{"v":4,"t":"act","id":1,"step":1,"act":%q}`, u.Legal[0].Text))
	for u.Step != 2 {
		u = recvType(t, c, wire.MsgUpdate)
	}
	require.Equal(t, []string{"grab"}, moveTexts(u.Legal))
	// "grab" is legal now, but the intent was made on step 1, when it was not offered.
	sendRaw(t, c, `{"v":4,"t":"act","id":2,"step":1,"act":"grab"}`)
	refused := recvType(t, c, wire.MsgError)
	assert.Contains(t, refused.Error, "too late: the table moved on at step 2")
	assert.True(t, refused.Late, "the refusal says the move came too late")
	assert.False(t, h.Snapshot().Done)
	// The refusal comes with the state again, so the UI offers grab anew.
	assert.Equal(t, []string{"grab"}, moveTexts(recvType(t, c, wire.MsgUpdate).Legal))
}

func TestDroppedPeerRejoinsItsSeatWithItsToken(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{})
	h := tb.h()
	ps := seatedPeers(t, tb, 2)
	tok := ps[0].Token()
	n := tb.drop(1)
	eventually(t, func() bool {
		return tb.dialed(1) > n && ps[0].Status() == StatusConnected && h.Seats()[1].Connected
	}, "the peer dialed again")
	assert.Equal(t, games.Seat(1), ps[0].Seat())
	assert.Equal(t, tok, ps[0].Token())

	// A reloaded page: a new session with the stored token takes the seat over.
	again, _ := tb.join(3, PeerConfig{Token: tok})
	eventually(t, func() bool { return again.Seat() == 1 }, "the seat comes back")
	eventually(t, func() bool { return ps[0].Status() == StatusClosed }, "the old session is told and stops")
	assert.Contains(t, ps[0].LastError(), "taken over")
	st := h.Seats()[1]
	assert.True(t, st.Connected)
	assert.Equal(t, KindPlayer, st.Kind)
}

func TestUnknownTokenIsRefusedForGood(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	p, _ := tb.join(1, PeerConfig{Token: strings.Repeat("ab", 16)})
	eventually(t, func() bool { return p.Status() == StatusClosed }, "refused")
	assert.Contains(t, p.LastError(), "unknown seat token")
	assert.Equal(t, KindEmpty, tb.h().Seats()[1].Kind)
}

func TestBotStandsInAfterTheGraceAndThePlayerTakesOverAgain(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{Grace: 100 * time.Millisecond, Window: func(time.Duration) time.Duration { return time.Hour }})
	h := tb.h()
	tb.run(h)
	p, stop := tb.join(1, PeerConfig{Name: "Bo"})
	eventually(t, func() bool { return p.Seat() == 1 }, "seated")
	tok := p.Token()
	other, _ := tb.join(2, PeerConfig{Name: "Cy"})
	eventually(t, func() bool { return other.Seat() == 2 }, "seated")
	startMatch(t, h)
	stop() // Bo's page closes
	eventually(t, func() bool { return !h.Seats()[1].Connected }, "away")
	st := h.Seats()[1]
	assert.False(t, st.BotPlays, "not during the grace")
	assert.Positive(t, st.GraceMs)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return h.Snapshot().Step == 2 }, "the stand-in buries for seat 1")
	assert.Equal(t, games.Seat(1), lastAct(h).Seat)
	assert.True(t, h.Seats()[1].BotPlays)
	assert.Equal(t, "random", h.Seats()[1].Bot)

	back, _ := tb.join(3, PeerConfig{Token: tok})
	eventually(t, func() bool { return back.Seat() == 1 && h.Seats()[1].Connected }, "back in the seat")
	st = h.Seats()[1]
	assert.False(t, st.BotPlays, "the player plays again")
	assert.Equal(t, "Bo", st.Name)
	eventually(t, func() bool { return len(other.Snapshot().Legal) > 0 }, "Cy's turn")
	require.NoError(t, act(other, other.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return slices.Equal(moveTexts(back.Snapshot().Legal), []string{"grab"}) }, "grab offered to Bo")
	time.Sleep(30 * time.Millisecond)
	assert.False(t, h.Snapshot().Done, "no bot grabs for seat 1 any more")
	require.NoError(t, act(back, "grab"))
	eventually(t, func() bool { return h.Snapshot().Done }, "the returning player grabs")
	assert.Equal(t, []games.Seat{1}, h.Snapshot().Result.Winners)
}

func TestReloadedHostResumesFromItsJournalAndPeersReconnect(t *testing.T) {
	var jmu sync.Mutex
	var saved *Journal
	save := func(j *Journal) {
		jmu.Lock()
		saved = j
		jmu.Unlock()
	}
	tb := grabTable(t, 3, HostConfig{Journal: save, Window: func(time.Duration) time.Duration { return time.Hour }})
	h := tb.h()
	ps := seatedPeers(t, tb, 2)
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return len(ps[0].Snapshot().Legal) > 0 }, "peer 1's turn")

	// The host's page reloads: the old host is gone, a new one starts from the saved journal.
	h.Close()
	jmu.Lock()
	j := saved
	jmu.Unlock()
	require.NotNil(t, j)
	data, err := json.Marshal(j) // as local storage keeps it
	require.NoError(t, err)
	var back Journal
	require.NoError(t, json.Unmarshal(data, &back))
	h2, err := NewHost(HostConfig{Game: rtctest.GrabEntry, Record: back.Record, Seat: back.HostSeat, Name: "Host", Seats: back.Seats, Started: back.Started, StandIn: "random", Journal: save})
	require.NoError(t, err)
	tb.mu.Lock()
	tb.host = h2
	tb.mu.Unlock()
	t.Cleanup(h2.Close)
	tb.run(h2)
	eventually(t, func() bool { s := h2.Seats(); return s[1].Connected && s[2].Connected }, "both peers back in their seats")
	assert.Equal(t, 1, h2.Snapshot().Step)

	for i, p := range ps {
		eventually(t, func() bool {
			return p.Status() == StatusConnected && len(p.Snapshot().Legal) > 0 && p.Snapshot().Step == i+1
		}, "peer %d's turn", i+1)
		require.NoError(t, act(p, p.Snapshot().Legal[0].Text))
		eventually(t, func() bool { return h2.Snapshot().Step == i+2 }, "applied")
	}
	eventually(t, func() bool { return len(ps[1].Snapshot().Legal) == 1 && ps[1].Snapshot().Step == 3 }, "grab offered")
	require.NoError(t, act(ps[1], "grab"))
	eventually(t, func() bool { return ps[0].Snapshot().Done && ps[1].Snapshot().Done }, "over")
	replayed, err := record.Replay(rtctest.Grab{}, h2.Record(), nil)
	require.NoError(t, err)
	assert.Equal(t, viewJSON(replayed.View(games.God)), godJSON(h2))
	assert.Equal(t, h2.Record(), ps[0].Record())
}

func TestKickedPlayerIsToldWhy(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{})
	h := tb.h()
	ps := seatedPeers(t, tb, 2)
	require.NoError(t, h.Kick(1))
	eventually(t, func() bool { return ps[0].Status() == StatusClosed }, "the kicked session stops")
	assert.Contains(t, ps[0].LastError(), "removed from the table by the host")
	assert.Equal(t, KindEmpty, h.Seats()[1].Kind, "before the start the seat empties")
	assert.Error(t, h.Kick(0), "the host's own seat")

	require.NoError(t, h.FillBots("random"))
	startMatch(t, h)
	require.NoError(t, h.Kick(2))
	assert.Equal(t, KindBot, h.Seats()[2].Kind, "after the start a bot takes the seat")
}

func TestSpectatorSeesTheObserverViewAndCannotAct(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	h := tb.h()
	seatedPeers(t, tb, 1)
	startMatch(t, h)
	s, _ := tb.join(5, PeerConfig{Name: "Watcher"})
	eventually(t, func() bool { return s.Snapshot().View != nil }, "the spectator gets a view")
	assert.Equal(t, games.Observer, s.Seat())
	assert.JSONEq(t, viewOf(h, games.Observer), viewJSON(s.Snapshot().View))
	assert.Empty(t, s.Snapshot().Legal)
	assert.ErrorIs(t, act(s, "grab"), games.ErrNotYourTurn)

	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello"}`)
	recvType(t, c, wire.MsgWelcome)
	sendRaw(t, c, `{"v":4,"t":"act","id":1,"step":0,"act":"bury AS"}`)
	assert.Contains(t, recvType(t, c, wire.MsgError).Error, "no seat")
}

func TestPeerAsksForTheStateAgainWhenAViewHashDoesNotMatch(t *testing.T) {
	a, b := Pipe()
	p := NewPeer(PeerConfig{Game: rtctest.Lookup, Dial: func(context.Context) (Conn, error) { return b, nil }})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go p.Run(ctx)
	var hello wire.ToHost
	got, err := a.Recv(ctx)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(got, &hello))
	require.Equal(t, wire.MsgHello, hello.T)
	seat := games.Seat(1)
	info := rtctest.Grab{}.Info()
	w, _ := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgWelcome, Seat: &seat, Info: &info, Players: 2, Game: "grab"})
	require.NoError(t, a.Send(w))
	view := []byte(`{"hand":["AS"]}`)
	u, _ := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgUpdate, Step: 3, View: view, Hash: wire.ViewHash([]byte(`{"hand":["KS"]}`))})
	require.NoError(t, a.Send(u))
	got, err = a.Recv(ctx)
	require.NoError(t, err)
	assert.JSONEq(t, `{"v":4,"t":"sync"}`, string(got))
	assert.Nil(t, p.Snapshot().View, "the bad update is not shown")
	assert.Contains(t, p.LastError(), "hash mismatch")
}

// replayDescribed replays rec: every state of the match (the last one
// after the last action), and every action as each seat reads it (per
// action, per seat, then the spectator).
func replayDescribed(t testing.TB, e games.Entry, rec *record.Record) ([]games.State, [][]games.Description) {
	t.Helper()
	var states []games.State
	var descs [][]games.Description
	players := rec.Players
	_, err := record.Replay(e.Game, rec, func(i int, s games.State, st record.Step) {
		states = append(states, s.Clone())
		a, err := s.ParseAction(st.Act)
		require.NoError(t, err)
		d := s
		row := make([]games.Description, players+1)
		for v := range players {
			row[v] = d.Describe(games.Seat(v), st.Seat, a)
		}
		row[players] = d.Describe(games.Observer, st.Seat, a)
		descs = append(descs, row)
	})
	require.NoError(t, err)
	final, err := record.Replay(e.Game, rec, nil)
	require.NoError(t, err)
	return append(states, final), descs
}

// assertSentByEngine proves that everything the host sent each peer was
// made by the engine for that peer's seat: every update's view is the
// seat's View at that step, every event the engine's Describe of that
// action for the seat, every legal move the seat's own with its
// description, and no record before the match is over. (That no
// description or view tells a seat what it may not know is the engine's
// property, checked for every game by the conformance suite.)
func assertSentByEngine(t testing.TB, tb *hostedTable, e games.Entry, rec *record.Record, seats map[int]games.Seat) {
	t.Helper()
	states, descs := replayDescribed(t, e, rec)
	players := rec.Players

	tb.mu.Lock()
	defer tb.mu.Unlock()
	checked := 0
	for i, seat := range seats {
		for _, b := range tb.sent[i] {
			m, err := wire.ParseToPeer(b)
			require.NoError(t, err)
			if m.Record != nil {
				require.True(t, m.Done, "peer %d was sent the record before the end of the match", i)
			}
			if m.T != wire.MsgUpdate {
				continue
			}
			require.Less(t, m.Step, len(states))
			s := states[m.Step]
			assert.JSONEq(t, string(mustJSON(s.View(seat))), string(m.View), "peer %d (seat %d): the view at step %d is the engine's for the seat", i, seat, m.Step)
			want := []Move{}
			if !s.Done() {
				d := s
				for _, a := range s.Legal(seat, nil) {
					want = append(want, Move{Text: s.FormatAction(a), Desc: d.Describe(seat, seat, a)})
				}
			}
			got := slices.Clone(m.Legal)
			if got == nil {
				got = []Move{}
			}
			assert.Equal(t, want, got, "peer %d (seat %d): legal moves at step %d", i, seat, m.Step)
			for _, ev := range m.Events {
				require.Less(t, ev.Index, len(descs))
				col := players
				if seat >= 0 {
					col = int(seat)
				}
				require.Equal(t, descs[ev.Index][col], ev.Desc, "peer %d (seat %d): event %d is the engine's description for the seat", i, seat, ev.Index)
				checked++
			}
		}
	}
	require.Positive(t, checked, "no event was checked")
}

func TestHostRefusesAJournalThatDoesNotFit(t *testing.T) {
	rec := record.New("grab", games.Config{Players: 2, Seed: 1})
	tests := []struct {
		name  string
		cfg   HostConfig
		error string
	}{
		{"seat off the table", HostConfig{Seat: 2}, "seat 2 is not at a 2-player table"},
		{"seat count", HostConfig{Seats: []SeatInfo{{Kind: KindHost}}}, "1 seats for 2 players"},
		{"bad token", HostConfig{Seats: []SeatInfo{{Kind: KindHost}, {Kind: KindPlayer, Token: "x"}}}, "bad token"},
		{"host moved", HostConfig{Seat: 0, Seats: []SeatInfo{{Kind: KindHost}, {Kind: KindHost}}}, "the host sits in seat 0"},
		{"unknown kind", HostConfig{Seats: []SeatInfo{{Kind: KindHost}, {Kind: "alien"}}}, "unknown kind"},
		{"unknown bot", HostConfig{Seats: []SeatInfo{{Kind: KindHost}, {Kind: KindBot, Bot: "genius"}}}, "unknown bot"},
		{"empty seat in a started match", HostConfig{Seats: []SeatInfo{{Kind: KindHost}, {Kind: KindEmpty}}, Started: true}, "empty in a started match"},
		{"unknown stand-in", HostConfig{StandIn: "genius"}, "stand-in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Game, cfg.Record = rtctest.GrabEntry, rec
			if cfg.StandIn == "" {
				cfg.StandIn = "random"
			}
			_, err := NewHost(cfg)
			assert.ErrorContains(t, err, tt.error)
		})
	}
	bad := *rec
	bad.Actions = []record.Step{{Seat: 1, Act: "grab"}}
	_, err := NewHost(HostConfig{Game: rtctest.GrabEntry, Record: &bad, StandIn: "random"})
	assert.ErrorContains(t, err, "action 0", "a journal whose record does not replay")
}

// waiter buries its first card and lets every timed window run.
type waiter struct{ asked *atomic.Int32 }

func (w waiter) Choose(t *bots.Turn) (games.Action, error) {
	if t.Deadline > 0 {
		w.asked.Add(1)
		return 0, bots.ErrWait
	}
	return t.Legal[0], nil
}

func TestBotThatLetsTheWindowRunIsAskedOnceAndTheWindowPasses(t *testing.T) {
	var asked atomic.Int32
	tb := grabTable(t, 2, HostConfig{
		Window: func(time.Duration) time.Duration { return 150 * time.Millisecond },
		Bots: func(level string, g games.Entry, seed uint64) (bots.Bot, error) {
			if level == "waiter" {
				return waiter{&asked}, nil
			}
			return bots.New(level, g, seed)
		},
	})
	h := tb.h()
	require.NoError(t, h.SetBot(1, "waiter"))
	startMatch(t, h)
	tb.run(h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return h.Snapshot().Done }, "the window passes")
	assert.Equal(t, record.Step{Seat: games.System, Act: "timeout"}, lastAct(h))
	assert.Equal(t, games.Seat(1), h.Record().Actions[1].Seat, "the bot buried")
	assert.Equal(t, int32(1), asked.Load(), "asked once in the window, not on every tick")
}

// After the match the link stays, so that the host can call the table to
// the next match: Again tells every peer (a final bye "again") and their Run
// returns ErrNextMatch, which the page answers by joining the next match.
func TestTheHostCallsTheTableToTheNextMatch(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	var told atomic.Value
	p := NewPeer(PeerConfig{Game: rtctest.Lookup, Name: "P1", Dial: tb.dialer(1), Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
		Notify: func(n Notice) {
			if n.Kind == NoticeBye {
				told.Store(n.Code)
			}
		}})
	done := make(chan error, 1)
	go func() { done <- p.Run(tb.ctx) }()
	eventually(t, func() bool { return p.Seat() >= 0 }, "seated")
	h := tb.h()
	startMatch(t, h)
	rng := games.NewRand(7)
	eventually(t, func() bool {
		if ms := h.Snapshot().Legal; len(ms) > 0 {
			act(h, ms[rng.IntN(len(ms))].Text)
		}
		if ms := p.Snapshot().Legal; len(ms) > 0 {
			act(p, ms[rng.IntN(len(ms))].Text)
		}
		return h.Snapshot().Done && p.Snapshot().Done
	}, "the match ends")
	assert.Equal(t, StatusConnected, p.Status(), "the link stays after the end")
	select {
	case err := <-done:
		t.Fatalf("Run returned at the match's end: %v", err)
	default:
	}
	h.Again()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, ErrNextMatch)
	case <-time.After(slow * 10 * time.Second):
		t.Fatal("the peer was not told of the next match")
	}
	assert.Equal(t, wire.ByeAgain, told.Load())
	assert.Equal(t, StatusClosed, p.Status())
}

// A host that leaves the room ends it for everyone: the peers stop trying
// to reconnect. (A host whose page only closes or reloads is waited for.)
func TestHostEndClosesTheRoomForThePeers(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	p := NewPeer(PeerConfig{Game: rtctest.Lookup, Name: "P1", Dial: tb.dialer(1), Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond})
	done := make(chan error, 1)
	go func() { done <- p.Run(tb.ctx) }()
	eventually(t, func() bool { return p.Seat() >= 0 }, "seated")
	tb.h().End()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, ErrRoomClosed)
	case <-time.After(10 * time.Second):
		t.Fatal("the peer kept trying after the host closed the room")
	}
	assert.Equal(t, StatusClosed, p.Status())
}
