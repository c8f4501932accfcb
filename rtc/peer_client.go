package rtc

import (
	"context"
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

// PeerConfig joins a hosted match.
type PeerConfig struct {
	// Dial opens a new link to the host; Run calls it again after a drop.
	Dial func(ctx context.Context) (Conn, error)
	// Game finds the game the host names by its id (catalog.Lookup): its
	// decoder reads the host's views into the game's type. A game it does
	// not find, or none, ends Run with the reason.
	Game func(id string) (games.Entry, error)
	Name string
	// Token takes back a seat held before (a reloaded page keeps it in
	// local storage); empty for a first visit.
	Token string
	// Seat is the seat wanted in the lobby; nil takes the first empty one.
	Seat *games.Seat
	// Backoff is the first wait before dialing again after a drop (250 ms);
	// it doubles up to MaxBackoff (5 s).
	Backoff, MaxBackoff time.Duration
	// Notify, when set, is called after every change the UI shows.
	Notify func(Notice)
	// Room is the room's code, which this page's commitment to its share
	// of the joint seed names.
	Room string
	// Draws is what this page saw of the room's draws before it was
	// reloaded (Peer.Draws), so that its check of the deal still holds
	// the record to it.
	Draws []DrawMemory
	// Blind, in a room dealt with no dealer, is called with each blind
	// message, the match's start: this page's number, the page holding
	// each seat, the seed. RoomMessage is called with each room message,
	// in the room's order. Both are called outside the peer's lock, one
	// at a time, from the goroutine that reads the link: they hand the
	// message on (to the page's worker) and return; they may call
	// SendRoom.
	Blind       func(wire.BlindStart)
	RoomMessage func(msg []byte)
}

// Peer statuses.
const (
	StatusConnecting   = "connecting"
	StatusConnected    = "connected"
	StatusReconnecting = "reconnecting"
	StatusClosed       = "closed"
)

// Errors of a peer session.
var (
	ErrNotConnected = errors.New("not connected to the host")
	ErrHostLeft     = errors.New("the host has left")
)

// byeHostLeft is what a peer is told when the host's page leaves (it may
// come back from its journal: the peer keeps trying); byeRoomClosed when
// the host left the room for good; byeNextMatch when the host opens the
// next match at this table.
const (
	byeHostLeft   = "the host has left"
	byeRoomClosed = "the host closed the room"
	byeNextMatch  = "the host opened the next match at this table"
)

// ErrRoomClosed is Run's answer when the host closed the room.
var ErrRoomClosed = errors.New(byeRoomClosed)

// ErrNextMatch is Run's answer when the match is over and the host opened
// the next one at the same table: the page joins it with its seat token.
var ErrNextMatch = errors.New(byeNextMatch)

// Peer is the Session of a player who joined a hosted match: it sends the
// local seat's intents and shows the views the host sends. It is safe for
// concurrent use: the UI calls Act while Run reads the host's messages.
//
// Legal moves carry their text and description (Move.Action is 0): the
// peer has no engine. Record is the match's header only, with no actions,
// until the match ends and the host sends the whole record: before that a
// peer never learns any action's notation, which can name a face-down card.
type Peer struct {
	mu       sync.Mutex
	cfg      PeerConfig
	conn     Conn
	status   string
	welcomed bool
	seat     games.Seat
	token    string
	info     games.Info
	rec      record.Record
	final    bool
	seats    []SeatStatus
	started  bool
	step     int
	entry    games.Entry // the game the host named, Game's answer
	view     games.View  // the last update's, read by the game's decoder
	legal    []Move
	events   []Event // the last update's
	actors   []games.Seat
	deadline time.Duration
	remain   time.Duration
	recvAt   time.Time
	done     bool
	result   games.Result
	nextID   uint64
	lastErr  string
	notices  []Notice
	deal     string   // the room's deal, from the welcome and the lobby
	blind    bool     // in a match dealt with no dealer: its blind start came
	calls    []func() // the calls to Blind and RoomMessage, made after the lock

	draws  map[int]*peerDraw // this seat's part in each draw of the joint seed
	drawSt *wire.DrawStatus  // the draw as the lobby last showed it
	seen   map[int]string    // the hash of the view of every update, by step
}

// NewPeer prepares a peer session; Run connects it.
func NewPeer(cfg PeerConfig) *Peer {
	if cfg.Backoff <= 0 {
		cfg.Backoff = 250 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	return &Peer{cfg: cfg, seat: games.Observer, token: cfg.Token, status: StatusConnecting, rec: record.Record{Actions: []record.Step{}},
		draws: restoreDraws(cfg.Room, cfg.Draws)}
}

func (p *Peer) unlock() {
	ns, calls := p.notices, p.calls
	p.notices, p.calls = nil, nil
	p.mu.Unlock()
	// Only handle adds calls, under the lock it releases here: they are
	// made in the order the host's messages came.
	for _, c := range calls {
		c()
	}
	if p.cfg.Notify != nil {
		for _, n := range ns {
			p.cfg.Notify(n)
		}
	}
}

// Run keeps the link to the host until the link drops after the match's
// end (nil), ctx ends, or the host refuses this peer for good (a final bye:
// kicked, unknown token, the seat taken over by another link, the room
// closed, the next match opened at this table: ErrNextMatch). After a drop, or
// a bye for a passing reason (a limit, the host's page reloading), it
// dials again, waiting a little longer each time, and takes its seat back
// with its token.
func (p *Peer) Run(ctx context.Context) error {
	wait := p.cfg.Backoff
	for {
		if err := ctx.Err(); err != nil {
			p.setStatus(StatusClosed)
			return err
		}
		conn, err := p.cfg.Dial(ctx)
		if err == nil {
			var fatal error
			fatal, err = p.serve(ctx, conn)
			if fatal != nil {
				p.setStatus(StatusClosed)
				return fatal
			}
			p.mu.Lock()
			welcomed, final := p.welcomed, p.final
			p.mu.Unlock()
			if final {
				p.setStatus(StatusClosed)
				return nil
			}
			if welcomed {
				wait = p.cfg.Backoff
			}
		}
		p.mu.Lock()
		p.status = StatusReconnecting
		if err != nil {
			p.lastErr = err.Error()
		}
		p.noticeLocked(Notice{Kind: NoticeStatus, Err: p.lastErr})
		p.unlock()
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			p.setStatus(StatusClosed)
			return ctx.Err()
		case <-t.C:
		}
		wait = min(2*wait, p.cfg.MaxBackoff)
	}
}

func (p *Peer) setStatus(s string) {
	p.mu.Lock()
	p.status = s
	p.noticeLocked(Notice{Kind: NoticeStatus})
	p.unlock()
}

func (p *Peer) noticeLocked(n Notice) { p.notices = append(p.notices, n) }

// serve speaks to the host over one link until it drops (err) or the host
// ends this peer for good (fatal).
func (p *Peer) serve(ctx context.Context, conn Conn) (fatal, err error) {
	defer conn.Close()
	p.mu.Lock()
	p.conn, p.welcomed = conn, false
	hello := wire.ToHost{V: wire.Version, T: wire.MsgHello, Name: p.cfg.Name, Token: p.token}
	if p.cfg.Seat != nil && p.token == "" {
		s := int(*p.cfg.Seat)
		hello.Seat = &s
	}
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		if p.conn == conn {
			// No moves are offered while away: the host's next update after
			// the rejoin says what the seat may do then.
			p.conn, p.legal = nil, nil
		}
		p.mu.Unlock()
	}()
	// A hello that cannot be sent does not end the link here: the host may
	// have said why it closes it (a bye) before the close, and what it sent
	// is read first, so a final reason is never taken for a drop.
	sendErr := send(conn, hello)
	if sendErr != nil {
		conn.Close()
	}
	for {
		b, err := conn.Recv(ctx)
		if err != nil {
			if sendErr != nil && errors.Is(err, ErrClosed) {
				err = sendErr
			}
			return nil, err
		}
		// Once the match is over the link stays, so that the host can
		// call the table to the next match (a bye "again"); Run stops when
		// it drops.
		fatal, bye, _ := p.handle(conn, b)
		if fatal != nil || bye != nil {
			return fatal, bye
		}
	}
}

func send(c Conn, m wire.ToHost) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return c.Send(b)
}

// handle applies one host message. done is true once the match is over
// and its record is in; bye is the host's reason for ending the link for
// now (Run dials again), fatal its reason for ending it for good.
func (p *Peer) handle(conn Conn, b []byte) (fatal, bye error, done bool) {
	p.mu.Lock()
	defer p.unlock()
	m, err := wire.ParseToPeer(b)
	if err != nil {
		p.unreadLocked(conn, err)
		return nil, nil, false
	}
	switch m.T {
	case wire.MsgWelcome:
		if err := p.gameLocked(m.Game); err != nil {
			p.lastErr = err.Error()
			p.noticeLocked(Notice{Kind: NoticeError, Err: p.lastErr})
			return err, nil, false
		}
		p.welcomed, p.status = true, StatusConnected
		p.seat, p.info = *m.Seat, *m.Info
		if m.Token != "" {
			p.token = m.Token
		}
		p.nextID = max(p.nextID, m.LastID)
		p.rec.Game, p.rec.Players, p.rec.Options = m.Game, m.Players, m.Options
		p.deal = m.Deal
		for _, d := range p.draws {
			d.sent, d.revealed = false, false // a new link: send again what the host may lack
		}
		p.noticeLocked(Notice{Kind: NoticeStatus})
	case wire.MsgLobby:
		p.seats, p.started, p.deal = m.Seats, m.Started, m.Deal
		p.blind = p.blind && m.Started
		if m.Draw != nil {
			p.drawLocked(conn, m.Draw)
		}
		p.noticeLocked(Notice{Kind: NoticeLobby})
	case wire.MsgUpdate:
		view, err := p.decodeLocked(m.View)
		if err != nil {
			p.unreadLocked(conn, err)
			return nil, nil, false
		}
		p.started = true
		p.step, p.view, p.legal, p.actors, p.seats, p.events = m.Step, view, m.Legal, m.Actors, m.Seats, m.Events
		p.deadline = time.Duration(m.Deadline) * time.Millisecond
		p.remain = time.Duration(m.Remaining) * time.Millisecond
		p.recvAt = time.Now()
		if p.seen == nil {
			p.seen = map[int]string{}
		}
		if len(p.seen) < 1<<16 {
			p.seen[m.Step] = m.Hash
		}
		if m.Done {
			p.done = true
			if m.Result != nil {
				p.result = *m.Result
			}
			if m.Record != nil {
				p.rec, p.final = *m.Record, true
			}
		}
		p.noticeLocked(Notice{Kind: NoticeUpdate, Events: m.Events})
		return nil, nil, p.final
	case wire.MsgBlind:
		if err := p.blindLocked(*m.Blind); err != nil {
			p.unreadLocked(conn, err)
			return nil, nil, false
		}
		p.started, p.blind = true, true
		if p.cfg.Blind != nil {
			b := *m.Blind
			p.calls = append(p.calls, func() { p.cfg.Blind(b) })
		}
		p.noticeLocked(Notice{Kind: NoticeLobby})
	case wire.MsgRoom:
		if !p.blind {
			p.unreadLocked(conn, errors.New("the host's room message: not in a match dealt with no dealer"))
			return nil, nil, false
		}
		if p.cfg.RoomMessage != nil {
			msg := m.Room
			p.calls = append(p.calls, func() { p.cfg.RoomMessage(msg) })
		}
	case wire.MsgError:
		p.lastErr = m.Error
		p.noticeLocked(Notice{Kind: NoticeError, Err: m.Error, Late: m.Late})
	case wire.MsgBye:
		p.lastErr = m.Error
		p.noticeLocked(Notice{Kind: NoticeBye, Err: m.Error, Code: m.Code})
		switch {
		case m.Code == wire.ByeClosed:
			return ErrRoomClosed, nil, false
		case m.Code == wire.ByeAgain:
			return ErrNextMatch, nil, false
		case wire.FinalBye(m.Code):
			return fmt.Errorf("the host ended the link: %s", m.Error), nil, false
		}
		// A passing reason (the host's page left, a limit, a link that fell
		// behind): the host ends this link, and Run dials again.
		return nil, errors.New(m.Error), false
	}
	return nil, nil, false
}

// blindLocked checks the host's blind start against the table: a room
// dealt with no dealer, an owner map of one page for each seat, and this
// page's seat its own.
func (p *Peer) blindLocked(b wire.BlindStart) error {
	switch {
	case !p.welcomed || p.deal != wire.DealMental:
		return errors.New("the host's blind start: not in a room dealt with no dealer")
	case len(b.Owner) != p.rec.Players:
		return fmt.Errorf("the host's blind start: an owner map of %d seats at a %d-player table", len(b.Owner), p.rec.Players)
	case p.seat < 0 || int(p.seat) >= len(b.Owner) || b.Owner[p.seat] != b.Page:
		return fmt.Errorf("the host's blind start: page %d does not hold this page's seat %d", b.Page, p.seat)
	}
	return nil
}

// SendRoom sends the host's page's worker one frame (at most
// wire.MaxRoomFrame bytes) of a message of this page's worker, in a
// match dealt with no dealer.
func (p *Peer) SendRoom(frame []byte) error {
	if len(frame) == 0 || len(frame) > wire.MaxRoomFrame {
		return fmt.Errorf("a room frame is 1 to %d bytes, not %d", wire.MaxRoomFrame, len(frame))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.conn == nil || !p.welcomed:
		return ErrNotConnected
	case !p.blind:
		return ErrNotStarted
	}
	if err := send(p.conn, wire.ToHost{V: wire.Version, T: wire.MsgRoom, Room: frame}); err != nil {
		return fmt.Errorf("%w: %v", ErrNotConnected, err)
	}
	return nil
}

// Deal is the room's deal as the host said it: "" when the host deals,
// wire.DealMental when the pages deal with no dealer.
func (p *Peer) Deal() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.deal
}

// unreadLocked reports a host message the peer cannot read (a view no
// table of the game shows among them) and asks the host for the whole
// state again; nothing of the message is shown.
func (p *Peer) unreadLocked(conn Conn, err error) {
	p.lastErr = err.Error()
	p.noticeLocked(Notice{Kind: NoticeError, Err: p.lastErr})
	send(conn, wire.ToHost{V: wire.Version, T: wire.MsgSync})
}

// gameLocked finds the game the host's welcome names, whose decoder reads
// its views.
func (p *Peer) gameLocked(id string) error {
	if p.entry.Game != nil && p.entry.ID() == id {
		return nil
	}
	var e games.Entry
	err := errors.New("no way to find it")
	if p.cfg.Game != nil {
		e, err = p.cfg.Game(id)
	}
	if err == nil && (e.Game == nil || e.DecodeView == nil || e.ID() != id) {
		err = errors.New("not found")
	}
	if err != nil {
		return games.Errorf("the host's game %q: %w", id, err)
	}
	p.entry = e
	return nil
}

// decodeLocked reads the host's view of the local seat as the game's
// type, strictly: a view of another seat, or one the game's decoder
// refuses, is an error.
func (p *Peer) decodeLocked(raw []byte) (games.View, error) {
	if p.entry.Game == nil {
		return nil, errors.New("the host's view: an update before the welcome")
	}
	v, err := bots.DecodeView(p.entry, p.seat, raw)
	if err != nil {
		return nil, games.Errorf("the host's view: %w", err)
	}
	return v, nil
}

// Game is the game the host named, as Game found it; ok is false before
// the welcome.
func (p *Peer) Game() (e games.Entry, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.entry, p.entry.Game != nil
}

// Session.

func (p *Peer) Info() games.Info {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.info
}

func (p *Peer) Seat() games.Seat {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seat
}

// Snapshot is the match as the host's last update showed it: the view
// is the host's, read as the game's type when it came (nil before the
// first update, shared by every snapshot of that update), and Last the
// update's events.
func (p *Peer) Snapshot() Snapshot {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := Snapshot{
		Step: p.step, Last: slices.Clone(p.events), Legal: slices.Clone(p.legal), Actors: slices.Clone(p.actors),
		Deadline: p.deadline, Done: p.done, Result: p.result, View: p.view,
	}
	if p.deadline > 0 {
		s.Ends = p.recvAt.Add(p.remain)
	}
	return s
}

// Act sends an intent when text is among the local seat's legal moves. It
// returns no events: the host's answer comes as the next update, or as an
// error notice when another player was first.
func (p *Peer) Act(text string) ([]Event, error) {
	p.mu.Lock()
	defer p.unlock()
	return nil, p.sendLocked(text)
}

// intentAt sends text as the intent for step; sent is false, and nothing
// is sent, when the table has moved past step since.
func (p *Peer) intentAt(step int, text string) (sent bool, err error) {
	p.mu.Lock()
	defer p.unlock()
	if p.step != step {
		return false, nil
	}
	return true, p.sendLocked(text)
}

// sendLocked sends text as the intent for the step of the last update,
// when it is among the seat's legal moves.
func (p *Peer) sendLocked(text string) error {
	switch {
	case p.done:
		return games.ErrDone
	case !p.started:
		return ErrNotStarted
	case p.conn == nil || !p.welcomed:
		return ErrNotConnected
	case len(p.legal) == 0:
		return games.ErrNotYourTurn
	case !slices.ContainsFunc(p.legal, func(m Move) bool { return m.Text == text }):
		return fmt.Errorf("%w: %q is not among the moves now", ErrTooLate, text)
	}
	at := p.step
	p.nextID++
	if err := send(p.conn, wire.ToHost{V: wire.Version, T: wire.MsgAct, ID: p.nextID, Step: &at, Act: text}); err != nil {
		return fmt.Errorf("%w: %v", ErrNotConnected, err)
	}
	p.legal = nil // until the host answers: a double tap sends one intent
	return nil
}

// Sit moves to an empty seat in the lobby.
func (p *Peer) Sit(seat games.Seat) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conn == nil {
		return ErrNotConnected
	}
	s := int(seat)
	return send(p.conn, wire.ToHost{V: wire.Version, T: wire.MsgSit, Seat: &s})
}

func (p *Peer) Record() *record.Record {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.rec
	r.Actions = slices.Clone(p.rec.Actions)
	return &r
}

// Token is the seat token to keep for a rejoin ("" while unseated).
func (p *Peer) Token() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.token
}

// Seats is every seat's status from the last lobby or update.
func (p *Peer) Seats() []SeatStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.seats)
}

// Started reports whether the host has started the match.
func (p *Peer) Started() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.started
}

// Status is the link's state: connecting, connected, reconnecting, closed.
func (p *Peer) Status() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.status
}

// LastError is the host's last refusal or the last link error.
func (p *Peer) LastError() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lastErr
}

var (
	_ Session = (*Peer)(nil)
	_ Session = (*Host)(nil)
)
