//go:build !js

package pion

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/rtctest"
	"cardtable/signaling"
)

// instance is one signaling server of a cluster, on its own listener.
type instance struct {
	s    *signaling.Server
	hs   *httptest.Server
	base string
}

// kill ends the instance as a crash does: its connections drop, it tells
// the cluster nothing, and its address stops answering.
func (in *instance) kill() {
	in.s.Halt()
	in.hs.CloseClientConnections()
	in.hs.Close()
}

// signalCluster runs an embedded NATS server and n signaling instances
// sharing rooms through it, on 127.0.0.1.
func signalCluster(t testing.TB, n int) []*instance {
	cluster, _ := signalClusterNATS(t, n)
	return cluster
}

// signalClusterNATS is signalCluster that also returns the NATS server.
func signalClusterNATS(t testing.TB, n int) ([]*instance, *signaling.NATSServer) {
	t.Helper()
	key := []byte("the cluster's key")
	ns, err := signaling.StartNATS("127.0.0.1:0", key)
	require.NoError(t, err)
	t.Cleanup(ns.Close)
	// The embedded server's store is temporary: the records in memory.
	return signalInstances(t, n, signaling.Config{NATS: ns.URL(), NATSStorage: signaling.StorageMemory}), ns
}

// signalInstances runs n signaling instances of cfg, with one key, on
// 127.0.0.1.
func signalInstances(t testing.TB, n int, cfg signaling.Config) []*instance {
	t.Helper()
	cfg.Key = []byte("the cluster's key")
	var out []*instance
	for range n {
		s := signaling.New(cfg)
		ctx, cancel := context.WithTimeout(context.Background(), slow*10*time.Second)
		require.NoError(t, s.WaitCluster(ctx))
		cancel()
		mux := http.NewServeMux()
		mux.Handle("/signal/", s)
		hs := httptest.NewServer(mux)
		in := &instance{s: s, hs: hs, base: "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/"}
		t.Cleanup(func() {
			s.Close()
			hs.Close()
		})
		out = append(out, in)
	}
	return out
}

// via is a Config that signals through instance i first and the others
// after it.
func via(cluster []*instance, i int) Config {
	cfg := Config{Loopback: true, ConnectTimeout: 15 * time.Second}
	for k := range cluster {
		b := cluster[(i+k)%len(cluster)].base
		if k == 0 {
			cfg.Signal = b
		} else {
			cfg.Fallback = append(cfg.Fallback, b)
		}
	}
	return cfg
}

// clusterTable is a King match whose host and joiners signal through
// different instances.
type clusterTable struct {
	h     *rtc.Host
	room  *Room
	peers []*rtc.Peer
	mu    sync.Mutex
	links map[int]rtc.Conn
	dials map[int]int
}

func (ct *clusterTable) link(i int) rtc.Conn {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	return ct.links[i]
}

// hostOn opens the room through instance i.
func hostOn(t *testing.T, cluster []*instance, i int, seed uint64) *clusterTable {
	t.Helper()
	h, err := rtc.NewHost(rtc.HostConfig{Game: kingEntry, Record: record.New("king", games.Config{Players: 4, Seed: seed}), Seat: 0, Name: "Host", StandIn: "random"})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	room, err := HostRoom(ctx, via(cluster, i), "", "", h.Attach)
	require.NoError(t, err)
	t.Cleanup(room.Close)
	return &clusterTable{h: h, room: room, links: map[int]rtc.Conn{}, dials: map[int]int{}}
}

// join seats peer n, joining through instance i, and waits for its seat.
func (ct *clusterTable) join(t *testing.T, cluster []*instance, n, i int) *rtc.Peer {
	t.Helper()
	cfg := via(cluster, i)
	ctx, cancel := context.WithCancel(context.Background())
	p := rtc.NewPeer(rtc.PeerConfig{Game: rtctest.Lookup,
		Name: fmt.Sprintf("P%d", n),
		Dial: func(ctx context.Context) (rtc.Conn, error) {
			c, err := Join(ctx, cfg, ct.room.Code)
			ct.mu.Lock()
			ct.dials[n]++
			if err == nil {
				ct.links[n] = c
			} else {
				t.Logf("peer %d: %v", n, err)
			}
			ct.mu.Unlock()
			return c, err
		},
		Backoff: 50 * time.Millisecond, MaxBackoff: 500 * time.Millisecond,
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	ct.peers = append(ct.peers, p)
	require.Eventually(t, func() bool { return p.Seat() >= 0 }, 30*time.Second, 5*time.Millisecond, "peer %d seated over WebRTC through instance %d", n, i)
	return p
}

// playToTheEnd starts the match and plays random legal moves at every
// seat until it ends; every peer ends with the host's record.
func (ct *clusterTable) playToTheEnd(t *testing.T) { ct.play(t, nil) }

// play is playToTheEnd that calls mid once, mid-match (after 40 steps).
func (ct *clusterTable) play(t *testing.T, mid func()) {
	t.Helper()
	startMatch(t, ct.h)
	rng := rand.New(rand.NewPCG(3, 4))
	deadline := time.Now().Add(90 * time.Second)
	for !ct.h.Snapshot().Done && time.Now().Before(deadline) {
		if mid != nil && ct.h.Snapshot().Step > 40 {
			mid()
			mid = nil
			deadline = time.Now().Add(90 * time.Second)
		}
		if ms := ct.h.Snapshot().Legal; len(ms) > 0 {
			require.NoError(t, act(ct.h, ms[rng.IntN(len(ms))].Text))
		}
		for _, p := range ct.peers {
			if ms := p.Snapshot().Legal; len(ms) > 0 {
				act(p, ms[rng.IntN(len(ms))].Text)
			}
		}
		time.Sleep(time.Millisecond)
	}
	require.True(t, ct.h.Snapshot().Done, "the match ends")
	require.Nil(t, mid, "the match went past its middle")
	final := ct.h.Record()
	for i, p := range ct.peers {
		require.Eventually(t, func() bool { return p.Snapshot().Done && len(p.Record().Actions) == len(final.Actions) }, 10*time.Second, time.Millisecond)
		assert.Equal(t, final, p.Record(), "peer %d's record", i+1)
	}
}

// TestPeersOnThreeSignalingInstancesPlayAMatch: the host signals through
// one instance, its joiners through the two others; they meet across NATS
// and play The King to the end over their data channels.
func TestPeersOnThreeSignalingInstancesPlayAMatch(t *testing.T) {
	cluster := signalCluster(t, 3)
	ct := hostOn(t, cluster, 0, 21)
	ct.join(t, cluster, 1, 1)
	ct.join(t, cluster, 2, 2)
	ct.join(t, cluster, 3, 1)
	ct.playToTheEnd(t)
}

// TestADeadSignalingInstanceMovesItsClientsAndTheMatchGoesOn: mid-lobby,
// the instance the host signals through dies. The host's signaling moves
// to another instance and keeps its WebRTC link to the joiner already
// seated; a joiner told the dead instance first reaches another; the match
// starts and ends.
func TestADeadSignalingInstanceMovesItsClientsAndTheMatchGoesOn(t *testing.T) {
	cluster := signalCluster(t, 3)
	ct := hostOn(t, cluster, 0, 22)
	ct.join(t, cluster, 1, 1)
	first := ct.link(1)

	cluster[0].kill()
	require.Eventually(t, func() bool { return ct.room.State() == "reconnecting" || ct.room.State() == "open" }, 10*time.Second, 5*time.Millisecond)
	ct.join(t, cluster, 2, 0) // the dead instance first: it falls back
	ct.join(t, cluster, 3, 2)
	assert.Equal(t, "open", ct.room.State(), "the host signals through another instance")
	assert.Same(t, first, ct.link(1), "the seated joiner keeps its data channel")
	ct.mu.Lock()
	assert.Equal(t, 1, ct.dials[1], "the seated joiner never dialed again")
	ct.mu.Unlock()
	ct.playToTheEnd(t)
}

// TestANATSOutageStopsNewJoinsNotTheMatch: with every player seated, NATS
// stops. A newcomer is told signaling is unavailable; the match, on its
// data channels, is played to the end.
func TestANATSOutageStopsNewJoinsNotTheMatch(t *testing.T) {
	cluster, ns := signalClusterNATS(t, 2)
	ct := hostOn(t, cluster, 0, 23)
	ct.join(t, cluster, 1, 1)
	ct.join(t, cluster, 2, 0)
	ct.join(t, cluster, 3, 1)
	ns.Close()
	cfg := via(cluster, 1)
	cfg.ConnectTimeout = 2 * time.Second
	_, err := Join(context.Background(), cfg, ct.room.Code)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "signaling unavailable", "the newcomer is told why")
	ct.playToTheEnd(t)
}
