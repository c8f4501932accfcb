// Package deflate packs and unpacks raw DEFLATE (RFC 1951), the
// compression of a replay link's record: with Go's compress/flate natively
// (the server, the command line, the tests) and with the browser's own
// CompressionStream and DecompressionStream in the page, so that app.wasm
// carries no compressor of its own. Both write and read the same format:
// a link made by either opens in the other.
//
// The two differ in what they are not asked to agree on: Go packs tighter
// (the records of whole King, Mindikot, Cat Te and Klondike matches came
// out 5–12 % smaller than Chromium packs them), and
// bytes after the stream's last block are ignored by Go's reader but are
// an error in the browser.
package deflate

import "errors"

// ErrCutShort: the packed stream ends before its last block.
var ErrCutShort = errors.New("deflate: the stream is cut short")
