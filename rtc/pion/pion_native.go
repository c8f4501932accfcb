//go:build !js

package pion

import (
	"context"
	"fmt"
	"net"
	"slices"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"

	"cardtable/rtc/wire"
	"cardtable/signaling"
)

// hostReceiveBuffer bounds what a host's peer connection holds of messages
// still arriving: a message bigger than it never completes, so a peer
// cannot make the host read a megabyte before refusing it (watchStall
// then ends the link). joinReceiveBuffer is a joiner's (pion's default).
const (
	hostReceiveBuffer = 64 << 10
	joinReceiveBuffer = 1 << 20
)

// newAPI is pion's native stack. With cfg.Loopback it gathers only IPv4
// UDP candidates on the loopback address and no mDNS names, the settings
// under which native peers (and a native peer and a Chromium page) connect
// on 127.0.0.1. A host's tells its joiners that it takes messages of
// wire.MaxPeerMessage bytes at most (max-message-size), and holds no more
// than hostReceiveBuffer of them arriving; a joiner's tells the host
// wire.MaxHostMessage.
func newAPI(cfg Config, host bool) *webrtc.API {
	var se webrtc.SettingEngine
	// Notice a vanished peer within seconds, so its seat goes to the grace
	// and the player can rejoin.
	se.SetICETimeouts(5*time.Second, 10*time.Second, 2*time.Second)
	if cfg.Loopback {
		se.SetIncludeLoopbackCandidate(true)
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
	}
	if host {
		se.SetSCTPMaxMessageSize(wire.MaxPeerMessage)
		se.SetSCTPMaxReceiveBufferSize(hostReceiveBuffer)
	} else {
		se.SetSCTPMaxMessageSize(wire.MaxHostMessage)
		se.SetSCTPMaxReceiveBufferSize(joinReceiveBuffer)
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}

// onCandidate hands f every ICE candidate pc gathers, as the peer sends it.
func onCandidate(pc *webrtc.PeerConnection, f func(webrtc.ICECandidateInit)) {
	pc.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c != nil {
			f(c.ToJSON())
		}
	})
}

// closePeer closes pc.
func closePeer(pc *webrtc.PeerConnection) { pc.Close() }

// dialSignal connects to the signaling server, from cfg.From when set.
func dialSignal(ctx context.Context, cfg Config, room, secret string) (*signaling.Client, error) {
	if cfg.From != "" {
		return signaling.DialFrom(ctx, cfg.From, cfg.Signal, room, secret)
	}
	return signaling.Dial(ctx, cfg.Signal, room, secret)
}

// watchStall looks at a link every stallEvery, and compares what arrived
// with the lowest of the last stallWindow looks; a link is stalled after
// stallQuiet looks in a row with no message.
const (
	stallEvery  = 250 * time.Millisecond
	stallWindow = 40
	stallQuiet  = 8
)

// watchStall ends a link whose peer sends a message too big to arrive: it
// fills the receive buffer and never completes, and the link would stall
// with no message and no reason. It counts the bytes the SCTP association
// received that no message accounts for: the messages received are taken
// off with their headers (a thirty-second of their bytes and 64 bytes a
// message), and the peer's acknowledgements of what this end sent (a
// sixteenth of it and 32 bytes a message). What remains grows by
// heartbeats, messages that arrived whole and wait for pion's reader, and
// a message still arriving. When it has grown by more than half the
// receive buffer (many times the largest message this end takes) within
// stallWindow looks, and no message came for stallQuiet looks (so the
// reader is not just behind), the message arriving is over the limit.
func watchStall(c *dcConn) {
	buffer := int64(joinReceiveBuffer)
	if c.host {
		buffer = hostReceiveBuffer
	}
	unaccounted := func() int64 {
		var in, out int64
		if sctp := c.pc.SCTP(); sctp != nil {
			st := sctp.Stats()
			in, out = int64(st.BytesReceived), int64(st.BytesSent)
		}
		read := c.read.Load()
		return in - read - read/32 - 64*c.reads.Load() - out/16 - 32*c.sends.Load()
	}
	seen := []int64{unaccounted()}
	reads, quiet := c.reads.Load(), 0
	t := time.NewTicker(stallEvery)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
		}
		u := unaccounted()
		if n := c.reads.Load(); n != reads {
			reads, quiet = n, 0
		} else {
			quiet++
		}
		if grown := u - slices.Min(seen); grown > buffer/2 && quiet >= stallQuiet {
			c.closeFor(fmt.Errorf("a message over the %d-byte limit is arriving (%d bytes and no end)", c.limit, grown))
			return
		}
		if len(seen) == stallWindow {
			seen = seen[1:]
		}
		seen = append(seen, u)
	}
}
