//go:build !js

package pion

import (
	"net"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// newAPI is pion's native stack. With cfg.Loopback it gathers only IPv4
// UDP candidates on the loopback address and no mDNS names, the settings
// under which native peers (and a native peer and a Chromium page) connect
// on 127.0.0.1.
func newAPI(cfg Config) *webrtc.API {
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
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}
