package main

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/mentalwire"
	"cardtable/rtc/wire"
	"cardtable/ui"
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
	funcs  [2]app.Func // the worker's handlers, released when it ends
	owner  []int       // the page holding each seat
	cancel context.CancelFunc
	// room sends a room message the worker made: the host's page to every
	// other page, a joiner's page to the host.
	room   func([]byte)
	notify func()
	// outs is what the worker said, read in order; table the worker's
	// wire messages for the table's session, peer. The worker's handler
	// never waits: a message that finds its channel full stops the match.
	outs, table chan []byte
	peer        *rtc.Peer

	mu     sync.Mutex
	ended  bool
	fault  *mentalwire.Fault
	failed string // the worker's error
	done   bool   // every round dealt, played and checked
}

// maxWaiting bounds the worker's messages waiting to be read: far more
// than a round sends at once.
const maxWaiting = 4096

// startMental starts this page's worker for the blind start b with the
// start st, and the table's session over it under the person's name; a
// worker of an earlier match at this table ends.
func (r *roomRun) startMental(b wire.BlindStart, st mentalwire.Start, name string, room func([]byte)) {
	if old := r.mental.Swap(nil); old != nil {
		old.close()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &mentalRun{owner: b.Owner, cancel: cancel, room: room, outs: make(chan []byte, maxWaiting), table: make(chan []byte, maxWaiting),
		notify: func() { r.notify(rtc.Notice{Kind: rtc.NoticeStatus}) }}
	// The table's session: a joiner's, whose host is the worker.
	m.peer = rtc.NewPeer(rtc.PeerConfig{Name: name, Game: catalog.Lookup, Notify: r.notify,
		Dial: func(context.Context) (rtc.Conn, error) { return (*workerLink)(m), nil }})
	m.worker = app.Window().Get("Worker").New("/web/mentalworker.js")
	m.funcs = [2]app.Func{
		app.FuncOf(func(this app.Value, args []app.Value) any {
			m.put(m.outs, args[0].Get("data").String())
			return nil
		}),
		app.FuncOf(func(this app.Value, args []app.Value) any {
			m.end(nil, "mental.wasm: "+args[0].Get("message").String(), false)
			return nil
		}),
	}
	m.worker.Set("onmessage", m.funcs[0])
	m.worker.Set("onerror", m.funcs[1])
	m.post(mentalwire.In{Start: &st})
	r.mental.Store(m)
	go m.read(ctx)
	go m.peer.Run(ctx)
}

// post sends the worker one message.
func (m *mentalRun) post(in mentalwire.In) {
	b, _ := json.Marshal(in)
	m.mu.Lock()
	if !m.ended {
		m.worker.Call("postMessage", string(b))
	}
	m.mu.Unlock()
}

// post sends the room's worker one message, once it has one.
func (r *roomRun) post(in mentalwire.In) {
	if m := r.mental.Load(); m != nil {
		m.post(in)
	}
}

// put queues a message of the worker without waiting.
func (m *mentalRun) put(ch chan []byte, s string) {
	select {
	case ch <- []byte(s):
	default:
		m.end(nil, "the worker's messages were not read", false)
	}
}

// read takes what the worker says, in its order.
func (m *mentalRun) read(ctx context.Context) {
	for {
		var b []byte
		select {
		case <-ctx.Done():
			return
		case b = <-m.outs:
		}
		o, err := mentalwire.DecodeOut(b)
		switch {
		case err != nil:
			m.end(nil, err.Error(), false)
		case len(o.Send) > 0:
			m.room(o.Send)
		case len(o.Room) > 0:
			m.room(o.Room)
		case o.Peer != "":
			m.put(m.table, o.Peer)
		case o.Fault != nil, o.Error != "", o.Done:
			m.end(o.Fault, o.Error, o.Done)
		}
	}
}

// end notes how the match ended for this page: every round checked
// (done), the page at fault, or the worker's error. The first end stays.
func (m *mentalRun) end(f *mentalwire.Fault, failed string, done bool) {
	m.mu.Lock()
	if m.fault == nil && m.failed == "" && !m.done {
		m.fault, m.failed, m.done = f, failed, done
	}
	m.mu.Unlock()
	m.notify()
}

// close ends the worker and the table's session.
func (m *mentalRun) close() {
	m.mu.Lock()
	if !m.ended {
		m.ended = true
		m.cancel()
		m.worker.Call("terminate")
		m.funcs[0].Release()
		m.funcs[1].Release()
	}
	m.mu.Unlock()
}

// state is what the page says of the match: why it stopped, or whether
// every round was dealt, played and checked.
func (m *mentalRun) state() (f *mentalwire.Fault, failed string, done bool) {
	m.mu.Lock()
	f, failed, done = m.fault, m.failed, m.done
	m.mu.Unlock()
	return
}

// workerLink is the table's link to its host, the worker: what the table
// sends goes to the worker as peer, what the worker says as peer comes
// back. It ends with the worker's context.
type workerLink mentalRun

func (l *workerLink) Send(b []byte) error {
	(*mentalRun)(l).post(mentalwire.In{Peer: string(b)})
	return nil
}

func (l *workerLink) Recv(ctx context.Context) ([]byte, error) {
	select {
	case b := <-l.table:
		return b, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Close ends nothing: the worker ends with the room.
func (l *workerLink) Close() error { return nil }

// hostWorker is the host's page's part in a room dealt with no dealer
// (rtc.BlindHost, called outside the host's lock): its worker orders the
// room.
type hostWorker struct {
	r    *roomRun
	rec  *record.Record // the match: its game, players and options
	seat games.Seat     // the host's
}

func (w *hostWorker) Start(b wire.BlindStart) {
	h := w.r.host
	st, name := mentalStart(w.rec.Game, games.Config{Players: w.rec.Players, Options: w.rec.Options, Seed: b.Seed}, b, true, w.seat, h.Seats())
	w.r.startMental(b, st, name, h.RoomSend)
}

func (w *hostWorker) From(page int, frame []byte) {
	w.r.post(mentalwire.In{From: &mentalwire.From{Link: page, Frame: frame}})
}

func (w *hostWorker) Closed(page int) { w.r.post(mentalwire.In{Closed: &page}) }

// joinWorker starts a joiner's worker for its page's blind start (called
// outside the peer's lock).
func (r *roomRun) joinWorker(b wire.BlindStart) {
	peer := r.peer
	seat := games.Seat(0)
	for i, o := range b.Owner {
		if o == b.Page {
			seat = games.Seat(i) // a person's page holds its seat alone
		}
	}
	rec := peer.Record()
	st, name := mentalStart(rec.Game, games.Config{Players: rec.Players, Options: rec.Options, Seed: b.Seed}, b, false, seat, peer.Seats())
	r.startMental(b, st, name, func(f []byte) { peer.SendRoom(f) })
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

// tableOn is the table's session once the worker has sent its first
// update (the first deal is done), else nil.
func (m *mentalRun) tableOn() *rtc.Peer {
	if m.peer.Started() {
		return m.peer
	}
	return nil
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

// mentalStopped reports whether this page's no-dealer match stopped before
// its end: a page at fault, or its worker's error.
func (r *roomRun) mentalStopped() bool {
	if m := r.mental.Load(); m != nil {
		f, failed, _ := m.state()
		return f != nil || failed != ""
	}
	return false
}

// faultDetail is the line under a stopped match's headline: the worker's
// own words, which are English, with their cards named; in another
// language, what the pages found, in that language.
func faultDetail(p *msg.Catalogue, f *mentalwire.Fault) string {
	switch {
	case p.Lang() == msg.English:
		return ui.Sentence(p, ui.ReasonWords(p, f.Part))
	case f.Stall:
		return p.T("The room waited on it longer than it allows.")
	}
	return p.T("Every page checks each message against its proofs and the rules, and this one did not hold.")
}

// mentalLines says this page's own check of the no-dealer match, as
// verdictLines does the joint seed's: verified at its end, or in words
// which page's messages do not check out (its person's name) with the
// worker's part, or the worker's error; nil while the match runs.
func mentalLines(p *msg.Catalogue, m *mentalRun, seats []rtc.SeatStatus, names []string, me games.Seat) (ok bool, lines []string) {
	f, failed, done := m.state()
	switch {
	case f != nil:
		i := pageSeat(m.owner, seats, f.Page)
		name := p.T("Page %d", f.Page+1)
		if i >= 0 && i < len(names) {
			name = names[i]
		}
		if f.Stall {
			return false, []string{p.Who(i >= 0 && games.Seat(i) == me, name, "The match stopped: your page stopped answering.",
				"The match stopped: %s's page stopped answering."), faultDetail(p, f)}
		}
		return false, []string{p.Who(i >= 0 && games.Seat(i) == me, name, "The match stopped: what your page sent does not check out.",
			"The match stopped: what %s's page sent does not check out."), faultDetail(p, f)}
	case failed != "":
		if p.Lang() != msg.English {
			return false, []string{p.T("The match stopped: this page could not go on with the deal.")} // the worker's error is English
		}
		return false, []string{p.T("The match stopped: this page could not go on with the deal."), failed}
	case done:
		return true, []string{p.T("Deal and play verified: every page shuffled the deck in turn, every card opened with its holder's proof, and every play follows the rules.")}
	}
	return false, nil
}
