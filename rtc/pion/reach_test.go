//go:build !js

package pion

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// silentServer accepts connections and never answers: a signaling server
// that cannot be reached in time.
func silentServer(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	return "ws://" + l.Addr().String() + "/signal/"
}

// closedPort is an address nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	return "ws://" + addr + "/signal/"
}

// With Reach set, opening or joining a room whose signaling server is down
// or silent fails with ErrUnreachable within the bound instead of waiting
// for the connect timeout; the same calls succeed once the server answers.
func TestSignalingUnreachableFailsWithinReach(t *testing.T) {
	const reach = 500 * time.Millisecond
	for _, tc := range []struct {
		name   string
		signal func(t *testing.T) string
	}{
		{"nothing listens", closedPort},
		{"the server never answers", silentServer},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Signal: tc.signal(t), Reach: reach, ConnectTimeout: 60 * time.Second, Loopback: true}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()

			begin := time.Now()
			_, err := HostRoom(ctx, cfg, "", "", nil)
			require.ErrorIs(t, err, ErrUnreachable, "opening a room")
			assert.Less(t, time.Since(begin), slow*10*time.Second, "opening fails within its bound, not the caller's")

			begin = time.Now()
			_, err = Join(ctx, cfg, "AbCdEfGhIjKlMnOp")
			require.ErrorIs(t, err, ErrUnreachable, "joining a room")
			assert.Less(t, time.Since(begin), slow*10*time.Second, "joining fails within its bound, not the connect timeout")
			assert.NoError(t, ctx.Err(), "the caller's context is still alive")
		})
	}
}

// Reach bounds only the attempt to reach the server: a room opened within
// it stays open after the bound has passed.
func TestReachDoesNotBoundAnOpenRoom(t *testing.T) {
	signal, _ := signalServer(t)
	cfg := Config{Signal: signal, Reach: 200 * time.Millisecond, Loopback: true}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	room, err := HostRoom(ctx, cfg, "", "", nil)
	require.NoError(t, err)
	defer room.Close()
	time.Sleep(4 * cfg.Reach)
	assert.Equal(t, "open", room.State())
	// A joiner still reaches it (no host answers, so the join waits for
	// the offer's answer: only the signaling part is checked here).
	sig, err := dialAny(ctx, cfg, new(int), room.Code, "")
	require.NoError(t, err)
	sig.Close()
}
