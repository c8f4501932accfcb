// Command hello is a small Go program for wasmpack's tests, built for
// js/wasm: what it prints depends on its data (strings, a map, type names)
// and on the runtime's tables that find a function from a PC (named frames
// with their lines), so a packed build must print the same.
package main

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
)

type card struct {
	Suit string
	Rank int
}

func main() {
	fmt.Println(strings.Repeat("cardtable ", 3))
	counts := map[string]int{"king": 4, "mindikot": 4, "catte": 6, "klondike": 1}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Println(k, counts[k])
	}
	fmt.Printf("%v %+v\n", reflect.TypeOf(card{}), card{"hearts", 12})
	for _, f := range outer() {
		fmt.Println(f)
	}
}

//go:noinline
func outer() []string { return inner() }

//go:noinline
func inner() []string {
	pcs := make([]uintptr, 8)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var out []string
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "main.") {
			out = append(out, fmt.Sprintf("%s:%d", f.Function, f.Line))
		}
		if !more {
			return out
		}
	}
}
