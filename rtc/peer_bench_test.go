package rtc

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"cardtable/games"
	"cardtable/games/record"
)

// BenchmarkHostFanOut is the host's cost per applied action at a King table
// with three peers: parsing the intent, applying it, and building, hashing
// and redacting each peer's update (the links are in-memory and drained).
func BenchmarkHostFanOut(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var h *Host
	links := map[games.Seat]*hostConn{}
	ids := map[games.Seat]uint64{}
	table := func(seed uint64) {
		var err error
		h, err = NewHost(HostConfig{Game: kingEntry, Record: record.New("king", games.Config{Players: 4, Seed: seed}), Seat: 0, StandIn: "random",
			DrawTimeout: time.Millisecond}) // the links here say nothing: the host draws the seed alone
		if err != nil {
			b.Fatal(err)
		}
		for range 3 {
			a, c := Pipe()
			h.Attach(a)
			go func() {
				for {
					if _, err := c.Recv(ctx); err != nil {
						return
					}
				}
			}()
			c.Send([]byte(`{"v":4,"t":"hello"}`))
		}
		for st := h.Seats(); !(st[1].Connected && st[2].Connected && st[3].Connected); st = h.Seats() {
			time.Sleep(time.Millisecond)
		}
		h.mu.Lock()
		for _, c := range h.conns {
			links[c.seat] = c
		}
		h.mu.Unlock()
		if err := h.Start(); err != nil {
			b.Fatal(err)
		}
		for !h.Started() {
			time.Sleep(time.Millisecond)
		}
	}
	table(1)
	actions := 0
	b.ResetTimer()
	for i := range b.N {
		if h.Snapshot().Done {
			b.StopTimer()
			h.Close()
			table(uint64(i) + 2)
			b.StartTimer()
		}
		seat := h.Snapshot().Actors[0]
		h.mu.Lock()
		text := h.t.state.FormatAction(h.t.state.Legal(seat, nil)[0])
		step := len(h.t.rec.Actions)
		if c := links[seat]; c != nil {
			c.budget.tokens = msgBurst // the benchmark outruns the per-link message rate
		}
		h.mu.Unlock()
		if seat == 0 {
			if err := act(h, text); err != nil {
				b.Fatal(err)
			}
		} else {
			ids[seat]++
			h.handle(links[seat], fmt.Appendf(nil, `{"v":4,"t":"act","id":%d,"step":%d,"act":%q}`, ids[seat], step, text))
		}
		if h.Snapshot().Step != step+1 {
			b.Fatalf("%q by seat %d was not applied", text, seat)
		}
		runtime.Gosched() // let the links' writers drain (WebAssembly runs one goroutine at a time)
		actions++
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	h.Close()
}

// BenchmarkJointSeedDraw is the time the joint seed's draw adds before a
// room match starts: from the host's Start to the match started, at a King
// table of the host and three peers' pages over in-memory links (each
// commits, then reveals: two round trips through the host).
func BenchmarkJointSeedDraw(b *testing.B) {
	var total time.Duration
	for i := range b.N {
		b.StopTimer()
		tb := newHostedTable(b, HostConfig{Game: kingEntry, Record: record.New("king", games.Config{Players: 4, Seed: uint64(i)}),
			Seat: 0, StandIn: "random", Room: "BENCH"})
		h := tb.h()
		for j := 1; j <= 3; j++ {
			p, _ := tb.join(j, PeerConfig{Name: fmt.Sprintf("P%d", j)})
			for p.Seat() < 0 {
				time.Sleep(100 * time.Microsecond)
			}
		}
		b.StartTimer()
		begin := time.Now()
		if err := h.Start(); err != nil {
			b.Fatal(err)
		}
		for !h.Started() {
			runtime.Gosched()
		}
		total += time.Since(begin)
		b.StopTimer()
		h.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/draw")
}
