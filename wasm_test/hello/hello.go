// Command hello is the smallest go-app program: one page that says hello.
// The load benchmark (wasm_test, TestLoadTimings) builds it and serves it
// next to cardtable as the floor of the stack: what any go-app page costs
// on a first visit before an app adds anything of its own.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type hello struct{ app.Compo }

// OnMount marks the moment the page answers (the benchmark reads the mark).
func (h *hello) OnMount(ctx app.Context) {
	if app.IsClient {
		app.Window().Get("performance").Call("mark", "hello-ready")
	}
}

func (h *hello) Render() app.UI {
	return app.Main().ID("hello").DataSet("ready", app.IsClient).Body(app.H1().Text("Hello"))
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
	serve()
}
