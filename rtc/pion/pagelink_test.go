//go:build !js

package pion

import (
	"encoding/binary"
	"errors"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageLink is a page program that hosts a room and joins one, as the app's
// pages do, and hands the room and the link to fmt, whose reflection keeps
// the methods of every type they hold, as go-app's does for its pages.
const pageLink = `//go:build js && wasm

package main

import (
	"context"
	"fmt"

	"cardtable/rtc"
	"cardtable/rtc/pion"
)

func main() {
	ctx := context.Background()
	cfg := pion.Config{Signal: "ws://127.0.0.1:1/signal/"}
	room, err := pion.HostRoom(ctx, cfg, "", "", func(c rtc.Conn) { fmt.Println(c) })
	conn, jerr := pion.Join(ctx, cfg, "ABCD")
	fmt.Println(room, conn, err, jerr)
}
`

// nativeStack are the modules of pion's own WebRTC stack, the DNS messages
// of its mDNS and the names in its certificates: the page build wraps the browser's RTCPeerConnection
// and needs none of them. pion/webrtc's files for the page still import
// ice, dtls and sdp (for types and constants shared with the native build),
// so their package initialisers and the equality of the types pion's page
// types hold are linked; nothing else of them may be.
var nativeStack = []string{
	"github.com/pion/ice/",
	"github.com/pion/turn/",
	"github.com/pion/mdns/",
	"github.com/pion/stun/",
	"github.com/pion/dtls/",
	"github.com/pion/sdp/",
	"github.com/pion/srtp/",
	"github.com/pion/sctp",
	"github.com/pion/rtp",
	"github.com/pion/rtcp",
	"github.com/pion/interceptor",
	"golang.org/x/net/dns/dnsmessage",
	"crypto/x509/pkix", // what DTLS's certificates are named with
}

// wasmName is how the Go linker writes a symbol's name in a WebAssembly
// file's name section.
var wasmName = regexp.MustCompile(`[^\w.]`)

// initOrTypeAlg matches a package initialiser (and its closures) and the
// equality and hash functions of a type.
var initOrTypeAlg = regexp.MustCompile(`^type_\.(eq|hash)\.|^[^.]+(\.[^._][^.]*)?\.init(\.|$)`)

func TestThePageLinksNoneOfPionsNativeStack(t *testing.T) {
	names, err := wasmFuncNames(buildWasm(t, "transport_pagelink", pageLink))
	require.NoError(t, err)
	var prefixes []string
	for _, m := range nativeStack {
		prefixes = append(prefixes, wasmName.ReplaceAllString(m, "_"))
	}
	linked := map[string][]string{} // module → its functions linked
	for _, n := range names {
		sym := strings.TrimPrefix(strings.TrimPrefix(n, "type_.eq."), "type_.hash.")
		for i, p := range prefixes {
			if strings.HasPrefix(sym, p) && !initOrTypeAlg.MatchString(n) {
				linked[nativeStack[i]] = append(linked[nativeStack[i]], n)
			}
		}
	}
	assert.Contains(t, names, "cardtable_rtc_pion.HostRoom", "the program is the page's build of this package")
	assert.Contains(t, names, "github.com_pion_webrtc_v4.__PeerConnection_.CreateOffer")
	for _, m := range slices.Sorted(maps.Keys(linked)) {
		fns := linked[m]
		t.Errorf("the page links %d functions of %s: %s", len(fns), m, strings.Join(fns[:min(len(fns), 5)], ", "))
	}
}

// wasmFuncNames reads the function names of a WebAssembly module's name
// section.
func wasmFuncNames(b []byte) ([]string, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	uleb := func(b []byte, i *int) (int, error) {
		v, n := binary.Uvarint(b[*i:])
		if n <= 0 || v > uint64(len(b)) {
			return 0, errors.New("bad LEB128")
		}
		*i += n
		return int(v), nil
	}
	for i := 8; i < len(b); {
		id := b[i]
		i++
		size, err := uleb(b, &i)
		if err != nil || i+size > len(b) {
			return nil, errors.New("section overruns the module")
		}
		sec, next := b[i:i+size], i+size
		i = next
		if id != 0 {
			continue
		}
		j := 0
		l, err := uleb(sec, &j)
		if err != nil || j+l > len(sec) || string(sec[j:j+l]) != "name" {
			continue
		}
		j += l
		for j < len(sec) {
			sub := sec[j]
			j++
			sl, err := uleb(sec, &j)
			if err != nil || j+sl > len(sec) {
				return nil, errors.New("name subsection overruns the section")
			}
			if sub != 1 {
				j += sl
				continue
			}
			fn := sec[j : j+sl]
			k := 0
			n, err := uleb(fn, &k)
			if err != nil {
				return nil, err
			}
			names := make([]string, 0, n)
			for range n {
				if _, err := uleb(fn, &k); err != nil {
					return nil, err
				}
				nl, err := uleb(fn, &k)
				if err != nil || k+nl > len(fn) {
					return nil, errors.New("function name overruns the section")
				}
				names = append(names, string(fn[k:k+nl]))
				k += nl
			}
			return names, nil
		}
	}
	return nil, errors.New("no function names (built with -s?)")
}
