//go:build js && wasm

package bots

import "time"

// In the browser Go runs every goroutine on the page's one thread and cannot
// preempt them: a thinking bot hands the thread back to the event loop every
// slice with a timer wait, so taps, animations and timers never stall.
var defaultYield = func() { time.Sleep(time.Millisecond) }
