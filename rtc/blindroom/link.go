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
// two bytes), parts in order.
const (
	frameSize  = wire.MaxPeerMessage
	whole      = 0
	part       = 1
	partHeader = 3
	maxParts   = (MaxMessage + frameSize - partHeader - 1) / (frameSize - partHeader)
)

// send writes a message to a link in frames.
func send(c rtc.Conn, raw []byte) error {
	if len(raw)+1 <= frameSize {
		return c.Send(append([]byte{whole}, raw...))
	}
	if len(raw) > MaxMessage {
		return fmt.Errorf("blind room: a message of %d bytes is over the %d-byte limit", len(raw), MaxMessage)
	}
	body := frameSize - partHeader
	n := (len(raw) + body - 1) / body
	for k := range n {
		chunk := raw[k*body : min(len(raw), (k+1)*body)]
		if err := c.Send(append([]byte{part, byte(k), byte(n)}, chunk...)); err != nil {
			return err
		}
	}
	return nil
}

// reader reads a link's messages back from their frames.
type reader struct {
	c     rtc.Conn
	parts []byte
	next  int
	of    int
}

// recv returns the next whole message; a frame out of order or too big is
// an error.
func (r *reader) recv(ctx context.Context) ([]byte, error) {
	for {
		f, err := r.c.Recv(ctx)
		if err != nil {
			return nil, err
		}
		switch {
		case len(f) > frameSize || len(f) < 1:
			return nil, fmt.Errorf("blind room: a frame of %d bytes", len(f))
		case f[0] == whole && r.of == 0:
			return f[1:], nil
		case f[0] != part || len(f) < partHeader:
			return nil, fmt.Errorf("blind room: a frame of no kind the room knows")
		}
		k, n := int(f[1]), int(f[2])
		if k != r.next || n < 2 || n > maxParts || (r.of != 0 && n != r.of) {
			return nil, fmt.Errorf("blind room: part %d of %d came out of order", k+1, n)
		}
		r.parts, r.next, r.of = append(r.parts, f[partHeader:]...), k+1, n
		if r.next == n {
			out := r.parts
			r.parts, r.next, r.of = nil, 0, 0
			return out, nil
		}
	}
}
