package rtc

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/rtc/wire"
)

// The host's links: each peer's link from its first message (a hello,
// within HelloTimeout, that takes a seat by its token, an empty seat or a
// spectator's place) to its end, what it may send (wire.ParseToHost's
// checks, its seat's message budget, its intents in order) and what it is
// sent: its own seat's update after every change, through its outbox
// (link.go).

// hostConn is one link to a peer as the host serves it.
type hostConn struct {
	outbox            // what it is sent, in order (link.go)
	seat   games.Seat // unseated before the hello, Observer for a spectator
	closed bool
	hello  bool
	bad    int
	last   []byte      // the last view sent
	budget *bucket     // its seat's, or own before it sits
	own    bucket      // the budget of a link without a seat
	timer  *time.Timer // the hello's deadline
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
	hc := &hostConn{outbox: newOutbox(c), seat: unseated, own: fullBucket()}
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

// Queued is how many bytes wait to be handed to the peers' links now.
func (h *Host) Queued() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, c := range h.conns {
		n += c.size()
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
	h.pushLocked(c, b)
}

// pushLocked queues a message made for a link; a link that does not drain
// what it is sent is dropped.
func (h *Host) pushLocked(c *hostConn, b []byte) {
	if c.closed {
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
		h.blindClosedLocked(int(c.seat))
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
	// A frame of a match dealt with no dealer counts against its seat's
	// budget of frames (blind.go); any other message, its link's.
	m, err := wire.ParseToHost(b)
	budget, rate := c.budget, msgRate
	if err == nil && m.T == wire.MsgRoom && h.blind != nil && c.seat >= 0 {
		budget, rate = &h.seats[c.seat].room, roomRate
	}
	if !budget.take(time.Now()) {
		h.dropLocked(c, wire.ByeRate, fmt.Sprintf("too many messages (over %d a second)", rate))
		return
	}
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
	case wire.MsgCommit, wire.MsgReveal:
		h.drawMessageLocked(c, m)
	case wire.MsgRoom:
		h.roomFrameLocked(c, m.Room)
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
	if m.Token != "" && h.blind != nil {
		// Its page's part of the deal left with it: the match goes on
		// without it, and the seat is the next match's.
		h.dropLocked(c, wire.ByeDealt, "the match deals with no dealer: a page that left cannot come back")
		return
	}
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
	w := wire.ToPeer{T: wire.MsgWelcome, Seat: &seat, Game: h.t.rec.Game, Info: &h.info, Players: h.t.rec.Players, Options: h.t.rec.Options, Deal: h.cfg.Deal}
	if seat >= 0 {
		w.Token, w.LastID = h.seats[seat].Token, h.seats[seat].lastID
	}
	h.sendLocked(c, w)
	if !h.started || h.blind != nil {
		h.sendLocked(c, h.lobbyLocked())
		return
	}
	if h.t.rec.Fair != nil {
		h.sendLocked(c, h.lobbyLocked()) // how the draw went
	}
	h.sendLocked(c, h.updateLocked(c, nil))
}

// updateLocked builds a link's update with its events: its seat's
// snapshot (a spectator's has no moves) and the seats.
func (h *Host) updateLocked(c *hostConn, events []Event) wire.ToPeer {
	s := h.t.snapshot(c.seat, h.cfg.Window)
	view := mustJSON(s.View)
	c.last = view
	m := wire.ToPeer{
		T: wire.MsgUpdate, Step: s.Step, View: view, Hash: wire.ViewHash(view), Events: events,
		Actors: s.Actors, Seats: h.seatsLocked(), Started: true,
	}
	if c.seat >= 0 {
		m.Legal = s.Legal
	}
	if s.Deadline > 0 {
		m.Deadline = s.Deadline.Milliseconds()
		m.Remaining = s.Remaining().Milliseconds()
	}
	if s.Done {
		m.Done, m.Result, m.Record = true, &s.Result, h.t.record()
	}
	return m
}

// broadcastLocked sends every link its update after an action (ev set:
// each link gets the engine's description of it for its own seat, a
// spectator the spectator's) or a status change (ev nil).
func (h *Host) broadcastLocked(ev *applied) {
	if h.blind != nil {
		h.sendLobbyLocked() // no updates: the pages' workers show the match
		return
	}
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
	if h.blind != nil {
		h.refuseLocked(c, m.ID, errBlindMoves)
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
