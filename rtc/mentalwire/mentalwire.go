// Package mentalwire is what a page and its worker say to each other in a
// room dealt with no dealer (issue #27): the worker (app/mentalworker,
// web/mental.wasm) plays the page's part in the room's deal and play
// (rtc/blindroom), the page carries the room's messages over its links and
// shows the table. They speak in JSON strings over postMessage, each an
// object with exactly one field set (Ms goes with Dealt and Done, Record
// with Done), read strictly and bounded (DecodeIn, DecodeOut). The package
// holds no cryptography, so that the page's program (app.wasm) can speak it
// without carrying games/mental.
//
// The page sends:
//
//	{"start": {"game": "king", "cfg": {…}, "owner": [0, 1, 2, 0], "page": 1, "person": 1, "seats": […]}}
//	{"msg": "<base64: one whole room message, in the room's order>"}   every page but the sequencer's
//	{"from": {"link": 2, "frame": "<base64>"}}   the sequencer's page: a frame page 2's link brought
//	{"closed": 2}                                the sequencer's page: page 2's link closed
//	{"peer": "<a wire.ToHost message of the page's table>"}   hello, act, sync, ping
//
// and the worker answers:
//
//	{"ready": true}   mental.wasm runs (what the page sent before was kept for it)
//	{"send": "<base64: a frame for the host>"}   at most MaxFrame bytes, so that it fits a peer's wire message
//	{"room": "<base64: a whole message in the room's order>"}   the sequencer's: the page sends it to every other page
//	{"peer": "<a wire.ToPeer message for the page's table>"}   welcome, update, error, pong
//	{"dealt": 1, "ms": 812.5}   its hands of round 1 are open; ms is the worker's busy time in the round so far
//	{"fault": {"page": 2, "part": "its shuffle is wrong (…)"}}   the room stops; page counts from 0
//	{"done": true, "record": "<hex sha256 of the match>", "ms": …}   every round dealt, played and checked
//	{"error": "…"}   a message it could not take; after a fault or an error in the room it takes none
//
// The sequencer is the host's page (page 0, Start.Order): every other
// page's frames come to it, it reads each whole message, checks that it
// comes from the page it names and orders it; each message it answers with
// room is one the room reads in that order, its own included. A person's
// seat on a page (Start.Person) is played from the page's table, which
// speaks the room's wire protocol (rtc/wire) to the worker as a joined
// page speaks to a host: the worker makes its welcome and its updates from
// that seat's own table, which knows no other hand.
package mentalwire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"cardtable/games"
	"cardtable/rtc/wire"
)

// Limits.
const (
	// MaxRoomMessage bounds a room message (rtc/blindroom's MaxMessage): a
	// 52-card shuffle's proof is 20 kB, its deck 3.3 kB, base64 a third more.
	MaxRoomMessage = 64 << 10
	// MaxFrame bounds a frame a page sends the host: as base64 in a wire
	// room message it stays within wire.MaxPeerMessage.
	MaxFrame = 2 << 10
	// MaxIn bounds a message to the worker: a room message as base64, or a
	// page's wire message escaped, with room for the envelope.
	MaxIn = MaxRoomMessage*4/3 + 4096
	// MaxOut bounds a message from the worker: a wire message to the page's
	// table (every character escaped at worst), with room for the envelope.
	MaxOut = 2*wire.MaxHostMessage + 4096
)

// In is a message from the page to its worker: exactly one field is set.
type In struct {
	Start  *Start `json:"start,omitempty"`
	Msg    []byte `json:"msg,omitempty"`
	From   *From  `json:"from,omitempty"`
	Closed *int   `json:"closed,omitempty"`
	Peer   string `json:"peer,omitempty"`
}

// Start is the room the worker's page is in: the game, its config, the
// page holding each seat (none: page i is seat i), which page it is,
// whether it orders the room (the host's page), the seat a person plays
// on it (none: the page's seats are all its bots'), and the seats as the
// lobby showed them (names for the table).
type Start struct {
	Game   string            `json:"game"`
	Cfg    games.Config      `json:"cfg"`
	Owner  []int             `json:"owner,omitempty"`
	Page   int               `json:"page"`
	Order  bool              `json:"order,omitempty"`
	Person *int              `json:"person,omitempty"`
	Seats  []wire.SeatStatus `json:"seats,omitempty"`
}

// From is a frame that page Link's link brought to the sequencer's page
// (Link is the page's number when the match began).
type From struct {
	Link  int    `json:"link"`
	Frame []byte `json:"frame"`
}

// Out is a message from the worker to its page: one of its fields is set
// (Ms goes with Dealt and Done, Record with Done).
type Out struct {
	Ready  bool    `json:"ready,omitempty"`
	Send   []byte  `json:"send,omitempty"`
	Room   []byte  `json:"room,omitempty"`
	Peer   string  `json:"peer,omitempty"`
	Dealt  int     `json:"dealt,omitempty"`
	Ms     float64 `json:"ms,omitempty"`
	Fault  *Fault  `json:"fault,omitempty"`
	Done   bool    `json:"done,omitempty"`
	Record string  `json:"record,omitempty"`
	Error  string  `json:"error,omitempty"`
}

// Fault names the page at fault (from 0) and what it did; Stall when it
// sent nothing the room waited on (the host's clock named it).
type Fault struct {
	Page  int    `json:"page"`
	Part  string `json:"part"`
	Stall bool   `json:"stall,omitempty"`
}

// DecodeIn reads a message from the page strictly: at most MaxIn bytes, no
// unknown field, nothing after it, exactly one field set.
func DecodeIn(b []byte) (In, error) {
	var in In
	if err := decode(b, MaxIn, &in); err != nil {
		return In{}, err
	}
	if n := count(in.Start != nil, len(in.Msg) > 0, in.From != nil, in.Closed != nil, in.Peer != ""); n != 1 {
		return In{}, fmt.Errorf("a message has %d of start, msg, from, closed and peer; it needs one", n)
	}
	if in.From != nil && (len(in.From.Frame) == 0 || len(in.From.Frame) > MaxFrame) {
		return In{}, fmt.Errorf("a frame of %d bytes; a frame holds 1 to %d", len(in.From.Frame), MaxFrame)
	}
	return in, nil
}

// DecodeOut reads a message from the worker strictly: at most MaxOut
// bytes, no unknown field, nothing after it, exactly one of its kinds.
func DecodeOut(b []byte) (Out, error) {
	var o Out
	if err := decode(b, MaxOut, &o); err != nil {
		return Out{}, err
	}
	if n := count(o.Ready, len(o.Send) > 0, len(o.Room) > 0, o.Peer != "", o.Dealt != 0, o.Fault != nil, o.Done, o.Error != ""); n != 1 {
		return Out{}, fmt.Errorf("a message has %d of ready, send, room, peer, dealt, fault, done and error; it needs one", n)
	}
	switch {
	case o.Ms != 0 && o.Dealt == 0 && !o.Done:
		return Out{}, errors.New("a message has a time but is neither dealt nor done")
	case o.Record != "" && !o.Done:
		return Out{}, errors.New("a message has a record but is not done")
	case len(o.Send) > MaxFrame:
		return Out{}, fmt.Errorf("a frame of %d bytes; a frame holds at most %d", len(o.Send), MaxFrame)
	case o.Dealt < 0:
		return Out{}, fmt.Errorf("round %d", o.Dealt)
	}
	return o, nil
}

func decode(b []byte, limit int, v any) error {
	if len(b) > limit {
		return fmt.Errorf("a message of %d bytes is over the %d-byte limit", len(b), limit)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("a message does not read: %v", err)
	}
	if dec.More() {
		return errors.New("a message has something after it")
	}
	return nil
}

func count(set ...bool) int {
	n := 0
	for _, s := range set {
		if s {
			n++
		}
	}
	return n
}
