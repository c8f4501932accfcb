//go:build js && wasm

package main

// serve is the server's part; in the browser there is nothing to serve.
func serve() {}
