//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// server is the PWA: go-app's handler for pages, manifest and service worker,
// plus the generated icons and a pre-compressed app.wasm (and mental.wasm).
type server struct {
	version string
	pwa     map[string]*app.Handler // per language: its lang attribute, manifest and loader words
	cats    map[string]*msg.Catalogue
	static  map[string]asset // generated files served from memory
	wasm    map[string]asset // "" (identity), "gzip", "br"
	// mental.wasm, the dealer-less deal's worker (app/mentalworker), when
	// the web folder has it: its encodings as wasm's, and its own version.
	mental        map[string]asset
	mentalVersion string
	// app.tables, app.wasm's traceback tables (app/wasmpack -tables), when
	// the web folder has them: their encodings as wasm's.
	tables        map[string]asset
	tablesVersion string
}

type asset struct {
	body  []byte
	ctype string
	gz    []byte // a gzip copy, for a browser that takes it
}

// newServer reads web/app.wasm and prepares everything the PWA serves. The
// version is a hash of app.wasm, so a new build is a new version and the
// service worker updates; an unchanged build keeps the installed cache.
func newServer(webDir string) (*server, error) {
	raw, err := os.ReadFile(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		return nil, fmt.Errorf("serve: %w (build it first: make build)", err)
	}
	sum := sha256.Sum256(raw)
	s := &server{
		version: hex.EncodeToString(sum[:8]),
		static:  map[string]asset{},
		wasm:    map[string]asset{"": {body: raw, ctype: "application/wasm"}},
	}
	for enc, ext := range map[string]string{"br": ".br", "gzip": ".gz"} {
		if b, ok := readFresh(filepath.Join(webDir, "app.wasm"+ext), raw, enc); ok {
			s.wasm[enc] = asset{body: b, ctype: "application/wasm"}
		}
	}
	if _, ok := s.wasm["gzip"]; !ok {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		zw.Write(raw)
		zw.Close()
		s.wasm["gzip"] = asset{body: buf.Bytes(), ctype: "application/wasm"}
	}
	s.mental, s.mentalVersion = readEncoded(webDir, "mental.wasm", "application/wasm")
	s.tables, s.tablesVersion = readEncoded(webDir, "app.tables", "application/octet-stream")
	for name, body := range iconFiles() {
		ct := "image/png"
		if strings.HasSuffix(name, ".svg") {
			ct = "image/svg+xml"
		}
		s.static["/web/"+name] = asset{body: body, ctype: ct}
	}

	// Every language's catalogue, for the browser to fetch the one it
	// speaks and for the pages rendered here (registered: a page's
	// components find their printer by its lang).
	s.cats = map[string]*msg.Catalogue{}
	var langFiles []string
	for _, l := range msg.Languages[1:] {
		c, err := msg.Load(l.Tag)
		if err != nil {
			// A catalogue the build lacks (msg's tests forbid it): the
			// language's pages speak English rather than fail.
			fmt.Fprintln(os.Stderr, "serve:", err)
			continue
		}
		s.cats[l.Tag] = c
		msg.Register(c)
		body, _ := msg.Files.ReadFile("lang/" + l.Tag + ".json")
		url := "/web/lang/" + l.Tag + ".json"
		s.static[url] = asset{body, "application/json; charset=utf-8", gzipped(body)}
		langFiles = append(langFiles, url)
	}

	routes()
	s.pwa = map[string]*app.Handler{}
	for _, l := range msg.Languages {
		if c, ok := s.cats[l.Tag]; ok || l.Tag == msg.English {
			s.pwa[l.Tag] = s.handler(webDir, l.Tag, c, langFiles, len(raw))
		}
	}
	return s, nil
}

// readEncoded reads a file of the web folder and its fresh brotli and gzip
// copies (`make build`), and names the version of its bytes; nil when the
// folder lacks it.
func readEncoded(webDir, name, ctype string) (map[string]asset, string) {
	raw, err := os.ReadFile(filepath.Join(webDir, name))
	if err != nil {
		return nil, ""
	}
	sum := sha256.Sum256(raw)
	m := map[string]asset{"": {body: raw, ctype: ctype}}
	for enc, ext := range map[string]string{"br": ".br", "gzip": ".gz"} {
		if b, ok := readFresh(filepath.Join(webDir, name+ext), raw, enc); ok {
			m[enc] = asset{body: b, ctype: ctype}
		}
	}
	return m, hex.EncodeToString(sum[:8])
}

// handler is go-app's handler for the pages in one language: the page's
// lang attribute, the manifest's description and the loader's words speak
// it (the manifest is fetched with the browser's languages).
func (s *server) handler(webDir, tag string, c *msg.Catalogue, langFiles []string, wasmLen int) *app.Handler {
	return &app.Handler{
		Name:            "cardtable",
		ShortName:       "Cardtable",
		Title:           "cardtable",
		Description:     c.T("Card games at your table: play The King and friends solo against bots, offline, on any device."),
		Author:          "cardtable",
		Lang:            tag,
		BackgroundColor: themeBackground,
		ThemeColor:      themeColor,
		// The page the server rendered stays readable and usable while
		// app.wasm downloads: web/pages.css turns go-app's loader into a
		// thin bar along the top edge, and loaderScript feeds it the
		// progress this label carries.
		LoadingLabel: c.T("Loading the game… {progress}%%"),
		RawHeaders:   append([]string{wasmPreload, loaderScript(c), awaitScript(c)}, s.tablesScript(webDir)...),
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-maskable.png",
			SVG:      "/web/icon.svg",
		},
		Styles: []string{"/web/cardtable.css", "/web/room.css", "/web/klondike.css", "/web/moments.css", "/web/pages.css", "/web/replay.css", "/web/ui-pages.css", "/web/flow.css", "/web/targets.css", "/web/hand.css", "/web/lesson.css"},
		// The replay page is cached on its own: a shared link opens it
		// offline (its record is in the fragment, which no server sees).
		CacheableResources:    append(append([]string{"/web/icon.svg", replayPath, statisticsPath}, langFiles...), s.tablesFiles()...),
		Version:               s.version,
		WasmContentLength:     strconv.Itoa(wasmLen),
		ServiceWorkerTemplate: serviceWorker,
		Resources:             newWebDir(webDir),
	}
}

// wasmPreload starts app.wasm's download as soon as the page's head is
// read, not once the style sheets and go-app's scripts have loaded and run
// (its fetch of /web/app.wasm then takes this response): on the phone of
// the first-visit benchmark the app answers about 0.9 s sooner.
const wasmPreload = `<link rel="preload" href="/web/app.wasm" as="fetch" crossorigin="anonymous">`

// tablesPath is app.wasm's traceback tables (app/wasmpack -tables): the
// function names, files and lines Go's runtime prints a trace with, moved
// out of app.wasm so that its first download is smaller.
const tablesPath = "/web/app.tables"

// tablesFiles is app.tables for the service worker to keep (a trace offline
// names its frames too), when the web folder has it.
func (s *server) tablesFiles() []string {
	if s.tables == nil {
		return nil
	}
	return []string{tablesPath}
}

// tablesScript is web/tables.js, inlined, so that it watches app.wasm's
// instantiation (go-app's deferred app.js runs after it), and a second after
// the app is ready writes app.tables into the running module's memory: by
// then the player has the game, and the tables take none of the first
// download's bandwidth. Nothing when the web folder lacks either file.
func (s *server) tablesScript(webDir string) []string {
	js, err := os.ReadFile(filepath.Join(webDir, "tables.js"))
	if err != nil || s.tables == nil {
		return nil
	}
	return []string{"<script>" + string(js) + `cardtableTables.watch();` +
		`window.addEventListener("` + readyEvent + `",function(){setTimeout(function(){cardtableTables.load("` + tablesPath + `")},1000)},{once:true});</script>`}
}

// gzipped is a gzip copy of body.
func gzipped(body []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	return buf.Bytes()
}

// requestLanguage is the language a request's page speaks: the one the page last
// used (its cookie), else the browser's first that the app speaks.
func requestLanguage(r *http.Request) string {
	if ck, err := r.Cookie(langCookie); err == nil {
		if l, ok := msg.Find(ck.Value); ok {
			return l.Tag
		}
	}
	var prefs []string
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if tag != "" && tag != "*" {
			prefs = append(prefs, tag)
		}
	}
	return msg.Match(prefs)
}

// loaderScript makes go-app's loader a progress bar for assistive
// technology and for the eye: it copies the percentage of the loader's label
// into the bar's width (the --progress custom property) and aria-valuenow,
// and marks the loader as failed when the label stops being a percentage
// (go-app writes the error there), so web/pages.css shows the message.
func loaderScript(c *msg.Catalogue) string {
	name, _ := json.Marshal(c.T("Loading the game"))
	return `<script>document.addEventListener("DOMContentLoaded",function(){` +
		`var a=document.getElementById("app-wasm-loader"),l=document.getElementById("app-wasm-loader-label");if(!a||!l)return;` +
		`a.setAttribute("role","progressbar");a.setAttribute("aria-label",` + string(name) + `);` +
		`a.setAttribute("aria-valuemin","0");a.setAttribute("aria-valuemax","100");` +
		`var f=function(){var m=/(\d+)%/.exec(l.textContent);` +
		`if(m){a.style.setProperty("--progress",m[1]+"%");a.setAttribute("aria-valuenow",m[1]);a.classList.remove("loader--failed")}` +
		`else{a.classList.add("loader--failed")}};` +
		`f();new MutationObserver(f).observe(l,{childList:true,characterData:true,subtree:true})});</script>`
}

// readFresh returns a pre-compressed copy of raw when it decodes to exactly
// raw (a stale copy from an older build is ignored). Brotli copies can't be
// decoded here, so they are trusted when they are newer than app.wasm.
func readFresh(path string, raw []byte, enc string) ([]byte, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	switch enc {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, false
		}
		var out bytes.Buffer
		if _, err := out.ReadFrom(zr); err != nil || !bytes.Equal(out.Bytes(), raw) {
			return nil, false
		}
	case "br":
		fi, err1 := os.Stat(path)
		wi, err2 := os.Stat(strings.TrimSuffix(path, ".br"))
		if err1 != nil || err2 != nil || fi.ModTime().Before(wi.ModTime()) {
			return nil, false
		}
	}
	return b, true
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/"+s.version)
	switch {
	case path == "/web/app.wasm" || path == "/app.wasm":
		s.serveWasm(w, r, s.wasm, s.version)
		return
	case path == "/web/mental.wasm" && s.mental != nil:
		s.serveWasm(w, r, s.mental, s.mentalVersion)
		return
	case path == tablesPath && s.tables != nil:
		s.serveWasm(w, r, s.tables, s.tablesVersion)
		return
	}
	if a, ok := s.static[path]; ok {
		w.Header().Set("Content-Type", a.ctype)
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", `"`+s.version+`"`)
		if r.Header.Get("If-None-Match") == `"`+s.version+`"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		body := a.body
		if a.gz != nil {
			w.Header().Set("Vary", "Accept-Encoding")
			if acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
				body = a.gz
				w.Header().Set("Content-Encoding", "gzip")
			}
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
		return
	}
	// A page renders in its reader's language: its language's handler
	// renders it, each component speaking the page's lang (msg.For), so
	// pages in many languages render at once.
	h, ok := s.pwa[requestLanguage(r)]
	if !ok {
		h = s.pwa[msg.English]
	}
	h.ServeHTTP(w, r)
}

// serveWasm sends the smallest of a module's encodings (wasm) the browser
// accepts (app.tables' too); version names the build in its ETag.
func (s *server) serveWasm(w http.ResponseWriter, r *http.Request, wasm map[string]asset, version string) {
	enc := ""
	accept := r.Header.Get("Accept-Encoding")
	if _, ok := wasm["br"]; ok && acceptsEncoding(accept, "br") {
		enc = "br"
	} else if _, ok := wasm["gzip"]; ok && acceptsEncoding(accept, "gzip") {
		enc = "gzip"
	}
	a := wasm[enc]
	etag := `"` + version + "-" + enc + `"`
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	h.Set("Content-Length", strconv.Itoa(len(a.body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(a.body)
}

// acceptsEncoding reports whether an Accept-Encoding header allows enc
// (q=0 refuses it).
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		params = strings.ReplaceAll(params, " ", "")
		if q, ok := strings.CutPrefix(params, "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
				return false
			}
		}
		return true
	}
	return false
}

// webDir serves /web/... from a folder of static files (go-app's LocalDir
// expects the folder's parent instead).
type webDir struct {
	http.Handler
}

func newWebDir(dir string) webDir {
	return webDir{http.StripPrefix("/web", http.FileServer(http.Dir(dir)))}
}

// Resolve maps a resource location to its URL path: /web/x stays /web/x.
func (webDir) Resolve(location string) string {
	if location == "" || location == "/" {
		return "/"
	}
	if strings.HasPrefix(location, "http://") || strings.HasPrefix(location, "https://") {
		return location
	}
	return "/" + strings.TrimLeft(location, "/")
}
