//go:build !js

package pion

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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
	"cardtable/signaling"
)

// The joiner flood the tests and `make bench` use: from one address
// (127.0.0.2), for the whole run,
//   - 4 chatty joiners send a real offer and then signals as fast as the
//     server reads them, and connect again each time they are closed;
//   - 4 silent joiners say hello, send an offer and never read;
//   - 2 squatters open peer connections of 15 data channels that never
//     say hello, again and again;
//
// while honest joiners, each from its own address, join one after another
// over WebRTC and wait for the host's welcome.
const (
	floodFrom     = "127.0.0.2"
	floodChatty   = 4
	floodSilent   = 4
	floodSquatter = 2
)

// floodResult is what a run under the flood measured.
type floodResult struct {
	Tries, Joined int           // honest joins tried and welcomed
	HostUp        float64       // share of the run the host's room was on the server
	Signals       int64         // signals the flood sent
	Slowest       time.Duration // the slowest honest join
}

func (r floodResult) String() string {
	return fmt.Sprintf("%d of %d honest joins welcomed (slowest %v), host on the server %.1f %% of the time, %d flood signals sent",
		r.Joined, r.Tries, r.Slowest.Round(time.Millisecond), 100*r.HostUp, r.Signals)
}

// underFlood runs the flood against a real host and signaling server on
// loopback while tries honest joiners join, one every so often.
func underFlood(tb testing.TB, tries int, every time.Duration) floodResult {
	tb.Helper()
	sig := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	hs := httptest.NewServer(mux)
	tb.Cleanup(func() {
		sig.Close()
		hs.Close()
	})
	base := "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/"
	cfg := Config{Signal: base, Loopback: true, ConnectTimeout: 15 * time.Second}
	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 1}), Seat: 0, StandIn: "random"})
	require.NoError(tb, err)
	tb.Cleanup(h.Close)
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	room, err := HostRoom(ctx, cfg, "", "", h.Attach)
	require.NoError(tb, err)
	tb.Cleanup(room.Close)

	offer := realOffer(tb)
	fctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var signals atomic.Int64
	for range floodChatty {
		wg.Go(func() { chatty(fctx, base, room.Code, offer, &signals) })
	}
	for range floodSilent {
		wg.Go(func() { silent(fctx, base, room.Code, offer) })
	}
	for range floodSquatter {
		wg.Go(func() { squat(fctx, cfg, room.Code) })
	}
	var up, samples atomic.Int64
	wg.Go(func() {
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-fctx.Done():
				return
			case <-t.C:
				samples.Add(1)
				if room.State() == "open" {
					up.Add(1)
				}
			}
		}
	})
	time.Sleep(time.Second) // the flood is on before the first honest join

	res := floodResult{Tries: tries}
	for i := range tries {
		time.Sleep(every)
		t0 := time.Now()
		if honestJoin(ctx, cfg, room.Code, fmt.Sprintf("127.0.0.%d", 10+i)) {
			res.Joined++
		}
		res.Slowest = max(res.Slowest, time.Since(t0))
	}
	stop()
	wg.Wait()
	res.HostUp = float64(up.Load()) / float64(max(1, samples.Load()))
	res.Signals = signals.Load()
	return res
}

// honestJoin joins room from address from and waits for the host's welcome.
func honestJoin(ctx context.Context, cfg Config, code, from string) bool {
	cfg.From = from
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	c, err := Join(ctx, cfg, code)
	if err != nil {
		return false
	}
	defer c.Close()
	if c.Send([]byte(`{"v":4,"t":"hello","name":"Honest"}`)) != nil {
		return false
	}
	for {
		b, err := c.Recv(ctx)
		if err != nil {
			return false
		}
		m, err := wire.ParseToPeer(b)
		if err == nil && m.T == wire.MsgWelcome {
			return true
		}
	}
}

// realOffer is an offer a browser would send: the host does the whole work
// of answering it.
func realOffer(tb testing.TB) json.RawMessage {
	pc, err := newAPI(Config{Loopback: true}, false).NewPeerConnection(webrtc.Configuration{})
	require.NoError(tb, err)
	defer pc.Close()
	_, err = pc.CreateDataChannel("cardtable", nil)
	require.NoError(tb, err)
	o, err := pc.CreateOffer(nil)
	require.NoError(tb, err)
	b, err := json.Marshal(signalData{SDP: describe(o)})
	require.NoError(tb, err)
	return b
}

// chatty joins and sends its offer, then signals until the server closes
// it, and joins again.
func chatty(ctx context.Context, base, code string, offer json.RawMessage, signals *atomic.Int64) {
	cand := json.RawMessage(`{"candidate":{"candidate":"candidate:1 1 udp 2130706431 127.0.0.2 9 typ host","sdpMid":"0"}}`)
	for ctx.Err() == nil {
		c, err := signaling.DialFrom(ctx, floodFrom, base, code, "")
		if err != nil {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		go func() { // reads what it is sent, so that it is closed only for what it sends
			for {
				if _, err := c.Recv(ctx); err != nil {
					return
				}
			}
		}()
		data := offer
		for ctx.Err() == nil && c.Send(ctx, signaling.Message{Type: signaling.TypeSignal, Data: data}) == nil {
			signals.Add(1)
			data = cand
		}
		c.Close()
	}
}

// silent says hello and offers, then never reads; it waits until it is
// closed and comes back.
func silent(ctx context.Context, base, code string, offer json.RawMessage) {
	for ctx.Err() == nil {
		c, err := signaling.DialFrom(ctx, floodFrom, base, code, "")
		if err != nil {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		c.Send(ctx, signaling.Message{Type: signaling.TypeSignal, Data: offer})
		for ctx.Err() == nil && c.Send(ctx, signaling.Message{Type: signaling.TypePing}) == nil {
			time.Sleep(time.Second)
		}
		c.Close()
	}
}

// squat opens peer connections of 15 data channels that never say hello.
func squat(ctx context.Context, cfg Config, code string) {
	cfg.From = floodFrom
	cfg.ConnectTimeout = 5 * time.Second
	api := newAPI(cfg, false)
	for ctx.Err() == nil {
		pc, _, err := join(ctx, cfg, api, code, 15)
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		select {
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
		pc.Close()
	}
}

func TestAJoinerFloodNeitherClosesTheHostNorBlocksHonestJoins(t *testing.T) {
	res := underFlood(t, 8, 500*time.Millisecond)
	t.Log(res)
	assert.Equal(t, res.Tries, res.Joined, "every honest join is welcomed")
	assert.Equal(t, 1.0, res.HostUp, "the host is never off the server")
	assert.Positive(t, res.Signals)
}

// BenchmarkJoinUnderFlood reports the share of honest joins welcomed and
// the share of the time the host's room was on the server, under the
// joiner flood of the tests.
func BenchmarkJoinUnderFlood(b *testing.B) {
	var tries, joined int
	var up float64
	for range b.N {
		r := underFlood(b, 20, 500*time.Millisecond)
		tries, joined, up = tries+r.Tries, joined+r.Joined, up+r.HostUp
		b.Log(r)
	}
	b.ReportMetric(100*float64(joined)/float64(tries), "honest-join-%")
	b.ReportMetric(100*up/float64(b.N), "host-up-%")
}
