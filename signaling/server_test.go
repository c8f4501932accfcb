//go:build !js

package signaling

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// start runs a server on 127.0.0.1 and returns it with its signaling base URL.
func start(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	s := New(cfg)
	mux := http.NewServeMux()
	mux.Handle("/signal/", s)
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return s, "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/"
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// dial is Dial for a test: the connection closes when the test ends.
func dial(t testing.TB, ctx context.Context, base, room, secret string) (*Client, error) {
	c, err := Dial(ctx, base, room, secret)
	if err == nil {
		t.Cleanup(func() { c.ws.CloseNow() })
	}
	return c, err
}

// recvType reads messages until one of type typ arrives.
func recvType(t testing.TB, ctx context.Context, c *Client, typ string) Message {
	t.Helper()
	for {
		m, err := c.Recv(ctx)
		require.NoError(t, err, "waiting for %q", typ)
		if m.Type == typ {
			return m
		}
	}
}

// closedWith reads until the server ends the connection and returns its close error.
func closedWith(t testing.TB, ctx context.Context, ws *websocket.Conn) websocket.CloseError {
	t.Helper()
	for {
		_, _, err := ws.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			require.True(t, errors.As(err, &ce), "want a close with a reason, got %v", err)
			return ce
		}
	}
}

// rawDial opens a WebSocket without saying hello.
func rawDial(t testing.TB, ctx context.Context, url string) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.Dial(ctx, url, nil)
	require.NoError(t, err)
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

func write(t testing.TB, ctx context.Context, ws *websocket.Conn, s string) {
	t.Helper()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(s)))
}

func TestRelaysOfferAnswerAndCandidatesBetweenHostAndJoiner(t *testing.T) {
	_, base := start(t, Config{})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	require.True(t, ValidRoom(host.Room))
	require.NotEmpty(t, host.Secret)

	j, err := dial(t, ctx, base, host.Room, "")
	require.NoError(t, err)
	assert.Equal(t, "p1", j.Peer)
	assert.True(t, j.Host, "the host is present")
	assert.Empty(t, j.Secret, "a joiner never learns the host secret")
	assert.Equal(t, "p1", recvType(t, ctx, host, TypeJoin).Peer)

	offer := json.RawMessage(`{"type":"offer","sdp":"v=0"}`)
	require.NoError(t, j.Send(ctx, Message{Type: TypeSignal, Data: offer}))
	m := recvType(t, ctx, host, TypeSignal)
	assert.Equal(t, "p1", m.Peer)
	assert.JSONEq(t, string(offer), string(m.Data))

	answer := json.RawMessage(`{"type":"answer","sdp":"v=0"}`)
	require.NoError(t, host.Send(ctx, Message{Type: TypeSignal, Peer: "p1", Data: answer}))
	m = recvType(t, ctx, j, TypeSignal)
	assert.JSONEq(t, string(answer), string(m.Data))
	assert.Empty(t, m.Peer)

	require.NoError(t, j.Close())
	assert.Equal(t, "p1", recvType(t, ctx, host, TypeLeave).Peer)
}

func TestRoomCodesCarryNinetySixRandomBitsURLSafe(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		c := newCode()
		require.True(t, ValidRoom(c), c)
		b, err := base64.RawURLEncoding.DecodeString(c)
		require.NoError(t, err)
		require.Len(t, b, 12)
		require.False(t, seen[c], "code repeated")
		seen[c] = true
	}
	assert.False(t, ValidRoom("short"))
	assert.False(t, ValidRoom("abcdefghijklmno/"))
	assert.False(t, ValidRoom("abcdefghijklmno="))
}

func TestUnknownRoomIsRefusedWithAReason(t *testing.T) {
	_, base := start(t, Config{})
	ctx := ctxT(t)
	_, err := dial(t, ctx, base, "AAAAAAAAAAAAAAAA", "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseUnknownRoom), ce.Code)
	assert.Contains(t, ce.Reason, "unknown room")
}

func TestMalformedRoomPathIsRefusedBeforeTheUpgrade(t *testing.T) {
	_, base := start(t, Config{})
	resp, err := http.Get("http" + strings.TrimPrefix(base, "ws") + "not-a-code")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestFullRoomRefusesTheNextJoiner(t *testing.T) {
	_, base := start(t, Config{MaxJoiners: 2, MaxJoinersPerIP: 2})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	for range 2 {
		_, err := dial(t, ctx, base, host.Room, "")
		require.NoError(t, err)
	}
	_, err = dial(t, ctx, base, host.Room, "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseRoomFull), ce.Code)
	assert.Contains(t, ce.Reason, "room full")
}

func TestOversizedMessageClosesWithMessageTooBig(t *testing.T) {
	_, base := start(t, Config{MaxMessage: 1024})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	big := json.RawMessage(`"` + strings.Repeat("x", 2000) + `"`)
	// The write may or may not fail depending on when the server closes.
	host.Send(ctx, Message{Type: TypeSignal, Peer: "p1", Data: big})
	_, err = host.Recv(ctx)
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(websocket.StatusMessageTooBig), ce.Code)
}

func TestBadMessagesAreRefusedWithReasonsAndTheServerStaysUp(t *testing.T) {
	_, base := start(t, Config{})
	ctx := ctxT(t)
	tests := []struct {
		name   string
		first  string // sent as the hello
		then   string // sent after a good hello, when set
		binary bool
		reason string
	}{
		{name: "not JSON", first: `hello`, reason: "not a message"},
		{name: "JSON array", first: `[1,2]`, reason: "not a message"},
		{name: "unknown field", first: `{"type":"hello","v":1,"evil":true}`, reason: "unknown field"},
		{name: "wrong version", first: `{"type":"hello","v":2}`, reason: "version 2"},
		{name: "trailing data", first: `{"type":"hello","v":1}{}`, reason: "data after"},
		{name: "first is not a hello", first: `{"type":"ping"}`, reason: "first message must be a hello"},
		{name: "hello with a peer", first: `{"type":"hello","v":1,"peer":"p1"}`, reason: "fields it does not use"},
		{name: "unknown type", first: `{"type":"hello","v":1}`, then: `{"type":"shout"}`, reason: "unknown type"},
		{name: "hello twice", first: `{"type":"hello","v":1}`, then: `{"type":"hello","v":1}`, reason: "hello sent twice"},
		{name: "signal without data", first: `{"type":"hello","v":1}`, then: `{"type":"signal","peer":"p1"}`, reason: "without data"},
		{name: "signal with room", first: `{"type":"hello","v":1}`, then: `{"type":"signal","room":"x","data":{}}`, reason: "fields it does not use"},
		{name: "binary frame", first: `{"type":"hello","v":1}`, binary: true, reason: "binary frame"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := rawDial(t, ctx, RoomURL(base, ""))
			write(t, ctx, ws, tt.first)
			if tt.then != "" || tt.binary {
				_, b, err := ws.Read(ctx) // the room
				require.NoError(t, err)
				require.Contains(t, string(b), `"room"`)
				if tt.binary {
					require.NoError(t, ws.Write(ctx, websocket.MessageBinary, []byte("{}")))
				} else {
					write(t, ctx, ws, tt.then)
				}
			}
			ce := closedWith(t, ctx, ws)
			assert.Equal(t, CloseBadMessage, ce.Code)
			assert.Contains(t, ce.Reason, tt.reason)
			// The server still opens rooms.
			c, err := dial(t, ctx, base, "", "")
			require.NoError(t, err)
			c.Close()
		})
	}
}

func TestHandshakeTimeoutClosesASilentConnection(t *testing.T) {
	_, base := start(t, Config{HandshakeTimeout: 100 * time.Millisecond})
	ctx := ctxT(t)
	ws := rawDial(t, ctx, RoomURL(base, ""))
	ce := closedWith(t, ctx, ws)
	assert.Equal(t, CloseHandshake, ce.Code)
	assert.Contains(t, ce.Reason, "no hello")
}

func TestIdleTimeoutClosesAQuietConnectionButPingsKeepItOpen(t *testing.T) {
	s, base := start(t, Config{IdleTimeout: 300 * time.Millisecond})
	ctx := ctxT(t)
	quiet, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	busy, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	pctx, stop := context.WithCancel(ctx)
	defer stop()
	go busy.Ping(pctx, 50*time.Millisecond)

	_, err = quiet.Recv(ctx)
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseIdle), ce.Code)
	assert.Contains(t, ce.Reason, "idle")

	time.Sleep(400 * time.Millisecond)
	assert.Equal(t, 1, s.Stats().Rooms, "the pinging host keeps its room")
	assert.Equal(t, TypePong, recvType(t, ctx, busy, TypePong).Type)
}

func TestConnectionFloodFromOneAddressIsRefusedAndTheServerStaysUp(t *testing.T) {
	s, base := start(t, Config{MaxConnsPerIP: 20})
	ctx := ctxT(t)
	var (
		mu      sync.Mutex
		ok      int
		refused int
		conns   []*websocket.Conn
		wg      sync.WaitGroup
	)
	for range 60 {
		wg.Go(func() {
			ws, resp, err := websocket.Dial(ctx, RoomURL(base, ""), nil)
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				ok++
				conns = append(conns, ws)
				return
			}
			if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
				refused++
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 20, ok)
	assert.Equal(t, 40, refused)
	assert.Equal(t, 20, s.Stats().Conns)

	// The reason comes in the body.
	resp, err := http.Get("http" + strings.TrimPrefix(base, "ws") + "new")
	require.NoError(t, err)
	body := make([]byte, 200)
	n, _ := resp.Body.Read(body)
	resp.Body.Close()
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Contains(t, string(body[:n]), "too many connections from your address")

	for _, ws := range conns {
		ws.CloseNow()
	}
	require.Eventually(t, func() bool { return s.Stats().Conns == 0 }, 5*time.Second, 10*time.Millisecond)
	c, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	c.Close()
}

func TestServerFullRefusesWithServiceUnavailable(t *testing.T) {
	_, base := start(t, Config{MaxConns: 2})
	ctx := ctxT(t)
	for range 2 {
		_, err := dial(t, ctx, base, "", "")
		require.NoError(t, err)
	}
	_, resp, err := websocket.Dial(ctx, RoomURL(base, ""), nil)
	require.Error(t, err)
	require.NotNil(t, resp)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}

func TestRoomsPerAddressAreLimited(t *testing.T) {
	_, base := start(t, Config{MaxRoomsPerIP: 2})
	ctx := ctxT(t)
	for range 2 {
		_, err := dial(t, ctx, base, "", "")
		require.NoError(t, err)
	}
	_, err := dial(t, ctx, base, "", "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseTooMany), ce.Code)
	assert.Contains(t, ce.Reason, "too many rooms from your address")
}

func TestRoomsInAllAreLimited(t *testing.T) {
	_, base := start(t, Config{MaxRooms: 1})
	ctx := ctxT(t)
	_, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	_, err = dial(t, ctx, base, "", "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Reason, "too many rooms on the server")
}

func TestMessageFloodFromAJoinerClosesTheJoiner(t *testing.T) {
	_, base := start(t, Config{MessagesPerSecond: 1, Burst: 3})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	c, err := dial(t, ctx, base, host.Room, "") // the hello takes one token
	require.NoError(t, err)
	for range 5 {
		if c.Send(ctx, Message{Type: TypePing}) != nil {
			break
		}
	}
	var ce *CloseError
	for {
		_, err := c.Recv(ctx)
		if err != nil {
			require.ErrorAs(t, err, &ce)
			break
		}
	}
	assert.Equal(t, int(CloseTooMany), ce.Code)
	assert.Contains(t, ce.Reason, "too many messages")
}

func TestHostReclaimsItsRoomWithTheSecret(t *testing.T) {
	s, base := start(t, Config{})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	j, err := dial(t, ctx, base, host.Room, "")
	require.NoError(t, err)
	recvType(t, ctx, host, TypeJoin)

	require.NoError(t, host.Close())
	recvType(t, ctx, j, TypeNoHost)
	require.NoError(t, j.Send(ctx, Message{Type: TypeSignal, Data: json.RawMessage(`{}`)}))
	assert.Contains(t, recvType(t, ctx, j, TypeError).Error, "host is not connected")

	_, err = dial(t, ctx, base, host.Room, "wrong")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseBadSecret), ce.Code)

	again, err := dial(t, ctx, base, host.Room, host.Secret)
	require.NoError(t, err)
	assert.Equal(t, host.Room, again.Room)
	assert.Equal(t, "p1", recvType(t, ctx, again, TypeJoin).Peer, "the waiting joiner is introduced")
	recvType(t, ctx, j, TypeHostUp)

	// A second connection with the secret replaces the first.
	third, err := dial(t, ctx, base, host.Room, host.Secret)
	require.NoError(t, err)
	_, err = again.Recv(ctx)
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseReplaced), ce.Code)
	recvType(t, ctx, third, TypeJoin)
	assert.Equal(t, 1, s.Stats().Rooms)
}

func TestRoomIsForgottenWhenEmptyAndTheHostCanRecreateIt(t *testing.T) {
	s, base := start(t, Config{})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	j, err := dial(t, ctx, base, host.Room, "")
	require.NoError(t, err)
	require.Equal(t, 1, s.Stats().Rooms)
	j.Close()
	host.Close()
	require.Eventually(t, func() bool { return s.Stats().Rooms == 0 }, 5*time.Second, 10*time.Millisecond)

	_, err = dial(t, ctx, base, host.Room, "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce, "a forgotten room is unknown to joiners")
	assert.Equal(t, int(CloseUnknownRoom), ce.Code)

	back, err := dial(t, ctx, base, host.Room, host.Secret)
	require.NoError(t, err, "the host's secret recreates it")
	assert.Equal(t, host.Room, back.Room)
	_, err = dial(t, ctx, base, host.Room, "")
	require.NoError(t, err)
}

func TestSignalToAnUnknownPeerIsAnErrorNotAClose(t *testing.T) {
	_, base := start(t, Config{})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	require.NoError(t, host.Send(ctx, Message{Type: TypeSignal, Peer: "p9", Data: json.RawMessage(`{}`)}))
	assert.Contains(t, recvType(t, ctx, host, TypeError).Error, "no peer p9")
	require.NoError(t, host.Send(ctx, Message{Type: TypePing}))
	recvType(t, ctx, host, TypePong)
}

func TestJoinerWaitingForTheHostIsIntroducedWhenItArrives(t *testing.T) {
	_, base := start(t, Config{})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	room, secret := host.Room, host.Secret
	keep, err := dial(t, ctx, base, room, "") // keeps the room alive
	require.NoError(t, err)
	host.Close()
	recvType(t, ctx, keep, TypeNoHost)
	late, err := dial(t, ctx, base, room, "")
	require.NoError(t, err)
	assert.False(t, late.Host, "no host yet")
	h2, err := dial(t, ctx, base, room, secret)
	require.NoError(t, err)
	got := []string{recvType(t, ctx, h2, TypeJoin).Peer, recvType(t, ctx, h2, TypeJoin).Peer}
	assert.Equal(t, []string{keep.Peer, late.Peer}, got)
	recvType(t, ctx, late, TypeHostUp)
}

func TestCrossOriginPagesNeedAnOriginPattern(t *testing.T) {
	_, base := start(t, Config{})
	ctx := ctxT(t)
	h := http.Header{"Origin": {"https://cards.example"}}
	_, resp, err := websocket.Dial(ctx, RoomURL(base, ""), &websocket.DialOptions{HTTPHeader: h})
	require.Error(t, err)
	require.NotNil(t, resp)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)

	_, base2 := start(t, Config{OriginPatterns: []string{"*"}})
	ws, _, err := websocket.Dial(ctx, RoomURL(base2, ""), &websocket.DialOptions{HTTPHeader: h})
	require.NoError(t, err)
	ws.CloseNow()
}

func TestICEServersAreToldToClients(t *testing.T) {
	ice := []ICEServer{{URLs: []string{"stun:stun.example:3478"}}}
	_, base := start(t, Config{ICEServers: ice})
	ctx := ctxT(t)
	host, err := dial(t, ctx, base, "", "")
	require.NoError(t, err)
	assert.Equal(t, ice, host.ICE)
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"hello","v":1}`, `{"type":"hello","v":1,"secret":"x"}`, `{"type":"signal","peer":"p1","data":{"a":1}}`,
		`{"type":"ping"}`, `{"type":"signal","data":null}`, `[]`, `{"type":"hello","v":1}{}`, `{"type":"signal","data":"\u0000"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		// An accepted message is one of the client types and survives a round trip.
		require.Contains(t, []string{TypeHello, TypeSignal, TypePing}, m.Type)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		m2, err := Decode(out)
		require.NoError(t, err)
		require.Equal(t, m.Type, m2.Type)
	})
}

// FuzzServer sends each input as a live connection's second message: the
// server either serves it or closes with a reason, and keeps serving.
func FuzzServer(f *testing.F) {
	s, base := start(f, Config{MaxMessage: 4096})
	for _, m := range []string{`{"type":"ping"}`, `{"type":"signal","peer":"p1","data":{}}`, `{"type":"nope"}`, `{`, strings.Repeat("a", 5000)} {
		f.Add([]byte(m))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, RoomURL(base, ""), nil)
		require.NoError(t, err, "the server stays up")
		defer ws.CloseNow()
		write(t, ctx, ws, `{"type":"hello","v":1}`)
		_, _, err = ws.Read(ctx)
		require.NoError(t, err)
		require.NoError(t, ws.Write(ctx, websocket.MessageText, b))
		_, _, err = ws.Read(ctx)
		if err == nil {
			return // served: a pong or an error message
		}
		var ce websocket.CloseError
		require.True(t, errors.As(err, &ce), "closed without a reason: %v", err)
		require.NotEmpty(t, ce.Reason)
		_ = s
	})
}

func Example() {
	srv := New(Config{})
	hs := httptest.NewServer(srv)
	defer hs.Close()
	base := "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/"
	ctx := context.Background()

	host, _ := Dial(ctx, base, "", "")          // a new room
	joiner, _ := Dial(ctx, base, host.Room, "") // opened from the room link
	joiner.Send(ctx, Message{Type: TypeSignal, Data: json.RawMessage(`{"offer":"…"}`)})
	for {
		m, _ := host.Recv(ctx)
		if m.Type == TypeSignal {
			fmt.Println(m.Peer, string(m.Data))
			break
		}
	}
	// Output: p1 {"offer":"…"}
}
