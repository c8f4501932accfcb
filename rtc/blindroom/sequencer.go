package blindroom

import (
	"fmt"
	"slices"
	"time"

	"cardtable/games/bots"
)

// StallTimeout is how long the room waits on a page for a message its
// page's program sends by itself (Page.Owed) before the host names it:
// far longer than the slowest page takes over a shuffle's proof, short
// enough that the people at the table are not left waiting on nothing.
const StallTimeout = 30 * time.Second

// FirstStallTimeout is how long the room waits on the first round's keys:
// a page loads mental.wasm (about 1 MB) before it sends its first key, and
// a phone on a slow network takes its time.
const FirstStallTimeout = 2 * time.Minute

// Sequencer is the room's order kept by the host's page, with no goroutine
// and no link of its own: it is fed what the links bring (a frame of page
// i's link, or that the link closed) and the host's page's own messages,
// and puts every whole message in the room's one order. Each message it
// orders it hands to Send, then has the host's page read it; Send carries
// it to every other page. Host runs it over rtc.Conn links; the browser's
// worker (app/mentalworker) over the frames its page relays.
//
// It checks what only the order can: a link's frames come in order and
// within the frame size, a message names the page of the link that brought
// it, a message of a deal the room abandoned is dropped, and a link that
// closes mid-deal is a page that leaves (KindLeave, when more than two
// pages remain), later a fault naming it. It also keeps the room's clock,
// which it is given (Stalled): a page that sends nothing the room waits on
// is named (KindStall). Every other check is the pages' own (Page.Handle).
type Sequencer struct {
	// Page is the host's page, page 0: seat 0 and every bot's seat.
	Page *Page
	// Send, when set, is given every message in the room's order, its
	// bytes as they go to the other pages, before the host's page reads it:
	// the other pages start on a message while the host's page checks it.
	Send func(m Message, raw []byte)

	frame  int           // the largest frame a link may bring
	pageOf []int         // the page each link is now; -1: it left
	links  []reassembler // per link
	own    []Message     // the host's page's messages, not yet ordered
	err    error         // the fault that stopped the room

	// The room's clock (Stalled): the pages it waited on at the last look,
	// since when, and whether a message was ordered since.
	waitOn   []int
	since    time.Time
	watching bool
	moved    bool
}

// NewSequencer is the order of room kept by the host's page, which bot
// plays (each bot seat from its own table). frame is the largest frame a
// page's link brings (link.go's frames, whole or in parts).
func NewSequencer(room Room, bot bots.Bot, frame int) (*Sequencer, error) {
	if _, err := room.Owners(); err != nil {
		return nil, err
	}
	if frame <= partHeader || frame > MaxMessage {
		return nil, fmt.Errorf("blind room: frames of %d bytes", frame)
	}
	n := room.Pages()
	s := &Sequencer{frame: frame, pageOf: make([]int, n), links: make([]reassembler, n)}
	for i := range s.pageOf {
		s.pageOf[i] = i
	}
	p, err := NewPage(room, 0, bot, func(m Message) { s.own = append(s.own, m) })
	if err != nil {
		return nil, err
	}
	s.Page = p
	return s, nil
}

// Start begins the first round: the host's page's key is ordered.
func (s *Sequencer) Start() error {
	s.Page.Start()
	return s.drain()
}

// Live says page link's link is still in the room (a page that left gets
// nothing more).
func (s *Sequencer) Live(link int) bool {
	return link > 0 && link < len(s.pageOf) && s.pageOf[link] >= 0
}

// PageOf is the page that link brings now (-1: it left).
func (s *Sequencer) PageOf(link int) int {
	if link < 0 || link >= len(s.pageOf) {
		return -1
	}
	return s.pageOf[link]
}

// Err is the fault that stopped the room, if any.
func (s *Sequencer) Err() error { return s.err }

// Frame takes a frame that link brought: once a message is whole it is
// checked and ordered. A frame out of order, too big or of no kind, a
// message that does not read or names another page is a *Fault naming the
// link's page; the room stops.
func (s *Sequencer) Frame(link int, f []byte) error {
	if s.err != nil || s.Page.Done() {
		return s.err
	}
	if link < 1 || link >= len(s.pageOf) {
		return fmt.Errorf("blind room: a frame from link %d, which is not one of the room's", link)
	}
	page := s.pageOf[link]
	if page < 0 {
		return nil // a page that left: what it sent before is abandoned
	}
	raw, err := s.links[link].add(f, s.frame)
	if err != nil {
		return s.fail(fault(page, "%v", err))
	}
	if raw == nil {
		return nil
	}
	m, err := Decode(raw)
	if err != nil {
		return s.fail(fault(page, "%v", err))
	}
	if m.Round == s.Page.round && max(m.Attempt, 1) < s.Page.attempt {
		return nil // sent before it read that the deal was abandoned
	}
	if m.Page != page {
		return s.fail(fault(page, "it sent a message as page %d", m.Page+1))
	}
	if err := s.order(m, raw); err != nil {
		return err
	}
	return s.drain()
}

// Closed takes that link's link closed: mid-deal, with more than two pages
// in the room, its page leaves and the others deal the round again;
// otherwise it is a *Fault naming the page.
func (s *Sequencer) Closed(link int) error {
	if s.err != nil || s.Page.Done() {
		return s.err
	}
	if link < 1 || link >= len(s.pageOf) {
		return fmt.Errorf("blind room: link %d, which is not one of the room's, closed", link)
	}
	page := s.pageOf[link]
	switch {
	case page < 0:
		return nil
	case s.Page.Dealing() && s.Page.Pages() > 2:
		// It leaves mid-deal: the room deals again without it.
		s.drop(link)
		s.Page.send(Message{Kind: KindLeave, Left: page})
		return s.drain()
	case s.Page.Dealing():
		return s.fail(fault(page, "it left the room mid-deal (its link closed), and no other page remains to deal with the host's"))
	}
	return s.fail(fault(page, "it left the room after the round was dealt (its link closed); its cards cannot be opened without it"))
}

// drop reads link no more: its page left the room, and the pages after
// it are numbered one less.
func (s *Sequencer) drop(link int) {
	page := s.pageOf[link]
	s.pageOf[link] = -1
	for i, p := range s.pageOf {
		if p > page {
			s.pageOf[i]--
		}
	}
	s.links[link] = reassembler{}
}

// Stalled looks at the room at now, a time the caller reads from its clock
// (a tick of a second or so): when the room has waited on the same pages
// (Page.Owed; never the host's, whose messages are ordered as it makes
// them) with no message ordered since a look StallTimeout or more before
// now, the host names the first of them in the room's order (KindStall),
// which every page reads as the host's word. Mid-deal, with more than two
// pages in the room, the page is dealt around as one that left (its link
// is read no more: Live says so) and Stalled returns nil; otherwise the
// match ends with a *Fault naming it, which Stalled returns, as every page
// does. The time is measured from the first look after the room last
// moved, so a look that comes late never names a page too soon.
func (s *Sequencer) Stalled(now time.Time) error {
	if s.err != nil || s.Page.Done() {
		return s.err
	}
	var owed []int
	for _, p := range s.Page.Owed() {
		if p != 0 {
			owed = append(owed, p)
		}
	}
	if s.moved || !s.watching || !slices.Equal(owed, s.waitOn) {
		s.waitOn, s.since, s.watching, s.moved = owed, now, true, false
		return nil
	}
	if len(owed) == 0 || now.Sub(s.since) < s.Page.stallTimeout() {
		return nil
	}
	page := owed[0]
	s.watching = false
	if s.Page.Dealing() && s.Page.Pages() > 2 {
		if link := slices.Index(s.pageOf, page); link > 0 {
			s.drop(link)
		}
	}
	s.Page.send(Message{Kind: KindStall, Stalled: page})
	return s.drain()
}

// Flush orders what the host's page sent outside Frame and Closed: its
// person's move (Page.Move).
func (s *Sequencer) Flush() error {
	if s.err != nil {
		return s.err
	}
	return s.drain()
}

// drain orders the host's page's own messages, which reading a message
// may have made (and reading them, more).
func (s *Sequencer) drain() error {
	for len(s.own) > 0 && !s.Page.Done() {
		m := s.own[0]
		s.own = s.own[1:]
		raw, err := Encode(m)
		if err != nil {
			return s.fail(err)
		}
		if err := s.order(m, raw); err != nil {
			return err
		}
	}
	return nil
}

// order puts m in the room's order: it goes to every other page, then the
// host's page reads it.
func (s *Sequencer) order(m Message, raw []byte) error {
	if len(raw) > MaxMessage {
		return s.fail(fault(m.Page, "a message of %d bytes is over the %d-byte limit", len(raw), MaxMessage))
	}
	s.moved = true
	if s.Send != nil {
		s.Send(m, raw)
	}
	if err := s.Page.Handle(m); err != nil {
		return s.fail(err)
	}
	return nil
}

func (s *Sequencer) fail(err error) error {
	s.err = err
	return err
}

// reassembler reads one link's messages back from their frames, strictly:
// parts in order, none too big.
type reassembler struct {
	parts []byte
	next  int
	of    int
}

// add takes the link's next frame: the message it completes, nil while
// parts are still to come, or why the frame is wrong.
func (r *reassembler) add(f []byte, size int) ([]byte, error) {
	switch {
	case len(f) > size || len(f) < 1:
		return nil, fmt.Errorf("blind room: a frame of %d bytes", len(f))
	case f[0] == whole && r.of == 0:
		if len(f) == 1 {
			return nil, fmt.Errorf("blind room: an empty message")
		}
		return f[1:], nil
	case f[0] != part || len(f) < partHeader:
		return nil, fmt.Errorf("blind room: a frame of no kind the room knows")
	}
	k, n := int(f[1]), int(f[2])
	if k != r.next || n < 2 || n > maxPartsOf(size) || (r.of != 0 && n != r.of) {
		return nil, fmt.Errorf("blind room: part %d of %d came out of order", k+1, n)
	}
	if len(r.parts)+len(f)-partHeader > MaxMessage {
		return nil, fmt.Errorf("blind room: a message over the %d-byte limit", MaxMessage)
	}
	r.parts, r.next, r.of = append(r.parts, f[partHeader:]...), k+1, n
	if r.next < n {
		return nil, nil
	}
	out := r.parts
	r.parts, r.next, r.of = nil, 0, 0
	return out, nil
}
