package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/mentalwire"
	"cardtable/rtc/pion"
)

// A room is a match played with friends. One page hosts it: the engine and
// the bots run there (rtc.Host) and the room's link goes to the others, who
// join it (rtc.Peer) over WebRTC data channels that the signaling server of
// the page's own origin introduces. Everyone opens the same address,
// /play?room=CODE: a page that holds the room's host secret in its local
// storage hosts it again after a reload; every other page joins it.
//
// The room outlives the table page: its links stay up while the player
// reads the rules and comes back; it ends when the player leaves it. This file runs the room: its host or
// joiner session, its link and what local storage keeps of it; room.go is
// the table page's part in it (the join form, the lobby, the result).

// roomSession is what the table needs of a room's session, the host's or a
// joiner's.
type roomSession interface {
	rtc.Session
	Seats() []rtc.SeatStatus
	Started() bool
	Draw() *rtc.DrawStatus
}

// roomRun is the room this page takes part in.
type roomRun struct {
	code   string
	host   *rtc.Host
	link   *pion.Room // the host's presence on the signaling server
	peer   *rtc.Peer
	cancel context.CancelFunc
	failed string // why the room could not be opened or joined
	// reopen tries again to open a hosted room on the signaling server;
	// nil for a joiner.
	reopen func()
	// unreachable: a joiner's last try could not reach the signaling
	// server (the page says so and offers to try again).
	unreachable atomic.Bool
	// nextMatch: the host opened the next match at this table (a
	// joiner's page offers to join it).
	nextMatch atomic.Bool

	// mental is this page's worker in a room dealt with no dealer
	// (nodealer.go), once its match started.
	mental atomic.Pointer[mentalRun]

	drawTold bool         // the table said whom the deal's draw went on without
	verdict  *rtc.Verdict // this page's own check of the finished match

	// show asks the page showing the room to render what changed; nil
	// while no page shows it.
	show func(rtc.Notice)
}

// activeRoom is the one room this page takes part in, or nil.
var activeRoom *roomRun

// session is the room's session the table shows: in a room dealt with no
// dealer, once its first deal is done, the table's session over the
// worker; else the host's or the joiner's.
func (r *roomRun) session() roomSession {
	if m := r.mental.Load(); m != nil {
		if t := m.tableOn(); t != nil {
			return t
		}
	}
	return r.outer()
}

// outer is the room's own session, the host's or the joiner's: its
// lobby, its seats and its links.
func (r *roomRun) outer() roomSession {
	if r.host != nil {
		return r.host
	}
	return r.peer
}

func (r *roomRun) notify(n rtc.Notice) {
	if r.show != nil {
		r.show(n)
	}
}

// close leaves the room: a host closes it for everyone.
func (r *roomRun) close() {
	if m := r.mental.Load(); m != nil {
		m.close()
	}
	r.cancel()
	if r.link != nil {
		r.link.Close()
	}
	if r.host != nil {
		r.host.Close()
	}
}

// hostSave is the hosted room in local storage: its code and the secret
// that proves this page is its host, and the host's journal.
type hostSave struct {
	Code    string      `json:"code,omitempty"`
	Secret  string      `json:"secret,omitempty"`
	Name    string      `json:"name"`
	Journal rtc.Journal `json:"journal"`
}

// joinSave is the room this page last joined, its seat token and what it
// saw of the deal's draw, so a reloaded page takes its seat back and still
// holds the record to what it saw.
type joinSave struct {
	Code  string           `json:"code"`
	Token string           `json:"token"`
	Draws []rtc.DrawMemory `json:"draws,omitempty"`
}

const (
	hostKey = "cardtable.host"
	joinKey = "cardtable.join"
	nameKey = "cardtable.name"
)

func loadName(ctx app.Context) string {
	var name string
	ctx.LocalStorage().Get(nameKey, &name)
	return name
}

// roomPath is the room's address on this origin, the one everyone opens.
func roomPath(code string) string { return pion.RoomLink("", code) }

// signalConfig is how this page reaches the signaling server: the one of
// the origin that served it.
// A room that cannot reach the server says so within reach, and offers to
// try again.
func signalConfig() (pion.Config, error) {
	sig, err := pion.SignalURL(app.Window().Get("location").Get("origin").String())
	return pion.Config{Signal: sig, Reach: signalReach}, err
}

// signalReach bounds each attempt to reach the signaling server.
const signalReach = 3500 * time.Millisecond

// createRoom saves a new hosted match for the new-game page; the table page
// opens its room (/play?host=new).
// deal is wire.DealMental for a room dealt with no dealer, else "".
func createRoom(ctx app.Context, rec *record.Record, name, deal string) {
	if activeRoom != nil {
		activeRoom.close()
		activeRoom = nil
	}
	ctx.LocalStorage().Set(nameKey, name)
	ctx.LocalStorage().Set(hostKey, hostSave{Name: name, Journal: rtc.Journal{V: 1, Record: rec, HostSeat: 0, Deal: deal}})
	ctx.Navigate("/play?host=new")
}

// hostRoom runs the saved hosted match: the engine starts at once (a
// resumed match goes on from its journal), the room opens on the signaling
// server in the background. done gets the room's code, or the error.
func hostRoom(ctx app.Context, hs hostSave, pace func() time.Duration, done func(code string, err error)) (*roomRun, error) {
	j := hs.Journal
	if j.Record == nil {
		return nil, errors.New("the saved room has no match")
	}
	g, ok := lookupGame(j.Record.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", j.Record.Game)
	}
	cfg, err := signalConfig()
	if err != nil {
		return nil, err
	}
	r := &roomRun{code: hs.Code}
	rng := games.NewRand(newSeed())
	h, err := rtc.NewHost(rtc.HostConfig{
		Reaction: func() time.Duration { return rtc.HumanReaction(rng) },
		Game:     g, Record: j.Record, Seat: j.HostSeat, Name: hs.Name, Seats: j.Seats, Started: j.Started, Room: hs.Code,
		Journal: func(j *rtc.Journal) {
			hs.Journal = *j
			ctx.LocalStorage().Set(hostKey, hs)
		},
		Notify: r.notify,
		Deal:   j.Deal,
		Blind:  &hostWorker{r: r, rec: j.Record, seat: j.HostSeat},
	})
	if err != nil {
		return nil, err
	}
	r.host = h
	c, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go h.Run(c, pace)
	// The room opens on the signaling server in the background; when the
	// server cannot be reached the page says so and may try again.
	r.reopen = func() {
		go func() {
			link, err := pion.HostRoom(c, cfg, hs.Code, hs.Secret, h.Attach)
			if err == nil {
				h.SetRoom(link.Code) // the code every page's share of the deal names
				r.link, r.code = link, link.Code
				hs.Code, hs.Secret = link.Code, link.Secret
				ctx.LocalStorage().Set(hostKey, hs)
			}
			done(r.code, err)
		}()
	}
	r.reopen()
	return r, nil
}

// joinRoom joins the room of code as name, with the seat token this page
// holds for it.
func joinRoom(p *msg.Catalogue, ctx app.Context, code, name string) (*roomRun, error) {
	cfg, err := signalConfig()
	if err != nil {
		return nil, err
	}
	var js joinSave
	ctx.LocalStorage().Get(joinKey, &js)
	token, draws := "", []rtc.DrawMemory(nil)
	if js.Code == code {
		token, draws = js.Token, js.Draws
	}
	r := &roomRun{code: code}
	var peer *rtc.Peer
	peer = rtc.NewPeer(rtc.PeerConfig{
		Name: name, Token: token, Room: code, Draws: draws, Game: catalog.Lookup,
		Dial: func(ctx context.Context) (rtc.Conn, error) {
			conn, err := pion.Join(ctx, cfg, code)
			r.unreachable.Store(errors.Is(err, pion.ErrUnreachable))
			return conn, err
		},
		Notify: func(n rtc.Notice) {
			// What the page saw of the draw changes only with the lobby.
			if t := peer.Token(); t != "" && (t != token || n.Kind == rtc.NoticeLobby) {
				token = t
				ctx.LocalStorage().Set(joinKey, joinSave{Code: code, Token: t, Draws: peer.Draws()})
			}
			r.notify(n)
		},
		Blind:       r.joinWorker,
		RoomMessage: func(b []byte) { r.post(mentalwire.In{Msg: b}) },
	})
	r.peer = peer
	c, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() {
		err := peer.Run(c)
		if errors.Is(err, rtc.ErrNextMatch) {
			r.nextMatch.Store(true)
			r.notify(rtc.Notice{Kind: rtc.NoticeStatus})
			return
		}
		if m := r.mental.Load(); m != nil && err != nil {
			m.close() // the room ended for this page: its worker with it
		}
		if err != nil && c.Err() == nil {
			r.failed = linkWords(p, err)
			if errors.Is(err, rtc.ErrRoomClosed) {
				r.failed = p.T("The host closed the room.")
			}
			r.notify(rtc.Notice{Kind: rtc.NoticeError, Err: r.failed})
		}
	}()
	return r, nil
}

// roomNames names the seats from the room's seat list.
func roomNames(p *msg.Catalogue, seats []rtc.SeatStatus, me games.Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		switch {
		case games.Seat(i) == me:
			out[i] = p.T("You")
		case s.Kind == rtc.KindEmpty:
			out[i] = p.T("Empty seat")
		case s.Kind == rtc.KindBot:
			out[i] = p.T("Bot %d", i+1) // its badge shows the level
		case s.Name != "":
			out[i] = s.Name
		default:
			out[i] = p.T("Player %d", i+1)
		}
	}
	return out
}

// seatStatus says how a person's seat is connected: shown on its badge.
func seatStatus(p *msg.Catalogue, s rtc.SeatStatus) string {
	switch {
	case s.Kind != rtc.KindPlayer && s.Kind != rtc.KindHost:
		return ""
	case s.Connected:
		return p.T("● connected")
	case s.BotPlays:
		return p.T("○ away %d s: a %s bot plays", s.AwayMs/1000, s.Bot)
	default:
		return p.T("○ away: a bot takes over in %d s", (s.GraceMs+999)/1000)
	}
}

// showRetry brings the room's Try again into sight, with the words above
// it: the page may have been scrolled down when the room failed.
func showRetry(app.Context) {
	if b := app.Window().GetElementByID("room-retry"); b.Truthy() {
		b.Call("scrollIntoView", map[string]any{"block": "center"})
	}
}

// retryOpen reports whether the hosted room failed to open and may try
// again.
func retryOpen(r *roomRun) bool { return r.failed != "" && r.reopen != nil && r.code == "" }

// drawing reports whether the shuffle is under way: the match starts when
// it ends.
func drawing(d *rtc.DrawStatus) bool {
	return d != nil && (d.Phase == rtc.PhaseCommit || d.Phase == rtc.PhaseReveal)
}

// joinLines makes one notice of several sentences.
func joinLines(lines []string) string {
	out := ""
	for i, l := range lines {
		if i > 0 {
			out += " "
		}
		out += l
	}
	return out
}
