//go:build !js

package signaling

import (
	"context"
	"encoding/json"

	"slices"
	"sync"
	"testing"
	"time"
)

// benchConfig lifts the per-address limits: every client of a benchmark
// comes from 127.0.0.1.
var benchConfig = Config{
	MaxConns: 50000, MaxConnsPerIP: 50000, MaxRooms: 50000, MaxRoomsPerIP: 50000,
	MessagesPerSecond: 1e6, Burst: 1e6, AddrPerSecond: 1e6, AddrBurst: 1e6,
}

// benchSetups are the deployments measured: one instance alone, one
// through NATS, and three sharing rooms through NATS on this machine.
var benchSetups = []struct {
	name      string
	instances int
	nats      bool
}{
	{"1-instance", 1, false},
	{"1-instance-nats", 1, true},
	{"3-instances-nats", 3, true},
}

func benchBases(b *testing.B, instances int, nats bool) []string {
	if !nats {
		_, base := start(b, benchConfig)
		return []string{base}
	}
	n := startNATS(b)
	_, bases := startInstances(b, n.URL(), instances, benchConfig)
	return bases
}

// setUpRoom opens a room with three joiners, each on the next instance,
// and returns once every joiner's offer reached the host and the host's
// answer reached the joiner: all connected.
func setUpRoom(ctx context.Context, bases []string, first int) error {
	host, err := Dial(ctx, bases[first%len(bases)], "", "")
	if err != nil {
		return err
	}
	defer host.ws.CloseNow()
	var js []*Client
	defer func() {
		for _, j := range js {
			j.ws.CloseNow()
		}
	}()
	for i := range 3 {
		j, err := Dial(ctx, bases[(first+1+i)%len(bases)], host.Room, "")
		if err != nil {
			return err
		}
		js = append(js, j)
		if err := j.Send(ctx, Message{Type: TypeSignal, Data: json.RawMessage(`{"sdp":"offer"}`)}); err != nil {
			return err
		}
	}
	for answered := 0; answered < len(js); {
		m, err := host.Recv(ctx)
		if err != nil {
			return err
		}
		if m.Type == TypeSignal {
			if err := host.Send(ctx, Message{Type: TypeSignal, Peer: m.Peer, Data: json.RawMessage(`{"sdp":"answer"}`)}); err != nil {
				return err
			}
			answered++
		}
	}
	for _, j := range js {
		for {
			m, err := j.Recv(ctx)
			if err != nil {
				return err
			}
			if m.Type == TypeSignal {
				break
			}
		}
	}
	return nil
}

// BenchmarkRoomSetup sets up rooms of a host and three joiners to "all
// connected" (offer and answer relayed for each joiner), eight at a time,
// and reports rooms a second.
func BenchmarkRoomSetup(b *testing.B) {
	for _, setup := range benchSetups {
		b.Run(setup.name, func(b *testing.B) {
			bases := benchBases(b, setup.instances, setup.nats)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			work := make(chan int)
			var wg sync.WaitGroup
			var mu sync.Mutex
			var failed error
			b.ResetTimer()
			begin := time.Now()
			for range 8 {
				wg.Go(func() {
					for i := range work {
						if err := setUpRoom(ctx, bases, i); err != nil {
							mu.Lock()
							failed = err
							mu.Unlock()
						}
					}
				})
			}
			for i := range b.N {
				work <- i
			}
			close(work)
			wg.Wait()
			b.StopTimer()
			if failed != nil {
				b.Fatal(failed)
			}
			b.ReportMetric(float64(b.N)/time.Since(begin).Seconds(), "rooms/s")
		})
	}
}

// BenchmarkRelayLatency measures one signal from a joiner to its host,
// one at a time: in one process, and between two instances through NATS.
// It reports the median and the 95th percentile.
func BenchmarkRelayLatency(b *testing.B) {
	for _, setup := range []struct {
		name      string
		instances int
		nats      bool
	}{{"in-process", 1, false}, {"nats-2-instances", 2, true}} {
		b.Run(setup.name, func(b *testing.B) {
			bases := benchBases(b, setup.instances, setup.nats)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			host, err := Dial(ctx, bases[0], "", "")
			if err != nil {
				b.Fatal(err)
			}
			defer host.ws.CloseNow()
			j, err := Dial(ctx, bases[len(bases)-1], host.Room, "")
			if err != nil {
				b.Fatal(err)
			}
			defer j.ws.CloseNow()
			data := json.RawMessage(`{"candidate":{"candidate":"candidate:1 1 udp 2130706431 127.0.0.1 50000 typ host","sdpMid":"0"}}`)
			relay := func() time.Duration {
				begin := time.Now()
				if err := j.Send(ctx, Message{Type: TypeSignal, Data: data}); err != nil {
					b.Fatal(err)
				}
				for {
					m, err := host.Recv(ctx)
					if err != nil {
						b.Fatal(err)
					}
					if m.Type == TypeSignal {
						return time.Since(begin)
					}
				}
			}
			for range 50 { // warm up
				relay()
			}
			ds := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				ds = append(ds, relay())
			}
			b.StopTimer()
			slices.Sort(ds)
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			b.ReportMetric(ms(ds[len(ds)/2]), "p50-ms")
			b.ReportMetric(ms(ds[len(ds)*95/100]), "p95-ms")
		})
	}
}
