//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "mentalworker runs in a browser's Web Worker: GOOS=js GOARCH=wasm go build -o web/mental.wasm ./app/mentalworker (make wasm)")
	os.Exit(2)
}
