// Package pion is the WebRTC transport of peer play: the host and each
// joiner meet through the signaling server, then talk over one ordered,
// reliable data channel, an rtc.Conn. The same code runs natively (pion's
// own stack, for `app join` and tests) and in the page (pion wraps the
// browser's RTCPeerConnection). It also holds room links and the embedded
// TURN relay.
//
// What only pion's own stack has is in the native files (pion_native.go,
// turn.go): its settings, the TURN relay, the stall watch over SCTP's
// counts. The page build passes descriptions and candidates as the browser
// writes them, and links none of pion's ICE, STUN, TURN, mDNS, DTLS or SDP
// code but the package initialisers pion/webrtc's own imports bring
// (pagelink_test.go).
package pion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pion/webrtc/v4"

	"cardtable/rtc"
	"cardtable/rtc/wire"
	"cardtable/signaling"
)

// WebRTC links: the host and each joiner meet through the signaling server,
// then talk over one ordered, reliable data channel. The same code runs
// natively (pion's own stack) and in the page (pion wraps the browser's
// RTCPeerConnection). The joiner offers, the host answers, and both trickle
// their ICE candidates through the server.

// Config says how to reach the signaling server and the peers.
type Config struct {
	// Signal is the signaling server's prefix: ws://127.0.0.1:8000/signal/
	Signal string
	// Fallback lists other signaling instances sharing the same rooms
	// (through NATS): when a signaling connection cannot be made or drops,
	// the next one is tried, with a growing pause between rounds.
	Fallback []string
	// ICE adds STUN/TURN servers to those the signaling server tells.
	ICE []webrtc.ICEServer
	// Loopback (native only) gathers loopback candidates and no mDNS ones,
	// so two peers on one machine connect on 127.0.0.1 (tests, benchmarks).
	Loopback bool
	// ConnectTimeout bounds a joiner's wait for its data channel (20 s).
	ConnectTimeout time.Duration
	// Reach, when set, bounds each attempt to reach a signaling instance,
	// and a Join none of whose instances answers returns ErrUnreachable at
	// once instead of trying again until ConnectTimeout: the page says so
	// and offers to try again. Zero waits as long as the caller's context.
	Reach time.Duration
	// RelayOnly uses TURN relays only (tests of the relay; privacy).
	RelayOnly bool
	// From (native only) is the local address the signaling connection
	// comes from: tests and measurements on one machine give each client
	// its own (127.0.0.2 …), as the server's per-address limits see them.
	From string
}

// signals is every signaling prefix to try, Signal first.
func (cfg Config) signals() []string {
	return append([]string{cfg.Signal}, cfg.Fallback...)
}

// ErrUnreachable is the error of a signaling instance that could not be
// reached: no connection, or no answer within Config.Reach.
var ErrUnreachable = errors.New("the signaling server cannot be reached")

// unreachable is ErrUnreachable with its cause.
type unreachable struct{ cause error }

func (e *unreachable) Error() string { return ErrUnreachable.Error() + ": " + e.cause.Error() }
func (e *unreachable) Unwrap() error { return ErrUnreachable }

// dialOne dials one signaling instance, within cfg.Reach when it is set. A
// server that could not be reached (no connection opened, or no answer
// within Reach) is ErrUnreachable; a server that answered, with a refusal
// or by closing, is not.
func dialOne(ctx context.Context, cfg Config, room, secret string) (*signaling.Client, error) {
	dctx := ctx
	if cfg.Reach > 0 {
		var cancel context.CancelFunc
		dctx, cancel = context.WithTimeout(ctx, cfg.Reach)
		defer cancel()
	}
	sig, err := dialSignal(dctx, cfg, room, secret)
	var de *signaling.DialError
	if err != nil && ctx.Err() == nil && (errors.As(err, &de) || dctx.Err() != nil) {
		return nil, &unreachable{err}
	}
	return sig, err
}

// dialAny dials the signaling instances in turn, from the one at *next,
// and leaves *next at the one that answered; it returns the last error
// when none did.
func dialAny(ctx context.Context, cfg Config, next *int, room, secret string) (*signaling.Client, error) {
	urls := cfg.signals()
	var err error
	for range urls {
		c := cfg
		c.Signal = urls[*next%len(urls)]
		var sig *signaling.Client
		if sig, err = dialOne(ctx, c, room, secret); err == nil {
			return sig, nil
		}
		if !retryable(err) {
			return nil, err
		}
		*next = (*next + 1) % len(urls)
	}
	return nil, err
}

// retryable reports whether a signaling error may pass on another try: a
// connection that could not be made or dropped, an instance shutting down,
// or one whose message service is down; not a refusal of the room.
func retryable(err error) bool {
	var ce *signaling.CloseError
	if errors.As(err, &ce) {
		return ce.Code == int(signaling.CloseUnavailable) || ce.Code == 1001 || ce.Code == 1006 || ce.Code == 1011 || ce.Code == 1012 || ce.Code == 1013
	}
	return err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

func (cfg Config) webrtcConfig(told []signaling.ICEServer) webrtc.Configuration {
	c := webrtc.Configuration{ICEServers: iceServers(cfg, told)}
	if cfg.RelayOnly {
		c.ICETransportPolicy = webrtc.ICETransportPolicyRelay
	}
	return c
}

// signalData is the payload the peers exchange through the server.
type signalData struct {
	SDP       *description             `json:"sdp,omitempty"`
	Candidate *webrtc.ICECandidateInit `json:"candidate,omitempty"`
}

// description is a session description as it goes through the server, in
// the JSON of a webrtc.SessionDescription ({"type":"offer","sdp":"v=0…"}).
// It is not pion's type, which keeps the description parsed: put in JSON,
// that type would link pion's SDP package into the page, which only hands
// the text to the browser.
type description struct {
	Type webrtc.SDPType `json:"type"`
	SDP  string         `json:"sdp"`
}

func describe(d webrtc.SessionDescription) *description {
	return &description{Type: d.Type, SDP: d.SDP}
}

func (d *description) pion() webrtc.SessionDescription {
	return webrtc.SessionDescription{Type: d.Type, SDP: d.SDP}
}

func iceServers(cfg Config, told []signaling.ICEServer) []webrtc.ICEServer {
	out := make([]webrtc.ICEServer, 0, len(told)+len(cfg.ICE))
	for _, s := range told {
		out = append(out, webrtc.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
	}
	return append(out, cfg.ICE...)
}

func sendSignal(ctx context.Context, c *signaling.Client, peer string, d signalData) error {
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return c.Send(ctx, signaling.Message{Type: signaling.TypeSignal, Peer: peer, Data: b})
}

// dcConn is a rtc.Conn over a data channel.
type dcConn struct {
	pc    *webrtc.PeerConnection
	dc    *webrtc.DataChannel
	in    chan []byte
	once  sync.Once
	done  chan struct{}
	low   chan struct{} // the send buffer fell under lowWater
	limit int           // the largest message this end takes (rtc/wire)
	host  bool          // the host's end: it tells the peer why it closes
	read  atomic.Int64  // bytes of the messages received, for watchStall
	reads atomic.Int64  // messages received
	sends atomic.Int64  // messages sent
	why   error         // why this end closed the link, nil for a plain close; set before done closes
}

// What waits in a link's send buffer: Send holds on at highWater until it
// falls under lowWater, and gives the link up after drainTimeout (a peer
// that does not read). Close lets the buffer drain for up to closeLinger,
// so that a bye reaches the peer before the link goes.
const (
	highWater    = 256 << 10
	lowWater     = 64 << 10
	drainTimeout = 10 * time.Second
	closeLinger  = time.Second
)

// newDCConn makes a data channel a Conn; it holds at most queue messages
// received and not yet read (more ends the link), and takes messages of
// limit bytes at most: a bigger one ends the link with the reason, told to
// the peer in a bye when this is the host's end. A message too big to
// arrive whole in the receive buffer is found by watchStall.
func newDCConn(pc *webrtc.PeerConnection, dc *webrtc.DataChannel, queue, limit int, host bool) *dcConn {
	c := &dcConn{pc: pc, dc: dc, in: make(chan []byte, queue), done: make(chan struct{}), low: make(chan struct{}, 1), limit: limit, host: host}
	dc.SetBufferedAmountLowThreshold(lowWater)
	dc.OnBufferedAmountLow(func() {
		select {
		case c.low <- struct{}{}:
		default:
		}
	})
	dc.OnMessage(func(m webrtc.DataChannelMessage) {
		c.read.Add(int64(len(m.Data)))
		c.reads.Add(1)
		if len(m.Data) > c.limit {
			c.closeFor(fmt.Errorf("a message of %d bytes is over the %d-byte limit", len(m.Data), c.limit))
			return
		}
		select {
		case c.in <- m.Data:
		case <-c.done:
		default:
			c.Close() // a peer that floods the link is dropped
		}
	})
	dc.OnError(func(err error) {
		// pion's reader gives up on a message over the stack's own
		// maximum (io.ErrShortBuffer) before it closes the channel.
		if errors.Is(err, io.ErrShortBuffer) {
			c.closeFor(fmt.Errorf("a message is over the %d-byte limit", c.limit))
		}
	})
	dc.OnClose(func() { c.Close() })
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateFailed || s == webrtc.PeerConnectionStateClosed || s == webrtc.PeerConnectionStateDisconnected {
			c.Close()
		}
	})
	go watchStall(c)
	return c
}

// closed is the error of a link that is closed: rtc.ErrClosed, with the
// reason when this end closed it for one.
func (c *dcConn) closed() error {
	if c.why != nil {
		return fmt.Errorf("%w: %v", rtc.ErrClosed, c.why)
	}
	return rtc.ErrClosed
}

// closeFor closes the link for why; the host's end first sends the peer a
// bye that says it (wire.ByeBad), which the close's linger lets through.
func (c *dcConn) closeFor(why error) {
	c.once.Do(func() {
		c.why = why
		close(c.done)
		go func() { // never from inside a pion callback
			if c.host {
				if b, err := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgBye, Code: wire.ByeBad, Error: why.Error()}); err == nil {
					c.dc.SendText(string(b))
				}
			}
			c.linger()
		}()
	})
}

func (c *dcConn) Send(b []byte) error {
	select {
	case <-c.done:
		return c.closed()
	default:
	}
	if c.dc.BufferedAmount() > highWater {
		t := time.NewTimer(drainTimeout)
		defer t.Stop()
		for c.dc.BufferedAmount() > lowWater {
			select {
			case <-c.low:
			case <-c.done:
				return rtc.ErrClosed
			case <-t.C:
				c.Close()
				return fmt.Errorf("%w: the peer does not read", rtc.ErrClosed)
			}
		}
	}
	c.sends.Add(1)
	if err := c.dc.Send(b); err != nil {
		c.Close()
		return fmt.Errorf("%w: %v", rtc.ErrClosed, err)
	}
	return nil
}

func (c *dcConn) Recv(ctx context.Context) ([]byte, error) {
	select {
	case b := <-c.in:
		return b, nil
	default:
	}
	select {
	case b := <-c.in:
		return b, nil
	case <-c.done:
		// What arrived before the close is read before the close is told
		// (a host's bye comes just before its close).
		select {
		case b := <-c.in:
			return b, nil
		default:
			return nil, c.closed()
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *dcConn) Close() error {
	c.once.Do(func() {
		close(c.done)
		go c.linger() // never from inside a pion callback
	})
	return nil
}

// linger lets the send buffer drain for up to closeLinger, then closes the
// peer connection.
func (c *dcConn) linger() {
	for end := time.Now().Add(closeLinger); c.dc.BufferedAmount() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	closePeer(c.pc)
}

// How many messages a link holds received and not yet read: a peer's to
// the host are small and the host reads them at once; the host's to a
// joiner can come in bursts.
const (
	hostQueue = 64
	joinQueue = 1024
)

// Room is a host's presence on the signaling server: every joiner that
// connects becomes a rtc.Conn handed to accept.
type Room struct {
	Code   string // the room code for the link
	Secret string // proves the host to the server after a reload

	cfg    Config
	api    *webrtc.API
	accept func(rtc.Conn)
	ctx    context.Context
	cancel context.CancelFunc
	sig    *signaling.Client
	next   int // the signaling instance in cfg.signals() it uses
	done   chan struct{}

	mu      sync.Mutex
	pcs     map[string]*webrtc.PeerConnection // joiners still connecting
	offered map[string]bool                   // joiners that made their offer
	told    []signaling.ICEServer             // the ICE servers the signaling server told
	state   string
}

// HostRoom opens a room on the signaling server (a new one when code is
// empty; a reloaded host gives its code and secret) and hands every joiner's
// data channel to accept once it opens. The room lasts until ctx ends or
// Close; a dropped signaling connection is dialed again.
func HostRoom(ctx context.Context, cfg Config, code, secret string, accept func(rtc.Conn)) (*Room, error) {
	next := 0
	sig, err := dialAny(ctx, cfg, &next, code, secret)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	r := &Room{
		Code: sig.Room, Secret: sig.Secret, cfg: cfg, api: newAPI(cfg, true), accept: accept,
		ctx: ctx, cancel: cancel, sig: sig, next: next, done: make(chan struct{}),
		pcs: map[string]*webrtc.PeerConnection{}, offered: map[string]bool{}, told: sig.ICE, state: "open",
	}
	go r.run()
	return r, nil
}

// Close leaves the signaling server; data channels already open stay up.
func (r *Room) Close() {
	r.cancel()
	<-r.done
}

// State is "open", "reconnecting" or "closed".
func (r *Room) State() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state
}

func (r *Room) setState(s string) {
	r.mu.Lock()
	r.state = s
	r.mu.Unlock()
}

func (r *Room) run() {
	defer close(r.done)
	defer r.setState("closed")
	wait := 250 * time.Millisecond
	for {
		go r.sig.Ping(r.ctx, 30*time.Second)
		err := r.serve()
		r.sig.Close()
		if r.ctx.Err() != nil {
			return
		}
		var ce *signaling.CloseError
		if errors.As(err, &ce) && (ce.Code == int(signaling.CloseReplaced) || ce.Code == int(signaling.CloseBadSecret)) {
			return // another page hosts the room now
		}
		r.setState("reconnecting")
		for {
			t := time.NewTimer(wait)
			select {
			case <-r.ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
			wait = min(2*wait, 10*time.Second)
			// The instance it was on may be gone: the next one first.
			r.next++
			sig, err := dialAny(r.ctx, r.cfg, &r.next, r.Code, r.Secret)
			if err == nil {
				r.mu.Lock()
				r.sig, r.state, r.told = sig, "open", sig.ICE
				r.offered = map[string]bool{} // peer ids are the new connection's
				r.mu.Unlock()
				wait = 250 * time.Millisecond
				break
			}
		}
	}
}

// serve answers joiners until the signaling connection ends.
func (r *Room) serve() error {
	for {
		m, err := r.sig.Recv(r.ctx)
		if err != nil {
			return err
		}
		switch m.Type {
		case signaling.TypeSignal:
			var d signalData
			if json.Unmarshal(m.Data, &d) != nil {
				continue
			}
			r.signal(m.Peer, d)
		case signaling.TypeLeave:
			// A joiner leaves the server once its channel is open; one that
			// leaves before is given up.
			r.mu.Lock()
			pc := r.pcs[m.Peer]
			delete(r.pcs, m.Peer)
			delete(r.offered, m.Peer)
			r.mu.Unlock()
			if pc != nil && pc.ConnectionState() != webrtc.PeerConnectionStateConnected {
				go closePeer(pc)
			}
		}
	}
}

func (r *Room) signal(peer string, d signalData) {
	r.mu.Lock()
	pc := r.pcs[peer]
	r.mu.Unlock()
	switch {
	case d.SDP != nil && d.SDP.Type == webrtc.SDPTypeOffer:
		// One offer for each joiner's signaling connection: a joiner that
		// wants to try again connects again, which the server's limits
		// count, so that offers cannot make the host work without end.
		r.mu.Lock()
		again := r.offered[peer]
		r.offered[peer] = true
		told := r.told
		r.mu.Unlock()
		if again {
			return
		}
		pc, err := r.api.NewPeerConnection(r.cfg.webrtcConfig(told))
		if err != nil {
			return
		}
		r.mu.Lock()
		r.pcs[peer] = pc
		sig := r.sig
		r.mu.Unlock()
		onCandidate(pc, func(c webrtc.ICECandidateInit) {
			sendSignal(r.ctx, sig, peer, signalData{Candidate: &c})
		})
		var taken sync.Once
		pc.OnDataChannel(func(dc *webrtc.DataChannel) {
			// One peer connection is one link: its first channel. Every
			// other channel it opens is closed.
			first := false
			taken.Do(func() { first = true })
			if !first {
				go dc.Close()
				return
			}
			conn := newDCConn(pc, dc, hostQueue, wire.MaxPeerMessage, true)
			dc.OnOpen(func() {
				r.mu.Lock()
				if r.pcs[peer] == pc {
					delete(r.pcs, peer)
				}
				r.mu.Unlock()
				go r.accept(conn)
			})
		})
		if pc.SetRemoteDescription(d.SDP.pion()) != nil {
			go closePeer(pc)
			return
		}
		answer, err := pc.CreateAnswer(nil)
		if err != nil {
			go closePeer(pc)
			return
		}
		// The answer goes out before gathering starts, so candidates follow it.
		if sendSignal(r.ctx, sig, peer, signalData{SDP: describe(answer)}) != nil || pc.SetLocalDescription(answer) != nil {
			go closePeer(pc)
		}
	case d.Candidate != nil && pc != nil:
		pc.AddICECandidate(*d.Candidate)
	}
}

// Join connects to the host of room through the signaling server and
// returns the open data channel. It waits for a host that is away
// (reloading) until ConnectTimeout.
func Join(ctx context.Context, cfg Config, room string) (rtc.Conn, error) {
	// The link reads from the moment its channel exists: what the host
	// sends as the channel opens (a bye, at once) is not lost.
	var conn *dcConn
	_, _, err := join(ctx, cfg, newAPI(cfg, false), room, 1, func(pc *webrtc.PeerConnection, dc *webrtc.DataChannel) {
		conn = newDCConn(pc, dc, joinQueue, wire.MaxHostMessage, false)
	})
	if err != nil {
		return nil, err
	}
	return conn, nil
}

// join opens a peer connection to the host of room with channels data
// channels, and returns once the first is open. Each attempt hands its
// first channel to wrap (if given) as soon as it is made, before it opens.
func join(ctx context.Context, cfg Config, api *webrtc.API, room string, channels int, wrap ...func(*webrtc.PeerConnection, *webrtc.DataChannel)) (*webrtc.PeerConnection, []*webrtc.DataChannel, error) {
	timeout := cfg.ConnectTimeout
	if timeout <= 0 {
		timeout = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// A signaling connection that drops before the channel opens (its
	// instance died or restarted, its message service is down) is made
	// again, on the next instance, after a growing pause: the attempt
	// starts over under a new peer id.
	next, wait := 0, 250*time.Millisecond
	for {
		pc, dcs, err := joinOnce(ctx, cfg, api, &next, room, channels, wrap)
		var se *signalErr
		if cfg.Reach > 0 && errors.Is(err, ErrUnreachable) {
			return nil, nil, err // the caller says so and tries again
		}
		if err == nil || !errors.As(err, &se) || !retryable(se.err) || ctx.Err() != nil {
			if err != nil && ctx.Err() != nil && !errors.Is(err, ctx.Err()) {
				err = fmt.Errorf("join: %w (last: %v)", ctx.Err(), err)
			}
			return pc, dcs, err
		}
		next++
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, nil, fmt.Errorf("join: signaling unavailable, gave up retrying: %w", err)
		case <-t.C:
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// errHostBack ends an attempt whose host connected again before answering.
var errHostBack = errors.New("join: the host connected again: offering again")

// signalErr is an error of the signaling connection, which another
// attempt may not meet.
type signalErr struct{ err error }

func (e *signalErr) Error() string { return e.err.Error() }
func (e *signalErr) Unwrap() error { return e.err }

// joinOnce is one attempt at join over one signaling connection.
func joinOnce(ctx context.Context, cfg Config, api *webrtc.API, next *int, room string, channels int, wrap []func(*webrtc.PeerConnection, *webrtc.DataChannel)) (*webrtc.PeerConnection, []*webrtc.DataChannel, error) {
	sig, err := dialAny(ctx, cfg, next, room, "")
	if err != nil {
		return nil, nil, &signalErr{err}
	}
	defer sig.Close()
	msgs := make(chan signaling.Message, 64)
	rerr := make(chan error, 1)
	go func() {
		for {
			m, err := sig.Recv(ctx)
			if err != nil {
				rerr <- err
				return
			}
			select {
			case msgs <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	for !sig.Host {
		select {
		case m := <-msgs:
			sig.Host = m.Type == signaling.TypeHostUp
		case err := <-rerr:
			return nil, nil, &signalErr{err}
		case <-ctx.Done():
			return nil, nil, fmt.Errorf("join: the host did not come: %w", ctx.Err())
		}
	}
	pc, err := api.NewPeerConnection(cfg.webrtcConfig(sig.ICE))
	if err != nil {
		return nil, nil, err
	}
	ok := false
	defer func() {
		if !ok {
			go closePeer(pc)
		}
	}()
	var dcs []*webrtc.DataChannel
	for range channels {
		dc, err := pc.CreateDataChannel("cardtable", nil)
		if err != nil {
			return nil, nil, err
		}
		dcs = append(dcs, dc)
	}
	for _, w := range wrap {
		w(pc, dcs[0])
	}
	open := make(chan struct{})
	dcs[0].OnOpen(func() { close(open) })
	onCandidate(pc, func(c webrtc.ICECandidateInit) {
		sendSignal(ctx, sig, "", signalData{Candidate: &c})
	})
	offer, err := pc.CreateOffer(nil)
	if err != nil {
		return nil, nil, err
	}
	if err := sendSignal(ctx, sig, "", signalData{SDP: describe(offer)}); err != nil {
		return nil, nil, &signalErr{err}
	}
	if err := pc.SetLocalDescription(offer); err != nil {
		return nil, nil, err
	}
	var early []webrtc.ICECandidateInit // candidates before the answer
	answered := false
	for {
		select {
		case <-open:
			ok = true
			return pc, dcs, nil
		case m := <-msgs:
			switch m.Type {
			case signaling.TypeNoHost:
				return nil, nil, rtc.ErrHostLeft
			case signaling.TypeHostUp:
				// The host connected again (its page reloaded, or its
				// signaling moved to another instance): the offer went to
				// a connection that is gone, so the attempt starts over.
				return nil, nil, &signalErr{errHostBack}
			case signaling.TypeSignal:
				var d signalData
				if json.Unmarshal(m.Data, &d) != nil {
					continue
				}
				switch {
				case d.SDP != nil && d.SDP.Type == webrtc.SDPTypeAnswer && !answered:
					if err := pc.SetRemoteDescription(d.SDP.pion()); err != nil {
						return nil, nil, err
					}
					answered = true
					for _, c := range early {
						pc.AddICECandidate(c)
					}
				case d.Candidate != nil && answered:
					pc.AddICECandidate(*d.Candidate)
				case d.Candidate != nil:
					early = append(early, *d.Candidate)
				}
			}
		case err := <-rerr:
			return nil, nil, &signalErr{err}
		case <-ctx.Done():
			return nil, nil, fmt.Errorf("join: no data channel: %w", ctx.Err())
		}
	}
}
