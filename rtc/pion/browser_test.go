//go:build !js

package pion

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"math/rand/v2"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/rtctest"
	"cardtable/signaling"
)

// joinPage is a joiner written against the browser's own WebRTC (which pion
// wraps in the page build): it speaks the signaling protocol and the peer
// protocol by hand, so the test checks the wire, not shared Go code.
const joinPage = `<!doctype html><meta charset="utf-8"><title>join</title><script>
window.got = []; window.seat = null; window.state = "start";
const code = new URLSearchParams(location.search).get("room");
const ws = new WebSocket("ws://" + location.host + "/signal/" + code);
const pc = new RTCPeerConnection({iceServers: []});
const dc = pc.createDataChannel("cardtable");
const sig = (data) => ws.send(JSON.stringify({type: "signal", data}));
pc.onicecandidate = (e) => { if (e.candidate) sig({candidate: e.candidate.toJSON()}); };
async function offer() {
  window.state = "offering";
  const o = await pc.createOffer();
  sig({sdp: {type: o.type, sdp: o.sdp}});
  await pc.setLocalDescription(o);
}
ws.onopen = () => ws.send(JSON.stringify({type: "hello", v: 1}));
ws.onmessage = async (e) => {
  const m = JSON.parse(e.data);
  if ((m.type === "room" && m.host) || m.type === "host") await offer();
  if (m.type === "signal" && m.data.sdp) await pc.setRemoteDescription(m.data.sdp);
  if (m.type === "signal" && m.data.candidate) await pc.addIceCandidate(m.data.candidate);
};
dc.binaryType = "arraybuffer";
dc.onopen = () => { window.state = "open"; ws.close(); dc.send(JSON.stringify({v: 4, t: "hello", name: "Chromium"})); };
dc.onmessage = (e) => {
  const text = typeof e.data === "string" ? e.data : new TextDecoder().decode(e.data);
  const m = JSON.parse(text);
  window.got.push(m);
  if (m.t === "welcome") window.seat = m.seat;
  if (m.t === "update") window.last = m;
};
window.act = (text) => dc.send(JSON.stringify({v: 4, t: "act", id: ++window.ids, step: window.last.step || 0, act: text}));
window.ids = 0;
</script>`

func chromiumPath(t *testing.T) string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is not installed; the browser interop test can't run")
	}
	t.Skip("skipping: Chromium is not installed (apt-get install -y chromium, or set CHROME)")
	return ""
}

func TestChromiumPageJoinsANativeHostAndPlays(t *testing.T) {
	path := chromiumPath(t)
	sig := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	mux.HandleFunc("/join", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(joinPage))
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	defer sig.Close()

	// The page speaks the protocol by hand and takes no part in the draw:
	// the host draws the seed without it after a short wait.
	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 4}), Seat: 0, StandIn: "random",
		DrawTimeout: 300 * time.Millisecond,
		Window:      func(time.Duration) time.Duration { return time.Hour }})
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	base := "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/"
	room, err := HostRoom(ctx, Config{Signal: base, Loopback: true}, "", "", h.Attach)
	require.NoError(t, err)
	defer room.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	require.NoError(t, chromedp.Do(bctx, chromedp.Navigate(hs.URL+"/join?room="+room.Code)))

	wait := func(expr, what string) {
		t.Helper()
		require.Eventually(t, func() bool {
			ok, err := chromedp.Run(bctx, chromedp.Evaluate[bool](expr))
			return err == nil && ok
		}, 30*time.Second, 20*time.Millisecond, what)
	}
	wait(`window.seat === 1`, "the page is seated over its data channel")
	assert.True(t, h.Seats()[1].Connected)
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	wait(`!!window.last && window.last.step === 1 && window.last.legal.length === 2`, "the page gets its view and its moves")
	hand, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`window.last.view.hand`))
	require.NoError(t, err)
	assert.JSONEq(t, viewOf(h, 1), mustEval(t, bctx, `JSON.stringify(window.last.view)`))
	legal, err := chromedp.Run(bctx, chromedp.Evaluate[string](`window.last.legal[0].act`))
	require.NoError(t, err)
	assert.Equal(t, "bury "+hand[0], legal)
	assert.JSONEq(t, `{"seat":1,"kind":"bury","cards":[`+strconvQuote(hand[0])+`]}`, mustEval(t, bctx, `JSON.stringify(window.last.legal[0].desc)`), "the move comes with its description")
	_, err = chromedp.Run(bctx, chromedp.Evaluate[any](`window.act(window.last.legal[0].act)`))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return h.Snapshot().Step == 2 }, 10*time.Second, 5*time.Millisecond, "the page's move is applied")
	assert.Equal(t, record.Step{Seat: 1, Act: legal}, lastAct(h))
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

func mustEval(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	require.NoError(t, err)
	return s
}

// wasmPeer is a page program built from this package for the browser: a
// rtc.Peer over pion.Join, where pion wraps the page's RTCPeerConnection. It
// keeps its seat token in local storage, as the PWA does, and shows its
// state in window.goState.
const wasmPeer = `//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/rtc/rtctest"
)

func main() {
	origin, code, err := pion.ParseRoomLink(js.Global().Get("location").Get("href").String())
	if err != nil {
		js.Global().Set("goError", err.Error())
		return
	}
	signal, _ := pion.SignalURL(origin)
	cfg := pion.Config{Signal: signal}
	store := js.Global().Get("localStorage")
	token := ""
	if v := store.Call("getItem", "token"); v.Type() == js.TypeString {
		token = v.String()
	}
	var p *rtc.Peer
	p = rtc.NewPeer(rtc.PeerConfig{
		Game:  rtctest.Lookup,
		Name:  "Gopher",
		Token: token,
		Dial:  func(ctx context.Context) (rtc.Conn, error) { return pion.Join(ctx, cfg, code) },
		Notify: func(rtc.Notice) {
			snap := p.Snapshot()
			legal := []string{}
			for _, m := range snap.Legal {
				legal = append(legal, m.Text)
			}
			if t := p.Token(); t != "" {
				store.Call("setItem", "token", t)
			}
			b, _ := json.Marshal(map[string]any{"seat": p.Seat(), "step": snap.Step, "legal": legal, "status": p.Status(), "view": snap.View, "error": p.LastError()})
			js.Global().Set("goState", string(b))
		},
	})
	js.Global().Set("goAct", js.FuncOf(func(this js.Value, args []js.Value) any {
		text := args[0].String()
		go func() {
			if _, err := p.Act(text); err != nil {
				js.Global().Set("goError", err.Error())
			}
		}()
		return nil
	}))
	p.Run(context.Background())
	select {}
}
`

const wasmPage = `<!doctype html><meta charset="utf-8"><title>peer</title>
<script src="/wasm_exec.js"></script><script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("/peer.wasm"), go.importObject).then((r) => go.run(r.instance));
</script>`

// buildWasm compiles a page program for the browser without writing it
// into the source tree: an overlay adds it as package name of this module.
func buildWasm(t *testing.T, name, program string) []byte {
	t.Helper()
	dir := t.TempDir()
	_, self, _, _ := runtime.Caller(0)
	here := filepath.Dir(self)
	src := filepath.Join(dir, "main.go")
	require.NoError(t, os.WriteFile(src, []byte(program), 0o644))
	ov, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(here, name, "main.go"): src}})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "overlay.json"), ov, 0o644))
	out := filepath.Join(dir, "page.wasm")
	cmd := exec.Command("go", "build", "-overlay", filepath.Join(dir, "overlay.json"), "-o", out, "./"+name)
	cmd.Dir = here
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "building the page program: %s", b)
	wasm, err := os.ReadFile(out)
	require.NoError(t, err)
	return wasm
}

func TestGoPeerInAChromiumPagePlaysAndGetsItsSeatBackAfterAReload(t *testing.T) {
	path := chromiumPath(t)
	wasm := buildWasm(t, "transport_wasmpeer", wasmPeer)
	execJS, err := os.ReadFile(filepath.Join(goRoot(t), "lib", "wasm", "wasm_exec.js"))
	require.NoError(t, err)
	sig := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	mux.HandleFunc("/play", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(wasmPage))
	})
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(execJS)
	})
	mux.HandleFunc("/peer.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Write(wasm)
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	defer sig.Close()

	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 8}), Seat: 0, StandIn: "random",
		Window: func(time.Duration) time.Duration { return time.Hour }})
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	signal, err := SignalURL(hs.URL)
	require.NoError(t, err)
	room, err := HostRoom(ctx, Config{Signal: signal, Loopback: true}, "", "", h.Attach)
	require.NoError(t, err)
	defer room.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	require.NoError(t, chromedp.Do(bctx, chromedp.Navigate(RoomLink(hs.URL, room.Code))))

	type state struct {
		Seat   games.Seat      `json:"seat"`
		Step   int             `json:"step"`
		Legal  []string        `json:"legal"`
		Status string          `json:"status"`
		View   json.RawMessage `json:"view"`
		Error  string          `json:"error"`
	}
	read := func() state {
		var st state
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string](`window.goState || "{}"`))
		if err == nil {
			json.Unmarshal([]byte(s), &st)
		}
		return st
	}
	waitFor := func(cond func(state) bool, what string) state {
		t.Helper()
		var st state
		require.Eventually(t, func() bool { st = read(); return cond(st) }, 45*time.Second, 20*time.Millisecond, "%s (last: %+v)", what, st)
		return st
	}
	waitFor(func(s state) bool { return s.Seat == 1 && s.Status == rtc.StatusConnected }, "the Go page is seated")
	startMatch(t, h)
	require.NoError(t, act(h, h.Snapshot().Legal[0].Text))
	st := waitFor(func(s state) bool { return s.Step == 1 && len(s.Legal) == 2 }, "the page's turn")
	assert.JSONEq(t, viewOf(h, 1), string(st.View))

	// The page reloads mid-game: its token from local storage takes the seat back.
	require.NoError(t, chromedp.Do(bctx, chromedp.Reload()))
	st = waitFor(func(s state) bool { return s.Seat == 1 && s.Step == 1 && len(s.Legal) == 2 }, "seat 1 again after the reload")
	assert.Equal(t, rtc.KindPlayer, h.Seats()[1].Kind)
	assert.Equal(t, "Gopher", h.Seats()[1].Name)
	_, err = chromedp.Run(bctx, chromedp.Evaluate[any](`goAct(`+strconv.Quote(st.Legal[1])+`)`))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return h.Snapshot().Step == 2 }, 10*time.Second, 5*time.Millisecond, "the page's move is applied")
	assert.Equal(t, record.Step{Seat: 1, Act: st.Legal[1]}, lastAct(h))
	waitFor(func(s state) bool { return s.Step == 2 && len(s.Legal) == 1 }, "grab offered")
	_, err = chromedp.Run(bctx, chromedp.Evaluate[any](`goAct("grab")`))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return h.Snapshot().Done }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, []games.Seat{1}, h.Snapshot().Result.Winners)
}

func goRoot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	return strings.TrimSpace(string(out))
}

// wasmHost is a page program that hosts The King: the engine, the bots in
// seats 2 and 3 and its own player in seat 0 run in the page; the journal,
// the room code and the host secret live in local storage, so a reload
// resumes the match and takes the room back.
const wasmHost = `//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"syscall/js"
	"time"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/pion"
)

func main() {
	kingEntry, _ := catalog.Lookup("king")
	store := js.Global().Get("localStorage")
	get := func(k string) string {
		if v := store.Call("getItem", k); v.Type() == js.TypeString {
			return v.String()
		}
		return ""
	}
	fail := func(err error) { js.Global().Set("goError", err.Error()) }
	cfg := rtc.HostConfig{Game: kingEntry, Seat: 0, Name: "Page", StandIn: "random",
		Journal: func(j *rtc.Journal) {
			b, _ := json.Marshal(j)
			store.Call("setItem", "journal", string(b))
		}}
	if s := get("journal"); s != "" {
		var j rtc.Journal
		if err := json.Unmarshal([]byte(s), &j); err != nil {
			fail(err)
			return
		}
		cfg.Record, cfg.Seats, cfg.Started = j.Record, j.Seats, j.Started
		js.Global().Set("goResumed", true)
	} else {
		cfg.Record = record.New("king", games.Config{Players: 4, Seed: 21})
	}
	h, err := rtc.NewHost(cfg)
	if err != nil {
		fail(err)
		return
	}
	publish := func() {
		snap := h.Snapshot()
		b, _ := json.Marshal(map[string]any{"step": snap.Step, "done": snap.Done, "started": h.Started(), "seats": h.Seats(), "record": h.Record()})
		js.Global().Set("goHost", string(b))
	}
	signal, _ := pion.SignalURL(js.Global().Get("location").Get("origin").String())
	ctx := context.Background()
	room, err := pion.HostRoom(ctx, pion.Config{Signal: signal}, get("room"), get("secret"), h.Attach)
	if err != nil {
		fail(err)
		return
	}
	store.Call("setItem", "room", room.Code)
	store.Call("setItem", "secret", room.Secret)
	js.Global().Set("goRoom", room.Code)
	js.Global().Set("goStart", js.FuncOf(func(js.Value, []js.Value) any {
		go func() {
			if err := h.FillBots("random"); err != nil {
				fail(err)
			}
			if err := h.Start(); err != nil {
				fail(err)
			}
		}()
		return nil
	}))
	go h.Run(ctx, func() time.Duration { return 2 * time.Millisecond })
	r := rand.New(rand.NewPCG(1, 2))
	for {
		time.Sleep(2 * time.Millisecond) // a timer wait hands the thread back to the page
		if ms := h.Snapshot().Legal; len(ms) > 0 {
			h.Act(ms[r.IntN(len(ms))].Text)
		}
		publish()
	}
}
`

func TestNativePeerJoinsAGoHostInAChromiumPageThatReloadsMidMatch(t *testing.T) {
	path := chromiumPath(t)
	wasm := buildWasm(t, "transport_wasmhost", wasmHost)
	execJS, err := os.ReadFile(filepath.Join(goRoot(t), "lib", "wasm", "wasm_exec.js"))
	require.NoError(t, err)
	sig := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	mux.HandleFunc("/host", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(wasmPage))
	})
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(execJS)
	})
	mux.HandleFunc("/peer.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Write(wasm)
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	defer sig.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	require.NoError(t, chromedp.Do(bctx, chromedp.Navigate(hs.URL+"/host")))
	eval := func(expr string) string {
		ectx, cancel := context.WithTimeout(bctx, 5*time.Second)
		defer cancel()
		s, _ := chromedp.Run(ectx, chromedp.Evaluate[string](expr))
		return s
	}
	var code string
	require.Eventually(t, func() bool { code = eval(`window.goRoom || ""`); return code != "" }, 45*time.Second, 20*time.Millisecond,
		"the page opens a room (error: %s)", eval(`window.goError || ""`))

	type hostState struct {
		Step    int              `json:"step"`
		Done    bool             `json:"done"`
		Started bool             `json:"started"`
		Seats   []rtc.SeatStatus `json:"seats"`
		Record  *record.Record   `json:"record"`
	}
	read := func() hostState {
		var st hostState
		json.Unmarshal([]byte(eval(`window.goHost || "{}"`)), &st)
		return st
	}
	signal, err := SignalURL(hs.URL)
	require.NoError(t, err)
	cfg := Config{Signal: signal, Loopback: true, ConnectTimeout: 10 * time.Second}
	p := rtc.NewPeer(rtc.PeerConfig{Game: rtctest.Lookup, Name: "Native", Dial: func(ctx context.Context) (rtc.Conn, error) { return Join(ctx, cfg, code) },
		Backoff: 100 * time.Millisecond, MaxBackoff: time.Second})
	pctx, pstop := context.WithCancel(ctx)
	var runErr error
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		runErr = p.Run(pctx)
	}()
	defer func() {
		pstop()
		<-finished
	}()
	require.Eventually(t, func() bool { return p.Seat() == 1 }, 30*time.Second, 10*time.Millisecond, "seated in the page's room")
	_, err = chromedp.Run(bctx, chromedp.Evaluate[any](`goStart()`))
	require.NoError(t, err)

	rng := rand.New(rand.NewPCG(5, 6))
	reloaded := false
	for end := time.Now().Add(90 * time.Second); !p.Snapshot().Done && time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		if ms := p.Snapshot().Legal; len(ms) > 0 {
			act(p, ms[rng.IntN(len(ms))].Text)
		}
		if !reloaded && p.Snapshot().Step > 60 {
			reloaded = true
			rctx, cancel := context.WithTimeout(bctx, 20*time.Second)
			require.NoError(t, chromedp.Do(rctx, chromedp.Reload()))
			cancel()
		}
	}
	require.True(t, p.Snapshot().Done, "the match ends (peer at step %d, %s, %s; page: %s)", p.Snapshot().Step, p.Status(), p.LastError(), eval(`window.goError || String(window.goHost).slice(0, 300)`))
	require.True(t, reloaded)
	assert.Equal(t, "true", eval(`String(window.goResumed === true)`), "the page resumed from its journal")
	assert.Equal(t, code, eval(`window.goRoom`), "and took its room back")
	var st hostState
	require.Eventually(t, func() bool { st = read(); return st.Done }, 10*time.Second, 10*time.Millisecond)
	<-finished
	require.NoError(t, runErr, "the peer's session ends with the match")
	assert.Equal(t, st.Record, p.Record(), "the peer holds the page's record")
	replayed, err := record.Replay(kingEntry.Game, st.Record, nil)
	require.NoError(t, err)
	assert.True(t, replayed.Done())
	assert.Equal(t, replayed.Result(), p.Snapshot().Result)
}
