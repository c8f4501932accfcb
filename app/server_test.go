//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
)

// testWeb makes a web folder with a stand-in app.wasm.
func testWeb(t *testing.T, wasm []byte) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.wasm"), wasm, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cardtable.css"), []byte("body{}"), 0o644))
	return dir
}

func get(t *testing.T, h http.Handler, path string, header ...string) *http.Response {
	t.Helper()
	r := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func body(t *testing.T, res *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return b
}

var fakeWasm = bytes.Repeat([]byte("\x00asm cardtable "), 4000)

func TestServeRefusesToStartWithoutAppWasm(t *testing.T) {
	_, err := newServer(t.TempDir())
	assert.ErrorContains(t, err, "make build")
}

func TestServeSendsTheWasmGzippedWhenTheBrowserAcceptsIt(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	res := get(t, s, "/web/app.wasm", "Accept-Encoding", "gzip, deflate")
	assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/wasm", res.Header.Get("Content-Type"))
	assert.Equal(t, "Accept-Encoding", res.Header.Get("Vary"))
	zr, err := gzip.NewReader(bytes.NewReader(body(t, res)))
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, fakeWasm, raw)

	plain := get(t, s, "/web/app.wasm")
	assert.Empty(t, plain.Header.Get("Content-Encoding"))
	assert.Equal(t, fakeWasm, body(t, plain))

	refused := get(t, s, "/web/app.wasm", "Accept-Encoding", "gzip;q=0")
	assert.Empty(t, refused.Header.Get("Content-Encoding"))
}

func TestServePrefersAFreshBrotliCopy(t *testing.T) {
	dir := testWeb(t, fakeWasm)
	var br bytes.Buffer
	w := brotli.NewWriter(&br)
	w.Write(fakeWasm)
	w.Close()
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.wasm.br"), br.Bytes(), 0o644))
	require.NoError(t, os.Chtimes(filepath.Join(dir, "app.wasm.br"), later, later))
	s, err := newServer(dir)
	require.NoError(t, err)
	res := get(t, s, "/web/app.wasm", "Accept-Encoding", "gzip, br")
	assert.Equal(t, "br", res.Header.Get("Content-Encoding"))
	raw, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body(t, res))))
	require.NoError(t, err)
	assert.Equal(t, fakeWasm, raw)

	// A copy older than app.wasm is from another build: ignored.
	earlier := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(dir, "app.wasm.br"), earlier, earlier))
	s, err = newServer(dir)
	require.NoError(t, err)
	assert.Equal(t, "gzip", get(t, s, "/web/app.wasm", "Accept-Encoding", "gzip, br").Header.Get("Content-Encoding"))
}

// TestServeSendsMentalWasmPrecompressed: the dealer-less deal's worker
// module, when the web folder has it, goes as its fresh brotli or gzip copy
// (make build), or as it is; a stale copy is not sent.
func TestServeSendsMentalWasmPrecompressed(t *testing.T) {
	dir := testWeb(t, fakeWasm)
	mental := append([]byte("\x00asm mental "), fakeWasm...)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mental.wasm"), mental, 0o644))
	var br bytes.Buffer
	w := brotli.NewWriter(&br)
	w.Write(mental)
	w.Close()
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mental.wasm.br"), br.Bytes(), 0o644))
	require.NoError(t, os.Chtimes(filepath.Join(dir, "mental.wasm.br"), later, later))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mental.wasm.gz"), []byte("stale"), 0o644))
	s, err := newServer(dir)
	require.NoError(t, err)
	res := get(t, s, "/web/mental.wasm", "Accept-Encoding", "gzip, br")
	assert.Equal(t, "br", res.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/wasm", res.Header.Get("Content-Type"))
	raw, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body(t, res))))
	require.NoError(t, err)
	assert.Equal(t, mental, raw)
	gz := get(t, s, "/web/mental.wasm", "Accept-Encoding", "gzip")
	assert.Empty(t, gz.Header.Get("Content-Encoding"), "the gzip copy is stale")
	assert.Equal(t, mental, body(t, gz))
	assert.Equal(t, fakeWasm, body(t, get(t, s, "/web/app.wasm")), "app.wasm is still app.wasm")
}

func TestServeVersionFollowsTheBuild(t *testing.T) {
	a, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	b, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	c, err := newServer(testWeb(t, append([]byte("other"), fakeWasm...)))
	require.NoError(t, err)
	assert.Equal(t, a.version, b.version, "the same build keeps its version")
	assert.NotEqual(t, a.version, c.version)
	worker := string(body(t, get(t, a, "/app-worker.js")))
	assert.Contains(t, worker, `"app-" + "`+a.version+`"`)
}

func TestServeManifestHasLocalIconsAndNames(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	var m struct {
		Name        string
		ShortName   string `json:"short_name"`
		Description string
		ThemeColor  string `json:"theme_color"`
		Icons       []struct{ Src, Sizes, Purpose string }
	}
	raw := body(t, get(t, s, "/manifest.webmanifest"))
	require.NoError(t, json.Unmarshal(raw, &m))
	assert.Equal(t, "Cardtable", m.ShortName)
	assert.Equal(t, "cardtable", m.Name)
	assert.NotEmpty(t, m.Description)
	assert.Equal(t, themeColor, m.ThemeColor)
	sizes := map[string]int{"icon-192.png": 192, "icon-512.png": 512, "icon-maskable.png": 512}
	seen := map[string]bool{}
	for _, ic := range m.Icons {
		assert.True(t, strings.HasPrefix(ic.Src, "/web/"), "local icon %s", ic.Src)
		seen[ic.Purpose] = true
		res := get(t, s, ic.Src)
		require.Equal(t, http.StatusOK, res.StatusCode, ic.Src)
		if n, ok := sizes[filepath.Base(ic.Src)]; ok {
			img, err := png.Decode(bytes.NewReader(body(t, res)))
			require.NoError(t, err, ic.Src)
			assert.Equal(t, n, img.Bounds().Dx(), ic.Src)
			assert.Equal(t, n, img.Bounds().Dy(), ic.Src)
		}
	}
	assert.True(t, seen["maskable"], "a maskable icon")
}

func TestMaskableIconFillsTheWholeSquare(t *testing.T) {
	img := drawIcon(512, true)
	for _, p := range [][2]int{{0, 0}, {511, 0}, {0, 511}, {511, 511}} {
		assert.Equal(t, uint8(255), img.NRGBAAt(p[0], p[1]).A, "corner %v is opaque", p)
	}
	plain := drawIcon(192, false)
	assert.Equal(t, uint8(0), plain.NRGBAAt(0, 0).A, "the plain icon has rounded corners")
}

func TestServeAnswersEveryPageWithTheAppShell(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	for _, p := range []string{"/", "/new?game=king", "/play?game=king", "/result?game=king", "/rules?game=king", "/settings"} {
		res := get(t, s, p)
		assert.Equal(t, http.StatusOK, res.StatusCode, p)
		assert.Contains(t, string(body(t, res)), "/app.js", p)
	}
	home := string(body(t, get(t, s, "/")))
	assert.Contains(t, home, "The King", "the server pre-renders the game list")
	assert.Equal(t, http.StatusNotFound, get(t, s, "/nope").StatusCode)
}

// TestServePagesPreloadTheWasmGoAppFetches: every page's head starts
// app.wasm's download, at the very address go-app's script then fetches, so
// the browser hands the script that download instead of starting another.
func TestServePagesPreloadTheWasmGoAppFetches(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	script := string(body(t, get(t, s, "/app.js")))
	m := regexp.MustCompile(`fetchWithProgress\("([^"]+)"`).FindStringSubmatch(script)
	require.NotNil(t, m, "go-app's script fetches app.wasm")
	for _, p := range []string{"/", "/play?game=king", "/replay"} {
		page := string(body(t, get(t, s, p)))
		head, _, ok := strings.Cut(page, "</head>")
		require.True(t, ok, p)
		assert.Contains(t, head, `<link rel="preload" href="`+m[1]+`" as="fetch" crossorigin="anonymous">`, p)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	for _, tc := range []struct {
		header, enc string
		want        bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate, br", "gzip", true},
		{"deflate", "gzip", false},
		{"br;q=0, gzip", "br", false},
		{"BR", "br", true},
		{"", "gzip", false},
		{"gzip;q=0.5", "gzip", true},
	} {
		assert.Equal(t, tc.want, acceptsEncoding(tc.header, tc.enc), "%q %s", tc.header, tc.enc)
	}
}

// TestPreRenderedFormsMarkOnlyWhatHolds: a page rendered on the server
// writes an attribute for a false value too (checked="false"), which a
// browser reads as set; the settings page marks one radio per group and no
// unset box.
func TestPreRenderedFormsMarkOnlyWhatHolds(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	page := string(body(t, get(t, s, "/settings")))
	require.Contains(t, page, `name="cardsize"`)
	assert.NotContains(t, page, `checked="false"`)
	marked := regexp.MustCompile(`<input[^>]*\bchecked\b`).FindAllString(page, -1)
	assert.Len(t, marked, 3, "one radio of each of the three groups, no box")
}

// TestServeSpeaksTheReadersLanguage: a page renders in the language of its
// cookie, else of Accept-Language (its lang attribute and its words), the
// manifest's description follows, and every language's catalogue is served
// (gzipped when the browser takes it) and kept by the service worker.
func TestServeSpeaksTheReadersLanguage(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	ru, err := msg.Load("ru")
	require.NoError(t, err)
	es, err := msg.Load("es")
	require.NoError(t, err)

	page := string(body(t, get(t, s, "/", "Accept-Language", "ru-RU,ru;q=0.9,en;q=0.8")))
	assert.Contains(t, page, `lang="ru"`)
	assert.Contains(t, page, ru.T("New game"))
	assert.Contains(t, page, ru.T("Your tap is kept: it happens as soon as the game is ready."), "a tap before the app runs is answered in the reader's language")
	assert.Contains(t, page, `"aria-label",`+strconv.Quote(ru.T("Loading the game")), "the loading bar is named in the reader's language")
	page = string(body(t, get(t, s, "/", "Accept-Language", "ru", "Cookie", langCookie+"=es")))
	assert.Contains(t, page, `lang="es"`, "the page's own choice wins over the browser's")
	assert.Contains(t, page, es.T("New game"))
	page = string(body(t, get(t, s, "/", "Accept-Language", "de-DE,fr")))
	assert.Contains(t, page, `lang="en"`)

	var m struct{ Description string }
	require.NoError(t, json.Unmarshal(body(t, get(t, s, "/manifest.webmanifest", "Accept-Language", "ru")), &m))
	assert.Equal(t, ru.T("Card games at your table: play The King and friends solo against bots, offline, on any device."), m.Description)

	for _, l := range msg.Languages[1:] {
		res := get(t, s, "/web/lang/"+l.Tag+".json", "Accept-Encoding", "gzip")
		require.Equal(t, http.StatusOK, res.StatusCode, l.Tag)
		assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"), l.Tag)
		zr, err := gzip.NewReader(res.Body)
		require.NoError(t, err)
		raw, err := io.ReadAll(zr)
		require.NoError(t, err)
		_, err = msg.Parse(l.Tag, raw)
		require.NoError(t, err, l.Tag)
	}
	worker := string(body(t, get(t, s, "/app-worker.js")))
	for _, l := range msg.Languages[1:] {
		assert.Contains(t, worker, "/web/lang/"+l.Tag+".json", "the service worker keeps %s for offline play", l.Tag)
	}
}

// TestServeTracebackTables: with app.tables in the web folder (make build),
// every page inlines web/tables.js in its head, before go-app's deferred
// scripts instantiate app.wasm; the tables go as their fresh brotli copy;
// the service worker keeps them. Without them, no page carries the script.
func TestServeTracebackTables(t *testing.T) {
	dir := testWeb(t, fakeWasm)
	s, err := newServer(dir)
	require.NoError(t, err)
	assert.NotContains(t, string(body(t, get(t, s, "/"))), "cardtableTables", "no tables, no script")
	assert.NotContains(t, string(body(t, get(t, s, "/app-worker.js"))), tablesPath)

	tablesJS, err := os.ReadFile(filepath.Join("..", "web", "tables.js"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tables.js"), tablesJS, 0o644))
	tables := bytes.Repeat([]byte("CTTBLS01 tables "), 500)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.tables"), tables, 0o644))
	var br bytes.Buffer
	w := brotli.NewWriter(&br)
	w.Write(tables)
	w.Close()
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.tables.br"), br.Bytes(), 0o644))
	require.NoError(t, os.Chtimes(filepath.Join(dir, "app.tables.br"), later, later))
	s, err = newServer(dir)
	require.NoError(t, err)

	for _, p := range []string{"/", "/play?game=king", "/replay"} {
		head, _, ok := strings.Cut(string(body(t, get(t, s, p))), "</head>")
		require.True(t, ok, p)
		assert.Contains(t, head, string(tablesJS), p)
		assert.Contains(t, head, `cardtableTables.watch();`, p)
		assert.Contains(t, head, `cardtableTables.load("/web/app.tables")`, p)
		assert.Less(t, strings.Index(head, "/app.js"), strings.Index(head, "cardtableTables.watch"), "%s: go-app's script is deferred, so it runs after this one all the same", p)
	}
	res := get(t, s, tablesPath, "Accept-Encoding", "gzip, br")
	assert.Equal(t, "br", res.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/octet-stream", res.Header.Get("Content-Type"))
	raw, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body(t, res))))
	require.NoError(t, err)
	assert.Equal(t, tables, raw)
	assert.Equal(t, tables, body(t, get(t, s, tablesPath)), "a browser that takes no encoding gets the file")
	assert.Contains(t, string(body(t, get(t, s, "/app-worker.js"))), tablesPath, "the service worker keeps the tables")
	assert.Equal(t, fakeWasm, body(t, get(t, s, "/web/app.wasm")), "app.wasm is still app.wasm")
}
