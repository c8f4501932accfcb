//go:build !(js && wasm)

package bots

// Natively the scheduler preempts: a thinking bot needs no pauses.
var defaultYield func()
