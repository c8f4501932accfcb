// Command precompress writes brotli (.br) and gzip (.gz) copies of a file next
// to it, at the highest quality, so `app serve` can send app.wasm compressed.
//
//	go run ./app/precompress web/app.wasm
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"

	"github.com/andybalholm/brotli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: precompress FILE")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	var br bytes.Buffer
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(raw); err != nil {
		return err
	}
	if err := bw.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(path+".gz", gz.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(path+".br", br.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: raw %d B, gzip %d B, brotli %d B\n", path, len(raw), gz.Len(), br.Len())
	return nil
}
