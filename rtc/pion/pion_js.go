//go:build js

package pion

import (
	"context"
	"sync"
	"syscall/js"

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

// candidateHandlers holds the onicecandidate handler of every peer
// connection onCandidate listens on, until closePeer releases it.
var candidateHandlers sync.Map // *webrtc.PeerConnection → js.Func

// onCandidate hands f every ICE candidate the browser gathers for pc, as the
// browser writes it (RTCIceCandidate's candidate, sdpMid, sdpMLineIndex and
// usernameFragment). It listens on the RTCPeerConnection itself: pion's
// OnICECandidate rebuilds each candidate through pion's own ICE agent
// package, and with it would link ICE, STUN, TURN and mDNS into the page.
func onCandidate(pc *webrtc.PeerConnection, f func(webrtc.ICECandidateInit)) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		if c, ok := candidateInit(args[0].Get("candidate")); ok {
			go f(c) // never block the browser's event
		}
		return nil
	})
	pc.JSValue().Set("onicecandidate", h)
	if old, ok := candidateHandlers.Swap(pc, h); ok {
		old.(js.Func).Release()
	}
}

// candidateInit reads an RTCIceCandidate; null (gathering is over) and the
// empty candidate that ends the candidates are not candidates to send.
func candidateInit(c js.Value) (webrtc.ICECandidateInit, bool) {
	if c.Type() != js.TypeObject {
		return webrtc.ICECandidateInit{}, false
	}
	s := c.Get("candidate")
	if s.Type() != js.TypeString || s.String() == "" {
		return webrtc.ICECandidateInit{}, false
	}
	init := webrtc.ICECandidateInit{Candidate: s.String()}
	if v := c.Get("sdpMid"); v.Type() == js.TypeString {
		mid := v.String()
		init.SDPMid = &mid
	}
	if v := c.Get("sdpMLineIndex"); v.Type() == js.TypeNumber && v.Int() >= 0 && v.Int() <= 0xffff {
		i := uint16(v.Int())
		init.SDPMLineIndex = &i
	}
	if v := c.Get("usernameFragment"); v.Type() == js.TypeString {
		ufrag := v.String()
		init.UsernameFragment = &ufrag
	}
	return init, true
}

// closePeer closes pc and releases the handler onCandidate gave it.
func closePeer(pc *webrtc.PeerConnection) {
	pc.Close()
	if h, ok := candidateHandlers.LoadAndDelete(pc); ok {
		pc.JSValue().Set("onicecandidate", js.Null())
		h.(js.Func).Release()
	}
}
