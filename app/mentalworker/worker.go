// Command mentalworker is one page of a room dealt with no dealer
// (rtc/blindroom.Page) run in a browser's Web Worker: built as
// web/mental.wasm (make wasm), loaded by web/mentalworker.js only when a
// room deals with no dealer, so that app.wasm carries no games/mental and a
// shuffle's proof never freezes the table.
//
// The page and the worker speak rtc/mentalwire: JSON strings over
// postMessage, read strictly (mentalwire.DecodeIn). The page starts it with
// the room (game, config, the page holding each seat, which page it is,
// whether it orders the room, the seat its person plays, the seats as the
// lobby showed them).
//
// The host's page's worker (start's order) is the room's sequencer
// (blindroom.Sequencer): the page hands it every frame another page's link
// brings (from) and says when a link closes (closed); each message it puts
// in the room's order it posts as room, for the page to send to every
// other page, and its own page reads it. Every other page's worker posts
// its page's messages as send frames (at most mentalwire.MaxFrame bytes)
// for the page to carry to the host, and reads the room's messages in
// order as msg.
//
// A person's seat (start's person) is never played by the worker's bot: the
// page's table speaks the room's wire protocol (rtc/wire) to the worker as
// a joined page speaks to a host, as peer messages: hello is answered with
// welcome (and the update, once the first round is dealt), act is the
// person's move (blindroom.Page.Move; a refused or late one an error with
// the reason), sync the update again, ping pong. After every change of the
// person's seat's table (an action placed, a round dealt, the match over)
// the worker posts an update made from that seat's own blind table, which
// holds no other hand: its view, the actions since the last update as the
// seat is told them, its legal moves, and at the end the result and the
// match's record (every round's deal, public once read). Between rounds
// the last update stands while the next deal is under way. The final update
// comes before done. The other seats of the page are its bots' (the game's
// heuristic).
//
// The host's page's worker also keeps the room's clock: every second (Tick)
// it looks at the room (blindroom.Sequencer.Stalled at the time it reads),
// and a page the room has waited on for blindroom.StallTimeout (two
// minutes for the first round's keys: a phone loads mental.wasm first) for a
// message its program owes (its key, its shuffle, its shares, its end
// shares, a reveal's share; never a person's move) is named in the room's
// order (a stall). Mid-deal with more than two pages the others deal the
// round again without it and the worker says nothing (the sequencer reads
// that page's link no more; its page stops with the fault naming it);
// otherwise every worker posts the fault naming it. The clock stops with
// the worker; its ticks and the page's messages take turns (a mutex).
//
// The worker also posts dealt (a round's hand open, with its busy time),
// fault (the page at fault, and what it did), done (the match's digest,
// Page.Digest, the same on every page) and error; after a fault or an error
// in the room it takes no more of the room's messages (those still on
// their way pass unanswered).
package main

import (
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
	"cardtable/rtc/blindroom"
	"cardtable/rtc/mentalwire"
	"cardtable/rtc/wire"
)

// Worker is the worker's page: it takes the page's messages (Receive) and
// posts its answers.
type Worker struct {
	// mu holds Receive and the room's clock (tick) apart: the page's
	// messages and the clock's ticks come on goroutines of their own.
	// Neither holds it across a wait, so the browser's callback that
	// brings a message never blocks on it for long.
	mu      sync.Mutex
	post    func(mentalwire.Out)
	start   mentalwire.Start
	entry   games.Entry
	page    *blindroom.Page
	seq     *blindroom.Sequencer // the host's page's worker only
	stopped bool

	// The person's seat's table (the page's peer link).
	person  int // -1: none
	hello   bool
	token   string
	lastID  uint64
	events  []wire.Event // told since the last update
	changed bool         // the person's table changed since the last update
	posted  bool         // an update was made
	last    *wire.ToPeer // the last update posted
	legal   []string     // the person's legal moves in the last update
	since   int          // the step from which they are what they are

	began time.Time     // when the work being timed began (a message, or the round's key)
	round time.Duration // busy time in the round, before began
	total time.Duration // busy time in the match

	// The room's clock, the sequencer's worker's only: every interval it
	// looks for a page that stalls the room (blindroom.Sequencer.Stalled)
	// at now's time, until quit closes; watched closes when it has ended.
	interval time.Duration // 0: no clock (the caller ticks)
	now      func() time.Time
	quit     chan struct{}
	watched  chan struct{}
}

// Tick is how often the sequencer's worker looks at the room's clock: a
// page is named within a second of blindroom.StallTimeout.
const Tick = time.Second

// New is a worker that posts its answers with post.
func New(post func(mentalwire.Out)) *Worker {
	return &Worker{post: post, person: -1, interval: Tick, now: time.Now}
}

// Receive takes one message from the page.
func (w *Worker) Receive(raw []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	in, err := mentalwire.DecodeIn(raw)
	switch {
	case err != nil:
		w.post(mentalwire.Out{Error: err.Error()})
	case in.Peer != "":
		w.peer([]byte(in.Peer))
	case w.stopped && in.Start == nil:
		// The match is over, or the worker said why it stopped: the room's
		// messages still on their way change nothing.
	case w.stopped:
		w.post(mentalwire.Out{Error: "the room has stopped"})
	case in.Start != nil:
		w.begin(*in.Start)
	case w.page == nil:
		w.post(mentalwire.Out{Error: "a room message before start"})
	case in.Msg != nil && w.seq != nil:
		w.post(mentalwire.Out{Error: "the room's sequencer takes the other pages' frames (from), not msg"})
	case in.Msg != nil:
		m, err := blindroom.Decode(in.Msg)
		if err != nil {
			w.stop(err)
			return
		}
		w.work(func() error { return w.page.Handle(m) })
	case w.seq == nil:
		w.post(mentalwire.Out{Error: "only the room's sequencer takes from and closed"})
	case in.From != nil:
		w.work(func() error { return w.seq.Frame(in.From.Link, in.From.Frame) })
	default:
		w.work(func() error { return w.seq.Closed(*in.Closed) })
	}
}

func (w *Worker) begin(s mentalwire.Start) {
	if w.page != nil {
		w.post(mentalwire.Out{Error: "the worker's page has started already"})
		return
	}
	room := blindroom.Room{Game: s.Game, Cfg: s.Cfg, Owner: s.Owner}
	e, _, err := blindroom.Supported(room.Game, room.Cfg)
	if err != nil {
		w.post(mentalwire.Out{Error: err.Error()})
		return
	}
	if s.Order != (s.Page == 0) {
		w.post(mentalwire.Out{Error: "the host's page, page 1, orders the room, and no other"})
		return
	}
	bot := bots.NewHeuristic(e.Advisor, 0.1, room.Cfg.Seed+uint64(s.Page))
	var p *blindroom.Page
	var seq *blindroom.Sequencer
	if s.Order {
		if seq, err = blindroom.NewSequencer(room, bot, mentalwire.MaxFrame); err != nil {
			w.post(mentalwire.Out{Error: err.Error()})
			return
		}
		seq.Send = func(m blindroom.Message, raw []byte) {
			if m.Kind == blindroom.KindKey && m.Page == 0 {
				w.roundBegins()
			}
			w.post(mentalwire.Out{Room: raw})
		}
		p = seq.Page
	} else {
		if p, err = blindroom.NewPage(room, s.Page, bot, w.send); err != nil {
			w.post(mentalwire.Out{Error: err.Error()})
			return
		}
	}
	if s.Seats != nil && len(s.Seats) != room.Cfg.Players {
		w.post(mentalwire.Out{Error: fmt.Sprintf("%d seats for %d players", len(s.Seats), room.Cfg.Players)})
		return
	}
	if s.Person != nil {
		if !slices.Contains(p.Seats, *s.Person) {
			w.post(mentalwire.Out{Error: fmt.Sprintf("seat %d is not page %d's", *s.Person+1, s.Page+1)})
			return
		}
		p.Person, w.person = *s.Person, *s.Person
		w.token = newToken()
	}
	p.Dealt = func(round int) {
		w.post(mentalwire.Out{Dealt: round, Ms: ms(w.round + time.Since(w.began))})
		w.changed = true
	}
	p.Placed = func(index, seat int) {
		if w.person < 0 {
			return
		}
		w.events = append(w.events, wire.Event{Index: index, Seat: games.Seat(seat), Desc: p.TableOf(w.person).Told()})
		w.changed = true
	}
	w.start, w.entry, w.page, w.seq = s, e, p, seq
	if w.seq != nil {
		w.work(w.seq.Start)
		if !w.stopped && w.interval > 0 {
			w.watch()
		}
		return
	}
	w.work(func() error { p.Start(); return nil })
}

// watch starts the room's clock: a ticker whose every tick looks for a
// page that stalls the room, until the worker stops.
func (w *Worker) watch() {
	ticker := time.NewTicker(w.interval)
	w.quit, w.watched = make(chan struct{}), make(chan struct{})
	go func(quit, watched chan struct{}) {
		defer close(watched)
		defer ticker.Stop()
		for {
			select {
			case <-ticker.C:
				w.tick(w.now())
			case <-quit:
				return
			}
		}
	}(w.quit, w.watched)
}

// tick looks at the room at now: a page the room has waited on for
// blindroom.StallTimeout is named in the room's order. Mid-deal, with a
// third page in the room, it is dealt around and the room goes on (the
// page's link stays the page's to close; the sequencer reads it no more);
// otherwise the match ends with the fault, as on every page.
func (w *Worker) tick(now time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped || w.seq == nil {
		return
	}
	w.work(func() error { return w.seq.Stalled(now) })
}

// halt stops the room's clock.
func (w *Worker) halt() {
	if w.quit != nil {
		close(w.quit)
		w.quit = nil
	}
}

// send posts a message of the page's, in frames, for the page to carry to
// the host; its key starts a round.
func (w *Worker) send(m blindroom.Message) {
	if m.Kind == blindroom.KindKey {
		w.roundBegins()
	}
	raw, err := blindroom.Encode(m)
	if err != nil {
		w.stop(err)
		return
	}
	frames, err := blindroom.Frames(raw, mentalwire.MaxFrame)
	if err != nil {
		w.stop(err)
		return
	}
	for _, f := range frames {
		w.post(mentalwire.Out{Send: f})
	}
}

// roundBegins starts timing a round's work.
func (w *Worker) roundBegins() {
	now := time.Now()
	w.total += now.Sub(w.began)
	w.began, w.round = now, 0
}

// work runs f, timing it, posts the person's update when its table
// changed, and says when the room stops or is over.
func (w *Worker) work(f func() error) {
	w.began = time.Now()
	err := f()
	d := time.Since(w.began)
	w.round += d
	w.total += d
	if err != nil {
		w.stop(err)
		return
	}
	done := w.page.Done() && !w.stopped
	switch {
	case w.person < 0:
	case !w.hello:
		w.events, w.changed = nil, false // the table's welcome brings the update
	case w.between():
		// The round is over and the next is being dealt: the table's
		// state shows no true hand yet. The last update stands; the
		// round's last actions are told with the next deal's.
	case w.changed || done:
		w.postUpdate() // the final one before done
	}
	if done {
		w.stopped = true
		w.halt()
		sum := w.page.Digest()
		w.post(mentalwire.Out{Done: true, Record: hex.EncodeToString(sum[:]), Ms: ms(w.total)})
	}
}

// stop ends the worker's part in the room with a fault or an error.
func (w *Worker) stop(err error) {
	if w.stopped {
		return
	}
	w.stopped = true
	w.halt()
	var f *blindroom.Fault
	if errors.As(err, &f) {
		// The page as the room's start numbered it, which the page's app
		// names by its person: pages after one that left are numbered
		// one less in the room.
		w.post(mentalwire.Out{Fault: &mentalwire.Fault{Page: w.page.StartedAs(f.Page), Part: f.Part, Stall: f.Stall}})
		return
	}
	w.post(mentalwire.Out{Error: err.Error()})
}

// peer serves a message of the page's table, in the room's wire protocol.
func (w *Worker) peer(raw []byte) {
	m, err := wire.ParseToHost(raw)
	switch {
	case err != nil:
		w.toPeer(wire.ToPeer{T: wire.MsgError, Error: err.Error()})
		return
	case w.page == nil:
		w.toPeer(wire.ToPeer{T: wire.MsgError, Error: "the room has not started"})
		return
	case w.person < 0:
		w.toPeer(wire.ToPeer{T: wire.MsgError, Error: "no person plays a seat on this page"})
		return
	case !w.hello && m.T != wire.MsgHello:
		w.toPeer(wire.ToPeer{T: wire.MsgError, Error: "say hello first"})
		return
	}
	switch m.T {
	case wire.MsgHello:
		if w.hello {
			w.toPeer(wire.ToPeer{T: wire.MsgError, Error: "hello sent twice"})
			return
		}
		w.hello = true
		w.welcome()
	case wire.MsgAct:
		w.intent(m)
	case wire.MsgSync:
		w.current()
	case wire.MsgPing:
		w.toPeer(wire.ToPeer{T: wire.MsgPong})
	default:
		w.toPeer(wire.ToPeer{T: wire.MsgError, Error: fmt.Sprintf("a room dealt with no dealer takes no %s", m.T)})
	}
}

// welcome tells the page's table its seat and the game, then the match
// as it stands once a round is dealt.
func (w *Worker) welcome() {
	seat := games.Seat(w.person)
	info := w.entry.Game.Info()
	w.toPeer(wire.ToPeer{T: wire.MsgWelcome, Seat: &seat, Token: w.token, LastID: w.lastID, Game: w.start.Game,
		Info: &info, Players: w.start.Cfg.Players, Options: w.start.Cfg.Options})
	if w.page.TableOf(w.person) != nil && !w.between() {
		w.postUpdate()
		return
	}
	w.current()
}

// between says the person's table is between rounds: the round is over
// and its deal not read yet, or the next round is being dealt.
func (w *Worker) between() bool {
	t := w.page.TableOf(w.person)
	return t == nil || t.Between() || w.page.Dealing()
}

// current posts the update that stands: the table's now, or between
// rounds the last one posted (none before the first deal).
func (w *Worker) current() {
	switch {
	case !w.between():
		w.toPeer(w.update(nil))
	case w.last != nil:
		m := *w.last
		m.Events = nil
		w.toPeer(m)
	}
}

// intent is the person's move: checked as the host checks one (its id,
// its step), then made on the page (Page.Move).
func (w *Worker) intent(m wire.ToHost) {
	t := w.page.TableOf(w.person)
	step := 0
	if t != nil {
		step = t.Actions()
	}
	switch {
	case m.ID <= w.lastID:
		w.toPeer(wire.ToPeer{T: wire.MsgError, ID: m.ID, Error: fmt.Sprintf("intent %d already handled", m.ID)})
		return
	case *m.Step > step:
		w.toPeer(wire.ToPeer{T: wire.MsgError, ID: m.ID, Error: fmt.Sprintf("step %d is ahead of the table (%d)", *m.Step, step)})
		return
	}
	w.lastID = m.ID
	var err error
	late := false
	switch {
	case w.stopped:
		err = errors.New("the room has stopped")
	case *m.Step < w.since:
		err, late = fmt.Errorf("too late: the table moved on at step %d", w.since), true
	default:
		err = w.page.Move(w.person, m.Act)
	}
	if err != nil {
		// Refused: nothing is sent; the table gets its moves again.
		w.toPeer(wire.ToPeer{T: wire.MsgError, ID: m.ID, Error: err.Error(), Late: late})
		w.current()
		return
	}
	if w.seq != nil {
		w.work(w.seq.Flush)
	}
}

// postUpdate posts the person's update with the actions told since the
// last.
func (w *Worker) postUpdate() {
	m := w.update(w.events)
	w.toPeer(m)
	w.last, w.events, w.changed = &m, nil, false
}

// update is the match as the person's seat's own table has it: nothing in
// it is made from another seat's hand.
func (w *Worker) update(events []wire.Event) wire.ToPeer {
	seat := games.Seat(w.person)
	t := w.page.TableOf(w.person)
	st := t.State()
	step := t.Actions()
	view, err := json.Marshal(st.View(seat))
	if err != nil {
		return wire.ToPeer{T: wire.MsgError, Error: err.Error()}
	}
	m := wire.ToPeer{T: wire.MsgUpdate, Step: step, View: view, Hash: wire.ViewHash(view), Events: events,
		Actors: games.PublicActors(st, seat), Seats: w.start.Seats, Started: true}
	var legal []string
	if w.page.Waiting() {
		for _, a := range st.Legal(seat, nil) {
			text := st.FormatAction(a)
			m.Legal = append(m.Legal, wire.Move{Action: a, Text: text, Desc: st.Describe(seat, seat, a)})
			legal = append(legal, text)
		}
	}
	if !w.posted || !slices.Equal(legal, w.legal) {
		w.legal, w.since = legal, step
	}
	w.posted = true
	if w.page.Done() {
		res := st.Result()
		m.Done, m.Result, m.Record = true, &res, w.page.Match()
	}
	return m
}

// toPeer posts a message for the page's table.
func (w *Worker) toPeer(m wire.ToPeer) {
	m.V = wire.Version
	b, err := json.Marshal(m)
	if err != nil {
		w.post(mentalwire.Out{Error: err.Error()})
		return
	}
	w.post(mentalwire.Out{Peer: string(b)})
}

// newToken is a seat token: 128 random bits in hex, as a host's.
func newToken() string {
	var b [wire.TokenLen / 2]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
