package blindroom

import (
	"context"
	"fmt"

	"cardtable/rtc"
	"cardtable/rtc/wire"
)

// A room's message crosses a link in frames no longer than the wire's
// smallest limit (a page's message to the host, wire.MaxPeerMessage): a
// shuffle with its proof is about 31 kB and goes as eight frames. A frame's
// first byte says which it is: 0, a whole message; 1, part k of n (the next
// two bytes), parts in order. The browser's worker sends smaller frames
// (mentalwire.MaxFrame), which its page wraps in a wire message.
const (
	frameSize  = wire.MaxPeerMessage
	whole      = 0
	part       = 1
	partHeader = 3
)

// maxPartsOf is the most parts a message takes in frames of size bytes.
func maxPartsOf(size int) int {
	return (MaxMessage + size - partHeader - 1) / (size - partHeader)
}

// Frames cuts a message into frames of at most size bytes (more than
// partHeader), as a Sequencer reads them back.
func Frames(raw []byte, size int) ([][]byte, error) {
	if len(raw) > MaxMessage {
		return nil, fmt.Errorf("blind room: a message of %d bytes is over the %d-byte limit", len(raw), MaxMessage)
	}
	if size <= partHeader {
		return nil, fmt.Errorf("blind room: frames of %d bytes", size)
	}
	if len(raw)+1 <= size {
		return [][]byte{append([]byte{whole}, raw...)}, nil
	}
	body := size - partHeader
	n := (len(raw) + body - 1) / body
	if n > 255 {
		return nil, fmt.Errorf("blind room: a message of %d bytes takes %d frames of %d bytes", len(raw), n, size)
	}
	out := make([][]byte, n)
	for k := range n {
		chunk := raw[k*body : min(len(raw), (k+1)*body)]
		out[k] = append([]byte{part, byte(k), byte(n)}, chunk...)
	}
	return out, nil
}

// send writes a message to a link in frames.
func send(c rtc.Conn, raw []byte) error {
	frames, err := Frames(raw, frameSize)
	if err != nil {
		return err
	}
	for _, f := range frames {
		if err := c.Send(f); err != nil {
			return err
		}
	}
	return nil
}

// reader reads a link's messages back from their frames (a page's link to
// the host).
type reader struct {
	c rtc.Conn
	r reassembler
}

// recv returns the next whole message; a frame out of order or too big is
// an error.
func (r *reader) recv(ctx context.Context) ([]byte, error) {
	for {
		f, err := r.c.Recv(ctx)
		if err != nil {
			return nil, err
		}
		raw, err := r.r.add(f, frameSize)
		if err != nil || raw != nil {
			return raw, err
		}
	}
}
