package rtc

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"cardtable/rtc/wire"
)

// A room dealt with no dealer (wire.DealMental), as the host serves it:
// the pages deal the cards together, each in its own worker, so the host
// neither draws a joint seed nor plays the engine. Once such a match
// starts, the links carry the workers' messages: each page's frames go to
// the host's page's worker (BlindHost.From), which checks them and puts
// the room's messages in order; RoomSend sends each of them to every page
// still in the match. A page that leaves cannot come back: its worker's
// part of the deal is gone with it.

// BlindHost is the host's page's part in a match dealt with no dealer:
// rtc carries the room's messages; the page's worker orders and checks
// them. Its methods are called one at a time, in the order the host took
// the events in, outside the host's lock (they may call RoomSend); one
// that takes time holds up the next, and the reading of the link that
// made the call, never the other links.
type BlindHost interface {
	// Start: the match starts: Page 0, the owner map, the seed.
	Start(b wire.BlindStart)
	// From is a frame of page's message (page ≥ 1), in the order it came.
	From(page int, frame []byte)
	// Closed: page's link closed once the match started (its page leaves).
	Closed(page int)
}

// ErrDealLost is what the host's page is told when it comes back from its
// journal in the middle of a match dealt with no dealer: the workers'
// part of the deal was lost with the page, so the lobby opens again.
var ErrDealLost = errors.New("the host's page reloaded during a match dealt with no dealer, which cannot go on: the lobby is open again for a new match at the same seats")

// CodeDealLost is the Code of the error notice that says ErrDealLost.
const CodeDealLost = "deallost"

// A page's room frames have a budget of their own, larger than the
// messages' (link.go): a worker sends a whole message of up to 64 KiB
// (a shuffle with its proof is about 31 kB) as frames of at most
// wire.MaxRoomFrame bytes, in one burst: ⌈64 KiB / MaxRoomFrame⌉ = 22
// frames. A page may owe the room a few messages at once (its shuffle,
// then its shares of the cards the room opens) before the others answer:
// the burst holds four whole messages and more (roomBurst), and refills at
// a rate that lets a page send a whole message every half second
// (roomRate), while a page that floods the host's worker is still cut off.
const (
	roomRate  = 48
	roomBurst = 128
)

func roomBucket() bucket {
	return bucket{tokens: roomBurst, at: time.Now(), rate: roomRate, burst: roomBurst}
}

// blindMatch is a started match dealt with no dealer.
type blindMatch struct {
	owner []int  // the page holding each seat
	gone  []bool // by page: its link closed since the start
}

// blindCall is one call to the host's BlindHost, made outside the lock.
type blindCall struct {
	start  *wire.BlindStart // Start(*start)
	page   int
	frame  []byte // From(page, frame)
	closed bool   // Closed(page)
}

func (c blindCall) call(b BlindHost) {
	switch {
	case c.start != nil:
		b.Start(*c.start)
	case c.closed:
		b.Closed(c.page)
	default:
		b.From(c.page, c.frame)
	}
}

// Deal is the room's deal: "" when the host deals from the joint seed,
// wire.DealMental when the pages deal with no dealer.
func (h *Host) Deal() string { return h.cfg.Deal }

func (h *Host) blindRoom() bool { return h.cfg.Deal == wire.DealMental }

// blindStartLocked starts a match dealt with no dealer: every person's
// page must be linked (a page that is not could never come in), the host
// gives each seat its page, tells each page its part and the host's page
// its own.
func (h *Host) blindStartLocked() error {
	owner := make([]int, len(h.seats))
	pages := 0
	for i, s := range h.seats {
		if s.Kind != KindPlayer {
			continue
		}
		if s.conn == nil {
			return fmt.Errorf("seat %d's player is away: a match dealt with no dealer starts with every player's page linked", i)
		}
		pages++
		owner[i] = pages
		h.seats[i].room = roomBucket()
	}
	seed := BotSeed() // the bots' and the samplers' only: the pages' shuffles deal
	h.blind = &blindMatch{owner: owner, gone: make([]bool, pages+1)}
	h.started = true
	h.t.opened = time.Now()
	for i, s := range h.seats {
		if owner[i] > 0 {
			h.sendLocked(s.conn, wire.ToPeer{T: wire.MsgBlind, Blind: &wire.BlindStart{Page: owner[i], Owner: slices.Clone(owner), Seed: seed}})
		}
	}
	h.lobbyChangedLocked()
	h.blindQ = append(h.blindQ, blindCall{start: &wire.BlindStart{Page: 0, Owner: slices.Clone(owner), Seed: seed}})
	return nil
}

// roomFrameLocked takes a page's frame for the host's page's worker.
func (h *Host) roomFrameLocked(c *hostConn, frame []byte) {
	switch {
	case !h.blindRoom():
		h.refuseLocked(c, 0, errors.New("this room's match is dealt by the host: it carries no room messages"))
	case h.blind == nil:
		h.refuseLocked(c, 0, errors.New("a room message before the match dealt with no dealer started"))
	case c.seat < 0 || h.blind.owner[c.seat] == 0:
		h.refuseLocked(c, 0, errors.New("you have no seat at this table"))
	default:
		h.blindQ = append(h.blindQ, blindCall{page: h.blind.owner[c.seat], frame: frame})
	}
}

// blindClosedLocked tells the host's page's worker, once, that the page
// of seat left the match.
func (h *Host) blindClosedLocked(seat int) {
	if h.blind == nil || h.closed {
		return
	}
	page := h.blind.owner[seat]
	if page == 0 || h.blind.gone[page] {
		return
	}
	h.blind.gone[page] = true
	h.blindQ = append(h.blindQ, blindCall{page: page, closed: true})
}

// RoomSend sends one room message, in the room's order, to every page
// still in the match dealt with no dealer; nothing before its start or in
// a room the host deals.
func (h *Host) RoomSend(msg []byte) {
	h.mu.Lock()
	defer h.unlock()
	if h.blind == nil || h.closed || len(msg) == 0 {
		return
	}
	b, err := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgRoom, Room: msg})
	if err != nil || len(b) > wire.MaxHostMessage {
		h.noticeLocked(Notice{Kind: NoticeError, Err: fmt.Sprintf("a room message of %d bytes does not fit the link", len(msg))})
		return
	}
	for i, s := range h.seats {
		if page := h.blind.owner[i]; page > 0 && !h.blind.gone[page] && s.conn != nil {
			h.pushLocked(s.conn, b)
		}
	}
}

// deliverBlind makes the calls to the host's BlindHost that the host took
// in under the lock, in that order, outside it. One caller delivers at a
// time: a call that comes back into the host (RoomSend) or another link's
// message while it delivers only adds to the queue, which it empties.
func (h *Host) deliverBlind(calls []blindCall) {
	for len(calls) > 0 {
		for _, c := range calls {
			c.call(h.cfg.Blind)
		}
		h.mu.Lock()
		calls, h.blindQ = h.blindQ, nil
		if len(calls) == 0 {
			h.delivering = false
		}
		h.mu.Unlock()
	}
}

// errBlindMoves refuses an intent in a match dealt with no dealer.
var errBlindMoves = errors.New("the match deals with no dealer: its moves go through the room's messages")
