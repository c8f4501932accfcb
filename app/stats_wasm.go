//go:build js && wasm

package main

import (
	"fmt"
	"runtime"
	"syscall/js"
)

// exposeStats publishes window.cardtableStats(), which returns the Go heap
// and garbage-collector figures as JSON. The browser tests and `make bench`
// read it to tell garbage-collection pauses from other long tasks.
func exposeStats() {
	js.Global().Set("cardtableStats", js.FuncOf(func(this js.Value, args []js.Value) any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return fmt.Sprintf(`{"heapAlloc":%d,"heapSys":%d,"numGC":%d,"pauseTotalNs":%d,"lastPauseNs":%d}`,
			m.HeapAlloc, m.HeapSys, m.NumGC, m.PauseTotalNs, m.PauseNs[(m.NumGC+255)%256])
	}))
}
