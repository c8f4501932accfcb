//go:build !js

package signaling

import (
	"context"
	"fmt"
	"net"
	"net/http"

	"github.com/coder/websocket"
)

// DialFrom is Dial over a connection from the local address from, one of
// this machine's addresses (127.0.0.2 …): on one machine, tests and
// measurements tell clients apart by address as the server's per-address
// limits do.
func DialFrom(ctx context.Context, from, base, room, secret string) (*Client, error) {
	ip := net.ParseIP(from)
	if ip == nil {
		return nil, fmt.Errorf("signaling: %q is not an IP address", from)
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
	tr := &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}
	defer tr.CloseIdleConnections()
	return dialWith(ctx, base, room, secret, &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}})
}
