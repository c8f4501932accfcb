package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/rtc"
	"cardtable/ui"
)

// tablePage is where a match is played: the seats around, the trick or board
// in the middle, the local player's hand at the bottom. The match is saved
// after every action and resumed from the save on reload.
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
	lastOpen   bool              // the last finished trick is shown again
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
}

// liveSession is what the table shows a match from: the local session, or
// a room's host or joiner session.
type liveSession interface {
	rtc.Session
}

func (p *tablePage) OnNav(ctx app.Context) {
	p.stop()
	p.pageCtx = ctx
	p.settings = loadSettings(ctx)
	p.gameID = ctx.Page().URL().Query().Get("game")
	p.missing, p.damaged, p.err, p.log, p.notice = false, nil, "", nil, ""
	p.hint, p.thinking, p.peek = "", false, false
	p.summary, p.roundStart, p.lastOpen, p.options, p.over = nil, nil, false, nil, nil
	p.paused.Store(false)
	p.pace = newBotPace(p.settings.pace(), &p.paused)
	p.clock = gameClock{}
	p.live, p.view, p.legal, p.sess, p.lesson = nil, nil, nil, nil, nil
	if p.room != nil {
		p.room.show = nil
	}
	p.room, p.asking, p.copied, p.inRoom, p.invited = nil, false, false, false, ""
	if p.fillLevel == "" {
		p.fillLevel = "normal"
	}
	q := ctx.Page().URL().Query()
	if code := q.Get("room"); code != "" || q.Get("host") != "" {
		p.inRoom = true
		p.openRoom(ctx, code)
		return
	}
	g, ok := lookupGame(p.gameID)
	if !ok {
		p.missing = true
		return
	}
	p.info = g.Game.Info()
	if !app.IsClient {
		return // the server pre-renders an empty table
	}
	if ctx.Page().URL().Path == learnPath {
		p.openLesson(ctx, g)
		return
	}
	save, data, err := readSave(p.gameID)
	var bad *saveDamage
	switch {
	case errors.As(err, &bad):
		p.damaged = &damagedSave{GameID: p.gameID, Data: data, Why: bad.Say(p.P())}
		return
	case err != nil:
		p.missing = true
		return
	}
	p.save = save
	sess, err := rtc.NewLocal(g, save.Record, save.Seat, saveBots(g, save))
	if err != nil {
		p.err = p.P().T("This saved game can't be resumed: %s", err.Error())
		return
	}
	rng := games.NewRand(rtc.BotSeed())
	sess.Reaction = func() time.Duration { return rtc.HumanReaction(rng) }
	p.sess, p.live = sess, sess
	p.hints = sess.Hints()
	p.me, p.players, p.seatBots = save.Seat, save.Record.Players, save.Bots
	p.steps = len(save.Record.Actions)
	p.refresh(ctx)
	p.startBots(ctx)
}

func (p *tablePage) OnDismount() { p.stop() }

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
	p.cue(evs, wasTurn)
	p.save.Record = p.sess.Record()
	p.save.Done = p.snap.Done
	if p.save.Done {
		r := p.snap.Result
		p.save.Result = &r
	}
	if p.lesson == nil {
		storeSave(ctx, p.save)
	}
	p.lessonStepped()
	p.setSteps(len(p.save.Record.Actions))
	p.tell(evs, prev, p.save.Done)
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
	p.lastOpen = false
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
	if p.sess == nil || p.lessonRefuses(action) {
		return
	}
	p.tick() // a timed game sees the right time before the move
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

func (p *tablePage) Render() app.UI {
	title := gameTitle(p.P(), p.info)
	if p.damaged != nil {
		return page(p.settings, title, app.Div().ID("table").DataSet("ready", true).DataSet("damaged", true).Body(p.damaged))
	}
	if p.missing {
		return page(p.settings, title, app.Div().ID("table").DataSet("ready", app.IsClient).Body(
			app.P().Text(p.P().T("There is no game in progress here.")),
			app.A().Class("btn btn--primary").Href(ui.GameURL("/new", p.gameID)).Text(p.P().T("New game")),
			app.A().Class("btn btn--ghost").Href("/").Text(p.P().T("Home")),
		))
	}
	if p.inRoom {
		switch {
		case p.asking:
			return p.renderJoin()
		case p.room == nil || p.live == nil:
			return p.renderRoomWait()
		case !p.room.session().Started():
			return p.renderLobby(p.room.session())
		}
	}
	if p.live == nil || p.view == nil {
		return page(p.settings, title, app.Div().ID("table").Body(
			app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
			app.P().Text(p.P().T("Setting the table…")),
		))
	}
	me := int(p.me)
	in := p.modelInput()
	m := p.view.Model(p.P(), in)
	if p.room != nil && !p.snap.Done {
		seats := p.room.session().Seats()
		for i := range m.Seats {
			if j := m.Seats[i].Seat; j < len(seats) {
				if st := seatStatus(p.P(), seats[j]); st != "" {
					if m.Seats[i].Extra == "" {
						m.Seats[i].Extra = st
					} else {
						m.Seats[i].Extra = p.P().T("%s · %s", m.Seats[i].Extra, st)
					}
				}
			}
		}
	}
	m.Say, m.Legal, m.Hint = in.Say, p.legal, p.lessonTarget()
	m.Window, m.WindowLeft = p.snap.Deadline, p.snap.Remaining()
	m.Animation, m.Saved = p.settings.Animation, p.saved
	m.Selected, m.HandSel = p.boardSel, p.handSel
	m.Consumed = map[string]bool{}
	m.Choose = func(sel string) app.EventHandler {
		return func(ctx app.Context, e app.Event) { p.boardSel = sel }
	}
	m.Play = func(a string) app.EventHandler {
		return func(ctx app.Context, e app.Event) { p.play(ctx, a) }
	}

	// The legal moves that play a hand card go on the card; the rest are
	// buttons, unless the board offers them.
	byCard := map[string][]components.Choice{}
	buttons := []rtc.Move{}
	for _, mv := range p.legal {
		if c := m.CardOf(mv); c != "" {
			byCard[c] = append(byCard[c], m.Choice(p.P(), mv))
			continue
		}
		buttons = append(buttons, mv)
	}
	hand := &components.Hand{Waiting: len(p.legal) == 0, OnPlay: p.play, BoardChoices: m.BoardChoices,
		OnSelect: func(ctx app.Context, code string) {
			p.handSel, p.boardSel = code, ""
			p.pageCtx.Dispatch(nil) // the board shows where the card may go
		},
		OnRefused: p.refused}
	for _, c := range m.Hand {
		hand.Cards = append(hand.Cards, components.HandCard{Code: c, Actions: byCard[c]})
	}
	// Cards on the board that a move shows become playable there.
	m.BoardAction = func(code string) (components.Choice, app.EventHandler) {
		for _, mv := range buttons {
			if ui.First(mv.Desc) == code {
				a := mv.Text
				m.Consumed[a] = true
				return m.Choice(p.P(), mv), func(ctx app.Context, e app.Event) { p.play(ctx, a) }
			}
		}
		return components.Choice{}, nil
	}
	centre := m.Centre(m)

	actionButtons := []app.UI{}
	for _, mv := range buttons {
		if m.Consumed[mv.Text] {
			continue
		}
		actionButtons = append(actionButtons, p.actionButton(m, mv))
	}
	yourTurn := len(p.legal) > 0
	status := p.P().T("Waiting for the others…")
	switch {
	case yourTurn && p.players == 1:
		status = "" // a solitaire has no turns to tell
	case yourTurn:
		status = p.P().T("Your turn.")
	}
	if m.Status != nil {
		if s := m.Status(m); s != "" {
			status = s
		}
	}
	done := p.snap.Done || p.lessonOver()
	if p.lesson != nil {
		status = ""
		p.pageCtx.Defer(p.markLessonTarget)
	} else if done {
		status = p.P().T("The match is over.")
	}
	seats := []app.UI{}
	for _, s := range m.Seats {
		if s.Seat != me {
			seats = append(seats, components.Seat(p.P(), s))
		}
	}
	var mine app.UI = app.Div()
	for _, s := range m.Seats {
		if s.Seat == me && p.players > 1 { // a solitaire's one seat says nothing
			mine = components.Seat(p.P(), s)
		}
	}
	deadline := p.snap.Deadline
	solo := p.sess != nil && p.hints && !done
	// The grid (web/cardtable.css): opponents along the top, the board in
	// the middle, the hand along the bottom; the side column (under the
	// board on a portrait phone, beside it on a landscape phone and a
	// desktop) says what happened and holds the moves and the tools.
	return tableShell(p.settings, title,
		app.Div().ID("table").Class("table table--"+p.gameID, map[bool]string{true: "table--summary"}[p.summary != nil]).
			DataSet("ready", true).DataSet("steps", p.steps).DataSet("done", done).DataSet("room", p.room != nil).DataSet("seat", me).
			DataSet("turn", yourTurn).DataSet("players", p.players).Attr("data-lesson", p.lessonAttr()).OnKeyDown(pressRoleButton).Body(
			app.Div().Class("table__opponents").Body(seats...),
			app.Div().Class("table__centre").Body(centre),
			app.If(len(m.Hand) > 0, func() app.UI { return hand }),
			app.Div().Class("table__side").Body(
				app.Div().Class("table__say").Body(
					p.renderLesson(),
					p.renderNotice(m),
					app.Div().Class("table__me").Body(
						mine,
						app.If(status != "", func() app.UI { return app.P().Class("table__status").Text(status) }),
						components.ReactionTimer(p.P(), deadline, p.snap.Remaining(), fmt.Sprint(p.steps)),
					),
					app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
				),
				app.If(len(actionButtons) > 0, func() app.UI {
					return app.Div().Class("table__actions").Attr("role", "group").Aria("label", p.P().T("Your moves")).Body(actionButtons...)
				}),
				components.Scoreboard(m.Stats),
				app.Div().Class("table__tools").Body(
					app.If(p.sess != nil && p.save.Undo, func() app.UI {
						return app.Button().Class("btn btn--small").ID("undo").Disabled(!p.sess.CanUndo()).
							Text(p.P().T("Undo")).OnClick(p.undo)
					}),
					app.If(solo, func() app.UI {
						return app.Button().Class("btn btn--small").ID("hint").Disabled(p.thinking || !yourTurn).
							Text(p.hintLabel()).Title(p.P().T("A good move, from what you can see")).OnClick(p.askHint)
					}),
					app.If(solo && p.sess.Solves(), func() app.UI {
						return app.Button().Class("btn btn--small btn--secondary").ID("winnable").Disabled(p.thinking).
							Text(p.P().T("Can it be won?")).Title(p.P().T("Can this deal still be won? (looks at the hidden cards)")).
							OnClick(func(ctx app.Context, e app.Event) { p.peek = true })
					}),
					p.lastTrickButton(m),
					app.A().Class("btn btn--small btn--ghost").Href(ui.GameURL("/rules", p.gameID)).Text(p.P().T("Rules")),
					app.If(done && p.sess != nil && p.lesson == nil, func() app.UI {
						return app.A().Class("btn btn--small btn--primary").ID("see-result").Href(ui.GameURL("/result", p.gameID)).Text(p.P().T("See the result"))
					}),
					app.If(p.lesson != nil, func() app.UI {
						return app.A().Class("btn btn--small btn--ghost").Href("/").Text(p.P().T("Leave"))
					}).ElseIf(p.room == nil, func() app.UI {
						return app.A().Class("btn btn--small btn--ghost").Href("/").Text(p.P().T("Leave (saved)"))
					}).Else(func() app.UI {
						return app.Button().Class("btn btn--small btn--ghost").ID("leave-room").Text(p.P().T("Leave the room")).OnClick(p.leaveRoom)
					}),
					components.Log(p.P(), p.log),
				),
			),
			app.If(p.summary != nil, func() app.UI {
				return &summaryVeil{Summary: p.summary, OnClose: func(ctx app.Context, e app.Event) { p.closeSummary(ctx) }}
			}),
			app.If(p.over != nil && !p.over.away, p.renderMatchEnd),
			p.renderLessonEnd(),
			app.If(done && p.room != nil, func() app.UI {
				// The room's result and its replay, over the table; it
				// scrolls when a phone held sideways is too short for it.
				return app.Div().Class("room__end").Body(
					p.roomResult(p.room.session()),
					&replayShare{Record: p.live.Record(), Title: gameTitle(p.P(), p.info), Room: true},
				)
			}),
			app.If(p.lastOpen && len(m.Last) > 0, func() app.UI { return p.renderLastTrick(m) }),
			app.If(solo && p.peek, func() app.UI { return p.renderPeek() }),
			// A question asked before the match ended does not cover its result.
			app.If(p.confirming.Text != "" && !done, func() app.UI { return p.renderConfirm(m) }),
		),
	)
}

// actionButton is a legal move that no card offers, as a button in words.
// A move that gives something up asks first (confirmQuestion).
func (p *tablePage) actionButton(m ui.Model, mv rtc.Move) app.UI {
	a := mv.Text
	cls := "btn btn--action"
	if a == p.hint {
		cls += " btn--primary btn--hint"
	}
	if confirmQuestion(p.P(), p.gameID, mv.Desc) != "" {
		cls = "btn btn--secondary btn--giveup"
	}
	return app.Button().Class(cls).DataSet("action", a).Text(m.Choice(p.P(), mv).Say).
		OnClick(func(ctx app.Context, e app.Event) {
			if confirmQuestion(p.P(), p.gameID, mv.Desc) != "" {
				p.confirming = mv
				return
			}
			p.play(ctx, a)
		}, app.EventScope(a))
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

// pressRoleButton lets Enter and Space press the board's clickable slots and
// columns (elements with role=button that are not real buttons).
func pressRoleButton(ctx app.Context, e app.Event) {
	k := e.Get("key").String()
	if k != "Enter" && k != " " {
		return
	}
	t := e.Get("target")
	if t.Get("tagName").String() == "BUTTON" || t.Call("getAttribute", "role").String() != "button" {
		return
	}
	e.PreventDefault()
	t.Call("click")
}
