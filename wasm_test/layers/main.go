//go:build !layer_runtime

// Command layers is app.wasm taken apart for the size benchmark
// (wasm_test, TestWasmSizeByLayer), each build adding one layer to the one
// before: with the tag layer_runtime it is an empty Go program (the Go
// runtime alone); with no tag, go-app's hello page (the floor every go-app
// page costs, as wasm_test/hello); with layer_engines it also plays a solo
// match of every game against bots through the local session (every engine,
// the bots, records, rtc.Local); with layer_peer it also opens rooms as host
// and peer over WebRTC through the signaling server (rtc's host and peer,
// the wire, rtc/pion, the signaling client); with layer_peer and layer_stats
// it also reads, merges and counts the statistics and draws their charts
// (package stats, the charts of components). The whole app (./app) adds the
// UI on top. What a layer adds runs only when the page's URL asks for it
// (?layer=run), which the benchmark never does: it is built, not run, but
// the linker cannot tell.
package main

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// layers are what the tags add, each run once on ?layer=run.
var layers []func(ctx app.Context)

type hello struct{ app.Compo }

func (h *hello) OnMount(ctx app.Context) {
	if !app.IsClient {
		return
	}
	if u, err := url.Parse(app.Window().URL().String()); err == nil && u.Query().Get("layer") == "run" {
		for _, f := range layers {
			f(ctx)
		}
	}
}

func (h *hello) Render() app.UI {
	return app.Main().ID("hello").DataSet("ready", app.IsClient).Body(app.H1().Text("Hello"))
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
}
