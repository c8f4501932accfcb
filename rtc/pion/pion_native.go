//go:build !js

package pion

import (
	"context"
	"net"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"

	"cardtable/rtc/wire"
	"cardtable/signaling"
)

// hostReceiveBuffer bounds what a host's peer connection holds of messages
// still arriving: a message bigger than it never completes, so a peer
// cannot make the host read a megabyte before refusing it.
const hostReceiveBuffer = 64 << 10

// newAPI is pion's native stack. With cfg.Loopback it gathers only IPv4
// UDP candidates on the loopback address and no mDNS names, the settings
// under which native peers (and a native peer and a Chromium page) connect
// on 127.0.0.1. A host's tells its joiners that it takes messages of
// wire.MaxPeerMessage bytes at most (max-message-size), and holds no more
// than hostReceiveBuffer of them arriving.
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
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}

// dialSignal connects to the signaling server, from cfg.From when set.
func dialSignal(ctx context.Context, cfg Config, room, secret string) (*signaling.Client, error) {
	if cfg.From != "" {
		return signaling.DialFrom(ctx, cfg.From, cfg.Signal, room, secret)
	}
	return signaling.Dial(ctx, cfg.Signal, room, secret)
}
