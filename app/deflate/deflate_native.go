//go:build !(js && wasm)

package deflate

import (
	"bytes"
	"compress/flate"
	"errors"
	"io"
)

// Pack compresses data as tightly as compress/flate can.
func Pack(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Unpack decompresses packed, reading no more than limit bytes of what it
// holds (a stream that holds more is cut there: the caller sees len > its
// own bound when limit is one more than it); ErrCutShort when the stream
// ends before its last block.
func Unpack(packed []byte, limit int) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(packed)), int64(limit)))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, ErrCutShort
	case err != nil:
		return nil, err
	}
	return data, nil
}
