//go:build !js

package signaling

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// Config holds the server's limits and settings. Zero fields take the
// defaults written next to them.
type Config struct {
	MaxMessage        int64   // bytes in one message (16 KiB)
	MaxJoiners        int     // joiners in one room besides the host (8)
	MaxJoinersPerIP   int     // joiners in one room from one address (4)
	MaxRooms          int     // rooms in all (10 000)
	MaxRoomsPerIP     int     // live rooms created from one address (16)
	MaxConns          int     // connections in all (20 000)
	MaxConnsPerIP     int     // connections from one address (64)
	MessagesPerSecond float64 // sustained messages per joiner connection (20)
	Burst             int     // messages a joiner connection may send at once (60)
	// AddrPerSecond and AddrBurst bound the messages of every joiner
	// connection from one address together (40 a second, 120 at once): the
	// allowance outlives a connection, so reconnecting gives none back.
	AddrPerSecond float64
	AddrBurst     int
	// HostCredit is how many messages a host may send for each message a
	// joiner sends it (16): a host answers what its joiners cause and is
	// never closed for it; what it sends beyond is dropped.
	HostCredit       int
	HandshakeTimeout time.Duration // from the upgrade to the hello (10 s)
	IdleTimeout      time.Duration // without a message from the client (2 min); clients ping
	WriteTimeout     time.Duration // to write one message to a client (5 s)
	// Key signs host secrets. Empty: a random key, so hosts can reclaim
	// their rooms only until the server restarts.
	Key []byte
	// ICEServers are told to every client (STUN and TURN for the peers).
	ICEServers []ICEServer
	// ICEFor, when set, adds servers for each client as it enters a room:
	// a TURN relay's short-lived credentials.
	ICEFor func() []ICEServer
	// OriginPatterns lists the page origins allowed besides the server's own
	// host (coder/websocket's patterns); "*" allows any origin, which a
	// signaling server for a statically hosted PWA needs.
	OriginPatterns []string
	// ClientIP tells the client's address for the per-address limits.
	// Default: the connection's remote address (set it behind a proxy).
	ClientIP func(r *http.Request) string
	// NATS, when set, is the URL of the NATS server (with JetStream)
	// through which this instance shares its rooms with the others; Key
	// must then be the same on every instance. Empty: rooms live in this
	// process only. The URL may carry a user and password or a token.
	NATS string
	// NATSAuth holds the other credentials and the certificates for NATS.
	NATSAuth NATSAuth
	// NATSStorage is where JetStream keeps the room records: StorageFile
	// (the default; they outlive a NATS restart) or StorageMemory (an
	// embedded NATS server on one machine, tests).
	NATSStorage string
	// NATSReplicas is how many servers of a NATS cluster hold each record
	// (1): with 3, one may fail and no room is lost.
	NATSReplicas int
}

// Where the room records are kept (Config.NATSStorage).
const (
	StorageFile   = "file"
	StorageMemory = "memory"
)

// maxReplicas is the most copies NATS keeps of a stream.
const maxReplicas = 5

// CheckNATS reports, in words, a NATS setting that cannot work: the
// storage, the replicas, the URL, the credentials file, the certificates.
// A server made from a Config it refuses never reaches NATS.
func (c Config) CheckNATS() error {
	switch c.NATSStorage {
	case "", StorageFile, StorageMemory:
	default:
		return fmt.Errorf("signaling: NATS storage %q: want %q or %q", c.NATSStorage, StorageFile, StorageMemory)
	}
	if c.NATSReplicas < 0 || c.NATSReplicas > maxReplicas {
		return fmt.Errorf("signaling: NATS replicas %d: want 1 to %d", c.NATSReplicas, maxReplicas)
	}
	return checkNATSAuth(c)
}

func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defd := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if c.MaxMessage <= 0 {
		c.MaxMessage = 16 << 10
	}
	def(&c.MaxJoiners, 8)
	def(&c.MaxJoinersPerIP, (c.MaxJoiners+1)/2)
	def(&c.MaxRooms, 10000)
	def(&c.MaxRoomsPerIP, 16)
	def(&c.MaxConns, 20000)
	def(&c.MaxConnsPerIP, 64)
	if c.MessagesPerSecond <= 0 {
		c.MessagesPerSecond = 20
	}
	def(&c.Burst, 60)
	if c.AddrPerSecond <= 0 {
		c.AddrPerSecond = 2 * c.MessagesPerSecond
	}
	def(&c.AddrBurst, 2*c.Burst)
	def(&c.HostCredit, 16)
	defd(&c.HandshakeTimeout, 10*time.Second)
	defd(&c.IdleTimeout, 2*time.Minute)
	defd(&c.WriteTimeout, 5*time.Second)
	if c.ClientIP == nil {
		c.ClientIP = remoteIP
	}
	if c.NATSStorage == "" {
		c.NATSStorage = StorageFile
	}
	def(&c.NATSReplicas, 1)
	return c
}

func remoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Server is the signaling server, an http.Handler for `/signal/…`. It matches
// the last path segment, so it works mounted at any prefix.
type Server struct {
	cfg Config
	key []byte

	mu      sync.Mutex
	rooms   map[string]*room
	conns   int
	perIP   map[string]int     // connections
	roomsIP map[string]int     // live rooms created, while their host is there
	budgets map[string]*bucket // message allowance of each address's joiners
	swept   time.Time
	clients map[*client]struct{}
	closed  bool

	cl    *cluster // nil in single-process mode
	clErr error    // the NATS settings are wrong (see Config.CheckNATS)
}

// bucket is a token bucket: rate tokens a second up to burst.
type bucket struct {
	tokens float64
	at     time.Time
}

// take refills b for the time passed and takes one token; false when none is left.
func (b *bucket) take(now time.Time, rate float64, burst int) bool {
	b.tokens = min(float64(burst), b.tokens+now.Sub(b.at).Seconds()*rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

type room struct {
	code    string
	owner   string // address that created it
	counted bool   // counts against its owner's rooms (while its host is there)
	host    *client
	joiners []*client // in order of arrival
	next    int       // joiner ids handed out (with NATS: the highest seen here, for healing)
}

type client struct {
	s    *Server
	ws   *websocket.Conn
	ip   string
	room *room
	seg  string // the room path: a code, or NewRoom
	peer string // joiner id; "" for the host
	host bool
	gen  uint64 // a host's generation in the cluster's room record
	// hostUp: a joiner in a cluster was last told the host is up (so that
	// a joiner entering as the host comes is told once, and one that
	// missed a change while NATS was away is told when it heals).
	hostUp atomic.Bool

	br  *bufio.Reader   // what the WebSocket library reads through
	raw syscall.RawConn // the socket, to wait on while idle; nil when it cannot

	timer   *time.Timer
	greeted atomic.Bool
	closing sync.WaitGroup // a close handshake under way
	budget  bucket         // this connection's messages (a host's grows with its joiners')

	qmu     sync.Mutex
	queue   [][]byte
	writing bool
	gone    bool
}

// Stats counts what the server holds now.
type Stats struct {
	Rooms int `json:"rooms"`
	Conns int `json:"conns"`
}

// New returns a server with cfg's limits.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	key := cfg.Key
	if len(key) == 0 {
		key = make([]byte, 32)
		rand.Read(key)
	}
	s := &Server{
		cfg:     cfg,
		key:     key,
		rooms:   map[string]*room{},
		perIP:   map[string]int{},
		roomsIP: map[string]int{},
		budgets: map[string]*bucket{},
		clients: map[*client]struct{}{},
	}
	if cfg.NATS != "" {
		if s.clErr = cfg.CheckNATS(); s.clErr == nil {
			s.cl, s.clErr = newCluster(s, cfg.NATS)
		}
	}
	return s
}

// WaitCluster returns once the server reaches NATS and its buckets, or
// with the reason it cannot by the end of ctx. A server without NATS is
// always ready. A server keeps trying after an error: new rooms and joins
// are refused (CloseUnavailable) until NATS answers.
func (s *Server) WaitCluster(ctx context.Context) error {
	if s.clErr != nil {
		return s.clErr
	}
	if s.cl == nil {
		return nil
	}
	return s.cl.wait(ctx)
}

// Halt ends every connection at once and leaves the cluster without a
// word, as an instance that dies does: its rooms' records still name it
// until the others see it stopped beating. Tests of fail-over use it.
func (s *Server) Halt() {
	s.mu.Lock()
	s.closed = true
	cs := make([]*client, 0, len(s.clients))
	for c := range s.clients {
		cs = append(cs, c)
	}
	s.mu.Unlock()
	if s.cl != nil {
		s.cl.halt()
	}
	for _, c := range cs {
		c.ws.CloseNow()
	}
}

// Stats reports the rooms and connections held now.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Rooms: len(s.rooms), Conns: s.conns}
}

// Close ends every connection (status 1001, waiting at most a second for
// the clients' answers) and refuses new ones.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	cs := make([]*client, 0, len(s.clients))
	for c := range s.clients {
		cs = append(cs, c)
	}
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range cs {
		c.qmu.Lock()
		c.gone, c.queue = true, nil
		c.qmu.Unlock()
		wg.Go(func() { c.ws.Close(websocket.StatusGoingAway, "server shutting down") })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second): // clients that do not answer the close
		for _, c := range cs {
			c.ws.CloseNow()
		}
		<-done
	}
	if s.cl != nil {
		s.cl.close()
	}
}

// Secret is the host secret of a room code under the server's key.
func (s *Server) Secret(code string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(code))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

func newCode() string {
	b := make([]byte, 12)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	seg := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
	if seg != NewRoom && !ValidRoom(seg) {
		http.Error(w, "signaling: not a room code (want /signal/new or /signal/CODE)", http.StatusNotFound)
		return
	}
	ip := s.cfg.ClientIP(r)
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		http.Error(w, "signaling: server shutting down", http.StatusServiceUnavailable)
		return
	case s.conns >= s.cfg.MaxConns:
		s.mu.Unlock()
		http.Error(w, fmt.Sprintf("signaling: server full (%d connections)", s.cfg.MaxConns), http.StatusServiceUnavailable)
		return
	case s.perIP[ip] >= s.cfg.MaxConnsPerIP:
		s.mu.Unlock()
		http.Error(w, fmt.Sprintf("signaling: too many connections from your address (limit %d)", s.cfg.MaxConnsPerIP), http.StatusTooManyRequests)
		return
	}
	s.conns++
	s.perIP[ip]++
	s.mu.Unlock()
	release := func() {
		s.mu.Lock()
		s.conns--
		if s.perIP[ip]--; s.perIP[ip] <= 0 {
			delete(s.perIP, ip)
		}
		s.mu.Unlock()
	}

	opts := &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns}
	for _, p := range s.cfg.OriginPatterns {
		if p == "*" {
			opts.InsecureSkipVerify = true
		}
	}
	sb := &smallBuffers{ResponseWriter: w}
	ws, err := websocket.Accept(sb, r, opts)
	if err != nil {
		release()
		return // Accept answered the request
	}
	// read limits each message itself, and reads the rest of one too big
	// before it closes, so that the close frame is not lost to a reset.
	ws.SetReadLimit(-1)
	c := &client{s: s, ws: ws, ip: ip, seg: seg, budget: bucket{tokens: float64(s.cfg.Burst), at: time.Now()}, br: sb.br, raw: rawConn(sb.conn)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		release()
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	s.clients[c] = struct{}{}
	s.mu.Unlock()
	c.timer = time.AfterFunc(s.cfg.HandshakeTimeout, c.expire)
	// The connection lives on in its own goroutine: returning lets net/http
	// drop the request, its buffers and this goroutine's grown stack, so an
	// idle connection costs a fraction of the memory.
	go c.serve(func() {
		defer release()
		c.timer.Stop()
		s.leave(c)
		c.closing.Wait() // let a close with a reason finish its handshake
		c.ws.CloseNow()
	})
}

// expire closes a connection whose time-out passed.
func (c *client) expire() {
	if c.greeted.Load() {
		c.close(CloseIdle, fmt.Sprintf("idle: no message for %v", c.s.cfg.IdleTimeout))
	} else {
		c.close(CloseHandshake, fmt.Sprintf("handshake timeout: no hello within %v", c.s.cfg.HandshakeTimeout))
	}
}

// close ends the connection with a reason, without waiting.
func (c *client) close(code websocket.StatusCode, reason string) {
	c.qmu.Lock()
	c.gone = true
	c.queue = nil
	c.qmu.Unlock()
	c.closing.Go(func() { c.ws.Close(code, reason) })
}

// maxQueue is how many messages wait for one client at most.
const maxQueue = 256

// send queues a message; one writer goroutine per busy connection drains
// the queue, so messages to a client keep their order and a slow client
// never blocks the room. A client whose queue is full is closed.
func (c *client) send(m Message) {
	if !c.push(m) {
		c.close(CloseTooSlow, "too slow: not reading its messages")
	}
}

// offer queues a message a joiner caused for the host: false, and nothing
// queued, when the host's queue is full, so that the joiner is refused and
// the host is not closed for what others send it.
func (c *client) offer(m Message) bool { return c.push(m) }

// push queues m; false when the queue is full. A closing client takes
// nothing and reports true.
func (c *client) push(m Message) bool {
	b, err := json.Marshal(m)
	if err != nil {
		return true
	}
	c.qmu.Lock()
	defer c.qmu.Unlock()
	if c.gone {
		return true
	}
	if len(c.queue) >= maxQueue {
		return false
	}
	c.queue = append(c.queue, b)
	if !c.writing {
		c.writing = true
		go c.drain()
	}
	return true
}

func (c *client) drain() {
	for {
		c.qmu.Lock()
		if len(c.queue) == 0 || c.gone {
			c.writing = false
			c.qmu.Unlock()
			return
		}
		b := c.queue[0]
		c.queue = c.queue[1:]
		c.qmu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), c.s.cfg.WriteTimeout)
		err := c.ws.Write(ctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			c.qmu.Lock()
			c.gone, c.queue, c.writing = true, nil, false
			c.qmu.Unlock()
			c.ws.CloseNow()
			return
		}
	}
}

var errBad = errors.New("bad message")

// read returns the next message, strictly decoded, within the limits of
// size and rate.
func (c *client) read() (Message, error) {
	typ, r, err := c.ws.Reader(context.Background())
	if err != nil {
		return Message{}, err
	}
	b, err := io.ReadAll(io.LimitReader(r, c.s.cfg.MaxMessage+1))
	if err != nil {
		return Message{}, err
	}
	c.timer.Reset(c.s.cfg.IdleTimeout)
	if int64(len(b)) > c.s.cfg.MaxMessage {
		// The close handshake reads and drops the rest of the message, so
		// the client gets the close frame rather than a reset.
		c.close(websocket.StatusMessageTooBig, fmt.Sprintf("message too big: over the %d-byte limit", c.s.cfg.MaxMessage))
		return Message{}, errBad
	}
	if typ != websocket.MessageText {
		c.close(CloseBadMessage, "bad message: binary frame, want JSON text")
		return Message{}, errBad
	}
	m, err := Decode(b)
	if err != nil {
		c.close(CloseBadMessage, truncate("bad message: "+err.Error()))
		return Message{}, errBad
	}
	if !c.allowed(m) {
		return Message{}, errDropped
	}
	return m, nil
}

// errDropped is a message over the allowance: a joiner's ends its
// connection, a host's is dropped.
var errDropped = errors.New("over the allowance")

// allowed takes one message from the client's allowance, or closes it. A
// joiner's messages count against its connection and its address (an
// allowance that reconnecting does not refill); a host's allowance grows
// with what its joiners send it, and a host over it loses the message,
// not its room.
func (c *client) allowed(m Message) bool {
	s, now := c.s, time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if m.Type == TypeHello && (c.seg == NewRoom || m.Secret != "") {
		return true // a host's hello: its rooms and connections are counted
	}
	if c.host {
		if !c.budget.take(now, s.cfg.MessagesPerSecond, s.hostCap()) {
			c.send(Message{Type: TypeError, Error: "too many messages: this one was dropped"})
			return false
		}
		return true
	}
	if !c.budget.take(now, s.cfg.MessagesPerSecond, s.cfg.Burst) {
		c.close(CloseTooMany, fmt.Sprintf("too many messages (over %g a second)", s.cfg.MessagesPerSecond))
		return false
	}
	b := s.budgets[c.ip]
	if b == nil {
		s.sweepLocked(now)
		b = &bucket{tokens: float64(s.cfg.AddrBurst), at: now}
		s.budgets[c.ip] = b
	}
	if !b.take(now, s.cfg.AddrPerSecond, s.cfg.AddrBurst) {
		c.close(CloseTooMany, fmt.Sprintf("too many messages from your address (over %g a second)", s.cfg.AddrPerSecond))
		return false
	}
	return true
}

// hostCap is the most a host's allowance holds.
func (s *Server) hostCap() int { return s.cfg.Burst + s.cfg.MaxJoiners*s.cfg.HostCredit*4 }

// sweepLocked forgets the addresses whose allowance is whole again, at
// most once a second.
func (s *Server) sweepLocked(now time.Time) {
	if now.Sub(s.swept) < time.Second {
		return
	}
	s.swept = now
	full := time.Duration(float64(s.cfg.AddrBurst) / s.cfg.AddrPerSecond * float64(time.Second))
	for ip, b := range s.budgets {
		if now.Sub(b.at) >= full {
			delete(s.budgets, ip)
		}
	}
}

// Decode parses one message strictly: one JSON object with known fields
// only, nothing after it, and only the fields its type uses from a client.
func Decode(b []byte) (Message, error) {
	var m Message
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("not a message: %v", err)
	}
	if dec.More() {
		return m, errors.New("data after the message")
	}
	extra := m.Room != "" || m.Host || m.ICE != nil || m.Error != ""
	switch m.Type {
	case TypeHello:
		if m.V != Version {
			return m, fmt.Errorf("protocol version %d, want %d", m.V, Version)
		}
		extra = extra || m.Peer != "" || m.Data != nil
	case TypeSignal:
		if len(m.Data) == 0 || string(m.Data) == "null" {
			return m, errors.New("signal without data")
		}
		extra = extra || m.V != 0 || m.Secret != ""
	case TypePing:
		extra = extra || m.V != 0 || m.Secret != "" || m.Peer != "" || m.Data != nil
	default:
		return m, fmt.Errorf("unknown type %q", m.Type)
	}
	if extra {
		return m, fmt.Errorf("a %s message with fields it does not use", m.Type)
	}
	return m, nil
}

// maxReason is the most bytes a WebSocket close reason may hold.
const maxReason = 123

// truncate keeps a close reason within WebSocket's 123 bytes, cutting at a
// character's boundary (a browser fails a connection whose reason is not
// UTF-8, and shows 1006 without it).
func truncate(s string) string {
	s = strings.ToValidUTF8(s, "?")
	if len(s) <= maxReason {
		return s
	}
	cut := maxReason - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// serve reads and handles one message, then hands the next to a fresh
// goroutine and ends: the goroutine that waits on an idle connection has
// only the stack of a read, not the deepest stack any message needed
// (decoding, relaying), which Go would keep. When the connection ends,
// done cleans up.
func (c *client) serve(done func()) {
	if c.handle() {
		// A close under way reads the connection (its handshake): the
		// buffer is looked at only while none is, under qmu.
		c.qmu.Lock()
		gone := c.gone
		more := !gone && c.br != nil && c.br.Buffered() > 0
		c.qmu.Unlock()
		if !gone {
			go c.serveNext(done, more)
			return
		}
	}
	done()
}

// serveNext waits, on as small a stack as it can, until the client sends
// something (more: it already did), then serves it.
func (c *client) serveNext(done func(), more bool) {
	if !more && c.raw != nil {
		waitReadable(c.raw)
	}
	c.serve(done)
}

// rawConn is the socket under conn, when it has one to wait on.
func rawConn(conn net.Conn) syscall.RawConn {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return raw
}

// handle reads one message and acts on it; false when the connection ends.
func (c *client) handle() bool {
	m, err := c.read()
	if !c.greeted.Load() {
		if err != nil {
			return false
		}
		if m.Type != TypeHello {
			c.close(CloseBadMessage, "bad message: the first message must be a hello")
			return false
		}
		c.greeted.Store(true)
		c.timer.Reset(c.s.cfg.IdleTimeout)
		return c.s.enter(c, c.seg, m.Secret)
	}
	if errors.Is(err, errDropped) && c.host {
		return true
	}
	if err != nil {
		return false
	}
	switch m.Type {
	case TypePing:
		c.send(Message{Type: TypePong})
	case TypeHello:
		c.close(CloseBadMessage, "bad message: hello sent twice")
		return false
	case TypeSignal:
		c.s.relay(c, m)
	}
	return true
}

// enter puts c in its room, or closes it with the reason it cannot enter.
func (s *Server) enter(c *client, seg, secret string) bool {
	if s.cl != nil {
		return s.cl.enter(c, seg, secret)
	}
	if s.clErr != nil {
		c.close(CloseUnavailable, errUnavailable.Error())
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var r *room
	switch {
	case seg == NewRoom:
		if secret != "" {
			c.close(CloseBadMessage, "bad message: a new room takes no secret")
			return false
		}
		if !s.roomAllowed(c) {
			return false
		}
		code := newCode()
		for s.rooms[code] != nil {
			code = newCode()
		}
		r = &room{code: code}
		s.rooms[code] = r
		s.countLocked(r, c.ip)
	case secret != "":
		if !hmac.Equal([]byte(secret), []byte(s.Secret(seg))) {
			c.close(CloseBadSecret, "wrong host secret for this room")
			return false
		}
		// A room its host left (joiners still waiting in it) counts
		// again, against the address that takes it back.
		if r = s.rooms[seg]; r == nil || !r.counted {
			if !s.roomAllowed(c) {
				return false
			}
			if r == nil {
				r = &room{code: seg}
				s.rooms[seg] = r
			}
			s.countLocked(r, c.ip)
		}
	default:
		if r = s.rooms[seg]; r == nil {
			c.close(CloseUnknownRoom, "unknown room (it may have ended)")
			return false
		}
		if len(r.joiners) >= s.cfg.MaxJoiners {
			c.close(CloseRoomFull, fmt.Sprintf("room full (%d joiners are connecting): try again in a moment", s.cfg.MaxJoiners))
			return false
		}
		mine := 0
		for _, j := range r.joiners {
			if j.ip == c.ip {
				mine++
			}
		}
		if mine >= s.cfg.MaxJoinersPerIP {
			c.close(CloseRoomFull, fmt.Sprintf("room full for your address (%d joiners from it are connecting): try again in a moment", mine))
			return false
		}
	}
	c.room = r
	if seg == NewRoom || secret != "" {
		if old := r.host; old != nil {
			old.close(CloseReplaced, "the host connected again elsewhere")
			old.room = nil
		}
		c.host = true
		r.host = c
		c.send(Message{Type: TypeRoom, Room: r.code, Secret: s.Secret(r.code), Host: true, ICE: s.ice()})
		for _, j := range r.joiners {
			c.offer(Message{Type: TypeJoin, Peer: j.peer})
			j.send(Message{Type: TypeHostUp})
		}
		return true
	}
	r.next++
	c.peer = fmt.Sprintf("p%d", r.next)
	r.joiners = append(r.joiners, c)
	c.send(Message{Type: TypeRoom, Room: r.code, Peer: c.peer, Host: r.host != nil, ICE: s.ice()})
	if r.host != nil {
		r.host.offer(Message{Type: TypeJoin, Peer: c.peer})
	}
	return true
}

// countLocked counts r against the rooms of address ip.
func (s *Server) countLocked(r *room, ip string) {
	r.owner, r.counted = ip, true
	s.roomsIP[ip]++
}

// uncountLocked stops counting r against its owner's rooms.
func (s *Server) uncountLocked(r *room) {
	if !r.counted {
		return
	}
	r.counted = false
	if s.roomsIP[r.owner]--; s.roomsIP[r.owner] <= 0 {
		delete(s.roomsIP, r.owner)
	}
}

// ice lists the ICE servers for one client.
func (s *Server) ice() []ICEServer {
	if s.cfg.ICEFor == nil {
		return s.cfg.ICEServers
	}
	return append(slices.Clone(s.cfg.ICEServers), s.cfg.ICEFor()...)
}

// roomAllowed checks the room limits for a new room by c; the caller holds s.mu.
func (s *Server) roomAllowed(c *client) bool {
	if len(s.rooms) >= s.cfg.MaxRooms {
		c.close(CloseTooMany, fmt.Sprintf("too many rooms on the server (%d)", s.cfg.MaxRooms))
		return false
	}
	if s.roomsIP[c.ip] >= s.cfg.MaxRoomsPerIP {
		c.close(CloseTooMany, fmt.Sprintf("too many rooms from your address (limit %d)", s.cfg.MaxRoomsPerIP))
		return false
	}
	return true
}

// relay passes a signal between the host and one joiner.
func (s *Server) relay(c *client, m Message) {
	if s.cl != nil {
		s.cl.relay(c, m)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := c.room
	if r == nil {
		return
	}
	if c.host {
		if m.Peer == "" {
			c.send(Message{Type: TypeError, Error: "a host's signal must name its peer"})
			return
		}
		for _, j := range r.joiners {
			if j.peer == m.Peer {
				j.send(Message{Type: TypeSignal, Data: m.Data})
				return
			}
		}
		c.send(Message{Type: TypeError, Peer: m.Peer, Error: "no peer " + m.Peer + " in the room"})
		return
	}
	if m.Peer != "" {
		c.send(Message{Type: TypeError, Error: "a joiner signals only the host"})
		return
	}
	if r.host == nil {
		c.send(Message{Type: TypeError, Error: "the host is not connected"})
		return
	}
	// The host is never closed for what a joiner sends it: a joiner whose
	// signal finds the host's queue full is refused instead. Each signal
	// lets the host answer it.
	if !r.host.offer(Message{Type: TypeSignal, Peer: c.peer, Data: m.Data}) {
		c.close(CloseTooMany, "the host is busy: try again in a moment")
		return
	}
	h := &r.host.budget
	h.tokens = min(float64(s.hostCap()), h.tokens+float64(s.cfg.HostCredit))
}

// leave takes c out of its room and forgets the room when it empties.
func (s *Server) leave(c *client) {
	if s.cl != nil {
		s.cl.leave(c)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.clients, c)
	r := c.room
	if r == nil {
		return
	}
	c.room = nil
	if c.host {
		if r.host == c {
			r.host = nil
			s.uncountLocked(r) // joiners waiting in it do not hold the owner's quota
			for _, j := range r.joiners {
				j.send(Message{Type: TypeNoHost})
			}
		}
	} else {
		for i, j := range r.joiners {
			if j == c {
				r.joiners = append(r.joiners[:i:i], r.joiners[i+1:]...)
				break
			}
		}
		if r.host != nil {
			r.host.offer(Message{Type: TypeLeave, Peer: c.peer})
		}
	}
	if r.host == nil && len(r.joiners) == 0 && s.rooms[r.code] == r {
		delete(s.rooms, r.code)
		s.uncountLocked(r)
	}
}

// smallBuffers hands the WebSocket library small read and write buffers in
// place of net/http's 4 KiB ones, which go with the request once the
// handler returns: signaling messages are small.
type smallBuffers struct {
	http.ResponseWriter
	conn net.Conn      // the hijacked connection
	br   *bufio.Reader // the reader the WebSocket library reads through
}

const bufSize = 512

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("signaling: the connection cannot be hijacked")
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		conn.Close()
		return nil, nil, err
	}
	// Bytes the client sent after its request must stay in the new
	// reader's buffer: the library takes them from there.
	n := brw.Reader.Buffered()
	b, _ := brw.Reader.Peek(n)
	br := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(b)), conn), max(bufSize, n))
	if n > 0 {
		br.Peek(n)
	}
	w.conn, w.br = conn, br
	return conn, bufio.NewReadWriter(br, bufio.NewWriterSize(conn, bufSize)), nil
}
