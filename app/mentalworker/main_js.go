//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"

	"cardtable/rtc/mentalwire"
)

// main hands web/mentalworker.js the function that takes the page's
// messages (mentalReady), says it is ready, and posts the answers back to
// the page.
func main() {
	self := js.Global()
	w := New(func(o mentalwire.Out) {
		b, err := json.Marshal(o)
		if err != nil {
			b, _ = json.Marshal(mentalwire.Out{Error: err.Error()})
		}
		self.Call("postMessage", string(b))
	})
	receive := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			w.post(mentalwire.Out{Error: "a message to the worker is a JSON string"})
			return nil
		}
		w.Receive([]byte(args[0].String()))
		return nil
	})
	self.Call("mentalReady", receive)
	w.post(mentalwire.Out{Ready: true})
	select {}
}
