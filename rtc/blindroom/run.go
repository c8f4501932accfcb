package blindroom

import (
	"context"
	"errors"
	"fmt"

	"cardtable/games/bots"
	"cardtable/rtc"
)

// Host is the host's page and the room's order over rtc.Conn links:
// links[i] is the link to page i (links[0], the host's own, is nil). Its
// Sequencer orders the room; Host only carries the frames.
type Host struct {
	Page  *Page
	links []rtc.Conn
	seq   *Sequencer
	// Seen, when set, is called with every message in the room's order
	// before the host's page reads it: everything the host sends and
	// receives passes through it.
	Seen func(m Message, raw []byte)
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
	seq, err := NewSequencer(room, bot, frameSize)
	if err != nil {
		return nil, err
	}
	h := &Host{Page: seq.Page, links: links, seq: seq}
	seq.Send = func(m Message, raw []byte) {
		for i, l := range h.links {
			if seq.Live(i) {
				_ = send(l, raw) // a page that left is found by its link's reader
			}
		}
		if h.Seen != nil {
			h.Seen(m, raw)
		}
	}
	return h, nil
}

// arrival is what a link brought: a frame, or the error that ended it.
type arrival struct {
	link  int
	frame []byte
	err   error
}

// Run plays the match to its end: it returns when the host's page has read
// the last round's deal, or with the first fault (and closes every link). A
// page whose link closes mid-deal leaves (the package doc); later, its
// leaving ends the match.
func (h *Host) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	in := make(chan arrival)
	for i, l := range h.links {
		if i == 0 {
			continue
		}
		go func() {
			for {
				f, err := l.Recv(ctx)
				select {
				case in <- arrival{i, f, err}:
				case <-ctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
	}
	err := h.seq.Start()
	for err == nil && !h.Page.Done() {
		var a arrival
		select {
		case a = <-in:
		case <-ctx.Done():
			return ctx.Err()
		}
		switch {
		case a.err == nil:
			err = h.seq.Frame(a.link, a.frame)
		case errors.Is(a.err, rtc.ErrClosed):
			err = h.seq.Closed(a.link)
		case ctx.Err() != nil:
			return ctx.Err()
		case h.seq.Live(a.link):
			err = fault(h.seq.PageOf(a.link), "%v", a.err)
		}
	}
	if err != nil {
		h.closeAll()
	}
	return err
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
