//go:build !js

package pion

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/rtc"
	"cardtable/signaling"
)

// dropAndRejoin ends peer n's data channel, as a failing network does, and
// waits until it is seated again over a new one, signaled afresh.
func (ct *clusterTable) dropAndRejoin(t *testing.T, n int) {
	t.Helper()
	p := ct.peers[n-1]
	before := ct.link(n)
	require.NotNil(t, before)
	before.Close()
	eventually(t, func() bool {
		seat := p.Seat()
		return ct.link(n) != before && p.Status() == rtc.StatusConnected && seat >= 0 && ct.h.Seats()[seat].Connected
	}, "peer %d rejoins over a new data channel", n)
}

// TestANATSRestartedEmptyLosesNoRoom: two signaling instances; NATS stops
// and comes back without a record. The instances write their rooms back:
// a newcomer is seated, and mid-match a joiner whose data channel drops is
// seated again; the match is played to the end.
func TestANATSRestartedEmptyLosesNoRoom(t *testing.T) {
	cluster, ns := signalClusterNATS(t, 2)
	ct := hostOn(t, cluster, 0, 24)
	ct.join(t, cluster, 1, 1)
	ct.join(t, cluster, 2, 0)

	url := ns.URL()
	ns.Close()
	again, err := signaling.StartNATS(strings.TrimPrefix(url, "nats://"), []byte("the cluster's key"))
	require.NoError(t, err)
	t.Cleanup(again.Close)

	ct.join(t, cluster, 3, 1)
	ct.play(t, func() { ct.dropAndRejoin(t, 1) })
}

// natsNode is one server of a NATS cluster in a test.
type natsNode struct {
	name string
	srv  *server.Server
}

// natsCluster runs three NATS servers with JetStream on 127.0.0.1 as one
// cluster, each with its own cluster port, routes to the others and a
// store under the test's folder, and returns them once JetStream answers.
func natsCluster(t *testing.T) []*natsNode {
	t.Helper()
	var ports []int
	for range 3 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
		ln.Close()
	}
	dir := t.TempDir()
	var nodes []*natsNode
	for i, port := range ports {
		var routes []string
		for k, p := range ports {
			if k != i {
				routes = append(routes, fmt.Sprintf("nats://127.0.0.1:%d", p))
			}
		}
		name := fmt.Sprintf("n%d", i)
		srv, err := server.NewServer(&server.Options{
			ServerName: name, Host: "127.0.0.1", Port: server.RANDOM_PORT,
			NoLog: true, NoSigs: true,
			JetStream: true, StoreDir: filepath.Join(dir, name), DisableJetStreamBanner: true,
			Cluster: server.ClusterOpts{Name: "cardtable", Host: "127.0.0.1", Port: port},
			Routes:  server.RoutesFromStr(strings.Join(routes, ",")),
		})
		require.NoError(t, err)
		srv.Start()
		t.Cleanup(srv.Shutdown)
		require.True(t, srv.ReadyForConnections(10*time.Second), "node %s", name)
		nodes = append(nodes, &natsNode{name: name, srv: srv})
	}
	eventually(t, func() bool {
		for _, n := range nodes {
			if !n.srv.JetStreamIsCurrent() {
				return false
			}
		}
		return true
	}, "the NATS cluster elects its JetStream leader")
	return nodes
}

func clusterURLs(nodes []*natsNode) string {
	var urls []string
	for _, n := range nodes {
		urls = append(urls, n.srv.ClientURL())
	}
	return strings.Join(urls, ",")
}

// TestANATSNodeKilledMidMatchLosesNoRoom: the room records are kept on
// file by three NATS servers. Mid-match, the server leading the rooms
// bucket dies: the bucket keeps every record it held, a joiner whose data
// channel drops is seated again, a new room is opened and joined, and the
// match is played to the end.
func TestANATSNodeKilledMidMatchLosesNoRoom(t *testing.T) {
	nodes := natsCluster(t)
	cluster := signalInstances(t, 2, signaling.Config{NATS: clusterURLs(nodes), NATSStorage: signaling.StorageFile, NATSReplicas: 3})
	ct := hostOn(t, cluster, 0, 25)
	ct.join(t, cluster, 1, 1)
	ct.join(t, cluster, 2, 0)
	ct.join(t, cluster, 3, 1)

	// A client of its own reads the bucket as the instances see it.
	nc, err := nats.Connect(clusterURLs(nodes), nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	info := func() (*jetstream.StreamInfo, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s, err := js.Stream(ctx, "KV_cardtable_signal_rooms")
		if err != nil {
			return nil, err
		}
		return s.Info(ctx)
	}

	ct.play(t, func() {
		before, err := info()
		require.NoError(t, err)
		require.NotNil(t, before.Cluster)
		assert.Equal(t, 3, before.Config.Replicas)
		assert.Equal(t, jetstream.FileStorage, before.Config.Storage)
		killed := false
		for _, n := range nodes {
			if n.name == before.Cluster.Leader {
				n.srv.Shutdown()
				killed = true
			}
		}
		require.True(t, killed, "the leader %q is one of the nodes", before.Cluster.Leader)

		eventually(t, func() bool {
			after, err := info()
			return err == nil && after.Cluster != nil && after.Cluster.Leader != "" && after.Cluster.Leader != before.Cluster.Leader &&
				after.State.LastSeq >= before.State.LastSeq
		}, "another server leads the rooms bucket, which holds all it held")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		kv, err := js.KeyValue(ctx, "cardtable_signal_rooms")
		require.NoError(t, err)
		_, err = kv.Get(ctx, "r."+ct.room.Code)
		require.NoError(t, err, "the room's record is there")

		ct.dropAndRejoin(t, 2)
		other := hostOn(t, cluster, 1, 26)
		other.join(t, cluster, 1, 0)
	})
}
