//go:build !js

package signaling

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// NATSServer is an embedded NATS server with JetStream, for a cluster of
// signaling instances on one machine and for tests. Its JetStream keeps
// the room records in memory; its store folder is temporary. It serves
// only the instances: a client logs in as NATSUser with the password the
// instances' key gives (NATSPassword), and may use only NATSPermissions.
type NATSServer struct {
	srv *server.Server
	dir string
}

// StartNATS starts an embedded NATS server on addr (host:port; port 0
// picks a free one) for the instances sharing key, and returns once it
// takes connections.
func StartNATS(addr string, key []byte) (*NATSServer, error) {
	if len(key) == 0 {
		return nil, errors.New("nats: the embedded server needs the instances' key, from which its password is derived")
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return nil, fmt.Errorf("nats: port %q: %w", port, err)
	}
	if p == 0 {
		p = server.RANDOM_PORT
	}
	dir, err := os.MkdirTemp("", "cardtable-nats-")
	if err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	opts := &server.Options{
		Host:                   host,
		Port:                   p,
		NoLog:                  true,
		NoSigs:                 true,
		JetStream:              true,
		StoreDir:               dir,
		JetStreamMaxMemory:     256 << 20,
		JetStreamMaxStore:      64 << 20,
		DisableJetStreamBanner: true,
		MaxPayload:             1 << 20,
		Users:                  embeddedUsers(key),
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("nats: %w", err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("nats: the embedded server at %s did not start", addr)
	}
	return &NATSServer{srv: srv, dir: dir}, nil
}

// embeddedUsers is the one user of the embedded server: the instances
// sharing key, allowed their own subjects only.
func embeddedUsers(key []byte) []*server.User {
	pub, sub := NATSPermissions()
	return []*server.User{{
		Username: NATSUser,
		Password: NATSPassword(key),
		Permissions: &server.Permissions{
			Publish:   &server.SubjectPermission{Allow: pub},
			Subscribe: &server.SubjectPermission{Allow: sub},
		},
	}}
}

// URL is the address clients connect to: nats://127.0.0.1:4222.
func (n *NATSServer) URL() string { return n.srv.ClientURL() }

// Close stops the server and removes its store.
func (n *NATSServer) Close() {
	n.srv.Shutdown()
	n.srv.WaitForShutdown()
	os.RemoveAll(n.dir)
}
