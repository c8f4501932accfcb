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

// exposeRoom publishes window.cardtableRoom(), the state of this page's
// room as JSON (role, code, link status, last error): the browser tests
// print it when a room does not come up.
func exposeRoom() {
	js.Global().Set("cardtableRoom", js.FuncOf(func(this js.Value, args []js.Value) any {
		r := activeRoom
		if r == nil {
			return `{"role":""}`
		}
		if r.host != nil {
			state := "opening"
			if r.link != nil {
				state = r.link.State()
			}
			return fmt.Sprintf(`{"role":"host","code":%q,"link":%q,"step":%d,"failed":%q}`, r.code, state, r.host.Snapshot().Step, r.failed)
		}
		return fmt.Sprintf(`{"role":"peer","code":%q,"status":%q,"seat":%d,"step":%d,"lastError":%q,"failed":%q}`,
			r.code, r.peer.Status(), r.peer.Seat(), r.peer.Snapshot().Step, r.peer.LastError(), r.failed)
	}))
}
