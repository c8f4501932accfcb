package blindroom

import (
	"context"
	"errors"
	"fmt"

	"cardtable/games/bots"
	"cardtable/rtc"
)

// Host is the host's page and the room's order. links[i] is the link to
// page i (links[0], the host's own, is nil).
type Host struct {
	Page  *Page
	links []rtc.Conn
	// Seen, when set, is called with every message in the room's order
	// before the host's page reads it: everything the host sends and
	// receives passes through it.
	Seen func(m Message, raw []byte)
	run  func(ctx context.Context) error
}

// NewHost is the host of room, whose page (page 0: seat 0 and every bot's
// seat) bot plays, each seat from its own table, over links to the other
// pages.
func NewHost(room Room, bot bots.Bot, links []rtc.Conn) (*Host, error) {
	if _, err := room.Owners(); err != nil {
		return nil, err
	}
	if len(links) != room.Pages() {
		return nil, fmt.Errorf("blind room: %d links for %d pages", len(links), room.Pages())
	}
	h := &Host{links: links}
	var own []Message
	p, err := NewPage(room, 0, bot, func(m Message) { own = append(own, m) })
	if err != nil {
		return nil, err
	}
	h.Page = p
	h.run = func(ctx context.Context) error { return h.loop(ctx, &own) }
	return h, nil
}

type arrival struct {
	link int
	m    Message
	raw  []byte
	err  error
}

// Run plays the match to its end: it returns when the host's page has read
// the last round's deal, or with the first fault (and closes every link). A
// page whose link closes mid-deal leaves (the package doc); later, its
// leaving ends the match.
func (h *Host) Run(ctx context.Context) error { return h.run(ctx) }

func (h *Host) loop(ctx context.Context, own *[]Message) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	in := make(chan arrival)
	for i, l := range h.links {
		if i == 0 {
			continue
		}
		go func() {
			r := reader{c: l}
			for {
				raw, err := r.recv(ctx)
				var m Message
				if err == nil {
					m, err = Decode(raw)
				}
				select {
				case in <- arrival{i, m, raw, err}:
				case <-ctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
	}
	// pageOf is the page each link is now (-1: it left): the pages after
	// one that left are numbered one less.
	pageOf := make([]int, len(h.links))
	for i := range pageOf {
		pageOf[i] = i
	}
	h.Page.Start()
	for !h.Page.Done() {
		var a arrival
		if len(*own) > 0 {
			a.m = (*own)[0]
			*own = (*own)[1:]
			a.raw, a.err = Encode(a.m)
		} else {
			select {
			case a = <-in:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		page := pageOf[a.link]
		if page < 0 {
			continue // a page that left: what it sent before is abandoned
		}
		if a.err != nil && errors.Is(a.err, rtc.ErrClosed) && a.link != 0 && h.Page.Dealing() && h.Page.Pages() > 2 {
			// It leaves mid-deal: the room deals again without it.
			pageOf[a.link] = -1
			for i, p := range pageOf {
				if p > page {
					pageOf[i]--
				}
			}
			h.Page.send(Message{Kind: KindLeave, Left: page})
			continue
		}
		if a.err == nil && a.m.Round == h.Page.round && max(a.m.Attempt, 1) < h.Page.attempt {
			continue // sent before it read that the deal was abandoned
		}
		if a.err == nil && a.m.Page != page {
			a.err = fault(page, "it sent a message as page %d", a.m.Page+1)
		}
		if a.err != nil {
			if _, ok := a.err.(*Fault); !ok && ctx.Err() == nil {
				if errors.Is(a.err, rtc.ErrClosed) && h.Page.Dealing() {
					a.err = fault(page, "it left the room mid-deal (its link closed), and no other page remains to deal with the host's")
				} else if errors.Is(a.err, rtc.ErrClosed) {
					a.err = fault(page, "it left the room after the round was dealt (its link closed); its cards cannot be opened without it")
				} else {
					a.err = fault(page, "%v", a.err)
				}
			}
			h.closeAll()
			return a.err
		}
		for i, l := range h.links {
			if i != 0 && pageOf[i] >= 0 {
				_ = send(l, a.raw) // a page that left is found by its link's reader
			}
		}
		if h.Seen != nil {
			h.Seen(a.m, a.raw)
		}
		if err := h.Page.Handle(a.m); err != nil {
			h.closeAll()
			return err
		}
	}
	return nil
}

func (h *Host) closeAll() {
	for i, l := range h.links {
		if i != 0 {
			l.Close()
		}
	}
}

// RunPeer plays page index of room (the seats it holds) over its link to
// the host until the match is over and every deal checked, or the first
// fault. Each of set, if any, is given the page before it starts.
func RunPeer(ctx context.Context, room Room, index int, bot bots.Bot, link rtc.Conn, set ...func(*Page)) (*Page, error) {
	var sendErr error
	p, err := NewPage(room, index, bot, func(m Message) {
		raw, err := Encode(m)
		if err == nil {
			err = send(link, raw)
		}
		if sendErr == nil {
			sendErr = err
		}
	})
	if err != nil {
		return nil, err
	}
	for _, f := range set {
		f(p)
	}
	p.Start()
	r := reader{c: link}
	for !p.Done() {
		if sendErr != nil {
			return p, sendErr
		}
		raw, err := r.recv(ctx)
		if err != nil {
			return p, err
		}
		m, err := Decode(raw)
		if err != nil {
			return p, err
		}
		if err := p.Handle(m); err != nil {
			link.Close()
			return p, err
		}
	}
	return p, nil
}
