//go:build !js

package signaling

import (
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// healWait bounds the waits on healing: generous, for a busy machine.
const healWait = 45 * time.Second

func ctxHeal(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), healWait+15*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// shortHeal makes the periodic check frequent for one test.
func shortHeal(t testing.TB) {
	old := healEvery
	healEvery = 100 * time.Millisecond
	t.Cleanup(func() { healEvery = old })
}

// natsAt runs a NATS server with JetStream on addr ("127.0.0.1:0": a free
// port) keeping its files in dir, which outlives it; stop shuts it down.
func natsAt(t testing.TB, addr, dir string) (url string, stop func()) {
	t.Helper()
	host, port, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	p, err := strconv.Atoi(port)
	require.NoError(t, err)
	if p == 0 {
		p = server.RANDOM_PORT
	}
	srv, err := server.NewServer(&server.Options{Host: host, Port: p, NoLog: true, NoSigs: true, JetStream: true, StoreDir: dir, DisableJetStreamBanner: true})
	require.NoError(t, err)
	srv.Start()
	require.True(t, srv.ReadyForConnections(10*time.Second))
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			srv.Shutdown()
			srv.WaitForShutdown()
		}
	}
	t.Cleanup(stop)
	return srv.ClientURL(), stop
}

// record reads room code's record as instance s sees it; ok is false
// when there is none or it cannot be read now.
func record(s *Server, code string) (rec roomRecord, ok bool) {
	rooms, _ := s.cl.kv()
	if rooms == nil {
		return rec, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
	defer cancel()
	e, err := rooms.Get(ctx, roomKey(code))
	if err != nil {
		return rec, false
	}
	rec, err = decodeRecord(e.Value())
	return rec, err == nil
}

// joinWhenServed dials room through base until it is let in, and returns
// the refusals it met on the way.
func joinWhenServed(t *testing.T, ctx context.Context, base, room string) (*Client, []int) {
	t.Helper()
	var c *Client
	var refused []int
	require.Eventually(t, func() bool {
		var err error
		c, err = dial(t, ctx, base, room, "")
		var ce *CloseError
		if errors.As(err, &ce) {
			refused = append(refused, ce.Code)
		}
		return err == nil
	}, healWait, 50*time.Millisecond, "a joiner is let into room %s", room)
	return c, refused
}

// hostUp waits until joiner j knows its host is there.
func hostUp(t *testing.T, ctx context.Context, j *Client) {
	t.Helper()
	if !j.Host {
		recvType(t, ctx, j, TypeHostUp)
	}
}

// joinOf waits until host is told joiner peer arrived (a host whose room
// was written back is told again of the joiners it knows).
func joinOf(t *testing.T, ctx context.Context, host *Client, peer string) {
	t.Helper()
	for recvType(t, ctx, host, TypeJoin).Peer != peer {
	}
}

// TestNATSRestartedEmptyLosesNoRoom: NATS stops and comes back without a
// record; the instance of the host writes its room back and the one of a
// waiting joiner writes the joiner back, so a new joiner is welcomed under
// the next id, and host and joiners still reach each other across the
// instances.
func TestNATSRestartedEmptyLosesNoRoom(t *testing.T) {
	n := startNATS(t)
	url := n.URL()
	ss, bases := startInstances(t, url, 2, Config{NATSStorage: StorageMemory})
	ctx := ctxHeal(t)
	host, err := dial(t, ctx, bases[0], "", "")
	require.NoError(t, err)
	waiting, err := dial(t, ctx, bases[1], host.Room, "")
	require.NoError(t, err)
	require.Equal(t, "p1", recvType(t, ctx, host, TypeJoin).Peer)

	n.Close()
	again, err := StartNATS(strings.TrimPrefix(url, "nats://"), testKey)
	require.NoError(t, err)
	t.Cleanup(again.Close)

	back := time.Now()
	j, refused := joinWhenServed(t, ctx, bases[1], host.Room)
	t.Logf("welcomed %v after NATS came back, refused %v before", time.Since(back), refused)
	assert.NotContains(t, refused, int(CloseUnknownRoom), "the room is never called unknown")
	assert.Equal(t, "p2", j.Peer, "ids go on after those handed out before")
	hostUp(t, ctx, j)
	joinOf(t, ctx, host, "p2")
	require.NoError(t, j.Send(ctx, Message{Type: TypeSignal, Data: signalData("offer")}))
	assert.Equal(t, "p2", recvType(t, ctx, host, TypeSignal).Peer)
	require.NoError(t, host.Send(ctx, Message{Type: TypeSignal, Peer: "p2", Data: signalData("answer")}))
	recvType(t, ctx, j, TypeSignal)

	require.Eventually(t, func() bool {
		rec, ok := record(ss[0], host.Room)
		return ok && rec.Host == ss[0].cl.id && slicesIndex(rec.Joiners, "p1") >= 0 && slicesIndex(rec.Joiners, "p2") >= 0
	}, healWait, 20*time.Millisecond, "the record names the host and both joiners again")
	require.NoError(t, host.Close())
	recvType(t, ctx, waiting, TypeNoHost)
}

// TestAnUnknownRoomIsAPassingRefusalWhileRecordsAreRestored: an instance
// that sees NATS come back without its buckets cannot yet tell a room is
// unknown (the others may not have written theirs back): a joiner is told
// to try again, not that the room ended.
func TestAnUnknownRoomIsAPassingRefusalWhileRecordsAreRestored(t *testing.T) {
	n := startNATS(t)
	url := n.URL()
	_, bases := startInstances(t, url, 1, Config{})
	ctx := ctxHeal(t)
	_, err := dial(t, ctx, bases[0], "AAAAAAAAAAAAAAAA", "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, int(CloseUnknownRoom), ce.Code, "a bucket this instance made first knows its rooms")

	n.Close()
	again, err := StartNATS(strings.TrimPrefix(url, "nats://"), testKey)
	require.NoError(t, err)
	t.Cleanup(again.Close)
	var codes []int
	require.Eventually(t, func() bool {
		_, err := dial(t, ctx, bases[0], "AAAAAAAAAAAAAAAA", "")
		var ce *CloseError
		if !errors.As(err, &ce) {
			return false
		}
		codes = append(codes, ce.Code)
		return strings.Contains(ce.Reason, "being restored")
	}, healWait, 50*time.Millisecond, "the joiner is told the records are being restored")
	assert.NotContains(t, codes, int(CloseUnknownRoom))
	assert.Equal(t, int(CloseUnavailable), codes[len(codes)-1])
}

// TestALostRecordHeals: what is lost while NATS stays up (one room's
// record, the rooms bucket, the heartbeats bucket) is written again by the
// periodic check, and a joiner is welcomed after.
func TestALostRecordHeals(t *testing.T) {
	shortHeal(t)
	n := startOpenNATS(t)
	ss, bases := startInstances(t, n.URL(), 2, Config{NATSStorage: StorageMemory})
	ctx := ctxHeal(t)
	// An operator's client deletes the buckets: the instances' own login may
	// not (TestEmbeddedNATSKeepsTheInstancesToTheirSubjects).
	admin, err := nats.Connect(n.URL())
	require.NoError(t, err)
	t.Cleanup(admin.Close)
	js, err := jetstream.New(admin)
	require.NoError(t, err)
	cases := []struct {
		name string
		lose func(t *testing.T, code string)
	}{
		{"the room's record deleted", func(t *testing.T, code string) {
			rooms, _ := ss[1].cl.kv()
			require.NotNil(t, rooms)
			require.NoError(t, rooms.Purge(ctx, roomKey(code)))
		}},
		{"the rooms bucket deleted", func(t *testing.T, _ string) {
			require.NoError(t, js.DeleteKeyValue(ctx, roomsBucket))
		}},
		{"the heartbeats bucket deleted", func(t *testing.T, _ string) {
			require.NoError(t, js.DeleteKeyValue(ctx, instsBucket))
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			host, err := dial(t, ctx, bases[0], "", "")
			require.NoError(t, err)
			defer host.Close()
			tc.lose(t, host.Room)
			j, _ := joinWhenServed(t, ctx, bases[1], host.Room)
			hostUp(t, ctx, j)
			joinOf(t, ctx, host, j.Peer)
			require.Eventually(t, func() bool {
				_, insts := ss[1].cl.kv()
				if insts == nil {
					return false
				}
				_, err := insts.Get(ctx, "i."+ss[0].cl.id)
				return err == nil
			}, healWait, 20*time.Millisecond, "the host's instance beats again")
		})
	}
}

// TestALeaveWhileNATSIsDownIsWrittenWhenItReturns: with the records on
// file, NATS restarts with them; the host that left while NATS was down is
// taken out of its room's record once NATS is back, and the joiner waiting
// on another instance hears it left.
func TestALeaveWhileNATSIsDownIsWrittenWhenItReturns(t *testing.T) {
	dir := t.TempDir()
	url, stop := natsAt(t, "127.0.0.1:0", dir)
	ss, bases := startInstances(t, url, 2, Config{NATSStorage: StorageFile})
	ctx := ctxHeal(t)
	host, err := dial(t, ctx, bases[0], "", "")
	require.NoError(t, err)
	waiting, err := dial(t, ctx, bases[1], host.Room, "")
	require.NoError(t, err)
	require.Equal(t, "p1", recvType(t, ctx, host, TypeJoin).Peer)

	stop()
	require.NoError(t, host.Close())
	require.Eventually(t, func() bool { return ss[0].Stats().Rooms == 0 }, healWait, 10*time.Millisecond, "the host's instance saw it leave")
	natsAt(t, strings.TrimPrefix(url, "nats://"), dir)

	recvType(t, ctx, waiting, TypeNoHost)
	var rec roomRecord
	require.Eventually(t, func() bool {
		var ok bool
		rec, ok = record(ss[1], host.Room)
		return ok
	}, healWait, 10*time.Millisecond, "the room outlived the restart on file")
	assert.Empty(t, rec.Host, "the host that left is out of the record")
	require.Len(t, rec.Joiners, 1)
	assert.Equal(t, "p1", rec.Joiners[0].Peer, "the waiting joiner is still in it")
	assert.Equal(t, uint64(1), rec.Gen, "the record is the one from before the restart")
}

// TestNATSSettingsThatCannotWorkAreRefusedInWords: a storage or a number
// of replicas NATS does not have is an error that names it.
func TestNATSSettingsThatCannotWorkAreRefusedInWords(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		want string
	}{
		{"unknown storage", Config{NATSStorage: "disk"}, `storage "disk"`},
		{"too many replicas", Config{NATSReplicas: 7}, "replicas 7"},
		{"negative replicas", Config{NATSReplicas: -1}, "replicas -1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.cfg.CheckNATS()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	assert.NoError(t, Config{NATSStorage: StorageMemory, NATSReplicas: 3}.CheckNATS())
	s := New(Config{NATS: "nats://127.0.0.1:1", NATSStorage: "disk"})
	defer s.Close()
	assert.ErrorContains(t, s.WaitCluster(context.Background()), `storage "disk"`)
}

// startOpenNATS runs a NATS server with JetStream that asks no one for
// credentials, as an operator's own server may, for a test that acts on the
// records as the operator (the embedded server lets in only the instances).
func startOpenNATS(t testing.TB) *NATSServer {
	t.Helper()
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir(), DisableJetStreamBanner: true})
	require.NoError(t, err)
	srv.Start()
	require.True(t, srv.ReadyForConnections(healWait), "the NATS server starts")
	n := &NATSServer{srv: srv, dir: t.TempDir()}
	t.Cleanup(n.Close)
	return n
}
