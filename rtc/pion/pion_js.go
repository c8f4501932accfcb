//go:build js

package pion

import (
	"context"

	"github.com/pion/webrtc/v4"

	"cardtable/signaling"
)

// newAPI in the page wraps the browser's RTCPeerConnection, which has no
// settings to change: loopback, ICE behaviour and message sizes are the
// browser's (the host still refuses a message over wire.MaxPeerMessage).
func newAPI(Config, bool) *webrtc.API { return webrtc.NewAPI() }

// dialSignal connects to the signaling server with the page's WebSocket.
func dialSignal(ctx context.Context, cfg Config, room, secret string) (*signaling.Client, error) {
	return signaling.Dial(ctx, cfg.Signal, room, secret)
}

// watchStall has nothing to do in the page: the browser's stack bounds
// the messages it takes.
func watchStall(*dcConn) {}
