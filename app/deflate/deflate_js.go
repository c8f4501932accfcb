//go:build js && wasm

package deflate

import (
	"errors"
	"strings"
	"syscall/js"
)

// Pack compresses data with the browser's CompressionStream.
func Pack(data []byte) ([]byte, error) {
	out, err := read(stream(data).Call("pipeThrough", js.Global().Get("CompressionStream").New("deflate-raw")), -1)
	if err != nil {
		return nil, errors.New("deflate: the browser could not compress: " + err.Error())
	}
	return out, nil
}

// Unpack decompresses packed with the browser's DecompressionStream,
// reading no more than limit bytes of what it holds (the stream is
// cancelled there); ErrCutShort when the browser says the stream ended
// early.
func Unpack(packed []byte, limit int) ([]byte, error) {
	out, err := read(stream(packed).Call("pipeThrough", js.Global().Get("DecompressionStream").New("deflate-raw")), limit)
	if err == nil {
		return out, nil
	}
	// Chromium says "Compressed input was truncated."; Firefox and Safari
	// speak of an unexpected end.
	if s := strings.ToLower(err.Error()); strings.Contains(s, "truncated") || strings.Contains(s, "unexpected end") {
		return nil, ErrCutShort
	}
	return nil, errors.New("deflate: " + err.Error())
}

// stream is a ReadableStream of a copy of b.
func stream(b []byte) js.Value {
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	return js.Global().Get("Blob").New(js.Global().Get("Array").Call("of", arr)).Call("stream")
}

// read reads a stream of byte chunks to its end, or (limit >= 0) until it
// has read limit bytes, when it cancels the stream.
func read(s js.Value, limit int) ([]byte, error) {
	reader := s.Call("getReader")
	out := []byte{}
	for {
		chunk, err := await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if chunk.Get("done").Bool() {
			return out, nil
		}
		v := chunk.Get("value")
		n := len(out)
		out = append(out, make([]byte, v.Get("length").Int())...)
		js.CopyBytesToGo(out[n:], v)
		if limit >= 0 && len(out) >= limit {
			reader.Call("cancel")
			return out[:limit], nil
		}
	}
}

// await waits for a promise to settle: its value, or its rejection's words
// as an error. It blocks its own goroutine only, while the page's event
// loop runs on; it must not be called from inside a js.Func (a DOM
// event's own callback), whose goroutine the event loop waits for.
func await(promise js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	ch := make(chan settled, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{v: first(args)}
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		words := "the promise was rejected"
		if e := first(args); e.Truthy() {
			words = e.Call("toString").String()
		}
		ch <- settled{err: errors.New(words)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	promise.Call("then", ok, fail)
	s := <-ch
	return s.v, s.err
}

func first(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}
