//go:build !js

package pion

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/rtc"
	"cardtable/rtc/wire"
)

// anySize lifts the max-message-size a description announces, so that the
// stack reading it sends messages of any size (as a hostile peer's would).
var anySize = regexp.MustCompile(`a=max-message-size:\d+`)

func unlimited(d webrtc.SessionDescription) webrtc.SessionDescription {
	d.SDP = anySize.ReplaceAllString(d.SDP, "a=max-message-size:1073741823")
	return d
}

// rawPair links, on loopback, one end as the app makes it (the host's when
// host, else a joiner's) and a raw end whose stack sends messages of any
// size. It returns the app's link and the raw end's data channel with the
// messages it receives.
func rawPair(t *testing.T, host bool) (*dcConn, *webrtc.DataChannel, chan []byte) {
	t.Helper()
	cfg := Config{Loopback: true}
	raw, app := newAPI(cfg, false), newAPI(cfg, host)

	offerer, answerer := raw, app // a joiner offers
	if !host {
		offerer, answerer = app, raw
	}
	opc, err := offerer.NewPeerConnection(webrtc.Configuration{})
	require.NoError(t, err)
	apc, err := answerer.NewPeerConnection(webrtc.Configuration{})
	require.NoError(t, err)
	t.Cleanup(func() { opc.Close(); apc.Close() })

	got := make(chan []byte, 64)
	links := make(chan *dcConn, 1)
	rawDC := make(chan *webrtc.DataChannel, 1)
	dc, err := opc.CreateDataChannel("cardtable", nil)
	require.NoError(t, err)
	if host {
		// The raw joiner's channel; the host's end is made as HostRoom makes it.
		rawDC <- dc
		apc.OnDataChannel(func(d *webrtc.DataChannel) {
			c := newDCConn(apc, d, hostQueue, wire.MaxPeerMessage, true)
			d.OnOpen(func() { links <- c })
		})
	} else {
		c := newDCConn(opc, dc, joinQueue, wire.MaxHostMessage, false)
		dc.OnOpen(func() { links <- c })
		apc.OnDataChannel(func(d *webrtc.DataChannel) { rawDC <- d })
	}

	offer, err := opc.CreateOffer(nil)
	require.NoError(t, err)
	done := webrtc.GatheringCompletePromise(opc)
	require.NoError(t, opc.SetLocalDescription(offer))
	<-done
	local := *opc.LocalDescription()
	if !host {
		local = unlimited(local) // the raw host reads the joiner's offer
	}
	require.NoError(t, apc.SetRemoteDescription(local))
	answer, err := apc.CreateAnswer(nil)
	require.NoError(t, err)
	done = webrtc.GatheringCompletePromise(apc)
	require.NoError(t, apc.SetLocalDescription(answer))
	<-done
	remote := *apc.LocalDescription()
	if host {
		remote = unlimited(remote) // the raw joiner reads the host's answer
	}
	require.NoError(t, opc.SetRemoteDescription(remote))

	var link *dcConn
	select {
	case link = <-links:
	case <-time.After(30 * time.Second):
		t.Fatal("the link did not open")
	}
	d := <-rawDC
	d.OnMessage(func(m webrtc.DataChannelMessage) {
		select {
		case got <- m.Data:
		default:
		}
	})
	opened := make(chan struct{})
	d.OnOpen(func() { close(opened) })
	if d.ReadyState() != webrtc.DataChannelStateOpen {
		select {
		case <-opened:
		case <-time.After(30 * time.Second):
			t.Fatal("the raw end did not open")
		}
	}
	return link, d, got
}

// recvAll reads the link until it ends or bound passes, and returns the
// error that ended it.
func recvAll(t *testing.T, link *dcConn, bound time.Duration) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	for {
		if _, err := link.Recv(ctx); err != nil {
			return err
		}
	}
}

func TestAnOverLimitMessageClosesTheLinkWithItsReason(t *testing.T) {
	for _, tc := range []struct {
		name string
		host bool // the host's end receives it (else a joiner's)
		size int
	}{
		{"a peer's 8 KiB message to the host (it arrives whole)", true, 8 << 10},
		{"a peer's 1 MiB message to the host (it never arrives whole)", true, 1 << 20},
		{"a peer's 16 MiB message to the host", true, 16 << 20},
		{"a host's 512 KiB message to a joiner", false, 512 << 10},
		{"a host's 16 MiB message to a joiner", false, 16 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			link, raw, got := rawPair(t, tc.host)
			// A message at the limit goes through: the link works.
			limit := map[bool]int{true: wire.MaxPeerMessage, false: wire.MaxHostMessage}[tc.host]
			require.NoError(t, raw.Send(make([]byte, limit)))
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			b, err := link.Recv(ctx)
			cancel()
			require.NoError(t, err)
			require.Len(t, b, limit)

			require.NoError(t, raw.Send(make([]byte, tc.size)))
			err = recvAll(t, link, time.Minute)
			require.ErrorIs(t, err, rtc.ErrClosed, "the link ends, and does not stall")
			assert.Regexp(t, `over the \d+-byte limit`, err.Error())
			t.Logf("the link ended: %v", err)
			if !tc.host {
				return
			}
			// The host tells the peer why.
			deadline := time.After(30 * time.Second)
			for {
				select {
				case m := <-got:
					var bye wire.ToPeer
					if json.Unmarshal(m, &bye) != nil || bye.T != wire.MsgBye {
						continue
					}
					assert.Equal(t, wire.ByeBad, bye.Code)
					assert.Contains(t, bye.Error, "over the 4096-byte limit")
					return
				case <-deadline:
					t.Fatal("the peer was not told why")
				}
			}
		})
	}
}

// TestASilentPeerThatTheHostSendsMuchToStaysLinked: a peer that only
// reads, while the host sends it 16 MiB in messages at the limit, is not
// taken for one sending a message too big (its acknowledgements arrive
// with no message of its own).
func TestASilentPeerThatTheHostSendsMuchToStaysLinked(t *testing.T) {
	link, raw, _ := rawPair(t, true)
	read := make(chan int, 1)
	total := 0
	raw.OnMessage(func(m webrtc.DataChannelMessage) {
		total += len(m.Data)
		if total >= 16<<20 {
			select {
			case read <- total:
			default:
			}
		}
	})
	msg := make([]byte, wire.MaxHostMessage)
	for range 64 {
		require.NoError(t, link.Send(msg))
	}
	select {
	case <-read:
	case <-time.After(2 * time.Minute):
		t.Fatal("the peer did not read what the host sent")
	}
	// Some rounds of the watch more, and the link is still up.
	time.Sleep(4 * stallEvery)
	select {
	case <-link.done:
		t.Fatalf("the link closed: %v", link.closed())
	default:
	}
	require.NoError(t, raw.Send([]byte(`{"v":4,"t":"ping"}`)))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := link.Recv(ctx)
	require.NoError(t, err)
	assert.Contains(t, string(b), "ping")
}

// TestAPeerSendingAtTheLimitStaysLinked: a peer that sends 8 MiB to the
// host in messages at the limit, as fast as its stack goes, is read to the
// last message and stays linked.
func TestAPeerSendingAtTheLimitStaysLinked(t *testing.T) {
	link, raw, _ := rawPair(t, true)
	const n = 2048
	go func() {
		msg := make([]byte, wire.MaxPeerMessage)
		for range n {
			for raw.BufferedAmount() > 256<<10 {
				time.Sleep(time.Millisecond)
			}
			if raw.Send(msg) != nil {
				return
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for i := range n {
		b, err := link.Recv(ctx)
		require.NoError(t, err, "message %d", i)
		require.Len(t, b, wire.MaxPeerMessage)
	}
}
