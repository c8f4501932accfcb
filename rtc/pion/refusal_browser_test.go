//go:build !js

package pion

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/rtctest"
	"cardtable/signaling"
)

// refusalPage opens signaling connections and a data channel as a page
// does, and tells what the browser reports when each is refused.
const refusalPage = `<!doctype html><meta charset="utf-8"><title>refusals</title><script>
const hello = JSON.stringify({type: "hello", v: 1});
const url = (path) => "ws://" + location.host + "/signal/" + path;
// refused opens a signaling connection, sends msgs once it opens, and
// resolves with the close the page sees.
window.refused = (path, msgs) => new Promise((resolve) => {
  const ws = new WebSocket(url(path));
  ws.onopen = () => { for (const m of msgs) ws.send(m); };
  ws.onclose = (e) => resolve({code: e.code, reason: e.reason, clean: e.wasClean});
});
// keep opens a joiner's connection that stays.
window.keep = (code) => new Promise((resolve) => {
  const ws = new WebSocket(url(code));
  ws.onopen = () => ws.send(hello);
  ws.onmessage = () => resolve(true);
  window.kept = ws;
});
// channel joins the host of code over WebRTC and, once the data channel
// is open, sends a message of big bytes (which the browser refuses), then
// says no hello and waits for the host's bye.
window.channel = (code, big) => new Promise((resolve) => {
  const out = {};
  const ws = new WebSocket(url(code));
  const pc = new RTCPeerConnection({iceServers: []});
  const dc = pc.createDataChannel("cardtable");
  const sig = (data) => ws.send(JSON.stringify({type: "signal", data}));
  pc.onicecandidate = (e) => { if (e.candidate) sig({candidate: e.candidate.toJSON()}); };
  ws.onopen = () => ws.send(hello);
  ws.onmessage = async (e) => {
    const m = JSON.parse(e.data);
    if ((m.type === "room" && m.host) || m.type === "host") {
      const o = await pc.createOffer();
      sig({sdp: {type: o.type, sdp: o.sdp}});
      await pc.setLocalDescription(o);
    }
    if (m.type === "signal" && m.data.sdp) await pc.setRemoteDescription(m.data.sdp);
    if (m.type === "signal" && m.data.candidate) await pc.addIceCandidate(m.data.candidate);
  };
  dc.onopen = () => {
    ws.close();
    try { dc.send("x".repeat(big)); out.sent = true; } catch (e) { out.sendError = e.name + ": " + e.message; }
  };
  dc.onmessage = (e) => {
    const m = JSON.parse(typeof e.data === "string" ? e.data : new TextDecoder().decode(e.data));
    if (m.t === "bye") { out.bye = {code: m.code, error: m.error}; resolve(out); }
  };
  dc.onclose = () => { out.closed = true; resolve(out); };
});
</script>`

func TestChromiumPageSeesTheCodeAndReasonOfEveryRefusal(t *testing.T) {
	path := chromiumPath(t)
	sig := signaling.New(signaling.Config{MaxJoiners: 2, MaxJoinersPerIP: 1})
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	mux.HandleFunc("/refusals", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(refusalPage))
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	defer sig.Close()
	h, err := rtc.NewHost(rtc.HostConfig{Game: rtctest.GrabEntry, Record: record.New("grab", games.Config{Players: 2, Seed: 4}), Seat: 0, StandIn: "random",
		HelloTimeout: 500 * time.Millisecond})
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
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
	require.NoError(t, chromedp.Do(bctx, chromedp.Navigate(hs.URL+"/refusals")))
	await := chromedp.EvalAwaitPromise
	type closed struct {
		Code   int    `json:"code"`
		Reason string `json:"reason"`
		Clean  bool   `json:"clean"`
	}
	code := `"` + room.Code + `"`
	for _, tt := range []struct {
		name, path, msgs string
		code             int
		reason           string
	}{
		{"a message over the size limit", `"new"`, `[hello, "x".repeat(64 * 1024)]`, 1009, "message too big: over the 16384-byte limit"},
		{"a reason quoting characters of several bytes", `"new"`, `[hello, JSON.stringify({type: "é".repeat(80)})]`, 4000, `bad message: unknown type "éééé`},
		{"a joiner over the message rate", code, `[hello, ...Array(100).fill(JSON.stringify({type: "ping"}))]`, 4009, "too many messages (over 20 a second)"},
		{"an unknown room", `"AAAAAAAAAAAAAAAA"`, `[hello]`, 4004, "unknown room (it may have ended)"},
		{"the first message not a hello", `"new"`, `[JSON.stringify({type: "ping"})]`, 4000, "bad message: the first message must be a hello"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := chromedp.Run(bctx, chromedp.Evaluate[closed](`refused(`+tt.path+`, `+tt.msgs+`)`, await))
			require.NoError(t, err)
			assert.Equal(t, tt.code, got.Code)
			assert.True(t, strings.HasPrefix(got.Reason, tt.reason), "the page reads %q", got.Reason)
			assert.True(t, got.Clean, "closed with a close frame")
		})
	}
	t.Run("a room full for the page's address", func(t *testing.T) {
		ok, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`keep(`+code+`)`, await))
		require.NoError(t, err)
		require.True(t, ok)
		got, err := chromedp.Run(bctx, chromedp.Evaluate[closed](`refused(`+code+`, [hello])`, await))
		require.NoError(t, err)
		assert.Equal(t, 4008, got.Code)
		assert.Contains(t, got.Reason, "room full for your address")
		_, err = chromedp.Run(bctx, chromedp.Evaluate[any](`window.kept.close()`))
		require.NoError(t, err)
	})
	t.Run("the data channel: a message over 4 KiB and no hello", func(t *testing.T) {
		type channel struct {
			Sent      bool   `json:"sent"`
			SendError string `json:"sendError"`
			Bye       struct {
				Code  string `json:"code"`
				Error string `json:"error"`
			} `json:"bye"`
		}
		var got channel
		require.Eventually(t, func() bool {
			var err error
			got, err = chromedp.Run(bctx, chromedp.Evaluate[channel](`channel(`+code+`, 5000)`, await))
			return err == nil && got.Bye.Code != "" // the room's joiner places free up as pages leave
		}, 30*time.Second, 100*time.Millisecond)
		assert.False(t, got.Sent, "the browser refuses to send over the host's 4 KiB")
		assert.Contains(t, got.SendError, "larger than max-message-size", "and says why")
		assert.Equal(t, "hello", got.Bye.Code)
		assert.Equal(t, "no hello within 500ms", got.Bye.Error, "the host's bye reaches the page before the link closes")
	})
}
