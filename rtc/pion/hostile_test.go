//go:build !js

package pion

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/rtctest"
	"cardtable/rtc/wire"
)

// grabRoom hosts a two-seat Grab match with windows of an hour on the real
// signaling server.
func grabRoom(t *testing.T, hc rtc.HostConfig) (*rtc.Host, *Room, Config) {
	t.Helper()
	base, _ := signalServer(t)
	cfg := Config{Signal: base, Loopback: true, ConnectTimeout: 10 * time.Second}
	hc.Game, hc.Record, hc.Seat, hc.StandIn = rtctest.GrabEntry, record.New("grab", games.Config{Players: 2, Seed: 1}), 0, "random"
	hc.Window = func(time.Duration) time.Duration { return time.Hour }
	h, err := rtc.NewHost(hc)
	require.NoError(t, err)
	t.Cleanup(h.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	room, err := HostRoom(ctx, cfg, "", "", h.Attach)
	require.NoError(t, err)
	t.Cleanup(room.Close)
	return h, room, cfg
}

// runPeer runs p until the test ends.
func runPeer(t *testing.T, p *rtc.Peer) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// channelsWelcomed counts the channels that got the host's welcome after
// each said hello.
func channelsWelcomed(dcs []*webrtc.DataChannel) *atomic.Int32 {
	var n atomic.Int32
	for _, dc := range dcs {
		dc.OnMessage(func(m webrtc.DataChannelMessage) {
			if strings.Contains(string(m.Data), `"t":"welcome"`) {
				n.Add(1)
			}
		})
		send := func() { dc.SendText(`{"v":4,"t":"hello","name":"Squatter"}`) }
		if dc.ReadyState() == webrtc.DataChannelStateOpen {
			send()
		} else {
			dc.OnOpen(send)
		}
	}
	return &n
}

func TestASquatterCannotKeepATokenHolderOutOfItsSeat(t *testing.T) {
	h, room, cfg := grabRoom(t, rtc.HostConfig{})
	var mu sync.Mutex
	var link rtc.Conn
	p := rtc.NewPeer(rtc.PeerConfig{Game: rtctest.Lookup, Name: "Player", Backoff: 50 * time.Millisecond, MaxBackoff: 500 * time.Millisecond,
		Dial: func(ctx context.Context) (rtc.Conn, error) {
			c, err := Join(ctx, cfg, room.Code)
			if err == nil {
				mu.Lock()
				link = c
				mu.Unlock()
			}
			return c, err
		}})
	runPeer(t, p)
	eventually(t, func() bool { return p.Seat() == 1 }, "the player sits")
	startMatch(t, h)

	// A squatter: one peer connection of 15 channels saying hello on each
	// (one link, so one spectator), and then connections that never say
	// hello, more than the host lets open at once.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	api := newAPI(cfg, false)
	pc, dcs, err := join(ctx, cfg, api, room.Code, 15)
	require.NoError(t, err)
	defer pc.Close()
	welcomed := channelsWelcomed(dcs)
	eventually(t, func() bool { return welcomed.Load() == 1 }, "the first channel is a spectator's link")
	time.Sleep(300 * time.Millisecond)
	assert.Equal(t, int32(1), welcomed.Load(), "the other 14 channels are no links")
	for range 12 {
		pc, _, err := join(ctx, cfg, api, room.Code, 15)
		require.NoError(t, err)
		defer pc.Close()
	}

	// The player's link drops: its token takes the seat back at once,
	// before any bot stands in.
	mu.Lock()
	before := link
	mu.Unlock()
	t0 := time.Now()
	before.Close()
	eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return link != before && p.Status() == rtc.StatusConnected && h.Seats()[1].Connected
	}, "the player is back")
	back := time.Since(t0)
	assert.False(t, h.Seats()[1].BotPlays, "no bot stands in")
	assert.Equal(t, games.Seat(1), p.Seat())
	t.Logf("the token holder was back in its seat after %v, with 13 squatting connections", back.Round(time.Millisecond))
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return len(p.Snapshot().Legal) > 0 }, "and plays")
	require.NoError(t, act(p, p.Snapshot().Legal[0].Text))
	eventually(t, func() bool { return h.Snapshot().Step == 2 }, "its move is applied")
}

func TestAFastHonestTablePlaysToTheEnd(t *testing.T) {
	pt := newPionTable(t, 23, nil)
	h := pt.h
	var byes atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Every seat moves the instant it may: the host's own seat here, each
	// peer on every notice from the host.
	for i, p := range pt.peers {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		go func() {
			for ctx.Err() == nil && !p.Snapshot().Done {
				if ms := p.Snapshot().Legal; len(ms) > 0 {
					act(p, ms[rng.IntN(len(ms))].Text)
				}
				if strings.Contains(p.LastError(), "too many") {
					byes.Add(1)
				}
				runtime.Gosched()
			}
		}()
	}
	startMatch(t, h)
	rng := rand.New(rand.NewPCG(9, 9))
	t0 := time.Now()
	for !h.Snapshot().Done && time.Since(t0) < slow*60*time.Second {
		if ms := h.Snapshot().Legal; len(ms) > 0 {
			act(h, ms[rng.IntN(len(ms))].Text)
		}
		runtime.Gosched()
	}
	require.True(t, h.Snapshot().Done, "the match ends")
	elapsed := time.Since(t0)
	final := h.Record()
	for i, p := range pt.peers {
		eventually(t, func() bool { return p.Snapshot().Done && len(p.Record().Actions) == len(final.Actions) }, "peer %d has the record", i+1)
		assert.Equal(t, final, p.Record())
		assert.NotContains(t, p.LastError(), "too many")
	}
	assert.Zero(t, byes.Load(), "no peer was told it sent too many messages")
	t.Logf("%d actions in %v (%.0f a second) on loopback", len(final.Actions), elapsed.Round(time.Millisecond), float64(len(final.Actions))/elapsed.Seconds())
}

// nonReader joins room with a receive buffer of 64 KiB and reads nothing
// the host sends, while it asks for the whole state again and again; gone
// is closed when the host has ended its link.
func nonReader(t *testing.T, ctx context.Context, cfg Config, code string, asked *atomic.Int64) (gone chan struct{}) {
	var se webrtc.SettingEngine
	se.SetIncludeLoopbackCandidate(true)
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	se.SetSCTPMaxReceiveBufferSize(64 << 10)
	api := webrtc.NewAPI(webrtc.WithSettingEngine(se))
	pc, dcs, err := join(ctx, cfg, api, code, 1)
	require.NoError(t, err)
	gone = make(chan struct{})
	var once sync.Once
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateClosed || s == webrtc.PeerConnectionStateFailed || s == webrtc.PeerConnectionStateDisconnected {
			once.Do(func() { close(gone) })
		}
	})
	dc := dcs[0]
	dc.OnClose(func() { once.Do(func() { close(gone) }) })
	block := make(chan struct{})
	dc.OnMessage(func(webrtc.DataChannelMessage) { <-block }) // reads one message, then none
	go func() {
		<-ctx.Done()
		close(block)
		pc.Close()
	}()
	require.NoError(t, dc.SendText(`{"v":4,"t":"hello","name":"Sink"}`))
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-gone:
				return
			case <-time.After(40 * time.Millisecond): // 25 a second: within the host's rate
			}
			if dc.SendText(`{"v":4,"t":"sync"}`) == nil {
				asked.Add(1)
			}
		}
	}()
	return gone
}

func TestAPeerThatStopsReadingCostsTheHostABoundedQueueAndIsDropped(t *testing.T) {
	const peers = 2
	const queue = 64 << 10
	pt := newPionTableWith(t, 31, rtc.HostConfig{MaxQueue: queue}, nil)
	h := pt.h
	startMatch(t, h)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var asked atomic.Int64
	var gone []chan struct{}
	for range peers {
		gone = append(gone, nonReader(t, ctx, pt.cfg, pt.room.Code, &asked))
	}
	t0 := time.Now()
	peak, heapPeak := 0, uint64(0)
	all := func() bool {
		for _, g := range gone {
			select {
			case <-g:
			default:
				return false
			}
		}
		return true
	}
	for !all() && time.Since(t0) < slow*30*time.Second {
		peak = max(peak, h.Queued())
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heapPeak = max(heapPeak, ms.HeapInuse)
		time.Sleep(20 * time.Millisecond)
	}
	require.True(t, all(), "the host ends every link that does not drain")
	dropped := time.Since(t0)
	eventually(t, func() bool { return h.Queued() == 0 }, "nothing stays queued for them")
	assert.LessOrEqual(t, peak, peers*(queue+1024), "bytes queued at most")
	for i, p := range pt.peers {
		assert.Equal(t, rtc.StatusConnected, p.Status(), "peer %d plays on", i+1)
	}
	grown := int64(heapPeak) - int64(before.HeapInuse)
	t.Logf("%d peers that stopped reading asked for the state %d times and were dropped after %v; the host queued at most %d KiB for them; the heap grew by at most %d KiB (%d KiB a peer, both ends in this process)",
		peers, asked.Load(), dropped.Round(100*time.Millisecond), peak>>10, grown>>10, grown/peers>>10)
}

func TestTheHostTakesDataChannelMessagesOfFourKiBAtMost(t *testing.T) {
	h, room, cfg := grabRoom(t, rtc.HostConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pc, dcs, err := join(ctx, cfg, newAPI(cfg, false), room.Code, 1)
	require.NoError(t, err)
	defer pc.Close()
	// The host's answer says so (max-message-size), and the joiner's
	// stack refuses a bigger message before it leaves.
	assert.Equal(t, uint32(wire.MaxPeerMessage), pc.SCTP().GetCapabilities().MaxMessageSize)
	dc := dcs[0]
	got := make(chan string, 16)
	dc.OnMessage(func(m webrtc.DataChannelMessage) { got <- string(m.Data) })
	require.NoError(t, dc.SendText(`{"v":4,"t":"hello","name":"Big"}`))
	require.Contains(t, <-got, `"t":"welcome"`)
	err = dc.SendText(`{"v":4,"t":"ping","pad":"` + strings.Repeat("x", wire.MaxPeerMessage) + `"}`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than maximum message size")
	// At the limit a message goes; the host refuses it with the reason.
	pad := wire.MaxPeerMessage - len(`{"v":4,"t":"ping","pad":""}`)
	require.NoError(t, dc.SendText(`{"v":4,"t":"ping","pad":"`+strings.Repeat("x", pad)+`"}`))
	for m := range got {
		if strings.Contains(m, `"t":"error"`) {
			assert.Contains(t, m, "unknown field")
			break
		}
	}
	assert.True(t, h.Seats()[1].Connected)
}
