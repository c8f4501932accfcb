//go:build !js

package signaling

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dialFrom is DialFrom for a test: the connection closes when the test ends.
func dialFrom(t testing.TB, ctx context.Context, from, base, room, secret string) (*Client, error) {
	c, err := DialFrom(ctx, from, base, room, secret)
	if err == nil {
		t.Cleanup(func() { c.ws.CloseNow() })
	}
	return c, err
}

// closeOf reads c until the server closes it and returns the close.
func closeOf(t testing.TB, ctx context.Context, c *Client) *CloseError {
	t.Helper()
	for {
		_, err := c.Recv(ctx)
		if err != nil {
			var ce *CloseError
			require.ErrorAs(t, err, &ce, "want a close with a reason")
			return ce
		}
	}
}

func TestOversizedMessageGetsItsCloseFrameWithAReasonNotAReset(t *testing.T) {
	_, base := start(t, Config{MaxMessage: 1024})
	ctx := ctxT(t)
	for _, size := range []int{1025, 64 << 10, 1 << 20} {
		ws := rawDial(t, ctx, RoomURL(base, ""))
		write(t, ctx, ws, `{"type":"hello","v":1}`)
		_, _, err := ws.Read(ctx)
		require.NoError(t, err)
		big := `{"type":"signal","peer":"p1","data":"` + strings.Repeat("x", size) + `"}`
		ws.Write(ctx, websocket.MessageText, []byte(big)) // the server may close while it is written
		ce := closedWith(t, ctx, ws)
		assert.Equal(t, websocket.StatusMessageTooBig, ce.Code, "%d bytes", size)
		assert.Equal(t, "message too big: over the 1024-byte limit", ce.Reason)
	}
}

func TestCloseReasonsAreCutAtACharacterBoundaryWithinTheLimit(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("é", 100), strings.Repeat("x", 119) + "€€€", strings.Repeat("🂡", 40), "short", strings.Repeat("a", 123),
		"bad \xff byte " + strings.Repeat("z", 130),
	} {
		got := truncate(s)
		assert.LessOrEqual(t, len(got), 123, s)
		assert.True(t, utf8.ValidString(got), "%q", got)
		if len(s) <= 123 && utf8.ValidString(s) {
			assert.Equal(t, s, got)
		}
	}

	// A refusal quoting what the client sent reaches it whole and readable.
	_, base := start(t, Config{})
	ctx := ctxT(t)
	ws := rawDial(t, ctx, RoomURL(base, ""))
	write(t, ctx, ws, `{"type":"hello","v":1}`)
	_, _, err := ws.Read(ctx)
	require.NoError(t, err)
	write(t, ctx, ws, `{"type":"`+strings.Repeat("é", 80)+`"}`)
	ce := closedWith(t, ctx, ws)
	assert.Equal(t, CloseBadMessage, ce.Code)
	assert.True(t, strings.HasPrefix(ce.Reason, `bad message: unknown type "éé`), ce.Reason)
	assert.True(t, utf8.ValidString(ce.Reason))
}

func TestAJoinersFloodClosesTheJoinerAndNeverTheHost(t *testing.T) {
	_, base := start(t, Config{MessagesPerSecond: 5, Burst: 10})
	ctx := ctxT(t)
	host, err := dialFrom(t, ctx, "127.0.0.1", base, "", "")
	require.NoError(t, err)
	j, err := dialFrom(t, ctx, "127.0.0.2", base, host.Room, "")
	require.NoError(t, err)
	recvType(t, ctx, host, TypeJoin)
	offer := json.RawMessage(`{"sdp":{"type":"offer","sdp":"v=0"}}`)
	for range 9 {
		require.NoError(t, j.Send(ctx, Message{Type: TypeSignal, Data: offer}))
	}
	// The host answers every offer with an answer and many candidates: far
	// more than a joiner's burst, and it is never closed for it.
	got := 0
	for got < 9 {
		if recvType(t, ctx, host, TypeSignal).Peer == j.Peer {
			got++
		}
		for range 12 {
			require.NoError(t, host.Send(ctx, Message{Type: TypeSignal, Peer: j.Peer, Data: json.RawMessage(`{"candidate":{}}`)}))
		}
	}
	for range 9 * 12 {
		recvType(t, ctx, j, TypeSignal)
	}
	// The joiner goes on past its allowance: it is closed, the host is not.
	for range 60 {
		if j.Send(ctx, Message{Type: TypeSignal, Data: offer}) != nil {
			break
		}
	}
	assert.Equal(t, int(CloseTooMany), closeOf(t, ctx, j).Code)
	recvType(t, ctx, host, TypeLeave)
	require.NoError(t, host.Send(ctx, Message{Type: TypePing}))
	recvType(t, ctx, host, TypePong)
}

func TestAHostOverItsAllowanceLosesMessagesNotItsRoom(t *testing.T) {
	s, base := start(t, Config{MessagesPerSecond: 5, Burst: 10})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	for range 200 {
		require.NoError(t, host.Send(ctx, Message{Type: TypePing}))
	}
	pongs, dropped := 0, 0
	for pongs+dropped < 200 && dropped == 0 || pongs < 10 {
		m, err := host.Recv(ctx)
		require.NoError(t, err, "the host stays connected")
		switch m.Type {
		case TypePong:
			pongs++
		case TypeError:
			dropped++
			assert.Contains(t, m.Error, "too many messages")
		}
	}
	assert.Positive(t, dropped)
	assert.Equal(t, 1, s.Stats().Rooms)
	j, err := dial(t, ctx, base, host.Room, "")
	require.NoError(t, err, "the room still takes joiners")
	assert.True(t, j.Host)
}

func TestReconnectingGivesAnAddressNoFreshAllowance(t *testing.T) {
	_, base := start(t, Config{MessagesPerSecond: 5, Burst: 10, AddrPerSecond: 5, AddrBurst: 20})
	ctx := ctxT(t)
	host, err := dialFrom(t, ctx, "127.0.0.1", base, "", "")
	require.NoError(t, err)
	var signals int
	counted := make(chan int)
	go func() {
		n := 0
		for {
			m, err := host.Recv(ctx)
			if err != nil {
				counted <- n
				return
			}
			if m.Type == TypeSignal {
				n++
			}
		}
	}()
	// One address floods over fresh connection after fresh connection for 2 s.
	t0 := time.Now()
	for time.Since(t0) < 2*time.Second {
		j, err := dialFrom(t, ctx, "127.0.0.2", base, host.Room, "")
		if err != nil {
			continue // refused at its hello: the address's allowance is spent
		}
		for range 30 {
			if j.Send(ctx, Message{Type: TypeSignal, Data: json.RawMessage(`{}`)}) != nil {
				break
			}
		}
		j.ws.CloseNow()
	}
	elapsed := time.Since(t0)
	// Another address is not held back by it.
	other, err := dialFrom(t, ctx, "127.0.0.3", base, host.Room, "")
	require.NoError(t, err)
	require.NoError(t, other.Send(ctx, Message{Type: TypeSignal, Data: json.RawMessage(`{"other":1}`)}))
	time.Sleep(100 * time.Millisecond)
	host.ws.CloseNow()
	signals = <-counted
	// The burst plus the rate for the time it flooded, hellos included.
	limit := 20 + int(5*elapsed.Seconds()) + 1
	assert.LessOrEqual(t, signals, limit, "signals from one address reached the host in %v", elapsed)
	assert.Positive(t, signals)
	t.Logf("%d signals from one address reached the host in %v (allowance %d)", signals-1, elapsed.Round(time.Millisecond), limit)
}

func TestJoinersFromOneAddressHoldAtMostHalfARoom(t *testing.T) {
	_, base := start(t, Config{MaxJoiners: 4})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	for range 2 {
		_, err := dialFrom(t, ctx, "127.0.0.2", base, host.Room, "")
		require.NoError(t, err)
	}
	_, err = dialFrom(t, ctx, "127.0.0.2", base, host.Room, "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseRoomFull), ce.Code)
	assert.Contains(t, ce.Reason, "room full for your address")
	for _, from := range []string{"127.0.0.3", "127.0.0.4"} {
		_, err := dialFrom(t, ctx, from, base, host.Room, "")
		require.NoError(t, err, "another address still gets in")
	}
}

// waitConns waits until the server holds n connections: a connection is
// counted off after the server has taken it out of its room, so then every
// leave before it is done. It waits as long as the test may run, not on a
// clock of its own.
func waitConns(t *testing.T, s *Server, n int) {
	t.Helper()
	for s.Stats().Conns != n {
		select {
		case <-t.Context().Done():
			t.Fatalf("the server holds %d connections, want %d", s.Stats().Conns, n)
		case <-time.After(2 * time.Millisecond):
		}
	}
}

func TestARoomWhoseHostLeftDoesNotCountAgainstItsCreator(t *testing.T) {
	s, base := start(t, Config{MaxRoomsPerIP: 2})
	ctx := ctxT(t)
	var hosts []*Client
	for range 2 {
		h, err := dial(t, ctx, base, "", "")
		require.NoError(t, err)
		_, err = dialFrom(t, ctx, "127.0.0.2", base, h.Room, "") // a joiner stays
		require.NoError(t, err)
		hosts = append(hosts, h)
	}
	_, err := dial(t, ctx, base, "", "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce, "two live rooms are the limit")
	for _, h := range hosts {
		h.Close()
	}
	waitConns(t, s, 2) // the joiners: the server has seen both hosts leave
	assert.Equal(t, 2, s.Stats().Rooms, "the joiners keep their rooms")
	probe, err := Dial(ctx, base, "", "")
	require.NoError(t, err, "rooms whose host left leave the quota")
	probe.Close()
	waitConns(t, s, 2) // and the probe's room is gone from it again

	// Its host takes one back: it counts again.
	back, err := dial(t, ctx, base, hosts[0].Room, hosts[0].Secret)
	require.NoError(t, err)
	assert.Equal(t, hosts[0].Room, back.Room)
	_, err = dial(t, ctx, base, hosts[1].Room, hosts[1].Secret)
	require.NoError(t, err)
	_, err = dial(t, ctx, base, "", "")
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Reason, "too many rooms from your address")
}
