//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blindRoomJS runs a blind room of workers (web/mentalworker.js, one page
// each) from the page's own script, which is the room's sequencer as
// blindroom.Host is: every message a worker sends goes on to every worker,
// its sender's included, in the order the page receives them. It waits for
// every worker to be ready, then starts them all; untilDealt > 0 stops the
// room once every worker has dealt that round, 0 plays the match to its
// end. It resolves with what the workers reported (blindRun), at the first
// fault or error too.
const blindRoomJS = `(async (game, cfg, n, untilDealt) => {
  const ws = [];
  const r = { dealt: [], done: [], faults: [], errors: [], sends: 0, load: 0, took: 0 };
  const t0 = performance.now();
  let ready = 0, doneN = 0, dealtN = 0, tStart = 0, resolve;
  const over = new Promise((res) => (resolve = res));
  const end = () => { r.took = performance.now() - tStart; resolve(); };
  const start = () => {
    r.load = performance.now() - t0;
    tStart = performance.now();
    ws.forEach((w, i) => w.postMessage(JSON.stringify({ start: { game, cfg, seat: i } })));
  };
  for (let i = 0; i < n; i++) {
    const w = new Worker("/web/mentalworker.js");
    ws.push(w);
    w.onerror = (e) => { r.errors.push("worker " + (i + 1) + ": " + e.message); end(); };
    w.onmessage = (e) => {
      const o = JSON.parse(e.data);
      if (o.send) {
        r.sends++;
        const m = JSON.stringify({ msg: o.send });
        for (const x of ws) x.postMessage(m);
      } else if (o.ready) {
        if (++ready === n) start();
      } else if (o.dealt) {
        r.dealt.push({ seat: i, round: o.dealt, ms: o.ms, at: performance.now() - tStart });
        if (o.dealt === untilDealt && ++dealtN === n) end();
      } else if (o.fault) {
        r.faults.push({ seat: i, page: o.fault.page, part: o.fault.part }); end();
      } else if (o.error) {
        r.errors.push("worker " + (i + 1) + ": " + o.error); end();
      } else if (o.done) {
        r.done[i] = { record: o.record, ms: o.ms };
        if (++doneN === n) end();
      }
    };
  }
  await over;
  ws.forEach((w) => w.terminate());
  return JSON.stringify(r);
})`

// blindRun is what blindRoomJS resolves with.
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
	Load   float64 // ms from the workers' creation to every one ready
	Took   float64 // ms from Start to the end asked for
}

// runBlindRoom plays a blind room of n workers in the page ctx shows.
func runBlindRoom(t testing.TB, ctx context.Context, game string, cfg map[string]any, n, untilDealt int) blindRun {
	t.Helper()
	c, _ := json.Marshal(cfg)
	out := eval[string](t, ctx, fmt.Sprintf(`%s(%q, %s, %d, %d)`, blindRoomJS, game, c, n, untilDealt))
	var r blindRun
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	return r
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

// TestE2EWorkersPlayABlindKingMatch: four Web Workers, each one page of a
// King room dealt with no dealer (mental.wasm, every seat its bot), with
// the page's script as the room's sequencer, deal every round among
// themselves and play the whole match; every worker reports it done with
// no fault and the same record.
func TestE2EWorkersPlayABlindKingMatch(t *testing.T) {
	ctx, cancel := blindPage(t)
	defer cancel()
	start := time.Now()
	r := runBlindRoom(t, ctx, "king", map[string]any{"players": 4, "seed": 21}, 4, 0)
	require.Empty(t, r.Errors)
	require.Empty(t, r.Faults)
	require.Len(t, r.Done, 4)
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
	assert.Len(t, r.Dealt, 4*rounds, "every worker opened its hand every round")
	t.Logf("a King match of %d rounds dealt with no dealer in four workers: %d messages in the room's order; workers ready in %.0f ms, the match %.1f s (the test %.1f s); each worker's busy time %v ms",
		rounds, r.Sends, r.Load, r.Took/1000, time.Since(start).Seconds(), busy(r))
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
	const runs = 3
	for _, g := range []struct {
		game, deck string
		opts       map[string]string
	}{{"king", "32 cards", nil}, {"mindikot", "52 cards", map[string]string{"mode": "CUT"}}} {
		var took, load, work, worst []float64
		for i := range runs {
			r := runBlindRoom(t, ctx, g.game, map[string]any{"players": 4, "seed": 7 + i, "options": g.opts}, 4, 1)
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
		}
		t.Logf("%s (%s), four workers: Start → every hand dealt %.0f ms (median of %d; all %v); each worker's busy time in the deal %.0f ms (median; the busiest %.0f ms); workers loaded and ready %.0f ms",
			g.game, g.deck, median(took), runs, rounded(took), median(work), median(worst), median(load))
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
