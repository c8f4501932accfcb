//go:build !js

package signaling

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testKey is the key the instances of a test share, and so their embedded
// NATS server's password.
var testKey = []byte("one key for every instance")

// startNATS runs an embedded NATS server for one test.
func startNATS(t testing.TB) *NATSServer {
	t.Helper()
	n, err := StartNATS("127.0.0.1:0", testKey)
	require.NoError(t, err)
	t.Cleanup(n.Close)
	return n
}

// startInstances runs n signaling instances sharing rooms through url, all
// with one key, and returns them with their base URLs.
func startInstances(t testing.TB, url string, n int, cfg Config) ([]*Server, []string) {
	t.Helper()
	cfg.NATS, cfg.Key = url, testKey
	if cfg.NATSStorage == "" {
		cfg.NATSStorage = StorageMemory // the embedded server's store is temporary
	}
	var ss []*Server
	var bases []string
	for range n {
		s, base := start(t, cfg)
		require.NoError(t, s.WaitCluster(ctxT(t)))
		ss = append(ss, s)
		bases = append(bases, base)
	}
	return ss, bases
}

func signalData(s string) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"x":%q}`, s)) }

// TestClusterRelaysARoomAcrossThreeInstances: a host on one instance and
// joiners on the two others meet, are told of each other, and exchange
// signals; the joiners hear the host leave and come back elsewhere.
func TestClusterRelaysARoomAcrossThreeInstances(t *testing.T) {
	n := startNATS(t)
	_, bases := startInstances(t, n.URL(), 3, Config{})
	ctx := ctxT(t)

	host, err := dial(t, ctx, bases[0], "", "")
	require.NoError(t, err)
	require.NotEmpty(t, host.Secret)
	var joiners []*Client
	for i, base := range bases[1:] {
		j, err := dial(t, ctx, base, host.Room, "")
		require.NoError(t, err, "joiner %d", i)
		assert.True(t, j.Host, "the host is present for joiner %d", i)
		assert.Equal(t, fmt.Sprintf("p%d", i+1), j.Peer, "peer ids are handed out across instances")
		joiners = append(joiners, j)
		assert.Equal(t, j.Peer, recvType(t, ctx, host, TypeJoin).Peer)
	}
	for i, j := range joiners {
		require.NoError(t, j.Send(ctx, Message{Type: TypeSignal, Data: signalData(fmt.Sprintf("offer %d", i))}))
		m := recvType(t, ctx, host, TypeSignal)
		assert.Equal(t, j.Peer, m.Peer)
		assert.JSONEq(t, string(signalData(fmt.Sprintf("offer %d", i))), string(m.Data))
		require.NoError(t, host.Send(ctx, Message{Type: TypeSignal, Peer: j.Peer, Data: signalData(fmt.Sprintf("answer %d", i))}))
		m = recvType(t, ctx, j, TypeSignal)
		assert.JSONEq(t, string(signalData(fmt.Sprintf("answer %d", i))), string(m.Data))
	}

	// The host leaves: both joiners hear it; it comes back on the third
	// instance with its secret and both hear that, and it hears them.
	require.NoError(t, host.Close())
	for _, j := range joiners {
		recvType(t, ctx, j, TypeNoHost)
	}
	back, err := dial(t, ctx, bases[2], host.Room, host.Secret)
	require.NoError(t, err)
	assert.Equal(t, host.Room, back.Room)
	for _, j := range joiners {
		recvType(t, ctx, j, TypeHostUp)
	}
	got := map[string]bool{}
	for range joiners {
		got[recvType(t, ctx, back, TypeJoin).Peer] = true
	}
	assert.Equal(t, map[string]bool{"p1": true, "p2": true}, got)

	// A joiner leaving is told to the host wherever it is.
	require.NoError(t, joiners[0].Close())
	assert.Equal(t, "p1", recvType(t, ctx, back, TypeLeave).Peer)
}

// TestClusterLimitsHoldAcrossInstances: a room's joiners, the joiners from
// one address in a room and an address's rooms are counted over every
// instance, not per instance.
func TestClusterLimitsHoldAcrossInstances(t *testing.T) {
	n := startNATS(t)
	ss, bases := startInstances(t, n.URL(), 3, Config{MaxJoiners: 3, MaxJoinersPerIP: 3, MaxRoomsPerIP: 2})
	ctx := ctxT(t)
	cases := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"joiners in a room", func(t *testing.T) {
			host, err := dial(t, ctx, bases[0], "", "")
			require.NoError(t, err)
			for i := range 3 {
				_, err := dial(t, ctx, bases[i%3], host.Room, "")
				require.NoError(t, err, "joiner %d", i)
			}
			_, err = dial(t, ctx, bases[1], host.Room, "")
			var ce *CloseError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, int(CloseRoomFull), ce.Code, ce.Reason)
			host.Close()
			// The room counts no more once its host's leaving is written
			// (the server does it as the connection ends).
			require.Eventually(t, func() bool { return !ss[0].cl.counts(ctx, host.Room, "127.0.0.1") },
				5*time.Second, 10*time.Millisecond, "the room still counts against its host's address")
		}},
		{"rooms of an address", func(t *testing.T) {
			first, err := dial(t, ctx, bases[0], "", "")
			require.NoError(t, err, "room 0")
			t.Cleanup(func() { first.Close() })
			c, err := dial(t, ctx, bases[1], "", "")
			require.NoError(t, err, "room 1")
			t.Cleanup(func() { c.Close() })
			_, err = dial(t, ctx, bases[2], "", "")
			var ce *CloseError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, int(CloseTooMany), ce.Code, ce.Reason)
		}},
		{"unknown room", func(t *testing.T) {
			_, err := dial(t, ctx, bases[2], "AAAAAAAAAAAAAAAA", "")
			var ce *CloseError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, int(CloseUnknownRoom), ce.Code, ce.Reason)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, tc.run)
	}
}

// TestClusterHostMovesWhenItsInstanceDies: the instance holding a host
// dies without a word; the host takes its room back on another instance
// and a joiner waiting on a third is told it is back.
func TestClusterHostMovesWhenItsInstanceDies(t *testing.T) {
	n := startNATS(t)
	ss, bases := startInstances(t, n.URL(), 3, Config{})
	ctx := ctxT(t)
	host, err := dial(t, ctx, bases[0], "", "")
	require.NoError(t, err)
	j, err := dial(t, ctx, bases[2], host.Room, "")
	require.NoError(t, err)
	assert.Equal(t, j.Peer, recvType(t, ctx, host, TypeJoin).Peer)
	ss[0].Halt()
	_, err = host.Recv(ctx)
	require.Error(t, err, "the dead instance's connection ends")
	back, err := dial(t, ctx, bases[1], host.Room, host.Secret)
	require.NoError(t, err)
	recvType(t, ctx, j, TypeHostUp)
	assert.Equal(t, j.Peer, recvType(t, ctx, back, TypeJoin).Peer)
	require.NoError(t, j.Send(ctx, Message{Type: TypeSignal, Data: signalData("offer")}))
	assert.Equal(t, j.Peer, recvType(t, ctx, back, TypeSignal).Peer)
}

// TestClusterOutageRefusesNewJoinsWithAReason: without NATS a new room or
// join is refused as "signaling unavailable", and served again once NATS
// is back.
func TestClusterOutageRefusesNewJoinsWithAReason(t *testing.T) {
	n := startNATS(t)
	url := n.URL()
	_, bases := startInstances(t, url, 1, Config{})
	ctx := ctxT(t)
	n.Close()
	require.Eventually(t, func() bool {
		_, err := Dial(ctx, bases[0], "", "")
		ce, ok := err.(*CloseError)
		return ok && ce.Code == int(CloseUnavailable) && strings.Contains(ce.Reason, "signaling unavailable")
	}, 10*time.Second, 50*time.Millisecond)
	addr := strings.TrimPrefix(url, "nats://")
	again, err := StartNATS(addr, testKey)
	require.NoError(t, err)
	t.Cleanup(again.Close)
	require.Eventually(t, func() bool {
		c, err := Dial(ctx, bases[0], "", "")
		if err == nil {
			c.Close()
		}
		return err == nil
	}, 15*time.Second, 100*time.Millisecond, "served again once NATS is back")
}

// TestClusterDropsWhatDoesNotParseFromNATS: messages on a room's subjects
// that are too big, of unknown shape or for nobody reach no client.
func TestClusterDropsWhatDoesNotParseFromNATS(t *testing.T) {
	n := startNATS(t)
	ss, bases := startInstances(t, n.URL(), 1, Config{MaxMessage: 1024})
	ctx := ctxT(t)
	host, err := dial(t, ctx, bases[0], "", "")
	require.NoError(t, err)
	cl := ss[0].cl
	bad := []struct{ subj, data string }{
		{hostSubject(host.Room), `{"t":"sig","p":"p1","d":"` + strings.Repeat("x", 2000) + `"}`},
		{hostSubject(host.Room), `{"t":"sig","p":"p1","d":{"a":1},"extra":1}`},
		{hostSubject(host.Room), `{"t":"join","p":"../x"}`},
		{hostSubject(host.Room), `{"t":"join","p":"p1"} {}`},
		{hostSubject(host.Room), `not json`},
		{hostSubject(host.Room), `{"t":"sig","d":{"a":1}}`},
		{subjectPrefix + host.Room + ".z", `{"t":"join","p":"p1"}`},
	}
	for _, b := range bad {
		require.NoError(t, cl.nc.Publish(b.subj, []byte(b.data)))
	}
	require.NoError(t, cl.nc.Publish(hostSubject(host.Room), []byte(`{"t":"join","p":"p7"}`)))
	m, err := host.Recv(ctx)
	require.NoError(t, err)
	assert.Equal(t, Message{Type: TypeJoin, Peer: "p7"}, m, "only the well-formed message arrives")
}
