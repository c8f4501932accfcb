package rtc

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/rtctest"
	"cardtable/rtc/wire"
)

// hello says hello on a raw link and returns the welcome.
func hello(t testing.TB, c Conn, token string) wire.ToPeer {
	t.Helper()
	m := map[string]any{"v": wire.Version, "t": "hello"}
	if token != "" {
		m["token"] = token
	}
	b, _ := json.Marshal(m)
	require.NoError(t, c.Send(b))
	return recvType(t, c, wire.MsgWelcome)
}

func TestASeatTokenAlwaysGetsItsSeatBackWhateverElseIsLinked(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{MaxSpectators: 2, MaxOpening: 3, HelloTimeout: time.Hour})
	h := tb.h()
	p := seatedPeers(t, tb, 1)[0]
	startMatch(t, h)
	token := p.Token()
	require.True(t, wire.ValidToken(token))

	// A squatter fills every allowance: spectators, and links that never
	// say hello.
	for range 2 {
		hello(t, rawLink(t, h), "")
	}
	spare := rawLink(t, h)
	sendRaw(t, spare, `{"v":4,"t":"hello"}`)
	bye := recvType(t, spare, wire.MsgBye)
	assert.Equal(t, wire.ByeFull, bye.Code, "the third spectator")
	assert.Contains(t, bye.Error, "room for 2 spectators")
	var silent []Conn
	for range 3 {
		silent = append(silent, rawLink(t, h))
	}

	// The player's link drops and comes back: its token takes the seat, the
	// oldest silent link gives way.
	tb.drop(1)
	eventually(t, func() bool { return h.Seats()[1].Connected && tb.dialed(1) == 2 && p.Status() == StatusConnected }, "the player is back in its seat")
	assert.Equal(t, games.Seat(1), p.Seat())
	gone := recvType(t, silent[0], wire.MsgBye)
	assert.Equal(t, wire.ByeFull, gone.Code)

	// A raw link with the token takes the seat from the player's link, and
	// hands it back the same way.
	c := rawLink(t, h)
	w := hello(t, c, token)
	assert.Equal(t, games.Seat(1), *w.Seat)
	eventually(t, func() bool { return p.Status() == StatusClosed }, "the replaced link stops for good")
	assert.Contains(t, p.LastError(), "taken over by another link")
}

func TestALinkThatSaysNoHelloIsEndedAtTheDeadline(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{HelloTimeout: 100 * time.Millisecond})
	c := rawLink(t, tb.h())
	bye := recvType(t, c, wire.MsgBye)
	assert.Equal(t, wire.ByeHello, bye.Code)
	assert.Equal(t, "no hello within 100ms", bye.Error)

	// A peer that says hello in time keeps its link past the deadline.
	p := seatedPeers(t, tb, 1)[0]
	time.Sleep(200 * time.Millisecond)
	assert.Equal(t, StatusConnected, p.Status())
	assert.Equal(t, 1, tb.dialed(1))
}

func TestSpectatorsHaveAnAllowanceOfTheirOwn(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{MaxSpectators: 1})
	h := tb.h()
	seatedPeers(t, tb, 1)
	// Before the start a newcomer sits in an empty seat, spectators or not.
	spec := rawLink(t, h)
	sendRaw(t, spec, `{"v":4,"t":"hello"}`)
	assert.Equal(t, games.Seat(2), *recvType(t, spec, wire.MsgWelcome).Seat)
	startMatch(t, h)
	watcher := rawLink(t, h)
	assert.Equal(t, games.Observer, *hello(t, watcher, "").Seat)
	extra := rawLink(t, h)
	sendRaw(t, extra, `{"v":4,"t":"hello"}`)
	assert.Equal(t, wire.ByeFull, recvType(t, extra, wire.MsgBye).Code)
	// The spectator leaves: its place is free again.
	watcher.Close()
	eventually(t, func() bool {
		c := rawLink(t, h)
		sendRaw(t, c, `{"v":4,"t":"hello"}`)
		return recvMsg(t, c).T == wire.MsgWelcome
	}, "a spectator's place frees when it leaves")
}

func TestARefusedIntentLeavesItsIDUnused(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{Window: func(time.Duration) time.Duration { return time.Hour }})
	h := tb.h()
	c := rawLink(t, h)
	hello(t, c, "")
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	u := recvType(t, c, wire.MsgUpdate)
	for u.Step != 1 {
		u = recvType(t, c, wire.MsgUpdate)
	}
	act := u.Legal[0].Text
	for _, tt := range []struct {
		id     uint64
		step   int
		reason string
	}{
		{id: 5, step: 9, reason: "ahead of the table"},
		{id: math.MaxUint64, step: 1, reason: "leaps too far"},
		{id: 1 << 33, step: 1, reason: "leaps too far"},
	} {
		sendRaw(t, c, fmt.Sprintf(`{"v":4,"t":"act","id":%d,"step":%d,"act":%q}`, tt.id, tt.step, act))
		assert.Contains(t, recvType(t, c, wire.MsgError).Error, tt.reason)
	}
	sendRaw(t, c, fmt.Sprintf(`{"v":4,"t":"act","id":1,"step":1,"act":%q}`, act))
	eventually(t, func() bool { return h.Snapshot().Step == 2 }, "the seat's first id still plays")
}

func TestReconnectingGivesASeatNoFreshAllowance(t *testing.T) {
	tb := grabTable(t, 2, HostConfig{})
	h := tb.h()
	c := rawLink(t, h)
	token := hello(t, c, "").Token
	flood := func(c Conn) int {
		for i := range 2 * msgBurst {
			if c.Send([]byte(`{"v":4,"t":"ping"}`)) != nil {
				return i
			}
		}
		return 2 * msgBurst
	}
	flood(c)
	assert.Equal(t, wire.ByeRate, recvType(t, c, wire.MsgBye).Code)
	// The same seat at once on a new link: its budget is the one it spent.
	again := rawLink(t, h)
	hello(t, again, token)
	for range 20 {
		if again.Send([]byte(`{"v":4,"t":"ping"}`)) != nil {
			break
		}
	}
	assert.Equal(t, wire.ByeRate, recvType(t, again, wire.MsgBye).Code, "20 messages are over a spent budget")
}

func TestAPeerDroppedForAPassingReasonDialsAgainAndStopsOnAFinalOne(t *testing.T) {
	for _, tt := range []struct {
		code  string
		final bool
	}{
		{wire.ByeRate, false}, {wire.ByeSlow, false}, {wire.ByeFull, false}, {wire.ByeHello, false},
		{wire.ByeBad, false}, {wire.ByeLeft, false},
		{wire.ByeKicked, true}, {wire.ByeToken, true}, {wire.ByeReplaced, true}, {wire.ByeClosed, true},
	} {
		t.Run(tt.code, func(t *testing.T) {
			var mu sync.Mutex
			dials := 0
			p := NewPeer(PeerConfig{Game: rtctest.Lookup, Backoff: time.Millisecond, Dial: func(context.Context) (Conn, error) {
				a, b := Pipe()
				mu.Lock()
				dials++
				first := dials == 1
				mu.Unlock()
				go func() {
					if first {
						m, _ := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgBye, Code: tt.code, Error: "why: " + tt.code})
						a.Send(m)
						a.Close()
					}
				}()
				return b, nil
			}})
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- p.Run(ctx) }()
			if tt.final {
				err := <-done
				require.Error(t, err)
				assert.Contains(t, err.Error(), map[bool]string{true: "closed the room", false: "why: " + tt.code}[tt.code == wire.ByeClosed])
				mu.Lock()
				assert.Equal(t, 1, dials)
				mu.Unlock()
				return
			}
			eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return dials >= 2 }, "dials again")
			assert.Equal(t, "why: "+tt.code, p.LastError())
			cancel()
			<-done
		})
	}
}

// stuck is a link whose peer never reads: Send blocks until Close.
type stuck struct {
	Conn
	mu   sync.Mutex
	sent int
	gone chan struct{}
	once sync.Once
}

func (s *stuck) Send(b []byte) error {
	s.mu.Lock()
	s.sent++
	n := s.sent
	s.mu.Unlock()
	if n <= 2 {
		return s.Conn.Send(b) // the welcome and the state get through
	}
	<-s.gone
	return ErrClosed
}

func (s *stuck) Close() error {
	s.once.Do(func() { close(s.gone) })
	return s.Conn.Close()
}

func TestALinkThatDoesNotDrainIsEndedWithItsQueueCapped(t *testing.T) {
	const limit = 8 << 10
	tb := grabTable(t, 2, HostConfig{MaxQueue: limit})
	h := tb.h()
	seatedPeers(t, tb, 1)
	startMatch(t, h)
	a, b := Pipe()
	s := &stuck{Conn: a, gone: make(chan struct{})}
	h.Attach(s)
	t.Cleanup(func() { b.Close() })
	hello(t, b, "")
	peak := 0
	ended := false
	for i := 0; i < 2000 && !ended; i++ {
		if b.Send([]byte(`{"v":4,"t":"sync"}`)) != nil {
			break
		}
		if i%10 == 9 {
			time.Sleep(400 * time.Millisecond) // within the message rate
		}
		peak = max(peak, h.Queued())
		select {
		case <-s.gone:
			ended = true
		default:
		}
	}
	eventually(t, func() bool {
		select {
		case <-s.gone:
			return true
		default:
			return false
		}
	}, "the link that does not drain is closed")
	assert.LessOrEqual(t, peak, limit+1024, "bytes queued for it at most")
	eventually(t, func() bool { return h.Queued() == 0 }, "its queue is let go")
	t.Logf("peak queued for the stuck link: %d bytes (cap %d)", peak, limit)
}

// counted counts the messages a peer sends on its link.
type counted struct {
	Conn
	n *atomic.Int64
}

func (c counted) Send(b []byte) error {
	c.n.Add(1)
	return c.Conn.Send(b)
}

func TestPeersThatMoveTheInstantTheyMayAreNeverCutOff(t *testing.T) {
	tb := newHostedTable(t, HostConfig{Game: mustEntry("king"), Record: record.New("king", games.Config{Players: 4, Seed: 12}), StandIn: "random"})
	h := tb.h()
	sent := make([]atomic.Int64, 4)
	tb.wrap = func(i int, c Conn) Conn { return counted{Conn: c, n: &sent[i]} }
	var byes atomic.Int32
	var peers []*Peer
	for i := 1; i <= 3; i++ {
		rng := games.NewRand(uint64(i))
		var self atomic.Pointer[Peer] // the peer notifies before join returns it
		p, _ := tb.join(i, PeerConfig{Name: fmt.Sprintf("P%d", i), Notify: func(n Notice) {
			if n.Kind == NoticeBye {
				byes.Add(1)
			}
			p := self.Load()
			if p == nil {
				return
			}
			if ms := p.Snapshot().Legal; len(ms) > 0 {
				act(p, ms[rng.IntN(len(ms))].Text)
			}
		}})
		self.Store(p)
		peers = append(peers, p)
	}
	for _, p := range peers {
		eventually(t, func() bool { return p.Seat() >= 0 }, "seated")
	}
	startMatch(t, h)
	rng := games.NewRand(99)
	t0 := time.Now()
	for !h.Snapshot().Done && time.Since(t0) < slow*30*time.Second {
		if ms := h.Snapshot().Legal; len(ms) > 0 {
			act(h, ms[rng.IntN(len(ms))].Text)
		}
		for _, p := range peers { // a peer whose last notice came before its turn
			if ms := p.Snapshot().Legal; len(ms) > 0 {
				act(p, ms[rng.IntN(len(ms))].Text)
			}
		}
		runtime.Gosched()
	}
	elapsed := time.Since(t0)
	require.True(t, h.Snapshot().Done, "the match ends")
	final := h.Record()
	for _, p := range peers {
		eventually(t, func() bool { return p.Snapshot().Done }, "the peer has the end")
		assert.Equal(t, StatusConnected, p.Status(), "its link stays for the next match")
		assert.Equal(t, final, p.Record())
	}
	assert.Zero(t, byes.Load(), "no peer was sent away")
	for i := 1; i <= 3; i++ {
		assert.Equal(t, 1, tb.dialed(i), "peer %d kept its first link", i)
	}
	fastest := 0.0
	for i := 1; i <= 3; i++ {
		fastest = max(fastest, float64(sent[i].Load())/elapsed.Seconds())
	}
	t.Logf("%d actions in %v; the fastest peer sent %.0f messages a second (the rate alone allows %d, %d at once)",
		len(final.Actions), elapsed.Round(time.Millisecond), fastest, msgRate, msgBurst)
}
