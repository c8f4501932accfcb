//go:build !js

package pion

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/rtctest"
	"cardtable/signaling"
)

// signalServer runs the real signaling server on 127.0.0.1.
func signalServer(t testing.TB) (string, *signaling.Server) {
	t.Helper()
	s := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", s)
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/", s
}

// pionTable is a King match hosted natively and joined by native pion peers
// through the signaling server, all on loopback.
type pionTable struct {
	h     *rtc.Host
	room  *Room
	cfg   Config
	peers []*rtc.Peer
	mu    sync.Mutex
	links map[int]rtc.Conn
}

func newPionTable(t testing.TB, seed uint64, notify func(i int, n rtc.Notice)) *pionTable {
	return newPionTableWith(t, seed, rtc.HostConfig{}, notify)
}

// newPionTableWith is newPionTable with the host's limits of hc; each of
// peers, when given, sets more of peer i's config.
func newPionTableWith(t testing.TB, seed uint64, hc rtc.HostConfig, notify func(i int, n rtc.Notice), peers ...func(i int, c *rtc.PeerConfig)) *pionTable {
	t.Helper()
	base, _ := signalServer(t)
	cfg := Config{Signal: base, Loopback: true, ConnectTimeout: 10 * time.Second}
	hc.Game, hc.Record, hc.Seat, hc.Name, hc.StandIn = kingEntry, record.New("king", games.Config{Players: 4, Seed: seed}), 0, "Host", "random"
	h, err := rtc.NewHost(hc)
	require.NoError(t, err)
	t.Cleanup(h.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	room, err := HostRoom(ctx, cfg, "", "", h.Attach)
	require.NoError(t, err)
	t.Cleanup(room.Close)
	require.True(t, signaling.ValidRoom(room.Code))
	h.SetRoom(room.Code) // the code every share of the joint seed names
	pt := &pionTable{h: h, room: room, cfg: cfg, links: map[int]rtc.Conn{}}
	for i := 1; i <= 3; i++ {
		pc := rtc.PeerConfig{Game: rtctest.Lookup,
			Name: fmt.Sprintf("P%d", i),
			Room: room.Code,
			Dial: func(ctx context.Context) (rtc.Conn, error) {
				c, err := Join(ctx, cfg, room.Code)
				if err == nil {
					pt.mu.Lock()
					pt.links[i] = c
					pt.mu.Unlock()
				}
				return c, err
			},
			Backoff: 50 * time.Millisecond, MaxBackoff: 500 * time.Millisecond,
			Notify: func(n rtc.Notice) {
				if notify != nil {
					notify(i, n)
				}
			},
		}
		for _, set := range peers {
			set(i, &pc)
		}
		p := rtc.NewPeer(pc)
		done := make(chan struct{})
		go func() {
			defer close(done)
			p.Run(ctx)
		}()
		t.Cleanup(func() {
			cancel()
			<-done
		})
		pt.peers = append(pt.peers, p)
	}
	for i, p := range pt.peers {
		require.Eventually(t, func() bool { return p.Seat() >= 0 }, 20*time.Second, 5*time.Millisecond, "peer %d seated over WebRTC", i+1)
	}
	return pt
}

func (pt *pionTable) link(i int) rtc.Conn {
	pt.mu.Lock()
	defer pt.mu.Unlock()
	return pt.links[i]
}

// startMatch starts the host's match: the joint seed's draw, then the
// deal.
func startMatch(t testing.TB, h *rtc.Host) {
	t.Helper()
	require.NoError(t, h.Start())
	require.Eventually(t, h.Started, 20*time.Second, time.Millisecond, "the draw ends and the match starts")
}

func TestPionPeersPlayAWholeMatchThroughTheSignalingServer(t *testing.T) {
	pt := newPionTable(t, 11, nil)
	h := pt.h
	startMatch(t, h)
	for _, p := range pt.peers {
		require.Eventually(t, func() bool { return p.Started() && p.Snapshot().View != nil }, 10*time.Second, time.Millisecond)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	dropped := false
	deadline := time.Now().Add(60 * time.Second)
	for !h.Snapshot().Done && time.Now().Before(deadline) {
		if ms := h.Snapshot().Legal; len(ms) > 0 {
			require.NoError(t, act(h, ms[rng.IntN(len(ms))].Text))
		}
		for i, p := range pt.peers {
			if ms := p.Snapshot().Legal; len(ms) > 0 {
				act(p, ms[rng.IntN(len(ms))].Text)
			}
			// Mid-match, peer 2's data channel fails: it rejoins through the server.
			if i == 1 && !dropped && h.Snapshot().Step > 100 {
				dropped = true
				before := pt.link(2)
				before.Close()
				require.Eventually(t, func() bool {
					return pt.link(2) != before && p.Status() == rtc.StatusConnected && h.Seats()[p.Seat()].Connected
				},
					20*time.Second, 5*time.Millisecond, "rejoined over a new data channel")
			}
		}
		time.Sleep(time.Millisecond)
	}
	require.True(t, h.Snapshot().Done, "the match ends")
	require.True(t, dropped)
	final := h.Record()
	for i, p := range pt.peers {
		require.Eventually(t, func() bool { return p.Snapshot().Done && len(p.Record().Actions) == len(final.Actions) }, 10*time.Second, time.Millisecond)
		assert.Equal(t, final, p.Record(), "peer %d's record", i+1)
		assert.JSONEq(t, viewOf(h, p.Seat()), viewJSON(p.Snapshot().View))
	}
	replayed, err := record.Replay(kingEntry.Game, final, nil)
	require.NoError(t, err)
	assert.Equal(t, viewJSON(replayed.View(games.God)), godJSON(h))
}

func TestReloadedHostTakesItsRoomBackAndPeersReconnect(t *testing.T) {
	base, _ := signalServer(t)
	cfg := Config{Signal: base, Loopback: true, ConnectTimeout: 10 * time.Second}
	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 1}), Seat: 0, StandIn: "random",
		Window: func(time.Duration) time.Duration { return time.Hour }})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	room, err := HostRoom(ctx, cfg, "", "", h.Attach)
	require.NoError(t, err)
	p := rtc.NewPeer(rtc.PeerConfig{Game: rtctest.Lookup, Dial: func(ctx context.Context) (rtc.Conn, error) { return Join(ctx, cfg, room.Code) }, Backoff: 50 * time.Millisecond})
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(ctx)
	}()
	defer func() {
		cancel()
		<-done
	}()
	require.Eventually(t, func() bool { return p.Seat() == 1 }, 20*time.Second, 5*time.Millisecond)
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))

	// The host's page reloads: its room on the server and its links go away.
	j := h.Journal()
	room.Close()
	h.Close()
	h2, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: j.Record, Seat: j.HostSeat, Seats: j.Seats, Started: j.Started, StandIn: "random",
		Window: func(time.Duration) time.Duration { return time.Hour }})
	require.NoError(t, err)
	defer h2.Close()
	room2, err := HostRoom(ctx, cfg, room.Code, room.Secret, h2.Attach)
	require.NoError(t, err)
	defer room2.Close()
	assert.Equal(t, room.Code, room2.Code, "the same link works")
	require.Eventually(t, func() bool {
		return h2.Seats()[1].Connected && p.Status() == rtc.StatusConnected && len(p.Snapshot().Legal) > 0
	}, 20*time.Second, 5*time.Millisecond, "the peer is back in seat 1")
	require.NoError(t, act(p, p.Snapshot().Legal[0].Text))
	require.Eventually(t, func() bool { return h2.Snapshot().Step == 2 }, 5*time.Second, time.Millisecond)
}

func TestJoinUnknownRoomFailsWithTheServersReason(t *testing.T) {
	base, _ := signalServer(t)
	_, err := Join(context.Background(), Config{Signal: base, Loopback: true}, "AAAAAAAAAAAAAAAA")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown room")
}

// BenchmarkPionActionToPeerView measures, over data channels on loopback,
// the time from a peer's Act to another peer holding the view that shows it.
func BenchmarkPionActionToPeerView(b *testing.B) {
	var mu sync.Mutex
	seen := map[int]time.Time{} // step → when peer 2 got the update that applied it
	pt := newPionTable(b, 5, func(i int, n rtc.Notice) {
		if i == 2 && n.Kind == rtc.NoticeUpdate {
			for _, ev := range n.Events {
				mu.Lock()
				seen[ev.Index] = time.Now()
				mu.Unlock()
			}
		}
	})
	h, actor := pt.h, pt.peers[0]
	rng := rand.New(rand.NewPCG(3, 4))
	var lat []time.Duration
	b.ResetTimer()
	for len(lat) < b.N {
		if h.Snapshot().Done {
			b.StopTimer()
			break // one match is enough rounds for a benchmark
		}
		if !h.Started() {
			if err := h.Start(); err != nil && !errors.Is(err, rtc.ErrDrawing) {
				b.Fatal(err)
			}
			time.Sleep(time.Millisecond) // the joint seed's draw
			continue
		}
		if ms := h.Snapshot().Legal; len(ms) > 0 {
			act(h, ms[rng.IntN(len(ms))].Text)
		}
		for _, p := range pt.peers[1:] {
			if ms := p.Snapshot().Legal; len(ms) > 0 {
				act(p, ms[rng.IntN(len(ms))].Text)
			}
		}
		if ms := actor.Snapshot().Legal; len(ms) > 0 {
			step := actor.Snapshot().Step
			t0 := time.Now()
			if act(actor, ms[rng.IntN(len(ms))].Text) == nil {
				var t1 time.Time
				ok := false
				for end := time.Now().Add(5 * time.Second); !ok && time.Now().Before(end); {
					mu.Lock()
					t1, ok = seen[step]
					mu.Unlock()
					if !ok {
						time.Sleep(50 * time.Microsecond)
					}
				}
				if ok {
					lat = append(lat, t1.Sub(t0))
				}
			}
		}
		time.Sleep(100 * time.Microsecond)
	}
	b.StopTimer()
	if len(lat) == 0 {
		b.Fatal("no action measured")
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(float64(len(lat)), "actions")
}

// BenchmarkPionLinkToSeat measures the time from opening a room link (the
// signaling connection) to holding a seat over the data channel.
func BenchmarkPionLinkToSeat(b *testing.B) {
	base, _ := signalServer(b)
	cfg := Config{Signal: base, Loopback: true}
	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 1}), Seat: 0, StandIn: "random"})
	require.NoError(b, err)
	defer h.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	room, err := HostRoom(ctx, cfg, "", "", h.Attach)
	require.NoError(b, err)
	defer room.Close()
	var total []time.Duration
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		p := rtc.NewPeer(rtc.PeerConfig{Game: rtctest.Lookup, Dial: func(ctx context.Context) (rtc.Conn, error) { return Join(ctx, cfg, room.Code) }})
		pctx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			p.Run(pctx)
		}()
		for p.Seat() != 1 {
			time.Sleep(50 * time.Microsecond)
		}
		total = append(total, time.Since(t0))
		b.StopTimer()
		require.NoError(b, h.Kick(1))
		stop()
		<-done
		b.StartTimer()
	}
	slices.Sort(total)
	b.ReportMetric(float64(total[len(total)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(total[len(total)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(total[len(total)-1].Microseconds())/1000, "max-ms")
}

func TestPeersConnectThroughTheEmbeddedTURNRelay(t *testing.T) {
	relay, err := StartTURN(TURNConfig{Addr: "127.0.0.1:0", AllowPrivate: true})
	require.NoError(t, err)
	defer relay.Close()
	creds := relay.Credentials()
	require.Len(t, creds, 1)
	assert.Regexp(t, `^\d+:cardtable$`, creds[0].Username)

	s := signaling.New(signaling.Config{ICEFor: relay.Credentials})
	hs := httptest.NewServer(s)
	defer hs.Close()
	defer s.Close()
	cfg := Config{Signal: "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/", Loopback: true, RelayOnly: true, ConnectTimeout: 15 * time.Second}
	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 1}), Seat: 0, StandIn: "random"})
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	room, err := HostRoom(ctx, cfg, "", "", h.Attach)
	require.NoError(t, err)
	defer room.Close()
	c, err := Join(ctx, cfg, room.Code)
	require.NoError(t, err, "a data channel over relay candidates only")
	defer c.Close()
	dc := c.(*dcConn)
	pair, err := dc.pc.SCTP().Transport().ICETransport().GetSelectedCandidatePair()
	require.NoError(t, err)
	require.NotNil(t, pair)
	assert.Equal(t, webrtc.ICECandidateTypeRelay, pair.Local.Typ, "the joiner's side goes through the relay")
	require.NoError(t, c.Send([]byte(`{"v":4,"t":"hello","name":"Relayed"}`)))
	require.Eventually(t, func() bool { return h.Seats()[1].Connected }, 5*time.Second, time.Millisecond)

	// Credentials signed by another relay's secret get no allocation: a
	// relay-only joiner holding them never connects.
	other, err := StartTURN(TURNConfig{Addr: "127.0.0.1:0"})
	require.NoError(t, err)
	defer other.Close()
	forged := other.Credentials()[0]
	s2 := signaling.New(signaling.Config{})
	hs2 := httptest.NewServer(s2)
	defer hs2.Close()
	defer s2.Close()
	cfg2 := cfg
	cfg2.Signal = "ws" + strings.TrimPrefix(hs2.URL, "http") + "/signal/"
	cfg2.ConnectTimeout = 3 * time.Second
	cfg2.ICE = []webrtc.ICEServer{{URLs: []string{relay.URL()}, Username: forged.Username, Credential: forged.Credential}}
	h2, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 1}), Seat: 0, StandIn: "random"})
	require.NoError(t, err)
	defer h2.Close()
	room2, err := HostRoom(ctx, cfg2, "", "", h2.Attach)
	require.NoError(t, err)
	defer room2.Close()
	_, err = Join(ctx, cfg2, room2.Code)
	assert.ErrorContains(t, err, "no data channel")
}

// BenchmarkPionJointSeedDraw is the time the joint seed's draw adds before a
// room match starts, over WebRTC on loopback: from the host's Start to the
// match started, at a King table of the host and three pion peers (each
// commits, then reveals: two round trips through the host's data channels).
func BenchmarkPionJointSeedDraw(b *testing.B) {
	var total time.Duration
	for range b.N {
		b.StopTimer()
		pt := newPionTable(b, 1, nil)
		b.StartTimer()
		begin := time.Now()
		require.NoError(b, pt.h.Start())
		for !pt.h.Started() {
			time.Sleep(50 * time.Microsecond)
		}
		total += time.Since(begin)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/draw")
}

// TestALinkDeliversEverySentMessageBeforeItsClose: the host's end sends a
// burst (the last one a bye, as a host ending a link does) and closes at
// once; the joiner reads every message in order before it is told the link
// closed, so a final reason is never taken for a drop.
func TestALinkDeliversEverySentMessageBeforeItsClose(t *testing.T) {
	base, _ := signalServer(t)
	cfg := Config{Signal: base, Loopback: true, ConnectTimeout: 10 * time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const n = 300
	payload := strings.Repeat("x", 4<<10) // 1.2 MB in all: the send buffer fills
	room, err := HostRoom(ctx, cfg, "", "", func(c rtc.Conn) {
		go func() {
			for i := range n {
				if c.Send([]byte(fmt.Sprintf("%d %s", i, payload))) != nil {
					return
				}
			}
			c.Send([]byte("bye"))
			c.Close()
		}()
	})
	require.NoError(t, err)
	defer room.Close()
	c, err := Join(ctx, cfg, room.Code)
	require.NoError(t, err)
	defer c.Close()
	rctx, rcancel := context.WithTimeout(ctx, slow*20*time.Second)
	defer rcancel()
	for i := range n {
		b, err := c.Recv(rctx)
		require.NoError(t, err, "message %d of %d", i, n)
		require.True(t, strings.HasPrefix(string(b), fmt.Sprintf("%d ", i)), "message %d in order", i)
	}
	b, err := c.Recv(rctx)
	require.NoError(t, err, "the bye after the burst")
	assert.Equal(t, "bye", string(b))
	_, err = c.Recv(rctx)
	assert.ErrorIs(t, err, rtc.ErrClosed)
}
