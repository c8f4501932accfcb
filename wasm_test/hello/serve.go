//go:build !(js && wasm)

package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// iconPNG is a 192×192 square of one colour.
func iconPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 192, 192))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{0x0b, 0x5d, 0x3b, 0xff}}, image.Point{}, draw.Src)
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// serve runs go-app's handler with its defaults on -addr, with the files of
// -web (a folder named web) under /web/, and prints the address. Like cardtable it sends app.wasm
// brotli-compressed when a copy is there (app.wasm.br), so the two compare
// like for like.
func serve() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	web := flag.String("web", "web", "folder holding app.wasm and app.wasm.br")
	flag.Parse()
	raw, err := os.ReadFile(filepath.Join(*web, "app.wasm"))
	if err != nil {
		log.Fatal(err)
	}
	br, _ := os.ReadFile(filepath.Join(*web, "app.wasm.br"))
	// go-app's default resolver serves ./web under /web/.
	if err := os.Chdir(filepath.Dir(*web)); err != nil {
		log.Fatal(err)
	}
	h := &app.Handler{
		Name:              "Hello",
		Title:             "Hello",
		Version:           strconv.Itoa(len(raw)),
		WasmContentLength: strconv.Itoa(len(raw)),
		// go-app's default icon lives on the internet; a plain square
		// served here keeps the visit local.
		Icon: app.Icon{Default: "/icon.png"},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/web/app.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Cache-Control", "no-cache")
		body := raw
		if br != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
			w.Header().Set("Content-Encoding", "br")
			body = br
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	})
	icon := iconPNG()
	mux.HandleFunc("/icon.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(icon)
	})
	mux.Handle("/", h)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("hello: serving on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, mux))
}
