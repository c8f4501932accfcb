package main

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/rtc"
	"cardtable/ui"
)

// tablePage is where a match is played: the seats around, the trick or board
// in the middle, the local player's hand at the bottom. The match is saved
// after every action and resumed from the save on reload.
//
// This file holds the page's state and what moves it on: the session's
// bots, the player's moves, the clock, and what the table tells after each
// (the log, the notice, the round's summary, the match's end). The page as
// go-app sees it (OnNav, Render) is table_page.go; the room's part of it is
// room.go, the tools' table_tools.go; each overlay is its own small type
// (lasttrick.go, confirm.go, summary.go, matchend.go).
type tablePage struct {
	app.Compo
	speaker
	settings Settings
	gameID   string
	info     games.Info
	save     Save
	sess     *rtc.Local
	cancel   context.CancelFunc
	view     ui.View      // the local seat's view, decoded for the game's table
	snap     rtc.Snapshot // the session's snapshot the page shows
	legal    []rtc.Move
	log      []string
	notice   string
	noticeAt int
	err      string
	missing  bool
	steps    int         // actions applied so far, for the timer key
	pageCtx  app.Context // the page's own context: timers must not hang on an element a render removes
	boardSel string      // a board's picked-up source (Klondike), "" for none
	handSel  string      // the hand's selected card
	clock    gameClock
	hints    bool // the game gives hints (rtc.Local.Hints)

	damaged *damagedSave // the save is damaged: nothing is built from it
	lesson  *lessonRun   // a guided first game (learn.go), nil for a match

	// The hint and the "can this deal be won?" request (a one-player game
	// with a solver).
	hint     string // the suggested move's notation, "" for none
	hintAt   int    // the step the hint was asked at
	thinking bool   // a hint or an answer is being worked out
	peek     bool   // the confirmation of the request that looks at the hidden cards is open

	confirming rtc.Move // a move that gives something up, waiting for the player's yes

	// The round that just ended, shown until the player moves on; the
	// table when the round began; paused: the bots wait for it.
	summary    *roundSummary
	over       *matchOver // a solo match's end, over the table
	roundStart *ui.Model
	paused     atomic.Bool       // read by the bots' pace
	pace       *botPace          // the bots' wait before each move (pace.go)
	last       lastTrick         // the last finished trick, shown again on request
	options    map[string]string // the match's options, read once from its record
	told       string            // the notice as tell last set it

	// What the table shows, from the local match or a room's session.
	live     liveSession
	me       games.Seat
	players  int
	seatBots []string // per seat: the level of the bot playing it, "" for a person

	// A room (room.go): the match with friends this page shows.
	inRoom     bool
	roomCode   string
	room       *roomRun
	asking     bool   // the join form asks the joiner's name
	joinName   string // the name typed in the join form
	invited    string // what the room's link says of the game and the host (a joiner's page)
	rematching bool   // the host's page opens the next match at this table (it reloads)
	fillLevel  string // the host's bot level for empty seats
	copied     bool   // the room link was copied

	handoff handoff // people sharing the phone: the screen between two of them (table_handoff.go)
}

// liveSession is what the table shows a match from: the local session, or
// a room's host or joiner session.
type liveSession interface {
	rtc.Session
}

func (p *tablePage) stop() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// startBots runs the session's bots in the background; every move comes back
// to the UI goroutine through Dispatch, on the page's own context: a
// button's context (Undo, a card, "Next deal") stops dispatching once the
// button leaves the page.
func (p *tablePage) startBots(app.Context) {
	ctx := p.pageCtx
	p.stop()
	if p.snap.Done {
		return
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	sess, pace := p.sess, p.pace
	ctx.Async(func() {
		err := sess.Run(c, pace.next, func(ev rtc.Event) {
			pace.told(ev) // before the driver asks for its next wait
			ctx.Dispatch(func(ctx app.Context) {
				if p.sess == sess {
					p.refresh(ctx, ev)
				}
			})
		})
		if err != nil && c.Err() == nil {
			ctx.Dispatch(func(ctx app.Context) { p.err = err.Error() })
		}
	})
}

// refresh saves the match and reads the new view after the actions evs
// (none: a resumed match, an undo, the clock).
func (p *tablePage) refresh(ctx app.Context, evs ...rtc.Event) {
	prev := p.view
	p.boardSel, p.handSel, p.confirming = "", "", rtc.Move{}
	p.snap = p.sess.Snapshot()
	p.show(p.snap.View)
	wasTurn := len(p.legal) > 0
	p.legal = p.snap.Legal
	cue(p.settings.Sounds, evs, wasTurn, len(p.legal) > 0)
	p.save.Record = p.sess.Record()
	p.save.Done = p.snap.Done
	if p.save.Done {
		r := p.snap.Result
		p.save.Result = &r
	}
	if p.lesson == nil {
		storeSave(ctx, p.save)
	}
	if p.lesson != nil {
		p.lesson.stepped(p.sess)
		if p.lesson.done {
			p.legal = nil // the lesson is over: nothing more to play
		}
	}
	p.setSteps(len(p.save.Record.Actions))
	p.tell(evs, prev, p.save.Done)
	p.passPhone(false)
	p.clock.sync(p.view, p.save.Done)
	p.runClock(ctx)
	if p.save.Done && p.lesson == nil {
		p.recordEnd(ctx) // in the statistics, once
	}
	if p.save.Done && p.lesson == nil && !(p.view != nil && p.view.Model(p.P(), p.modelInput()).Stay) {
		p.endMatch(ctx) // the table waits under the match's end for the player
	} else if !p.save.Done {
		p.over = nil // undone
	}
}

// endMatch makes the box for the solo match that just ended.
func (p *tablePage) endMatch(ctx app.Context) {
	if p.sess == nil || !p.snap.Done || p.over != nil {
		return
	}
	p.over = newMatchOver(ctx, p.gameID, p.snap.Result, p.names(), p.save)
}

// recordEnd counts the match that just ended at this table, solo or in a
// room (the host's page and every joiner's), once.
func (p *tablePage) recordEnd(ctx app.Context) {
	if !p.snap.Done || p.live == nil {
		return
	}
	e := ended{seat: p.me, at: time.Now().UnixMilli()}
	r := p.snap.Result
	e.result = &r
	if p.room != nil {
		e.rec, e.room = p.live.Record(), true
		if e.rec == nil || len(e.rec.Actions) != p.snap.Step {
			return // a joiner's record comes with the end
		}
		e.seats = roomSeats(p.room.session().Seats(), p.me)
	} else {
		e.rec, e.seats, e.seat = p.save.Record, soloSeats(p.save), ownerSeat(p.save)
	}
	count(ctx, e)
}

// words phrases actions for the local seat.
func (p *tablePage) words() ui.Words { return newWords(p.gameID, p.names(), p.me) }

func (p *tablePage) modelInput() ui.Input {
	if p.options == nil && p.live != nil {
		p.options = map[string]string{}
		if r := p.live.Record(); r != nil && r.Options != nil {
			p.options = r.Options
		}
	}
	return ui.Input{Players: p.players, Me: int(p.me), Names: p.names(), Bots: p.seatBots, Teams: p.info.Teams, Say: p.words(), Options: p.options}
}

func (p *tablePage) names() []string {
	if p.room != nil {
		return roomNames(p.P(), p.room.session().Seats(), p.me)
	}
	if p.save.Record != nil {
		return seatNames(p.P(), p.save, p.me)
	}
	n := p.players
	out := make([]string, n)
	for i := range out {
		out[i] = ui.SeatName(p.P(), (i-int(p.me)+n)%n, n)
	}
	return out
}

// play is the local player's action, from a card or a button: its
// notation, one of the legal moves.
func (p *tablePage) play(ctx app.Context, action string) {
	if p.summary != nil {
		p.closeSummary(ctx)
	}
	p.last.open = false
	if p.room != nil && p.live != nil {
		// A room's intent goes to its host; the host's notice or the
		// joiner's next update shows the move.
		s, ctx := p.live, p.pageCtx // the card's context dies with the card
		ctx.Async(func() {
			if _, err := s.Act(action); err != nil {
				ctx.Dispatch(func(ctx app.Context) { p.notice = ui.Refusal(p.P(), err) })
			}
		})
		return
	}
	if p.sess == nil {
		return
	}
	if p.lesson != nil && p.lesson.refuses(p.sess, action) {
		soundRefused.play(p.settings.Sounds)
		return
	}
	p.clock.tick(p.sess, p.snap.Done) // a timed game sees the right time before the move
	evs, err := p.sess.Act(action)
	if err != nil {
		p.notice = ui.Refusal(p.P(), err)
		return
	}
	for _, ev := range evs {
		p.pace.told(ev)
	}
	p.refresh(ctx, evs...)
}

// refused is a tap on a card of the hand that cannot be played now: the
// notice says the engine's reason in words.
func (p *tablePage) refused(ctx app.Context, code string) {
	e, ok := lookupGame(p.gameID)
	if !ok || p.live == nil {
		return
	}
	p.notice = whyNot(p.P(), e, p.live, p.legal, code)
	soundRefused.play(p.settings.Sounds)
}

// runClock ticks every 10 seconds while the page shows a timed game.
func (p *tablePage) runClock(ctx app.Context) {
	sess := p.sess
	p.clock.run(p.pageCtx, func(ctx app.Context) bool {
		if p.sess != sess {
			return false
		}
		if p.clock.tick(p.sess, p.snap.Done) {
			p.refresh(ctx)
		}
		return true
	})
}

// show reads a session's view for the game's table; a view the table cannot
// read keeps the last one and says why.
func (p *tablePage) show(view games.View) {
	if view == nil {
		return
	}
	v, err := readView(p.gameID, view)
	if err != nil {
		p.err = p.P().T("The table can't be shown: %s", err.Error())
		return
	}
	if c, ok := v.(ui.Carrier); ok && p.view != nil {
		c.Carry(p.view)
	}
	p.view = v
}

// setSteps notes how many actions the match has applied; a hint is for the
// position it was asked at.
func (p *tablePage) setSteps(n int) {
	p.steps = n
	if p.hint != "" && n != p.hintAt {
		p.hint = ""
	}
}

// tell writes the actions evs in the log and says the last of them, with
// what the new view tells that no action does, in the notice.
func (p *tablePage) tell(evs []rtc.Event, prev ui.View, done bool) {
	w := p.words()
	in := p.modelInput()
	var said []string
	matchOver := false
	var roundEnd *rtc.Event
	for i, ev := range evs {
		line := w.Told(p.P(), ev.Desc)
		if line == "" {
			continue
		}
		p.log = append(p.log, line)
		said = []string{line}
		matchOver = ev.Desc.Outcome == games.OutcomeMatch
		if ev.Desc.Outcome == games.OutcomeRound {
			roundEnd = &evs[i]
		}
	}
	if len(p.log) > 200 {
		p.log = p.log[len(p.log)-200:]
	}
	if prev != nil && p.view != nil {
		if n := p.view.News(p.P(), prev, p.modelInput()); n != "" {
			said = append(said, n)
			p.log = append(p.log, n)
		}
	}
	if done && !matchOver {
		said = append(said, p.P().T("The match is over."))
	}
	if len(said) > 0 {
		p.notice = ui.JoinSentences(said)
		p.told = p.notice
	}
	if p.view == nil {
		return
	}
	now := p.view.Model(p.P(), in)
	if prev == nil && p.steps == 0 && len(said) == 0 {
		// A new match: say who begins (a Papas deal draws the first
		// player at random).
		for _, st := range now.Seats {
			if st.Turn {
				p.notice = w.Tell(p.P(), games.Seat(st.Seat), "You begin.", "%s begins.")
				p.log = append(p.log, p.notice)
				break
			}
		}
	}
	if roundEnd != nil && prev != nil && !done {
		var start ui.Model // the round's start, when this page saw it
		if p.roundStart != nil {
			start = *p.roundStart
		}
		p.summary = newSummary(p.P(), ui.JoinSentences(said), *roundEnd, start, prev.Model(p.P(), in), now, in)
		p.roundStart = nil
		p.notice = "" // the summary says it
		p.last.open = false
	} else if roundEnd != nil && p.paused.Load() {
		p.closeSummary(p.pageCtx) // nothing to read: the bots play on
	}
	if p.roundStart == nil {
		p.roundStart = &now
	}
}

// shared reports whether people share this phone at this table.
func (p *tablePage) shared() bool { return p.sess != nil && p.sess.Shared() }

// passPhone hides the table behind the handoff when the person due to act
// is not the one shown; at opening (always) the table waits for the person
// due, or the one last shown. A round's summary is read first.
func (p *tablePage) passPhone(opening bool) {
	if !p.shared() || p.summary != nil {
		return
	}
	due, ok := p.sess.Due()
	switch {
	case ok && due != p.me:
		p.handoff = handoff{on: true, to: due}
	case opening && !p.snap.Done:
		if !ok {
			due = p.me
		}
		p.handoff = handoff{on: true, to: due}
	}
}

// closeSummary puts the round's summary away; paused bots play on.
func (p *tablePage) closeSummary(ctx app.Context) {
	p.summary = nil
	p.passPhone(false)
	p.pace.hold.Store(-1) // the round's last trick was read with the summary
	if p.paused.Swap(false) && p.sess != nil {
		p.startBots(ctx) // a new drive reads the pace again
	}
}
