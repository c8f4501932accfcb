// Command mentalworker is one page of a room dealt with no dealer
// (rtc/blindroom.Page) run in a browser's Web Worker: built as
// web/mental.wasm (make wasm), loaded by web/mentalworker.js only when a
// room deals with no dealer, so that app.wasm carries no games/mental and a
// shuffle's proof never freezes the table.
//
// The page and the worker speak in JSON strings over postMessage, each an
// object with exactly one of its fields (Worker.Receive reads them
// strictly). The page sends:
//
//	{"start": {"game": "king", "cfg": {"players": 4, "seed": 7}, "owner": [0, 1, 2, 0], "page": 1}}
//	{"msg": "<base64: one room message, in the host's order>"}
//
// and the worker answers:
//
//	{"ready": true}   mental.wasm is running (what the page sent before was kept for it)
//	{"send": "<base64: a message the page sends to the host>"}
//	{"dealt": 1, "ms": 812.5}   its hand for round 1 is open; ms is the worker's busy time in the round so far
//	{"fault": {"page": 2, "part": "its shuffle is wrong (…)"}}   the room stops; page counts from 0
//	{"done": true, "record": "<hex sha256 of the match>", "ms": …}   every round dealt, played and checked
//	{"error": "…"}   a message it could not take; after a fault or an error in the room it takes none
//	                 (the room's messages still on their way are let pass unanswered)
//
// owner is the page holding each seat (the host's page, 0, holds the bots'
// seats; none: page i is seat i). The seats' moves are their bot's (the game's heuristic) for now; a person's
// move, {"move": "play 9C"}, is refused with an error until the page can
// take one.
package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/rtc/blindroom"
)

// MaxIn bounds a message from the page: a room message (blindroom's limit)
// as base64, with room to spare for the envelope.
const MaxIn = blindroom.MaxMessage*4/3 + 4096

// In is a message from the page: exactly one field is set.
type In struct {
	Start *Start  `json:"start,omitempty"`
	Msg   []byte  `json:"msg,omitempty"` // an empty one is none
	Move  *string `json:"move,omitempty"`
}

// Start is the room the worker's page is in (its game, config and the page
// holding each seat) and which page it is.
type Start struct {
	Game  string       `json:"game"`
	Cfg   games.Config `json:"cfg"`
	Owner []int        `json:"owner,omitempty"`
	Page  int          `json:"page"`
}

// Out is a message to the page: one of its fields is set (Ms goes with
// Dealt and Done).
type Out struct {
	Ready  bool      `json:"ready,omitempty"`
	Send   []byte    `json:"send,omitempty"`
	Dealt  int       `json:"dealt,omitempty"`
	Ms     float64   `json:"ms,omitempty"`
	Fault  *OutFault `json:"fault,omitempty"`
	Done   bool      `json:"done,omitempty"`
	Record string    `json:"record,omitempty"`
	Error  string    `json:"error,omitempty"`
}

// OutFault names the page at fault (from 0) and what it did.
type OutFault struct {
	Page int    `json:"page"`
	Part string `json:"part"`
}

// Decode reads a message from the page strictly: at most MaxIn bytes, no
// unknown field, nothing after it, exactly one field set.
func Decode(b []byte) (In, error) {
	var in In
	if len(b) > MaxIn {
		return In{}, fmt.Errorf("a message of %d bytes is over the %d-byte limit", len(b), MaxIn)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return In{}, fmt.Errorf("a message does not read: %v", err)
	}
	if dec.More() {
		return In{}, errors.New("a message has something after it")
	}
	n := 0
	for _, set := range []bool{in.Start != nil, len(in.Msg) > 0, in.Move != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return In{}, fmt.Errorf("a message has %d of start, msg and move; it needs one", n)
	}
	return in, nil
}

// Worker is the worker's page: it takes the page's messages (Receive) and
// posts its answers.
type Worker struct {
	post    func(Out)
	page    *blindroom.Page
	stopped bool

	since time.Time     // when the work being timed began (a Handle, or the round's key)
	round time.Duration // busy time in the round, before since
	total time.Duration // busy time in the match
}

// New is a worker that posts its answers with post.
func New(post func(Out)) *Worker { return &Worker{post: post} }

// Receive takes one message from the page.
func (w *Worker) Receive(raw []byte) {
	in, err := Decode(raw)
	switch {
	case err != nil:
		w.post(Out{Error: err.Error()})
	case w.stopped && in.Msg != nil:
		// The match is over, or the worker said why it stopped: the room's
		// messages still on their way change nothing.
	case w.stopped:
		w.post(Out{Error: "the room has stopped"})
	case in.Start != nil:
		w.start(*in.Start)
	case in.Move != nil:
		w.post(Out{Error: fmt.Sprintf("%q: the seats' moves are their bot's; the worker takes no person's move yet", *in.Move)})
	case w.page == nil:
		w.post(Out{Error: "a room message before start"})
	default:
		m, err := blindroom.Decode(in.Msg)
		if err != nil {
			w.stop(err)
			return
		}
		w.work(func() error { return w.page.Handle(m) })
	}
}

func (w *Worker) start(s Start) {
	if w.page != nil {
		w.post(Out{Error: "the worker's page has started already"})
		return
	}
	room := blindroom.Room{Game: s.Game, Cfg: s.Cfg, Owner: s.Owner}
	e, _, err := blindroom.Supported(room.Game, room.Cfg)
	if err != nil {
		w.post(Out{Error: err.Error()})
		return
	}
	bot := bots.NewHeuristic(e.Advisor, 0.1, room.Cfg.Seed+uint64(s.Page))
	p, err := blindroom.NewPage(room, s.Page, bot, w.send)
	if err != nil {
		w.post(Out{Error: err.Error()})
		return
	}
	p.Dealt = func(round int) {
		w.post(Out{Dealt: round, Ms: ms(w.round + time.Since(w.since))})
	}
	w.page = p
	w.work(func() error { p.Start(); return nil })
}

// send posts a message of the page's to the host; its key starts a round.
func (w *Worker) send(m blindroom.Message) {
	if m.Kind == blindroom.KindKey {
		now := time.Now()
		w.total += now.Sub(w.since)
		w.since, w.round = now, 0
	}
	raw, err := blindroom.Encode(m)
	if err != nil {
		w.stop(err)
		return
	}
	w.post(Out{Send: raw})
}

// work runs f, timing it, and says when the room stops or is over.
func (w *Worker) work(f func() error) {
	w.since = time.Now()
	err := f()
	d := time.Since(w.since)
	w.round += d
	w.total += d
	if err != nil {
		w.stop(err)
		return
	}
	if w.page.Done() && !w.stopped {
		w.stopped = true
		sum := w.page.Digest()
		w.post(Out{Done: true, Record: hex.EncodeToString(sum[:]), Ms: ms(w.total)})
	}
}

// stop ends the worker's part in the room with a fault or an error.
func (w *Worker) stop(err error) {
	if w.stopped {
		return
	}
	w.stopped = true
	var f *blindroom.Fault
	if errors.As(err, &f) {
		w.post(Out{Fault: &OutFault{Page: f.Page, Part: f.Part}})
		return
	}
	w.post(Out{Error: err.Error()})
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
