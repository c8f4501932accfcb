package rtc

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"

	"cardtable/rtc/wire"
)

// HostConfig starts or resumes a hosted peer match.
type HostConfig struct {
	Game   games.Entry
	Record *record.Record // the match: a new record, or the journal's to resume
	Seat   games.Seat     // the host's own seat
	Name   string         // the host player's name
	// Seats and Started resume a journal; nil Seats opens a new lobby with
	// the host in Seat and every other seat empty.
	Seats   []SeatInfo
	Started bool
	// Grace is how long an away player's seat waits before a bot of level
	// StandIn plays it (15 s, "normal").
	Grace   time.Duration
	StandIn string
	// MaxSpectators caps the links that watch without a seat (8). A seat
	// token always gets its seat back, whatever else is linked.
	MaxSpectators int
	// MaxOpening caps the links that have not said hello yet (8): one more
	// ends the oldest of them. A link that says no hello within
	// HelloTimeout (5 s) is ended.
	MaxOpening   int
	HelloTimeout time.Duration
	// MaxQueue caps the bytes waiting to be sent on one link (512 KiB): a
	// link that does not drain is ended.
	MaxQueue int
	// Bots makes the bot of a level for a seat; nil is bots.New.
	Bots func(level string, e games.Entry, seed uint64) (bots.Bot, error)
	// Reaction, when set, is how long a bot takes to answer in a timed
	// window (HumanReaction), drawn once per window; unset, the pace.
	Reaction func() time.Duration
	// Window maps the engine's timed window to the time the host waits
	// (tests shorten it); nil waits the window itself.
	Window func(time.Duration) time.Duration
	// Journal, when set, is called with the journal after every change: the
	// page saves it to local storage and resumes from it after a reload.
	Journal func(*Journal)
	// Notify, when set, is called after every change the host's UI shows.
	Notify func(Notice)
	// Room is the room's code, which the joint seed's commitments name
	// (SetRoom sets it once known). DrawTimeout is how long the draw waits
	// for the commitments, then for the shares, before it goes on without
	// the seats still silent (10 s).
	Room        string
	DrawTimeout time.Duration
}

// SeatInfo is one seat as the journal keeps it.
type SeatInfo struct {
	Kind  string `json:"kind"` // empty, host, player, bot
	Name  string `json:"name,omitempty"`
	Token string `json:"token,omitempty"` // a player's seat token
	Bot   string `json:"bot,omitempty"`   // a bot seat's level
}

// Journal is what a host needs to resume after its page reloads: the
// match's record and who sits where. It holds the seat tokens and the
// seed, so it stays on the host's device.
type Journal struct {
	V        int            `json:"v"`
	Record   *record.Record `json:"record"`
	HostSeat games.Seat     `json:"hostSeat"`
	Seats    []SeatInfo     `json:"seats"`
	Started  bool           `json:"started"`
}

// Notice tells a peer session's UI what changed.
type Notice struct {
	Kind   string  `json:"kind"` // lobby, update, status, error, bye
	Events []Event `json:"events,omitempty"`
	Err    string  `json:"error,omitempty"`
	// Late marks an error that says the player's move came after the
	// table had moved on (ErrTooLate).
	Late bool `json:"late,omitempty"`
	// Code is a bye's code (wire.Bye…), which a page says in its reader's
	// language; Err is the host's own words.
	Code string `json:"code,omitempty"`
}

// Cause is the notice's error, wrapping ErrTooLate when the move came too
// late, so a page words it without reading the host's text; nil for a
// notice that is not an error.
func (n Notice) Cause() error {
	switch {
	case n.Err == "":
		return nil
	case n.Late:
		return fmt.Errorf("%w (%s)", ErrTooLate, n.Err)
	}
	return errors.New(n.Err)
}

// ErrTooLate refuses a move made on a position the table has left: another
// player or the window was first.
var ErrTooLate = errors.New("too late: the table moved on")

// Notice kinds.
const (
	NoticeLobby  = "lobby"
	NoticeUpdate = "update"
	NoticeStatus = "status"
	NoticeError  = "error"
	NoticeBye    = "bye"
)

// Host runs a peer match in the host's page: it owns the engine, orders
// every intent (the first to arrive wins), validates it with Apply,
// journals the record and sends each peer only its own view. It is also the
// Session of the host's own seat. It is safe for concurrent use.
type Host struct {
	mu      sync.Mutex
	cfg     HostConfig
	info    games.Info
	t       *table
	d       *driver
	seat    games.Seat
	seats   []hostSeat
	conns   []*hostConn // in order of arrival
	started bool
	closed  bool
	wakeC   chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc

	legalNow [][]games.Action // each seat's legal actions
	since    []int            // step from which each seat's legal actions are unchanged

	notices []Notice // collected under mu, delivered after
	journal bool     // the journal changed under mu
	legal   []games.Action

	room string         // the room the draw binds the commitments to
	draw *drawing       // the joint seed's draw under way (draw.go)
	left []wire.LeftOut // the seats the finished draw left out, and why
}

type hostSeat struct {
	SeatInfo
	conn   *hostConn
	away   time.Time // when the player's link went away
	lastID uint64    // the last intent id handled
	bot    bots.Bot  // plays a bot seat, or stands in for an away player
	budget bucket    // the messages its links may send: it outlives a link
}

type hostConn struct {
	c      Conn
	seat   games.Seat // unseated before the hello, Observer for a spectator
	closed bool
	hello  bool
	bad    int
	last   []byte      // the last view sent
	budget *bucket     // its seat's, or own before it sits
	own    bucket      // the budget of a link without a seat
	timer  *time.Timer // the hello's deadline

	qmu    sync.Mutex
	queue  [][]byte      // messages for the writer
	queued int           // their bytes, and those of the one being sent
	ready  chan struct{} // the queue has grown or ended
	ended  bool          // the writer sends what is queued, then closes
}

// A seat's links may send msgRate messages a second, msgBurst at once, and
// one more for each action the host tells them of (an honest peer answers
// an update with at most one intent, however fast the table plays); more
// ends the link. The budget stays with the seat, so reconnecting refills
// nothing.
const (
	msgRate  = 30
	msgBurst = 100
)

// bucket is a message budget.
type bucket struct {
	tokens float64
	at     time.Time
}

func fullBucket() bucket { return bucket{tokens: msgBurst, at: time.Now()} }

// take refills the budget for the time passed and takes one message.
func (b *bucket) take(now time.Time) bool {
	b.tokens = min(msgBurst, b.tokens+now.Sub(b.at).Seconds()*msgRate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// credit gives back one message for an update the link was sent.
func (b *bucket) credit() { b.tokens = min(msgBurst, b.tokens+1) }

// maxIDGap is how far an intent's id may leap past the seat's last: an id
// never runs out, whatever a peer sends.
const maxIDGap = 1 << 32

const unseated games.Seat = -100

// NewHost opens a lobby for a new match, or resumes a journal's.
func NewHost(cfg HostConfig) (*Host, error) {
	if cfg.Game.Game == nil || cfg.Record == nil {
		return nil, errors.New("host: a game and a record are needed")
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 15 * time.Second
	}
	if cfg.StandIn == "" {
		cfg.StandIn = "normal"
	}
	if cfg.MaxSpectators <= 0 {
		cfg.MaxSpectators = 8
	}
	if cfg.MaxOpening <= 0 {
		cfg.MaxOpening = 8
	}
	if cfg.HelloTimeout <= 0 {
		cfg.HelloTimeout = 5 * time.Second
	}
	if cfg.DrawTimeout <= 0 {
		cfg.DrawTimeout = 10 * time.Second
	}
	if cfg.MaxQueue <= 0 {
		cfg.MaxQueue = 512 << 10
	}
	if cfg.Window == nil {
		cfg.Window = func(d time.Duration) time.Duration { return d }
	}
	if cfg.Bots == nil {
		cfg.Bots = bots.New
	}
	rec := cfg.Record
	if cfg.Seat < 0 || int(cfg.Seat) >= rec.Players {
		return nil, fmt.Errorf("host: seat %d is not at a %d-player table", cfg.Seat, rec.Players)
	}
	if _, err := cfg.Bots(cfg.StandIn, cfg.Game, 1); err != nil {
		return nil, fmt.Errorf("host: stand-in: %w", err)
	}
	t, err := newTable(cfg.Game, rec)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &Host{
		cfg: cfg, info: cfg.Game.Game.Info(), t: t, d: newDriver(t, cfg.Window), seat: cfg.Seat,
		seats:   make([]hostSeat, rec.Players),
		started: cfg.Started || len(rec.Actions) > 0,
		wakeC:   make(chan struct{}, 1), ctx: ctx, cancel: cancel,
		legalNow: make([][]games.Action, rec.Players),
		since:    make([]int, rec.Players),
		room:     cfg.Room,
	}
	if h.room == "" && rec.Fair != nil {
		h.room = rec.Fair.Room
	}
	now := time.Now()
	for i := range h.seats {
		si := SeatInfo{Kind: KindEmpty}
		if cfg.Seats != nil {
			if len(cfg.Seats) != rec.Players {
				cancel()
				return nil, fmt.Errorf("host: %d seats for %d players", len(cfg.Seats), rec.Players)
			}
			si = cfg.Seats[i]
		}
		if games.Seat(i) == cfg.Seat {
			si = SeatInfo{Kind: KindHost, Name: cfg.Name}
		} else if si.Kind == KindHost {
			cancel()
			return nil, fmt.Errorf("host: seat %d is the host's, but the host sits in seat %d", i, cfg.Seat)
		}
		switch si.Kind {
		case KindEmpty, KindHost:
		case KindPlayer:
			if !wire.ValidToken(si.Token) {
				cancel()
				return nil, fmt.Errorf("host: seat %d has a bad token", i)
			}
			h.seats[i].away = now
		case KindBot:
			b, err := cfg.Bots(si.Bot, cfg.Game, BotSeed())
			if err != nil {
				cancel()
				return nil, fmt.Errorf("host: seat %d: %w", i, err)
			}
			h.seats[i].bot = b
		default:
			cancel()
			return nil, fmt.Errorf("host: seat %d: unknown kind %q", i, si.Kind)
		}
		if h.started && si.Kind == KindEmpty {
			cancel()
			return nil, fmt.Errorf("host: seat %d is empty in a started match", i)
		}
		h.seats[i].SeatInfo = si
	}
	h.trackLegal()
	return h, nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte("null")
	}
	return b
}

func newToken() string {
	b := make([]byte, wire.TokenLen/2)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// unlock releases the lock, then saves the journal and tells the UI what
// changed, outside the lock so that they may call back into the host.
func (h *Host) unlock() {
	ns := h.notices
	h.notices = nil
	var j *Journal
	if h.journal && h.cfg.Journal != nil {
		j = h.journalLocked()
	}
	h.journal = false
	h.mu.Unlock()
	if j != nil {
		h.cfg.Journal(j)
	}
	if h.cfg.Notify != nil {
		for _, n := range ns {
			h.cfg.Notify(n)
		}
	}
}

func (h *Host) noticeLocked(n Notice) { h.notices = append(h.notices, n) }

func (h *Host) wakeRun() {
	select {
	case h.wakeC <- struct{}{}:
	default:
	}
}

// Journal returns the journal now.
func (h *Host) Journal() *Journal {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.journalLocked()
}

func (h *Host) journalLocked() *Journal {
	j := &Journal{V: wire.Version, Record: h.t.record(), HostSeat: h.seat, Started: h.started}
	for _, s := range h.seats {
		j.Seats = append(j.Seats, s.SeatInfo)
	}
	return j
}

// Session.

func (h *Host) Info() games.Info { return h.info }
func (h *Host) Seat() games.Seat { return h.seat }

// Snapshot is the match as the host's seat has it now: no moves before
// the start.
func (h *Host) Snapshot() Snapshot {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.t.snapshot(h.seat, h.cfg.Window)
	if !h.started {
		s.Legal = []Move{}
	}
	return s
}

// ErrNotStarted is returned by actions before the host starts the match.
var ErrNotStarted = errors.New("the match has not started")

// Act plays the host seat's action given in the notation and returns it as
// the seat is told it.
func (h *Host) Act(text string) ([]Event, error) {
	h.mu.Lock()
	defer h.unlock()
	if !h.started {
		return nil, ErrNotStarted
	}
	a, err := h.t.applyText(h.seat, text)
	if err != nil {
		return nil, err
	}
	return []Event{h.appliedLocked(a)}, nil
}

func (h *Host) Record() *record.Record {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.t.record()
}

// Lobby.

// Seats lists every seat's status.
func (h *Host) Seats() []SeatStatus {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seatsLocked()
}

// Started reports whether the host has started the match.
func (h *Host) Started() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.started
}

func (h *Host) seatsLocked() []SeatStatus {
	out := make([]SeatStatus, len(h.seats))
	now := time.Now()
	for i, s := range h.seats {
		st := SeatStatus{Seat: games.Seat(i), Kind: s.Kind, Name: s.Name}
		switch s.Kind {
		case KindHost:
			st.Connected = true
		case KindBot:
			st.Bot, st.BotPlays = s.Bot, true
		case KindPlayer:
			st.Connected = s.conn != nil
			if s.conn == nil {
				st.AwayMs = now.Sub(s.away).Milliseconds()
				if h.started {
					st.GraceMs = max(0, (h.cfg.Grace - now.Sub(s.away)).Milliseconds())
					if st.GraceMs == 0 {
						st.Bot, st.BotPlays = h.cfg.StandIn, true
					}
				}
			}
		}
		out[i] = st
	}
	return out
}

func (h *Host) checkSeat(seat games.Seat) error {
	if seat < 0 || int(seat) >= len(h.seats) {
		return fmt.Errorf("no seat %d at a %d-player table", seat, len(h.seats))
	}
	return nil
}

// SetBot seats a bot of level in an empty seat or a bot seat before the
// start; an empty level empties a bot seat.
func (h *Host) SetBot(seat games.Seat, level string) error {
	h.mu.Lock()
	defer h.unlock()
	if err := h.checkSeat(seat); err != nil {
		return err
	}
	if h.started {
		return errors.New("the match has started")
	}
	s := &h.seats[seat]
	if s.Kind != KindEmpty && s.Kind != KindBot {
		return fmt.Errorf("seat %d is taken by %s", seat, s.Kind)
	}
	h.abandonDrawLocked() // the seats change under it
	if level == "" {
		*s = hostSeat{SeatInfo: SeatInfo{Kind: KindEmpty}}
	} else {
		b, err := h.cfg.Bots(level, h.cfg.Game, BotSeed())
		if err != nil {
			return err
		}
		*s = hostSeat{SeatInfo: SeatInfo{Kind: KindBot, Bot: level, Name: level + " bot"}, bot: b}
	}
	h.lobbyChangedLocked()
	return nil
}

// FillBots seats a bot of level in every empty seat.
func (h *Host) FillBots(level string) error {
	h.mu.Lock()
	empty := []games.Seat{}
	for i, s := range h.seats {
		if s.Kind == KindEmpty {
			empty = append(empty, games.Seat(i))
		}
	}
	h.mu.Unlock()
	for _, seat := range empty {
		if err := h.SetBot(seat, level); err != nil {
			return err
		}
	}
	return nil
}

// Kick removes a player: its link is closed and its token forgotten. Before
// the start the seat empties; after, a stand-in bot plays it.
func (h *Host) Kick(seat games.Seat) error {
	h.mu.Lock()
	defer h.unlock()
	if err := h.checkSeat(seat); err != nil {
		return err
	}
	s := &h.seats[seat]
	if s.Kind != KindPlayer {
		return fmt.Errorf("seat %d holds no player", seat)
	}
	if s.conn != nil {
		h.dropLocked(s.conn, wire.ByeKicked, "removed from the table by the host")
	}
	if h.started {
		b, _ := h.cfg.Bots(h.cfg.StandIn, h.cfg.Game, BotSeed())
		*s = hostSeat{SeatInfo: SeatInfo{Kind: KindBot, Bot: h.cfg.StandIn, Name: h.cfg.StandIn + " bot"}, bot: b, lastID: s.lastID}
		h.broadcastLocked(nil)
		h.wakeRun()
	} else {
		h.abandonDrawLocked() // the seats change under it
		*s = hostSeat{SeatInfo: SeatInfo{Kind: KindEmpty}}
		h.lobbyChangedLocked()
	}
	return nil
}

// Start draws the joint seed once every seat is taken (draw.go); the
// match starts when the draw ends.
func (h *Host) Start() error {
	h.mu.Lock()
	defer h.unlock()
	if h.started {
		return errors.New("the match has already started")
	}
	if h.draw != nil {
		return ErrDrawing
	}
	for i, s := range h.seats {
		if s.Kind == KindEmpty {
			return fmt.Errorf("seat %d is empty: seat a player or a bot first", i)
		}
	}
	h.beginDrawLocked()
	return nil
}

// startLocked starts the match, dealt from the drawn seed.
func (h *Host) startLocked() {
	h.started = true
	h.t.opened = time.Now()
	for i := range h.seats {
		if h.seats[i].Kind == KindPlayer && h.seats[i].conn == nil {
			h.seats[i].away = time.Now()
		}
	}
	h.journal = true
	h.lobbyChangedLocked() // every page learns how the draw ended
	h.broadcastLocked(nil)
	h.noticeLocked(Notice{Kind: NoticeUpdate})
	h.wakeRun()
}

// lobbyLocked is the lobby's message: the seats and the draw.
func (h *Host) lobbyLocked() wire.ToPeer {
	return wire.ToPeer{T: wire.MsgLobby, Seats: h.seatsLocked(), Started: h.started, Draw: h.drawStatusLocked()}
}

func (h *Host) lobbyChangedLocked() {
	h.journal = true
	m := h.lobbyLocked()
	for _, c := range h.conns {
		if c.hello {
			h.sendLocked(c, m)
		}
	}
	h.noticeLocked(Notice{Kind: NoticeLobby})
}

// Links.

// Attach serves a new link to a peer until it closes.
func (h *Host) Attach(c Conn) {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		b, _ := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgBye, Code: wire.ByeLeft, Error: byeHostLeft})
		c.Send(b)
		c.Close()
		return
	}
	hc := &hostConn{c: c, seat: unseated, own: fullBucket(), ready: make(chan struct{}, 1)}
	hc.budget = &hc.own
	// Links that have not said hello hold no seat: when too many are
	// opening, the oldest gives way, so that a player's new link always
	// gets to say hello.
	var opening []*hostConn
	for _, o := range h.conns {
		if !o.hello {
			opening = append(opening, o)
		}
	}
	if len(opening) >= h.cfg.MaxOpening {
		h.dropLocked(opening[0], wire.ByeFull, "too many links are opening at once: try again")
	}
	h.conns = append(h.conns, hc)
	hc.timer = time.AfterFunc(h.cfg.HelloTimeout, func() {
		h.mu.Lock()
		defer h.unlock()
		if !hc.hello {
			h.dropLocked(hc, wire.ByeHello, fmt.Sprintf("no hello within %v", h.cfg.HelloTimeout))
		}
	})
	h.unlock()
	go hc.write()
	go func() {
		for {
			b, err := c.Recv(h.ctx)
			if err != nil {
				break
			}
			h.handle(hc, b)
		}
		h.mu.Lock()
		h.dropLocked(hc, "", "")
		h.unlock()
	}()
}

// write sends the link's queue in order, then closes the link once it has
// ended.
func (c *hostConn) write() {
	defer c.c.Close()
	for {
		c.qmu.Lock()
		for len(c.queue) == 0 && !c.ended {
			c.qmu.Unlock()
			<-c.ready
			c.qmu.Lock()
		}
		if len(c.queue) == 0 {
			c.qmu.Unlock()
			return
		}
		b := c.queue[0]
		c.queue[0] = nil
		c.queue = c.queue[1:]
		c.qmu.Unlock()
		err := c.c.Send(b)
		c.qmu.Lock()
		c.queued -= len(b)
		if err != nil {
			c.ended, c.queue, c.queued = true, nil, 0
		}
		c.qmu.Unlock()
		if err != nil {
			return
		}
	}
}

// push queues b unless that would hold more than limit bytes (0: no limit).
func (c *hostConn) push(b []byte, limit int) bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	if c.ended {
		return true
	}
	if limit > 0 && c.queued+len(b) > limit {
		return false
	}
	c.queue = append(c.queue, b)
	c.queued += len(b)
	c.wake()
	return true
}

// end lets the writer send what is queued and close the link; a peer that
// does not read it is cut off after linger.
func (c *hostConn) end(linger time.Duration) {
	c.qmu.Lock()
	c.ended = true
	c.wake()
	c.qmu.Unlock()
	time.AfterFunc(linger, func() { c.c.Close() })
}

func (c *hostConn) wake() {
	select {
	case c.ready <- struct{}{}:
	default:
	}
}

// Queued is how many bytes wait to be handed to the peers' links now.
func (h *Host) Queued() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, c := range h.conns {
		c.qmu.Lock()
		n += c.queued
		c.qmu.Unlock()
	}
	return n
}

// Close ends every link and stops Run. The peers keep trying to reconnect:
// a host whose page reloads comes back from its journal.
func (h *Host) Close() { h.closeWith(wire.ByeLeft, byeHostLeft) }

// End closes the room for good: the host left it, and the peers stop
// trying to reconnect (their Run returns ErrRoomClosed).
func (h *Host) End() { h.closeWith(wire.ByeClosed, byeRoomClosed) }

// Again ends the links of a finished match, telling the peers that the
// host opens the next match at this table (their Run returns ErrNextMatch).
func (h *Host) Again() { h.closeWith(wire.ByeAgain, byeNextMatch) }

func (h *Host) closeWith(code, reason string) {
	h.mu.Lock()
	h.closed = true
	for _, c := range slices.Clone(h.conns) {
		h.dropLocked(c, code, reason)
	}
	h.mu.Unlock()
	h.cancel()
}

// sendLocked queues a message to one link; a link that does not drain
// what it is sent is dropped.
func (h *Host) sendLocked(c *hostConn, m wire.ToPeer) {
	if c.closed {
		return
	}
	m.V = wire.Version
	b, err := json.Marshal(m)
	if err == nil && len(b) > wire.MaxHostMessage && m.Record != nil {
		m.Record = nil // too big for the link: the peer keeps its own log
		b, err = json.Marshal(m)
	}
	if err != nil || len(b) > wire.MaxHostMessage {
		h.noticeLocked(Notice{Kind: NoticeError, Err: fmt.Sprintf("a %s message does not fit the link", m.T)})
		return
	}
	if !c.push(b, h.cfg.MaxQueue) {
		h.dropLocked(c, wire.ByeSlow, "your link does not keep up with the table")
	}
}

// byeLinger is how long a link that was told why it ends may take to read it.
const byeLinger = 2 * time.Second

// dropLocked ends a link, saying why when reason is set.
func (h *Host) dropLocked(c *hostConn, code, reason string) {
	if c.closed {
		return
	}
	c.closed = true
	if c.timer != nil {
		c.timer.Stop()
	}
	if reason != "" {
		b, _ := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgBye, Code: code, Error: reason})
		c.push(b, 0) // past the cap: a bye is small, and the link ends
	}
	c.end(byeLinger)
	if i := slices.Index(h.conns, c); i >= 0 {
		h.conns = slices.Delete(h.conns, i, i+1)
	}
	if c.seat >= 0 && h.seats[c.seat].conn == c {
		h.seats[c.seat].conn = nil
		h.seats[c.seat].away = time.Now()
		h.statusChangedLocked()
	}
}

// statusChangedLocked tells everyone that a seat's link changed.
func (h *Host) statusChangedLocked() {
	if h.started {
		h.broadcastLocked(nil)
	} else {
		m := h.lobbyLocked()
		for _, c := range h.conns {
			if c.hello {
				h.sendLocked(c, m)
			}
		}
	}
	h.noticeLocked(Notice{Kind: NoticeStatus})
	h.wakeRun()
}

// handle serves one message from a peer.
func (h *Host) handle(c *hostConn, b []byte) {
	h.mu.Lock()
	defer h.unlock()
	if c.closed {
		return
	}
	if !c.budget.take(time.Now()) {
		h.dropLocked(c, wire.ByeRate, fmt.Sprintf("too many messages (over %d a second)", msgRate))
		return
	}
	m, err := wire.ParseToHost(b)
	if err != nil {
		h.refuseLocked(c, 0, err)
		return
	}
	if !c.hello && m.T != wire.MsgHello {
		h.refuseLocked(c, 0, errors.New("say hello first"))
		return
	}
	switch m.T {
	case wire.MsgHello:
		h.helloLocked(c, m)
	case wire.MsgSit:
		h.sitLocked(c, games.Seat(*m.Seat))
	case wire.MsgAct:
		h.intentLocked(c, m)
	case wire.MsgSync:
		h.fullLocked(c)
	case wire.MsgPing:
		h.sendLocked(c, wire.ToPeer{T: wire.MsgPong})
	case wire.MsgCommit:
		h.commitLocked(c, m)
	case wire.MsgReveal:
		h.revealLocked(c, m)
	}
}

// refuseLocked answers a bad message with an error; too many end the link.
func (h *Host) refuseLocked(c *hostConn, id uint64, err error) {
	c.bad++
	if c.bad > 64 {
		h.dropLocked(c, wire.ByeBad, "too many bad messages")
		return
	}
	h.sendLocked(c, wire.ToPeer{T: wire.MsgError, ID: id, Error: err.Error()})
}

func (h *Host) helloLocked(c *hostConn, m wire.ToHost) {
	if c.hello {
		h.refuseLocked(c, 0, errors.New("hello sent twice"))
		return
	}
	c.timer.Stop()
	if m.Token != "" {
		i := -1
		for j, s := range h.seats {
			if s.Kind == KindPlayer && subtle.ConstantTimeCompare([]byte(s.Token), []byte(m.Token)) == 1 {
				i = j
			}
		}
		if i < 0 {
			h.dropLocked(c, wire.ByeToken, "unknown seat token: this seat is no longer yours")
			return
		}
		// A seat token always gets its seat: it is counted against no
		// other link.
		s := &h.seats[i]
		if s.conn != nil {
			h.dropLocked(s.conn, wire.ByeReplaced, "your seat was taken over by another link")
		}
		c.hello, c.seat, c.budget = true, games.Seat(i), &s.budget
		s.conn = c
		if m.Name != "" {
			s.Name = m.Name
		}
		h.journal = true
		h.fullLocked(c)
		h.statusChangedLocked()
		return
	}
	want := -1
	if !h.started {
		if m.Seat != nil && *m.Seat < len(h.seats) && h.seats[*m.Seat].Kind == KindEmpty {
			want = *m.Seat
		}
		for i := range h.seats {
			if want < 0 && h.seats[i].Kind == KindEmpty {
				want = i
			}
		}
	}
	if want < 0 && h.spectatorsLocked() >= h.cfg.MaxSpectators {
		h.dropLocked(c, wire.ByeFull, fmt.Sprintf("no seat is free and the table has room for %d spectators only", h.cfg.MaxSpectators))
		return
	}
	c.hello = true
	c.seat = games.Observer
	if want >= 0 {
		h.seats[want] = hostSeat{SeatInfo: SeatInfo{Kind: KindPlayer, Name: nameOr(m.Name, want), Token: newToken()}, conn: c, budget: *c.budget}
		c.seat, c.budget = games.Seat(want), &h.seats[want].budget
	}
	h.fullLocked(c)
	if c.seat >= 0 {
		h.lobbyChangedLocked()
	}
}

// spectatorsLocked counts the links watching without a seat.
func (h *Host) spectatorsLocked() int {
	n := 0
	for _, c := range h.conns {
		if c.hello && c.seat == games.Observer {
			n++
		}
	}
	return n
}

func nameOr(name string, seat int) string {
	if strings.TrimSpace(name) != "" {
		return name
	}
	return fmt.Sprintf("Player %d", seat+1)
}

func (h *Host) sitLocked(c *hostConn, seat games.Seat) {
	if h.started {
		h.refuseLocked(c, 0, errors.New("the match has started"))
		return
	}
	if err := h.checkSeat(seat); err != nil {
		h.refuseLocked(c, 0, err)
		return
	}
	if h.seats[seat].Kind != KindEmpty {
		h.refuseLocked(c, 0, fmt.Errorf("seat %d is taken", seat))
		return
	}
	info := SeatInfo{Kind: KindPlayer, Name: fmt.Sprintf("Player %d", seat+1), Token: newToken()}
	budget := *c.budget
	if c.seat >= 0 {
		info = h.seats[c.seat].SeatInfo
		h.seats[c.seat] = hostSeat{SeatInfo: SeatInfo{Kind: KindEmpty}}
	}
	h.seats[seat] = hostSeat{SeatInfo: info, conn: c, budget: budget}
	c.seat, c.budget = seat, &h.seats[seat].budget
	h.fullLocked(c)
	h.lobbyChangedLocked()
}

// fullLocked sends a link its welcome and the whole state.
func (h *Host) fullLocked(c *hostConn) {
	seat := c.seat
	w := wire.ToPeer{T: wire.MsgWelcome, Seat: &seat, Game: h.t.rec.Game, Info: &h.info, Players: h.t.rec.Players, Options: h.t.rec.Options}
	if seat >= 0 {
		w.Token, w.LastID = h.seats[seat].Token, h.seats[seat].lastID
	}
	h.sendLocked(c, w)
	if !h.started {
		h.sendLocked(c, h.lobbyLocked())
		return
	}
	if h.t.rec.Fair != nil {
		h.sendLocked(c, h.lobbyLocked()) // how the draw went
	}
	h.sendLocked(c, h.updateLocked(c, nil))
}

// updateLocked builds a link's update with its events.
func (h *Host) updateLocked(c *hostConn, events []Event) wire.ToPeer {
	view := mustJSON(h.t.state.View(c.seat))
	c.last = view
	m := wire.ToPeer{
		T: wire.MsgUpdate, Step: len(h.t.rec.Actions), View: view, Hash: wire.ViewHash(view), Events: events,
		Actors: games.PublicActors(h.t.state, c.seat), Seats: h.seatsLocked(), Started: true,
	}
	if c.seat >= 0 {
		m.Legal = h.t.moves(c.seat)
	}
	if d := h.t.state.Deadline(); d > 0 {
		m.Deadline = h.cfg.Window(d).Milliseconds()
		m.Remaining = max(0, h.cfg.Window(d)-time.Since(h.t.opened)).Milliseconds()
	}
	if h.t.state.Done() {
		r := h.t.state.Result()
		m.Done, m.Result = true, &r
		rec := h.journalLocked().Record
		m.Record = rec
	}
	return m
}

// broadcastLocked sends every link its update after an action (ev set:
// each link gets the engine's description of it for its own seat, a
// spectator the spectator's) or a status change (ev nil).
func (h *Host) broadcastLocked(ev *applied) {
	for _, c := range slices.Clone(h.conns) {
		if !c.hello {
			continue
		}
		m := h.updateLocked(c, nil)
		if ev != nil {
			m.Events = []Event{ev.event(c.seat)}
			c.budget.credit()
		}
		h.sendLocked(c, m)
	}
}

// intentLocked applies a peer's intent.
func (h *Host) intentLocked(c *hostConn, m wire.ToHost) {
	if c.seat < 0 {
		h.refuseLocked(c, m.ID, errors.New("you have no seat at this table"))
		return
	}
	if !h.started {
		h.refuseLocked(c, m.ID, ErrNotStarted)
		return
	}
	s := &h.seats[c.seat]
	if m.ID <= s.lastID {
		h.refuseLocked(c, m.ID, fmt.Errorf("intent %d already handled", m.ID))
		return
	}
	// A refusal that is the sender's mistake leaves its id unused.
	if m.ID-s.lastID > maxIDGap {
		h.refuseLocked(c, m.ID, fmt.Errorf("intent %d leaps too far past the last one (%d)", m.ID, s.lastID))
		return
	}
	step := len(h.t.rec.Actions)
	if *m.Step > step {
		h.refuseLocked(c, m.ID, fmt.Errorf("step %d is ahead of the table (%d)", *m.Step, step))
		return
	}
	s.lastID = m.ID
	if *m.Step < h.since[c.seat] {
		h.refuseMoveLocked(c, m.ID, fmt.Errorf("%w at step %d", ErrTooLate, h.since[c.seat]))
		return
	}
	a, err := h.t.applyText(c.seat, m.Act)
	if err != nil {
		h.refuseMoveLocked(c, m.ID, err)
		return
	}
	h.appliedLocked(a)
}

// refuseMoveLocked answers an intent the table refused (another player was
// first, or the move is illegal) and sends the state again, so the peer's
// UI offers its legal moves anew.
func (h *Host) refuseMoveLocked(c *hostConn, id uint64, err error) {
	h.sendLocked(c, wire.ToPeer{T: wire.MsgError, ID: id, Error: err.Error(), Late: errors.Is(err, ErrTooLate)})
	h.sendLocked(c, h.updateLocked(c, nil))
}

// appliedLocked journals an action the table applied and tells everyone;
// it returns the action as the host's seat is told it.
func (h *Host) appliedLocked(a applied) Event {
	h.trackLegal()
	h.journal = true
	h.broadcastLocked(&a)
	ev := a.event(h.seat)
	h.noticeLocked(Notice{Kind: NoticeUpdate, Events: []Event{ev}})
	h.wakeRun()
	return ev
}

// trackLegal notes the step from which each seat's legal actions are what
// they are now: an intent made before that step is too late.
func (h *Host) trackLegal() {
	step := len(h.t.rec.Actions)
	for i := range h.seats {
		h.legal = h.t.state.Legal(games.Seat(i), h.legal[:0])
		if !slices.Equal(h.legal, h.legalNow[i]) || step == 0 {
			h.legalNow[i] = append(h.legalNow[i][:0], h.legal...)
			h.since[i] = step
		}
	}
}

// Driving bots and timed windows.

// botFor returns the bot that plays seat now, creating the stand-in of an
// away player whose grace has passed; nil when a person plays it.
func (h *Host) botFor(seat games.Seat, now time.Time) bots.Bot {
	s := &h.seats[seat]
	switch s.Kind {
	case KindBot:
		return s.bot
	case KindPlayer:
		if s.conn == nil && now.Sub(s.away) >= h.cfg.Grace {
			if s.bot == nil {
				s.bot, _ = h.cfg.Bots(h.cfg.StandIn, h.cfg.Game, BotSeed())
			}
			return s.bot
		}
	}
	return nil
}

// The driver's questions (seatsOwner).

func (h *Host) lock() { h.mu.Lock() }
func (h *Host) running() (bool, error) {
	if h.closed {
		return false, ErrClosed
	}
	return h.started, nil
}
func (h *Host) joinsAt(seat games.Seat) (time.Time, bool) {
	s := h.seats[seat]
	if s.Kind == KindPlayer && s.conn == nil {
		return s.away.Add(h.cfg.Grace), true
	}
	return time.Time{}, false
}
func (h *Host) play(seat games.Seat, a games.Action) error {
	ap, err := h.t.apply(seat, a)
	if err != nil {
		return err
	}
	h.appliedLocked(ap)
	return nil
}
func (h *Host) failed(seat games.Seat, err error) {
	h.noticeLocked(Notice{Kind: NoticeError, Err: err.Error()})
}
func (h *Host) wake() <-chan struct{} { return h.wakeC }
func (h *Host) gone() <-chan struct{} { return h.ctx.Done() }

// Run drives the bots, the stand-ins and the timed windows until the match
// ends, ctx is cancelled or the host closes. Each bot waits pace() after
// the last action before it moves; bots think on their seat's Turn outside
// the lock, so peers' intents are never held up.
func (h *Host) Run(ctx context.Context, pace func() time.Duration) error {
	h.d.reaction = h.cfg.Reaction
	return h.d.run(ctx, h, pace)
}
