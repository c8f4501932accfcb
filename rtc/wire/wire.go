// Package wire is the peer protocol: the JSON messages a host and its peers
// exchange over an rtc.Conn, their limits and their checks. A peer's message
// is untrusted: ParseToHost caps its size, checks its version, its type and
// every field that type uses.
package wire

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"cardtable/games"
	"cardtable/games/record"
)

// The peer protocol: JSON messages over a Conn, one per data-channel
// message. Every message carries the protocol version "v" and its type "t".
//
//	peer → host (at most MaxPeerMessage bytes, checked strictly)
//	  {"v":1,"t":"hello","name":"Ann","token":"…","seat":2}
//	                       first message: token to take back a seat; seat, in the
//	                       lobby, the seat wanted (default: the first empty one)
//	  {"v":1,"t":"sit","seat":3}                        lobby: move to an empty seat
//	  {"v":1,"t":"act","id":7,"step":41,"act":"play QH"}
//	                       an intent: id grows with every intent of the seat, step is
//	                       the step of the update the player acted on
//	  {"v":1,"t":"sync"}   ask for the whole state again (after a hash mismatch)
//	  {"v":1,"t":"ping"}
//	  {"v":1,"t":"commit","draw":1,"commit":"<64 hex>"}
//	                       the seat's commitment to its share of the joint seed
//	                       (record.Commitment) in the draw the lobby announced
//	  {"v":1,"t":"reveal","draw":1,"share":"<64 hex>"}
//	                       its share, once the lobby says every commitment is in
//	  {"v":4,"t":"room","room":"<base64>"}
//	                       a room dealt with no dealer, once its match started:
//	                       one frame (at most MaxRoomFrame bytes) of a message
//	                       of the page's worker, for the host's page's worker
//	host → peer (at most MaxHostMessage bytes)
//	  welcome  seat (-2: a spectator), token, lastId, game, info, players,
//	           options, deal ("mental": the room deals with no dealer)
//	  lobby    seats, started, deal, draw (the joint seed's draw: its number,
//	           its phase, every seat's commitment, whose shares are in, the
//	           seats left out and why, the earlier draws)
//	  blind    a match dealt with no dealer starts: blind (this page's number,
//	           the page holding each seat, the match's seed)
//	  room     room: one whole message of the room (at most MaxRoomMessage
//	           bytes), in the order the host's page's worker gave the room
//	  update   step, view, hash, events, legal, actors, deadlineMs, remainingMs,
//	           seats, done, result, record (only once done)
//	  error    id (the intent refused, 0 for other messages), error, late (the
//	           move came after the table moved on)
//	  pong
//	  bye      code, error: why the host ends the link (see the Bye codes); a
//	           peer dials again after a passing one and stops after a final one
//
// Everything in an update is made by the engine for the receiving seat:
// its View, the description of each action as that seat may know it
// (games.Description: a face-down card is counted, never named), and its
// legal moves with their notation and description. No action's notation
// is sent before the match is over; then the record, with the seed, goes
// out. So do the revealed shares of the joint seed: the commitments are
// relayed to every page as they come in, the shares only in the record at
// the end (they give the seed, hence every hand).
//
// A room dealt with no dealer (DealMental) sends no update and draws no
// joint seed: the pages deal the cards together, each in its own worker,
// so that no page, the host's included, sees another's hand. Its links
// then carry the workers' messages, which the protocol does not read: a
// page's frames go to the host's page, whose worker checks them and puts
// the room's messages in order, and the host sends each of them to every
// page.
const (
	Version        = 4
	MaxPeerMessage = 4 << 10
	MaxHostMessage = 256 << 10
	MaxName        = 24 // runes
	MaxAct         = 64 // bytes
	TokenLen       = 32 // hex characters: 128 random bits
)

// Message types.
const (
	MsgHello   = "hello"
	MsgSit     = "sit"
	MsgAct     = "act"
	MsgSync    = "sync"
	MsgPing    = "ping"
	MsgCommit  = "commit"
	MsgReveal  = "reveal"
	MsgRoom    = "room" // both ways: a room message dealt with no dealer
	MsgWelcome = "welcome"
	MsgLobby   = "lobby"
	MsgBlind   = "blind"
	MsgUpdate  = "update"
	MsgError   = "error"
	MsgPong    = "pong"
	MsgBye     = "bye"
)

// DealMental is the deal of a room dealt with no dealer: the pages shuffle
// and deal the cards together (mental poker), so no page sees another's
// hand. The empty deal is the host's, from the joint seed.
const DealMental = "mental"

// MaxRoomFrame is the most bytes of a room message one peer's frame
// carries: its base64 with the message around it stays within
// MaxPeerMessage.
const MaxRoomFrame = (MaxPeerMessage - 64) / 4 * 3

// MaxRoomMessage is the most bytes of a room message the host sends its
// pages whole: its base64 with the message around it stays within
// MaxHostMessage.
const MaxRoomMessage = (MaxHostMessage - 64) / 4 * 3

// MaxPages bounds the seats, hence the pages, of a room's owner map.
const MaxPages = 64

// BlindStart starts a match dealt with no dealer, for one page.
type BlindStart struct {
	// Page is the receiving page's number: 0 is the host's page, which
	// holds the host's seat and every bot's; each person's seat, in seat
	// order, has its own page from 1.
	Page int `json:"page"`
	// Owner is the page holding each seat.
	Owner []int `json:"owner"`
	// Seed seeds the bots and the samplers, never the deal: the deal is
	// the pages' shuffles.
	Seed uint64 `json:"seed"`
}

// Bye codes: why the host ended a link. The peer of a final one stops (its
// seat is gone, or the room); after any other it dials again, waiting a
// little longer each time, and takes its seat back with its token.
const (
	ByeKicked   = "kicked"   // final: the host removed the player
	ByeToken    = "token"    // final: the seat token is unknown
	ByeReplaced = "replaced" // final: the seat's token linked again elsewhere
	ByeClosed   = "closed"   // final: the host closed the room
	ByeAgain    = "again"    // final: the match is over and the host opens the next one at this table (join it with the seat token)
	ByeLeft     = "left"     // the host's page left; it may come back from its journal
	ByeFull     = "full"     // no room for this link now: spectators, or links still opening
	ByeHello    = "hello"    // no hello in time
	ByeRate     = "rate"     // too many messages
	ByeBad      = "bad"      // too many bad messages
	ByeSlow     = "slow"     // the peer does not read what the host sends
	ByeDealt    = "dealt"    // final: the match deals with no dealer, and a page that left cannot come back
)

// FinalBye reports whether a bye of code ends a peer's session for good.
func FinalBye(code string) bool {
	switch code {
	case ByeKicked, ByeToken, ByeReplaced, ByeClosed, ByeAgain, ByeDealt:
		return true
	}
	return false
}

// ToHost is a peer's message.
type ToHost struct {
	V     int    `json:"v"`
	T     string `json:"t"`
	Name  string `json:"name,omitempty"`
	Token string `json:"token,omitempty"`
	Seat  *int   `json:"seat,omitempty"`
	ID    uint64 `json:"id,omitempty"`
	Step  *int   `json:"step,omitempty"`
	Act   string `json:"act,omitempty"`
	// The joint seed: the draw a commitment or a share belongs to, and the
	// commitment or the share in 64 lowercase hexadecimal characters.
	Draw   int    `json:"draw,omitempty"`
	Commit string `json:"commit,omitempty"`
	Share  string `json:"share,omitempty"`
	// Room is one frame of a message of the page's worker (MsgRoom).
	Room []byte `json:"room,omitempty"`
}

// MaxDraw bounds the number of a draw of the joint seed.
const MaxDraw = 1 << 20

// DrawStatus is the joint seed's draw as the lobby shows it to every page.
type DrawStatus struct {
	Draw  int    `json:"draw"`  // from 1
	Phase string `json:"phase"` // commit, reveal, done
	// Commits holds every seat's commitment ("" while none is in),
	// relayed so that each page can hold the host to them at the end.
	Commits  []string `json:"commits"`
	Revealed []bool   `json:"revealed"` // whose shares the host holds
	// WaitMs is how long the host still waits for the missing seats
	// before it goes on without them.
	WaitMs  int64         `json:"waitMs,omitempty"`
	Left    []LeftOut     `json:"left,omitempty"`
	Earlier []EarlierDraw `json:"earlier,omitempty"`
}

// Draw phases.
const (
	PhaseCommit = "commit" // waiting for the commitments
	PhaseReveal = "reveal" // every commitment is in: waiting for the shares
	PhaseDone   = "done"   // the seed is drawn
	PhaseIdle   = "idle"   // no draw under way: Draw is the next one's number
)

// LeftOut is a seat the deal was drawn without, and why.
type LeftOut struct {
	Seat games.Seat `json:"seat"`
	Why  string     `json:"why"`
}

// Why a seat was left out of the draw.
const (
	LeftNoCommit = "nocommit" // its page sent no commitment in time
	LeftNoReveal = "noreveal" // its page did not reveal its share in time
	LeftMismatch = "mismatch" // its share did not match its commitment
)

// EarlierDraw is a draw given up before the one under way: Revealed
// counts the shares that were in when it was given up (a draw given up
// after shares came in is one the host could have chosen to give up).
type EarlierDraw struct {
	Draw     int  `json:"draw"`
	Revealed int  `json:"revealed"`
	Seeded   bool `json:"seeded,omitempty"` // it was given up after its seed was drawn
}

// Move is one legal move of the receiving seat: its notation (what an
// intent sends back) and the engine's description of it as the seat reads
// it.
type Move struct {
	Action games.Action      `json:"-"`
	Text   string            `json:"act"`
	Desc   games.Description `json:"desc"`
}

// Event is one applied action as the receiving seat may know it: the
// engine's description for that seat, never the action's notation (which
// can name a face-down card).
type Event struct {
	Index int               `json:"index"` // position in the record's actions
	Seat  games.Seat        `json:"seat"`  // games.System for a timeout
	Desc  games.Description `json:"desc"`
}

// SeatStatus is one seat as the lobby and every update show it.
type SeatStatus struct {
	Seat      games.Seat `json:"seat"`
	Kind      string     `json:"kind"` // empty, host, player, bot
	Name      string     `json:"name,omitempty"`
	Bot       string     `json:"bot,omitempty"`      // the level of a bot seat, or of the bot standing in
	Connected bool       `json:"connected"`          // a person's link is up (the host always)
	BotPlays  bool       `json:"botPlays,omitempty"` // a bot plays the seat now (a bot seat, or a player away past the grace)
	AwayMs    int64      `json:"awayMs,omitempty"`   // how long a player has been away
	GraceMs   int64      `json:"graceMs,omitempty"`  // until a bot stands in for the away player
}

// Seat kinds.
const (
	KindEmpty  = "empty"
	KindHost   = "host"
	KindPlayer = "player"
	KindBot    = "bot"
)

// ToPeer is the host's message.
type ToPeer struct {
	V         int               `json:"v"`
	T         string            `json:"t"`
	Seat      *games.Seat       `json:"seat,omitempty"`
	Token     string            `json:"token,omitempty"`
	LastID    uint64            `json:"lastId,omitempty"`
	Game      string            `json:"game,omitempty"`
	Info      *games.Info       `json:"info,omitempty"`
	Players   int               `json:"players,omitempty"`
	Options   map[string]string `json:"options,omitempty"`
	Seats     []SeatStatus      `json:"seats,omitempty"`
	Started   bool              `json:"started,omitempty"`
	Draw      *DrawStatus       `json:"draw,omitempty"`
	Step      int               `json:"step,omitempty"`
	View      json.RawMessage   `json:"view,omitempty"`
	Hash      string            `json:"hash,omitempty"`
	Events    []Event           `json:"events,omitempty"`
	Legal     []Move            `json:"legal,omitempty"`
	Actors    []games.Seat      `json:"actors,omitempty"`
	Deadline  int64             `json:"deadlineMs,omitempty"`
	Remaining int64             `json:"remainingMs,omitempty"`
	Done      bool              `json:"done,omitempty"`
	Result    *games.Result     `json:"result,omitempty"`
	Record    *record.Record    `json:"record,omitempty"`
	ID        uint64            `json:"id,omitempty"`
	Code      string            `json:"code,omitempty"` // a bye's code
	Error     string            `json:"error,omitempty"`
	Late      bool              `json:"late,omitempty"` // an error: the move came after the table moved on
	Deal      string            `json:"deal,omitempty"` // welcome, lobby: DealMental in a room dealt with no dealer
	Blind     *BlindStart       `json:"blind,omitempty"`
	Room      []byte            `json:"room,omitempty"` // one whole room message, in the room's order
}

// decodeStrict decodes exactly one JSON object with known fields only.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the message")
	}
	return nil
}

// ParseToHost checks a peer's message: size, version, type and the fields
// that type uses, each within its bounds.
func ParseToHost(b []byte) (ToHost, error) {
	var m ToHost
	if len(b) > MaxPeerMessage {
		return m, fmt.Errorf("message of %d bytes is over the %d-byte limit", len(b), MaxPeerMessage)
	}
	if err := decodeStrict(b, &m); err != nil {
		return m, fmt.Errorf("bad message: %v", err)
	}
	if m.V != Version {
		return m, fmt.Errorf("protocol version %d, this host speaks %d", m.V, Version)
	}
	used := map[string]bool{}
	switch m.T {
	case MsgHello:
		used = map[string]bool{"name": true, "token": true, "seat": true}
		if err := CheckName(m.Name); err != nil {
			return m, err
		}
		if m.Token != "" && !ValidToken(m.Token) {
			return m, errors.New("bad message: a seat token is 32 hexadecimal characters")
		}
	case MsgSit:
		used = map[string]bool{"seat": true}
		if m.Seat == nil {
			return m, errors.New("bad message: sit needs a seat")
		}
	case MsgAct:
		used = map[string]bool{"id": true, "step": true, "act": true}
		if m.ID == 0 || m.Step == nil || *m.Step < 0 || m.Act == "" {
			return m, errors.New("bad message: act needs id, step and act")
		}
		if len(m.Act) > MaxAct || !printableASCII(m.Act) {
			return m, fmt.Errorf("bad message: an action is at most %d printable characters", MaxAct)
		}
	case MsgCommit:
		used = map[string]bool{"draw": true, "commit": true}
		if err := checkDrawNumber(m.Draw); err != nil {
			return m, err
		}
		if !ValidHex32(m.Commit) {
			return m, errors.New("bad message: a commitment is 64 lowercase hexadecimal characters")
		}
	case MsgReveal:
		used = map[string]bool{"draw": true, "share": true}
		if err := checkDrawNumber(m.Draw); err != nil {
			return m, err
		}
		if !ValidHex32(m.Share) {
			return m, errors.New("bad message: a share is 64 lowercase hexadecimal characters")
		}
	case MsgRoom:
		used = map[string]bool{"room": true}
		if len(m.Room) == 0 {
			return m, errors.New("bad message: room needs a frame")
		}
	case MsgSync, MsgPing:
	default:
		return m, fmt.Errorf("bad message: unknown type %q", m.T)
	}
	set := map[string]bool{"name": m.Name != "", "token": m.Token != "", "seat": m.Seat != nil,
		"id": m.ID != 0, "step": m.Step != nil, "act": m.Act != "",
		"draw": m.Draw != 0, "commit": m.Commit != "", "share": m.Share != "", "room": m.Room != nil}
	for _, f := range []string{"name", "token", "seat", "id", "step", "act", "draw", "commit", "share", "room"} {
		if set[f] && !used[f] {
			return m, fmt.Errorf("bad message: %s takes no %s", m.T, f)
		}
	}
	if m.Seat != nil && (*m.Seat < 0 || *m.Seat > 64) {
		return m, fmt.Errorf("bad message: seat %d", *m.Seat)
	}
	return m, nil
}

// ParseToPeer checks a host's message.
func ParseToPeer(b []byte) (ToPeer, error) {
	var m ToPeer
	if len(b) > MaxHostMessage {
		return m, fmt.Errorf("host message of %d bytes is over the %d-byte limit", len(b), MaxHostMessage)
	}
	if err := decodeStrict(b, &m); err != nil {
		return m, fmt.Errorf("bad host message: %v", err)
	}
	if m.V != Version {
		return m, fmt.Errorf("host speaks protocol %d, this page %d: reload both", m.V, Version)
	}
	switch m.T {
	case MsgWelcome:
		if m.Seat == nil || m.Info == nil || m.Players <= 0 {
			return m, errors.New("bad host message: welcome needs seat, info and players")
		}
		if m.Token != "" && !ValidToken(m.Token) {
			return m, errors.New("bad host message: bad seat token")
		}
	case MsgUpdate:
		if len(m.View) == 0 || m.Hash == "" {
			return m, errors.New("bad host message: update needs view and hash")
		}
		if ViewHash(m.View) != m.Hash {
			return m, errors.New("view hash mismatch")
		}
	case MsgLobby:
		if m.Draw != nil {
			if err := checkDrawStatus(m.Draw, len(m.Seats)); err != nil {
				return m, err
			}
		}
	case MsgBlind:
		if m.Blind == nil {
			return m, errors.New("bad host message: blind needs its start")
		}
		if err := checkBlind(m.Blind); err != nil {
			return m, err
		}
	case MsgRoom:
		if len(m.Room) == 0 {
			return m, errors.New("bad host message: room needs a message")
		}
	case MsgError, MsgPong, MsgBye:
	default:
		return m, fmt.Errorf("bad host message: unknown type %q", m.T)
	}
	if m.Deal != "" && m.Deal != DealMental {
		return m, fmt.Errorf("bad host message: unknown deal %q", m.Deal)
	}
	if m.Deal != "" && m.T != MsgWelcome && m.T != MsgLobby {
		return m, fmt.Errorf("bad host message: %s takes no deal", m.T)
	}
	if m.Blind != nil && m.T != MsgBlind {
		return m, fmt.Errorf("bad host message: %s takes no blind start", m.T)
	}
	if m.Room != nil && m.T != MsgRoom {
		return m, fmt.Errorf("bad host message: %s takes no room message", m.T)
	}
	return m, nil
}

// checkBlind checks a blind start: the owner map gives page 0 (the host's
// page) at least one seat and each person's page its own seat, numbered
// from 1 in seat order, and the receiving page is one of them. The
// receiver checks that the map has a page for each of its table's seats.
func checkBlind(b *BlindStart) error {
	if len(b.Owner) == 0 || len(b.Owner) > MaxPages {
		return fmt.Errorf("bad host message: an owner map of %d seats", len(b.Owner))
	}
	host, pages := false, 0
	for i, o := range b.Owner {
		switch {
		case o < 0:
			return fmt.Errorf("bad host message: seat %d's page is %d", i, o)
		case o == 0:
			host = true
		case o != pages+1:
			return fmt.Errorf("bad host message: seat %d's page is %d, not the next page %d", i, o, pages+1)
		default:
			pages++
		}
	}
	if !host {
		return errors.New("bad host message: the host's page holds no seat")
	}
	if b.Page < 1 || b.Page > pages {
		return fmt.Errorf("bad host message: page %d is not one of the room's pages 1 to %d", b.Page, pages)
	}
	return nil
}

func checkDrawNumber(n int) error {
	if n < 1 || n > MaxDraw {
		return fmt.Errorf("bad message: draw %d is not between 1 and %d", n, MaxDraw)
	}
	return nil
}

// checkDrawStatus checks the host's draw: a known phase, one commitment
// and one flag for each of the lobby's seats, each commitment well formed,
// the seats left out at the table.
func checkDrawStatus(d *DrawStatus, seats int) error {
	if err := checkDrawNumber(d.Draw); err != nil {
		return fmt.Errorf("bad host message: %w", err)
	}
	switch d.Phase {
	case PhaseCommit, PhaseReveal, PhaseDone, PhaseIdle:
	default:
		return fmt.Errorf("bad host message: unknown draw phase %q", d.Phase)
	}
	if len(d.Commits) != seats || len(d.Revealed) != seats {
		return fmt.Errorf("bad host message: a draw of %d commitments and %d shares at a table of %d seats", len(d.Commits), len(d.Revealed), seats)
	}
	for i, c := range d.Commits {
		if c != "" && !ValidHex32(c) {
			return fmt.Errorf("bad host message: seat %d's commitment is not 64 lowercase hexadecimal characters", i)
		}
	}
	for _, l := range d.Left {
		if l.Seat < 0 || int(l.Seat) >= seats {
			return fmt.Errorf("bad host message: seat %d left out of the draw is not at the table", l.Seat)
		}
		switch l.Why {
		case LeftNoCommit, LeftNoReveal, LeftMismatch:
		default:
			return fmt.Errorf("bad host message: unknown reason %q", l.Why)
		}
	}
	if len(d.Earlier) >= d.Draw {
		return fmt.Errorf("bad host message: %d earlier draws before draw %d", len(d.Earlier), d.Draw)
	}
	return nil
}

// ValidHex32 reports whether s is 32 bytes in 64 lowercase hexadecimal
// characters.
func ValidHex32(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

func CheckName(s string) error {
	if s == "" {
		return nil
	}
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxName {
		return fmt.Errorf("bad message: a name is at most %d characters", MaxName)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return errors.New("bad message: a name holds printable characters only")
		}
	}
	return nil
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

func ValidToken(s string) bool {
	if len(s) != TokenLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// ViewHash is the hash an update carries of the view it holds: the peer
// recomputes it to catch a view that is not the one the host meant.
func ViewHash(view []byte) string {
	s := sha256.Sum256(view)
	return hex.EncodeToString(s[:8])
}
