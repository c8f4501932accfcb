//go:build js

package pion

import "github.com/pion/webrtc/v4"

// newAPI in the page wraps the browser's RTCPeerConnection, which has no
// settings to change: loopback and ICE behaviour are the browser's.
func newAPI(Config) *webrtc.API { return webrtc.NewAPI() }
