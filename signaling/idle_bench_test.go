//go:build !js

package signaling

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

const childEnv = "CARDTABLE_SIGNAL_CHILD"

// TestMain doubles as the server process of BenchmarkIdleConns, so that the
// benchmark measures the server's memory and not its clients'.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		serveChild()
		return
	}
	os.Exit(m.Run())
}

// serveChild runs a server with limits high enough for a flood from one
// address, prints its address, and exits when its stdin closes.
func serveChild() {
	s := New(Config{MaxConns: 50000, MaxConnsPerIP: 50000, MaxRooms: 50000, MaxRoomsPerIP: 50000, MaxJoinersPerIP: 8,
		AddrPerSecond: 1e6, AddrBurst: 1e6})
	mux := http.NewServeMux()
	mux.Handle("/signal/", s)
	mux.HandleFunc("/stats", func(w http.ResponseWriter, r *http.Request) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		json.NewEncoder(w).Encode(map[string]any{"stats": s.Stats(), "sys": ms.Sys, "heap": ms.HeapInuse, "stack": ms.StackInuse, "rss": rss()})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("error", err)
		return
	}
	fmt.Println(ln.Addr())
	go http.Serve(ln, mux)
	io.Copy(io.Discard, os.Stdin)
}

// rss is the process's resident memory in bytes.
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

type childStats struct {
	Stats Stats `json:"stats"`
	Sys   int64 `json:"sys"`
	Heap  int64 `json:"heap"`
	Stack int64 `json:"stack"`
	RSS   int64 `json:"rss"`
}

func readStats(b *testing.B, addr string) childStats {
	resp, err := http.Get("http://" + addr + "/stats")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var st childStats
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		b.Fatal(err)
	}
	return st
}

// BenchmarkIdleConns holds b.N idle signaling connections (rooms of a host
// and seven joiners) in a separate server process and reports its memory
// per connection. Run it with -benchtime 10000x.
func BenchmarkIdleConns(b *testing.B) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		b.Fatal(err)
	}
	addr := strings.TrimSpace(line)
	base := "ws://" + addr + "/signal/"
	before := readStats(b, addr)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var clients []*Client
	hosts := (b.N + 7) / 8
	b.ResetTimer()
	work := make(chan int)
	var wg sync.WaitGroup
	var failed error
	for range 16 {
		wg.Go(func() {
			for range work {
				host, err := Dial(ctx, base, "", "")
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					continue
				}
				room := []*Client{host}
				for range 7 {
					j, err := Dial(ctx, base, host.Room, "")
					if err != nil {
						mu.Lock()
						failed = err
						mu.Unlock()
						break
					}
					room = append(room, j)
				}
				mu.Lock()
				clients = append(clients, room...)
				mu.Unlock()
			}
		})
	}
	for i := range hosts {
		work <- i
	}
	close(work)
	wg.Wait()
	b.StopTimer()
	if failed != nil {
		b.Fatalf("after %d connections: %v", len(clients), failed)
	}
	time.Sleep(500 * time.Millisecond) // let the server settle
	after := readStats(b, addr)
	n := after.Stats.Conns
	if n < len(clients) {
		b.Fatalf("server holds %d of %d connections", n, len(clients))
	}
	b.ReportMetric(float64(n), "conns")
	b.ReportMetric(float64(after.RSS-before.RSS)/float64(n), "rss-B/conn")
	b.ReportMetric(float64(after.RSS)/(1<<20), "rss-MB")
	b.ReportMetric(float64((after.Heap+after.Stack)-(before.Heap+before.Stack))/float64(n), "heap+stack-B/conn")
	b.ReportMetric(float64(after.Stack-before.Stack)/float64(n), "stack-B/conn")
	for _, c := range clients {
		c.ws.CloseNow()
	}
}
