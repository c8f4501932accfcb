//go:build js

package rtc

import "github.com/pion/webrtc/v4"

// newAPI in the page wraps the browser's RTCPeerConnection, which has no
// settings to change: loopback and ICE behaviour are the browser's.
func newAPI(PionConfig) *webrtc.API { return webrtc.NewAPI() }
