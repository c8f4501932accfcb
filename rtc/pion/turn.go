//go:build !js

package pion

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/pion/logging"
	"github.com/pion/turn/v5"

	"cardtable/signaling"
)

// TURNConfig sets up the embedded TURN relay the signaling server may run
// for peers that cannot reach each other directly.
type TURNConfig struct {
	// Addr is the UDP address to listen on, e.g. 0.0.0.0:3478.
	Addr string
	// RelayIP is the address peers reach the relay at: the server's public
	// address. Default: Addr's IP, or 127.0.0.1 when Addr names none.
	RelayIP string
	// TTL is how long handed-out credentials stay valid (6 h: a host keeps
	// the ones it got when it opened its room).
	TTL time.Duration
	// AllowPrivate lets the relay forward to loopback, private and
	// link-local addresses; off, so the relay cannot reach the server's own
	// network. Tests on 127.0.0.1 turn it on.
	AllowPrivate bool
}

// TURN is a running relay with short-lived credentials (the TURN REST
// scheme: username "expiry:cardtable", password HMAC-SHA1 of it under a
// secret that lives only in this process).
type TURN struct {
	srv    *turn.Server
	conn   net.PacketConn
	secret string
	url    string
	ttl    time.Duration
}

// StartTURN listens on cfg.Addr and relays for holders of its credentials.
func StartTURN(cfg TURNConfig) (*TURN, error) {
	if cfg.TTL <= 0 {
		cfg.TTL = 6 * time.Hour
	}
	conn, err := net.ListenPacket("udp4", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("turn: %w", err)
	}
	laddr := conn.LocalAddr().(*net.UDPAddr)
	relayIP := net.ParseIP(cfg.RelayIP)
	if relayIP == nil {
		relayIP = laddr.IP
		if relayIP.IsUnspecified() {
			relayIP = net.IPv4(127, 0, 0, 1)
		}
	}
	b := make([]byte, 32)
	rand.Read(b)
	secret := hex.EncodeToString(b)
	permit := func(_ net.Addr, peer net.IP) bool {
		return cfg.AllowPrivate || !(peer.IsLoopback() || peer.IsPrivate() || peer.IsLinkLocalUnicast() || peer.IsUnspecified())
	}
	srv, err := turn.NewServer(turn.ServerConfig{
		Realm:       "cardtable",
		AuthHandler: turn.LongTermTURNRESTAuthHandler(secret, logging.NewDefaultLoggerFactory().NewLogger("turn")),
		PacketConnConfigs: []turn.PacketConnConfig{{
			PacketConn:            conn,
			RelayAddressGenerator: &turn.RelayAddressGeneratorStatic{RelayAddress: relayIP, Address: laddr.IP.String()},
			PermissionHandler:     permit,
		}},
	})
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("turn: %w", err)
	}
	url := "turn:" + net.JoinHostPort(relayIP.String(), strconv.Itoa(laddr.Port)) + "?transport=udp"
	return &TURN{srv: srv, conn: conn, secret: secret, url: url, ttl: cfg.TTL}, nil
}

// URL is the relay's TURN URL.
func (t *TURN) URL() string { return t.url }

// Credentials returns the relay with fresh credentials, valid for the TTL:
// the signaling server hands them to each client (Config.ICEFor).
func (t *TURN) Credentials() []signaling.ICEServer {
	user, pass, err := turn.GenerateLongTermTURNRESTCredentials(t.secret, "cardtable", t.ttl)
	if err != nil {
		return nil
	}
	return []signaling.ICEServer{{URLs: []string{t.url}, Username: user, Credential: pass}}
}

// Close stops the relay.
func (t *TURN) Close() error {
	return errors.Join(t.srv.Close(), t.conn.Close())
}
