package rtc

import (
	"context"
	"errors"
	"slices"
	"sync"
)

// Conn is one reliable, ordered, message-oriented link between the host and
// one peer: a WebRTC data channel (pion natively, the browser's
// RTCPeerConnection in the page) or an in-memory pipe in tests.
type Conn interface {
	// Send writes one message. It may return before the other end reads it.
	Send(msg []byte) error
	// Recv returns the next message, or an error once the link is closed.
	Recv(ctx context.Context) ([]byte, error)
	// Close ends the link for both ends.
	Close() error
}

// ErrClosed is returned by a closed Conn.
var ErrClosed = errors.New("connection closed")

// Pipe returns the two ends of an in-memory Conn: what one end sends the
// other receives, in order. Closing either end closes both.
func Pipe() (Conn, Conn) {
	p := &pipe{closed: make(chan struct{})}
	p.q[0].ready = make(chan struct{}, 1)
	p.q[1].ready = make(chan struct{}, 1)
	return &pipeEnd{p: p, in: 0, out: 1}, &pipeEnd{p: p, in: 1, out: 0}
}

type pipe struct {
	mu     sync.Mutex
	q      [2]pipeQueue
	once   sync.Once
	closed chan struct{}
}

type pipeQueue struct {
	msgs  [][]byte
	ready chan struct{} // signalled when msgs becomes non-empty
}

type pipeEnd struct {
	p       *pipe
	in, out int
}

func (e *pipeEnd) Send(msg []byte) error {
	select {
	case <-e.p.closed:
		return ErrClosed
	default:
	}
	e.p.mu.Lock()
	q := &e.p.q[e.out]
	q.msgs = append(q.msgs, slices.Clone(msg))
	e.p.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
	return nil
}

func (e *pipeEnd) Recv(ctx context.Context) ([]byte, error) {
	q := &e.p.q[e.in]
	for {
		e.p.mu.Lock()
		if len(q.msgs) > 0 {
			m := q.msgs[0]
			q.msgs = q.msgs[1:]
			e.p.mu.Unlock()
			return m, nil
		}
		e.p.mu.Unlock()
		select {
		case <-q.ready:
		case <-e.p.closed:
			// What was sent before the close is still read, as a data
			// channel's messages received before it closed are.
			e.p.mu.Lock()
			if len(q.msgs) > 0 {
				m := q.msgs[0]
				q.msgs = q.msgs[1:]
				e.p.mu.Unlock()
				return m, nil
			}
			e.p.mu.Unlock()
			return nil, ErrClosed
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (e *pipeEnd) Close() error {
	e.p.once.Do(func() { close(e.p.closed) })
	return nil
}
