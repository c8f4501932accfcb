//go:build js && wasm

// Command app is cardtable. In the browser it is the PWA: it routes the
// pages and runs the UI; natively it is the server and the tools.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

func main() {
	routes()
	startLanguage()
	exposeStats()
	exposeRoom()
	app.RunWhenOnBrowser()
}
