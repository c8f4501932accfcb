//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blindRoomJS is a blind room of workers (web/mentalworker.js, one page
// each) run from the page's own script, which relays as the pages' links
// would: the first worker, the host's page's, orders the room (start's
// order): every frame another worker sends goes to it (from, with the
// sender's link), and every message it orders (room) goes on to every other
// worker (msg).
// blindRoom.open(n) makes n workers and resolves once every one is ready
// (with the time that took, ms); blindRoom.play(game, cfg, owner,
// untilDealt) starts them all (owner: the page holding each seat, or null) and resolves with what they reported (blindRun) once
// every worker has dealt round untilDealt (0: played the match to its end),
// or once every worker has named a fault, or at the first error;
// blindRoom.tamper(i, frame) may change a frame worker i sends (base64, as
// the worker posts it) before it goes on; blindRoom.close() ends the
// workers.
const blindRoomJS = `window.blindRoom = {
  ws: [],
  open(n) {
    const t0 = performance.now();
    let ready = 0;
    this.r = { dealt: [], done: [], faults: [], errors: [], sends: 0, took: 0 };
    return new Promise((resolve, reject) => {
      for (let i = 0; i < n; i++) {
        const w = new Worker("/web/mentalworker.js");
        this.ws.push(w);
        w.onerror = (e) => { this.r.errors.push("worker " + (i + 1) + ": " + e.message); reject(e.message); this.end(); };
        w.onmessage = (e) => {
          const o = JSON.parse(e.data);
          if (o.ready && ++ready === n) resolve(performance.now() - t0);
          else if (!o.ready) this.on(i, o);
        };
      }
    });
  },
  play(game, cfg, owner, untilDealt) {
    const r = this.r, n = this.ws.length;
    let doneN = 0, dealtN = 0;
    this.on = (i, o) => {
      if (o.send) {
        this.ws[0].postMessage(JSON.stringify({ from: { link: i, frame: this.tamper(i, o.send) } }));
      } else if (o.room) {
        r.sends++;
        const m = JSON.stringify({ msg: o.room });
        this.ws.forEach((x, j) => { if (j !== 0) x.postMessage(m); });
      } else if (o.dealt) {
        r.dealt.push({ seat: i, round: o.dealt, ms: o.ms, at: performance.now() - this.t0 });
        if (o.dealt === untilDealt && ++dealtN === n) this.end();
      } else if (o.fault) {
        r.faults.push({ seat: i, page: o.fault.page, part: o.fault.part });
        if (r.faults.length === n) this.end();
      } else if (o.error) {
        r.errors.push("worker " + (i + 1) + ": " + o.error); this.end();
      } else if (o.done) {
        r.done[i] = { record: o.record, ms: o.ms };
        if (++doneN === n) this.end();
      }
    };
    const over = new Promise((res) => (this.end = () => { r.took = performance.now() - this.t0; res(JSON.stringify(r)); }));
    this.t0 = performance.now();
    this.ws.forEach((w, i) => {
      const start = { game, cfg, page: i, order: i === 0 };
      if (owner) start.owner = owner;
      w.postMessage(JSON.stringify({ start }));
    });
    return over;
  },
  close() { this.ws.forEach((w) => w.terminate()); this.ws = []; return true; },
  on() {},
  end() {},
  tamper(i, m) { return m; },
}; true`

// blindRun is what blindRoom.play resolves with.
type blindRun struct {
	Dealt []struct {
		Seat, Round int
		Ms, At      float64
	}
	Done []*struct {
		Record string
		Ms     float64
	}
	Faults []struct {
		Seat, Page int
		Part       string
	}
	Errors []string
	Sends  int
	Took   float64 // ms from Start to the end asked for
	Load   float64 // ms from the workers' creation to every one ready
	CPU    []float64
}

// runBlindRoom plays a blind room of n workers in the page ctx shows, the
// seats held by the pages owner names (nil: page i is seat i) (tamper, if given, is blindRoom.tamper's JavaScript); cpu,
// when set, is read just before Start and just after the end (the workers
// still running), and its difference is each worker's CPU time.
func runBlindRoom(t testing.TB, ctx context.Context, game string, cfg map[string]any, owner []int, n, untilDealt int, cpu func() map[int]float64, tamper ...string) blindRun {
	t.Helper()
	c, _ := json.Marshal(cfg)
	o, _ := json.Marshal(owner)
	eval[bool](t, ctx, blindRoomJS)
	for _, f := range tamper {
		eval[bool](t, ctx, "blindRoom.tamper = "+f+"; true")
	}
	load := eval[float64](t, ctx, fmt.Sprintf(`blindRoom.open(%d)`, n))
	var before map[int]float64
	if cpu != nil {
		before = cpu()
	}
	out := eval[string](t, ctx, fmt.Sprintf(`blindRoom.play(%q, %s, %s, %d)`, game, c, o, untilDealt))
	var r blindRun
	if cpu != nil {
		for tid, s := range cpu() {
			if s0, ok := before[tid]; ok && s > s0 {
				r.CPU = append(r.CPU, (s-s0)*1000)
			}
		}
		slices.Sort(r.CPU)
	}
	eval[bool](t, ctx, `blindRoom.close()`)
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	r.Load = load
	return r
}

// workerCPU reads, from /proc (Linux), the CPU time in seconds of every
// thread of the browser's renderers that runs a dedicated worker, by
// thread id; nil where it cannot.
func workerCPU(ctx context.Context) func() map[int]float64 {
	b := chromedp.FromContext(ctx).Browser
	if b == nil || b.Process() == nil || runtime.GOOS != "linux" {
		return nil
	}
	browser := b.Process().Pid
	return func() map[int]float64 {
		out := map[int]float64{}
		procs, _ := filepath.Glob("/proc/[0-9]*")
		for _, p := range procs {
			if !descendsFrom(p, browser) {
				continue
			}
			tasks, _ := filepath.Glob(p + "/task/[0-9]*")
			for _, task := range tasks {
				comm, _ := os.ReadFile(task + "/comm")
				if !strings.HasPrefix(string(comm), "DedicatedWorker") {
					continue
				}
				stat, err := os.ReadFile(task + "/stat")
				if err != nil {
					continue
				}
				// Fields after the command's closing parenthesis: state is
				// the 3rd field of stat, utime the 14th and stime the 15th.
				f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
				if len(f) < 13 {
					continue
				}
				u, _ := strconv.ParseFloat(f[11], 64)
				s, _ := strconv.ParseFloat(f[12], 64)
				tid, _ := strconv.Atoi(filepath.Base(task))
				out[tid] = (u + s) / 100 // USER_HZ
			}
		}
		return out
	}
}

// descendsFrom says the process at /proc/<pid> is ancestor or one of its
// descendants.
func descendsFrom(proc string, ancestor int) bool {
	for range 8 {
		pid, _ := strconv.Atoi(filepath.Base(proc))
		if pid == ancestor {
			return true
		}
		stat, err := os.ReadFile(proc + "/stat")
		if err != nil {
			return false
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(f) < 2 {
			return false
		}
		proc = "/proc/" + f[1]
	}
	return false
}

// blindPage is a tab on a page of the app's server that loads no app.wasm
// (a style sheet): the workers are the only WebAssembly that runs.
func blindPage(t *testing.T) (context.Context, func()) {
	t.Helper()
	web := buildMental(t)
	srv := startServerWeb(t, web)
	ctx, cancel := newBrowser(t, 800, 600)
	// A generous bound on the whole room, not a timing: a stuck room fails
	// the test instead of hanging it.
	ctx, cancel2 := context.WithTimeout(ctx, 20*time.Minute)
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/web/room.css")))
	return ctx, func() { cancel2(); cancel() }
}

// TestE2EWorkersPlayABlindKingMatch: three Web Workers, each one page of a
// King room dealt with no dealer (mental.wasm), the host's page (the first)
// holding the fourth seat too, a bot's, with the page's script as the
// room's sequencer, deal every round among themselves and play the whole
// match (every seat its bot); every worker reports it done with no fault
// and the same record.
func TestE2EWorkersPlayABlindKingMatch(t *testing.T) {
	ctx, cancel := blindPage(t)
	defer cancel()
	start := time.Now()
	r := runBlindRoom(t, ctx, "king", map[string]any{"players": 4, "seed": 21}, []int{0, 1, 2, 0}, 3, 0, workerCPU(ctx))
	require.Empty(t, r.Errors)
	require.Empty(t, r.Faults)
	require.Len(t, r.Done, 3)
	for i, d := range r.Done {
		require.NotNil(t, d, "worker %d is done", i+1)
		assert.Len(t, d.Record, 64)
		assert.Equal(t, r.Done[0].Record, d.Record, "worker %d's record", i+1)
	}
	rounds := 0
	for _, d := range r.Dealt {
		rounds = max(rounds, d.Round)
	}
	assert.Equal(t, 14, rounds, "The King deals 6 avoiding and 8 collecting rounds")
	assert.Len(t, r.Dealt, 3*rounds, "every worker opened its hands every round")
	t.Logf("a King match of %d rounds dealt with no dealer in three workers and the host's bot: %d messages in the room's order; workers ready in %.0f ms, the match %.1f s (the test %.1f s); each worker's busy time %v ms, its thread's CPU time %v ms",
		rounds, r.Sends, r.Load, r.Took/1000, time.Since(start).Seconds(), busy(r), rounded(r.CPU))
}

// TestE2EWorkersNameABlindKingPageAtFault: when a page's shuffle proof is
// changed on its way to the host, every worker, its own included, stops and
// names that page.
func TestE2EWorkersNameABlindKingPageAtFault(t *testing.T) {
	ctx, cancel := blindPage(t)
	defer cancel()
	// A shuffle goes in parts (frame: 1, k, n, then the part); its proof
	// is the message's last long field, so the part before the last is in
	// it: one base64 character of it is changed.
	r := runBlindRoom(t, ctx, "king", map[string]any{"players": 4, "seed": 5}, nil, 4, 0, nil, `(i, s) => {
		const f = atob(s);
		if (i !== 2 || f.charCodeAt(0) !== 1) return s;
		const k = f.charCodeAt(1), n = f.charCodeAt(2);
		if (k === 0) blindRoom.shuffling = f.includes('"kind":"shuffle"');
		if (!blindRoom.shuffling || k !== n - 2) return s;
		const at = 3 + ((f.length - 3) >> 1);
		return btoa(f.slice(0, at) + (f[at] === "A" ? "B" : "A") + f.slice(at + 1));
	}`)
	require.Empty(t, r.Errors)
	require.Len(t, r.Faults, 4, "every worker names the fault")
	for _, f := range r.Faults {
		assert.Equal(t, 2, f.Page, "worker %d names page 3", f.Seat+1)
		assert.Contains(t, f.Part, "its shuffle", "worker %d", f.Seat+1)
	}
	assert.Empty(t, r.Done)
	t.Logf("every worker: page %d: %s", r.Faults[0].Page+1, r.Faults[0].Part)
}

func busy(r blindRun) []int {
	var out []int
	for _, d := range r.Done {
		if d != nil {
			out = append(out, int(d.Ms))
		}
	}
	return out
}

// TestBlindRoomWorkerTimings is the dealer-less deal's half of `make bench`
// (CARDTABLE_BENCH=1): in headless Chromium, four workers (mental.wasm), the
// page's script the sequencer; the time from Start to every worker holding
// its first hand, for The King (32 cards) and Mindikot with the cut trump
// (52), median of a few rooms, and each worker's own busy time in that
// deal. Also mental.wasm's size raw and brotli. Reported, not asserted.
func TestBlindRoomWorkerTimings(t *testing.T) {
	if os.Getenv("CARDTABLE_BENCH") == "" {
		t.Skip("set CARDTABLE_BENCH=1 (make bench) to measure the deal in workers")
	}
	needBrowser(t)
	web := buildMental(t)
	raw, err := os.ReadFile(filepath.Join(web, "mental.wasm"))
	require.NoError(t, err)
	t.Logf("mental.wasm: raw %d B, brotli %d B", len(raw), brotliSize(raw))
	ctx, cancel := blindPage(t)
	defer cancel()
	cpu := workerCPU(ctx)
	const runs = 3
	for _, g := range []struct {
		game, deck string
		opts       map[string]string
		owner      []int
		pages      int
	}{
		{"king", "32 cards", nil, nil, 4},
		{"king", "32 cards, three pages and the host's bot", nil, []int{0, 1, 2, 0}, 3},
		{"mindikot", "52 cards", map[string]string{"mode": "CUT"}, nil, 4},
	} {
		var took, load, work, worst, cpus []float64
		for i := range runs {
			r := runBlindRoom(t, ctx, g.game, map[string]any{"players": 4, "seed": 7 + i, "options": g.opts}, g.owner, g.pages, 1, cpu)
			require.Empty(t, r.Errors)
			require.Empty(t, r.Faults)
			took, load = append(took, r.Took), append(load, r.Load)
			var ms []float64
			for _, d := range r.Dealt {
				if d.Round == 1 {
					ms = append(ms, d.Ms)
				}
			}
			work, worst = append(work, median(ms)), append(worst, slices.Max(ms))
			if len(r.CPU) > 0 {
				cpus = append(cpus, median(r.CPU))
			}
			t.Logf("%s run %d: Start → every hand %.0f ms; busy time by worker %v ms; CPU time by worker thread %v ms", g.game, i+1, r.Took, rounded(ms), rounded(r.CPU))
		}
		t.Logf("%s (%s), %d workers: Start → every hand dealt %.0f ms (median of %d; all %v); each worker's busy time in the deal %.0f ms (median; the busiest %.0f ms), its CPU time %.0f ms (median); workers loaded and ready %.0f ms",
			g.game, g.deck, g.pages, median(took), runs, rounded(took), median(work), median(worst), median(cpus), median(load))
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func rounded(v []float64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x + 0.5)
	}
	return out
}
