package blindroom

import (
	"fmt"

	"cardtable/games/bots"
)

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
// pages remain), later a fault naming it. Every other check is the pages'
// own (Page.Handle).
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
		s.pageOf[link] = -1
		for i, p := range s.pageOf {
			if p > page {
				s.pageOf[i]--
			}
		}
		s.links[link] = reassembler{}
		s.Page.send(Message{Kind: KindLeave, Left: page})
		return s.drain()
	case s.Page.Dealing():
		return s.fail(fault(page, "it left the room mid-deal (its link closed), and no other page remains to deal with the host's"))
	}
	return s.fail(fault(page, "it left the room after the round was dealt (its link closed); its cards cannot be opened without it"))
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
