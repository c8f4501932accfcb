package signaling

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Client is one connection to the signaling server, natively or in the
// browser (coder/websocket wraps the page's WebSocket there).
type Client struct {
	ws     *websocket.Conn
	Room   string      // the room's code
	Secret string      // the host secret, when this client is the host
	Peer   string      // this joiner's id in the room; "" for the host
	Host   bool        // joiner: the host was connected when it arrived
	ICE    []ICEServer // STUN/TURN servers the server recommends

	wmu sync.Mutex
}

// RoomURL is the signaling URL of a room: base is the server's signaling
// prefix (`ws://127.0.0.1:8000/signal/`), room a code or "" for a new room.
func RoomURL(base, room string) string {
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	if room == "" {
		room = NewRoom
	}
	return base + room
}

// DialError is a connection to the server that could not be opened: the
// server was not reached, as opposed to one that answered with a refusal.
type DialError struct{ Err error }

func (e *DialError) Error() string { return "signaling: " + e.Err.Error() }
func (e *DialError) Unwrap() error { return e.Err }

// Dial joins room (a new room when room is empty). A host reclaiming its
// room gives the room's secret. It returns once the server has answered
// the hello, or with the server's reason for refusing.
func Dial(ctx context.Context, base, room, secret string) (*Client, error) {
	return dialWith(ctx, base, room, secret, nil)
}

func dialWith(ctx context.Context, base, room, secret string, opts *websocket.DialOptions) (*Client, error) {
	if room != "" && !ValidRoom(room) {
		return nil, fmt.Errorf("signaling: %q is not a room code", room)
	}
	ws, _, err := websocket.Dial(ctx, RoomURL(base, room), opts)
	if err != nil {
		return nil, &DialError{err}
	}
	ws.SetReadLimit(1 << 20)
	c := &Client{ws: ws}
	if err := c.Send(ctx, Message{Type: TypeHello, V: Version, Secret: secret}); err != nil {
		ws.CloseNow()
		return nil, err
	}
	m, err := c.Recv(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, err
	}
	if m.Type != TypeRoom {
		ws.Close(CloseBadMessage, "bad message: want the room")
		return nil, fmt.Errorf("signaling: server answered %q to the hello", m.Type)
	}
	c.Room, c.Secret, c.Peer, c.Host, c.ICE = m.Room, m.Secret, m.Peer, m.Host, m.ICE
	return c, nil
}

// Send writes one message.
func (c *Client) Send(ctx context.Context, m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		return wrapClose(err)
	}
	return nil
}

// Recv reads the next message. Cancelling ctx closes the connection.
func (c *Client) Recv(ctx context.Context) (Message, error) {
	_, b, err := c.ws.Read(ctx)
	if err != nil {
		return Message{}, wrapClose(err)
	}
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		return Message{}, fmt.Errorf("signaling: bad message from the server: %w", err)
	}
	return m, nil
}

// Ping keeps the connection alive until ctx ends: the server closes a
// connection that says nothing for its idle time-out.
func (c *Client) Ping(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if c.Send(ctx, Message{Type: TypePing}) != nil {
				return
			}
		}
	}
}

// Close ends the connection normally.
func (c *Client) Close() error {
	return c.ws.Close(websocket.StatusNormalClosure, "")
}

// CloseError is the server's reason for ending a connection.
type CloseError struct {
	Code   int
	Reason string
}

func (e *CloseError) Error() string {
	return fmt.Sprintf("signaling: closed by the server: %s (%d)", e.Reason, e.Code)
}

func wrapClose(err error) error {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		return &CloseError{Code: int(ce.Code), Reason: ce.Reason}
	}
	return fmt.Errorf("signaling: %w", err)
}
