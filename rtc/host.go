package rtc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
	// Deal is the room's deal: "" deals from the joint seed; wire.DealMental
	// has the pages deal with no dealer (a game the app allows it for),
	// Blind being the host's page's part in it (blind.go). A journal of
	// such a match started before the page reloaded opens the lobby again,
	// saying so (ErrDealLost) at the host's first change.
	Deal  string
	Blind BlindHost
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
	// Deal is the room's deal (HostConfig.Deal); older journals have none.
	Deal string `json:"deal,omitempty"`
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
	// language; Err is the host's own words. An error notice's Code, when
	// set, names the error the same way (CodeDealLost).
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
	case n.Kind == NoticeError && n.Code == CodeDealLost:
		return ErrDealLost
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

	draw jointDraw // the joint seed (draw.go)

	// A match dealt with no dealer (blind.go): set once it started; the
	// calls to cfg.Blind waiting to be made outside the lock, and whether
	// a caller is making them.
	blind      *blindMatch
	blindQ     []blindCall
	delivering bool
}

type hostSeat struct {
	SeatInfo
	conn   *hostConn
	away   time.Time // when the player's link went away
	lastID uint64    // the last intent id handled
	bot    bots.Bot  // plays a bot seat, or stands in for an away player
	budget bucket    // the messages its links may send: it outlives a link
	room   bucket    // the room frames its page may send (blind.go)
}

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
	switch {
	case cfg.Deal != "" && cfg.Deal != wire.DealMental:
		return nil, fmt.Errorf("host: unknown deal %q", cfg.Deal)
	case cfg.Deal == wire.DealMental && cfg.Blind == nil:
		return nil, errors.New("host: a room dealt with no dealer needs the host's page's part in it")
	case cfg.Deal == wire.DealMental && len(cfg.Record.Actions) > 0:
		return nil, errors.New("host: a match dealt with no dealer has no actions in the host's record")
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
		draw:     jointDraw{room: cfg.Room, timeout: cfg.DrawTimeout},
	}
	if h.blindRoom() && h.started {
		// The workers' part of the deal was lost with the pages: the match
		// cannot go on, and the same seats open a new one.
		h.started, h.journal = false, true
		h.noticeLocked(Notice{Kind: NoticeError, Err: ErrDealLost.Error(), Code: CodeDealLost})
	}
	h.draw.expired = h.drawExpired
	if h.draw.room == "" && rec.Fair != nil {
		h.draw.room = rec.Fair.Room
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
	var calls []blindCall
	if !h.delivering && len(h.blindQ) > 0 {
		h.delivering = true
		calls, h.blindQ = h.blindQ, nil
	}
	h.mu.Unlock()
	if j != nil {
		h.cfg.Journal(j)
	}
	if h.cfg.Notify != nil {
		for _, n := range ns {
			h.cfg.Notify(n)
		}
	}
	h.deliverBlind(calls)
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
	j := &Journal{V: wire.Version, Record: h.t.record(), HostSeat: h.seat, Started: h.started, Deal: h.cfg.Deal}
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
	if h.blind != nil {
		return nil, errBlindMoves
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
				if h.started && h.blind == nil {
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
	h.abandonDrawLocked()
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
		h.abandonDrawLocked()
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
	if h.draw.busy() {
		return ErrDrawing
	}
	for i, s := range h.seats {
		if s.Kind == KindEmpty {
			return fmt.Errorf("seat %d is empty: seat a player or a bot first", i)
		}
	}
	if h.blindRoom() {
		return h.blindStartLocked()
	}
	h.beginDrawLocked()
	return nil
}

// abandonDrawLocked gives up the draw under way, the seats changing under
// it: it stays in the record.
func (h *Host) abandonDrawLocked() {
	if h.draw.abandon() {
		h.journal = true
	}
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
	return wire.ToPeer{T: wire.MsgLobby, Seats: h.seatsLocked(), Started: h.started, Deal: h.cfg.Deal,
		Draw: h.draw.status(h.t.rec.Fair, h.started && h.blind == nil, len(h.seats))}
}

func (h *Host) lobbyChangedLocked() {
	h.journal = true
	h.sendLobbyLocked()
	h.noticeLocked(Notice{Kind: NoticeLobby})
}

// sendLobbyLocked sends every link that said hello the lobby.
func (h *Host) sendLobbyLocked() {
	m := h.lobbyLocked()
	for _, c := range h.conns {
		if c.hello {
			h.sendLocked(c, m)
		}
	}
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
	return h.started && h.blind == nil, nil // the pages' workers play a match dealt with no dealer
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
