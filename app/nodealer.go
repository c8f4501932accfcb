package main

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/mentalwire"
	"cardtable/rtc/wire"
)

// A room of The King or Mindikot may deal with no dealer (the new-game
// page's No dealer, ui.Game.NoDealer): the pages shuffle and deal the cards
// together, so that no page, the host's included, sees another's hand
// before the rules show it, and every page checks every shuffle, card and
// play. The cryptography runs in a Web Worker (web/mentalworker.js starts
// mental.wasm), so that app.wasm carries none of it and a shuffle's proof
// never holds up the table. This file is the page's part: it starts the
// worker when the match starts, carries the room's messages between it and
// the room's links (rtc/mentalwire), and plays the table through it as a
// joiner plays through its host: an rtc.Peer whose link is the worker.

// mentalRun is this page's worker in a room dealt with no dealer.
type mentalRun struct {
	worker app.Value
	funcs  []app.Func // the worker's handlers, released when it ends
	owner  []int      // the page holding each seat
	cancel context.CancelFunc
	// room sends a room message the worker made: the host's page to every
	// other page, a joiner's page to the host.
	room   func([]byte)
	notify func()

	outs  *queue // what the worker said, read in order
	table *queue // the worker's wire messages for the table's session
	peer  atomic.Pointer[rtc.Peer]

	mu      sync.Mutex
	begun   bool     // the start is posted: later messages go at once
	waiting [][]byte // messages posted before the start
	ended   bool
	fault   *mentalwire.Fault
	failed  string // the worker's error
	done    bool   // every round dealt, played and checked
}

// startMental starts this page's worker for the blind start b; a worker of
// an earlier match at this table ends. start, called once outside the
// caller's locks, says the room to the worker, which gets nothing before it.
func (r *roomRun) startMental(b wire.BlindStart, room func([]byte), start func() (mentalwire.Start, string)) *mentalRun {
	if old := r.mental.Swap(nil); old != nil {
		old.close()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &mentalRun{owner: b.Owner, cancel: cancel, room: room, outs: newQueue(), table: newQueue(),
		notify: func() { r.notify(rtc.Notice{Kind: rtc.NoticeStatus}) }}
	m.worker = app.Window().Get("Worker").New("/web/mentalworker.js")
	onMsg := app.FuncOf(func(this app.Value, args []app.Value) any {
		m.outs.put([]byte(args[0].Get("data").String()))
		return nil
	})
	onErr := app.FuncOf(func(this app.Value, args []app.Value) any {
		m.stop(nil, "mental.wasm: "+args[0].Get("message").String())
		return nil
	})
	m.funcs = []app.Func{onMsg, onErr}
	m.worker.Set("onmessage", onMsg)
	m.worker.Set("onerror", onErr)
	r.mental.Store(m)
	go m.read(ctx)
	go func() {
		st, name := start()
		m.begin(st)
		// The table's session: a joiner's, whose host is the worker.
		var dialed atomic.Bool
		p := rtc.NewPeer(rtc.PeerConfig{Name: name, Game: catalog.Lookup, Notify: r.notify,
			Dial: func(context.Context) (rtc.Conn, error) {
				if dialed.Swap(true) {
					return nil, rtc.ErrClosed // the worker is the one link
				}
				return workerLink{m}, nil
			}})
		m.peer.Store(p)
		p.Run(ctx)
	}()
	return m
}

// begin posts the start, then what waited for it.
func (m *mentalRun) begin(st mentalwire.Start) {
	b, err := json.Marshal(mentalwire.In{Start: &st})
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ended {
		return
	}
	if err != nil {
		m.failed = err.Error()
		return
	}
	m.worker.Call("postMessage", string(b))
	for _, w := range m.waiting {
		m.worker.Call("postMessage", string(w))
	}
	m.begun, m.waiting = true, nil
}

// post sends the worker one message, after its start.
func (m *mentalRun) post(in mentalwire.In) {
	b, err := json.Marshal(in)
	if err != nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.ended:
	case !m.begun:
		m.waiting = append(m.waiting, b)
	default:
		m.worker.Call("postMessage", string(b))
	}
}

// read takes what the worker says, in its order.
func (m *mentalRun) read(ctx context.Context) {
	for {
		b, err := m.outs.get(ctx)
		if err != nil {
			return
		}
		o, err := mentalwire.DecodeOut(b)
		switch {
		case err != nil:
			m.stop(nil, err.Error())
		case len(o.Send) > 0:
			m.room(o.Send)
		case len(o.Room) > 0:
			m.room(o.Room)
		case o.Peer != "":
			m.table.put([]byte(o.Peer))
		case o.Fault != nil:
			m.stop(o.Fault, "")
		case o.Error != "":
			m.stop(nil, o.Error)
		case o.Done:
			m.mu.Lock()
			m.done = true
			m.mu.Unlock()
			m.notify()
		}
	}
}

// stop notes why the match stopped for this page: the page at fault, or
// the worker's error. The first reason stays.
func (m *mentalRun) stop(f *mentalwire.Fault, failed string) {
	m.mu.Lock()
	if m.fault == nil && m.failed == "" {
		m.fault, m.failed = f, failed
	}
	m.mu.Unlock()
	m.notify()
}

// close ends the worker and the table's session.
func (m *mentalRun) close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ended {
		return
	}
	m.ended = true
	m.cancel()
	m.outs.close()
	m.table.close()
	m.worker.Call("terminate")
	for _, f := range m.funcs {
		f.Release()
	}
}

// state is what the page says of the match: why it stopped, or whether
// every round was dealt, played and checked.
func (m *mentalRun) state() (f *mentalwire.Fault, failed string, done bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.fault, m.failed, m.done
}

// tableOn is the table's session once the worker has sent its first
// update (the first deal is done), else nil.
func (m *mentalRun) tableOn() *rtc.Peer {
	if p := m.peer.Load(); p != nil && p.Started() {
		return p
	}
	return nil
}

// workerLink is the table's link to its host, the worker: what the table
// sends goes to the worker as peer, what the worker says as peer comes back.
type workerLink struct{ m *mentalRun }

func (l workerLink) Send(b []byte) error {
	l.m.post(mentalwire.In{Peer: string(b)})
	return nil
}

func (l workerLink) Recv(ctx context.Context) ([]byte, error) { return l.m.table.get(ctx) }

// Close ends nothing: the worker ends with the room.
func (l workerLink) Close() error { return nil }

// queue is a first-in first-out list of messages with no bound (the
// worker's handler must never wait), read by one reader.
type queue struct {
	mu     sync.Mutex
	items  [][]byte
	closed bool
	wake   chan struct{}
}

func newQueue() *queue { return &queue{wake: make(chan struct{}, 1)} }

func (q *queue) put(b []byte) {
	q.mu.Lock()
	if !q.closed {
		q.items = append(q.items, b)
	}
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *queue) get(ctx context.Context) ([]byte, error) {
	for {
		q.mu.Lock()
		switch {
		case q.closed:
			q.mu.Unlock()
			return nil, rtc.ErrClosed
		case len(q.items) > 0:
			b := q.items[0]
			q.items[0] = nil
			q.items = q.items[1:]
			q.mu.Unlock()
			return b, nil
		}
		q.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-q.wake:
		}
	}
}

// hostWorker is the host's page's part in a room dealt with no dealer
// (rtc.BlindHost): its worker orders the room.
type hostWorker struct {
	r   *roomRun
	rec func() (game string, players int, options map[string]string, seat games.Seat)
}

func (w hostWorker) Start(b wire.BlindStart) {
	r := w.r
	r.startMental(b, func(m []byte) { r.host.RoomSend(m) }, func() (mentalwire.Start, string) {
		game, players, options, seat := w.rec()
		return mentalStart(game, games.Config{Players: players, Options: options, Seed: b.Seed}, b, true, seat, r.host.Seats())
	})
}

func (w hostWorker) From(page int, frame []byte) {
	if m := w.r.mental.Load(); m != nil {
		m.post(mentalwire.In{From: &mentalwire.From{Link: page, Frame: frame}})
	}
}

func (w hostWorker) Closed(page int) {
	if m := w.r.mental.Load(); m != nil {
		m.post(mentalwire.In{Closed: &page})
	}
}

// joinWorker starts a joiner's worker for its page's blind start.
func (r *roomRun) joinWorker(b wire.BlindStart) {
	peer := r.peer
	seat := games.Seat(0)
	for i, o := range b.Owner {
		if o == b.Page {
			seat = games.Seat(i) // a person's page holds its seat alone
		}
	}
	r.startMental(b, func(f []byte) { peer.SendRoom(f) }, func() (mentalwire.Start, string) {
		rec := peer.Record()
		return mentalStart(rec.Game, games.Config{Players: rec.Players, Options: rec.Options, Seed: b.Seed}, b, false, seat, peer.Seats())
	})
}

// joinRoomMsg gives a joiner's worker one room message, in the room's order.
func (r *roomRun) joinRoomMsg(b []byte) {
	if m := r.mental.Load(); m != nil {
		m.post(mentalwire.In{Msg: b})
	}
}

// mentalStart is the worker's start for a page whose person plays seat,
// and the person's name.
func mentalStart(game string, cfg games.Config, b wire.BlindStart, order bool, seat games.Seat, seats []rtc.SeatStatus) (mentalwire.Start, string) {
	person := int(seat)
	name := ""
	if person < len(seats) {
		name = seats[person].Name
	}
	return mentalwire.Start{Game: game, Cfg: cfg, Owner: b.Owner, Page: b.Page, Order: order, Person: &person, Seats: seats}, name
}

// dealing reports whether the room deals with no dealer and its table has
// not begun: the first deal is under way.
func (r *roomRun) dealing() bool {
	m := r.mental.Load()
	return m != nil && m.tableOn() == nil
}

// noDealer reports whether the room deals with no dealer.
func (r *roomRun) noDealer() bool {
	if r.host != nil {
		return r.host.Deal() == wire.DealMental
	}
	return r.peer != nil && r.peer.Deal() == wire.DealMental
}

// noDealerNote says what a room dealt with no dealer covers, in the lobby.
func noDealerNote(p *msg.Catalogue) string {
	return p.T("No page sees another's hand, not even the host's: every page shuffles the deck in turn, locked, and each card opens only for the one who holds it. At the end every page checks every shuffle and every play.")
}

// pageSeat is the seat of page's person: the host's seat for the host's
// page, which also holds every bot's.
func pageSeat(owner []int, seats []rtc.SeatStatus, page int) int {
	for i, o := range owner {
		if o == page && (page != 0 || i < len(seats) && seats[i].Kind == rtc.KindHost) {
			return i
		}
	}
	return -1
}

// renderDealing is the page while the first deal is under way: no hand
// yet, or why the match stopped.
func (p *tablePage) renderDealing() app.UI {
	r := p.room
	return page(p.settings, p.P().T("%s with friends", gameTitle(p.P(), p.info)),
		app.Div().ID("room").Class("room").DataSet("state", "dealing").Body(
			app.P().Class("room__dealing").Attr("role", "status").Text(p.P().T("Dealing: every page shuffles the deck in turn, locked, and each card opens only for its holder…")),
			p.mentalVerdict(r, true),
			app.Div().Class("table__tools").Body(
				app.Button().Class("btn btn--small btn--ghost").ID("leave-room").Text(p.P().T("Leave the room")).OnClick(p.leaveRoom),
			),
		))
}

// mentalStopped reports whether this page's no-dealer match stopped before
// its end: a page at fault, or its worker's error.
func (r *roomRun) mentalStopped() bool {
	if m := r.mental.Load(); m != nil {
		f, failed, _ := m.state()
		return f != nil || failed != ""
	}
	return false
}

// mentalVerdict says how this page's own check of the no-dealer match
// stands: verified at its end, or which page's messages do not check out,
// or the worker's error. While the match runs it says nothing, or, at its
// end (end), that the check goes on.
func (p *tablePage) mentalVerdict(r *roomRun, stoppedOnly bool) app.UI {
	m := r.mental.Load()
	if m == nil {
		return nil
	}
	f, failed, done := m.state()
	var line, part string
	ok := false
	switch {
	case f != nil:
		seats := r.outer().Seats()
		names := roomNames(p.P(), seats, p.me)
		i := pageSeat(m.owner, seats, f.Page)
		name := p.P().T("Page %d", f.Page+1)
		if i >= 0 {
			name = names[i]
		}
		line = p.P().Who(i >= 0 && games.Seat(i) == p.me, name, "The match stopped: what your page sent does not check out.",
			"The match stopped: what %s's page sent does not check out.")
		part = f.Part
	case failed != "":
		line, part = p.P().T("The match stopped: this page could not go on with the deal."), failed
	case stoppedOnly:
		return nil
	case done:
		line, ok = p.P().T("Deal and play verified: every page shuffled the deck in turn, every card opened with its holder's proof, and every play follows the rules."), true
	default:
		return app.P().Class("room__verdict").Attr("role", "status").Text(p.P().T("Checking every shuffle, card and play…"))
	}
	return app.P().Class("room__verdict").ID("deal-verdict").DataSet("verified", ok).
		Attr("role", map[bool]string{true: "status", false: "alert"}[ok]).Body(
		app.Strong().Text(line),
		app.If(part != "", func() app.UI { return app.Small().Class("room__verdict-part").Text(part) }),
	)
}
