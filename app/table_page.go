package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/rtc"
	"cardtable/ui"
)

// The table page as go-app sees it: it opens on navigation (a saved solo
// match, or a room) and renders the table as a short list of its parts: the
// seats, the board, the hand, the side column (what happened, the moves, the
// scores, the tools) and the overlays over it.

func (p *tablePage) OnNav(ctx app.Context) {
	p.stop()
	p.pageCtx = ctx
	p.settings = loadSettings(ctx)
	p.gameID = ctx.Page().URL().Query().Get("game")
	p.missing, p.damaged, p.err, p.log, p.notice = false, nil, "", nil, ""
	p.hint, p.thinking, p.peek, p.handoff = "", false, false, handoff{}
	p.summary, p.roundStart, p.last, p.options, p.over = nil, nil, lastTrick{}, nil, nil
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
	p.passPhone(true)
	p.startBots(ctx)
}

func (p *tablePage) OnDismount() { p.stop() }

// Render draws the table: before there is one, what the page shows instead.
func (p *tablePage) Render() app.UI {
	title := gameTitle(p.P(), p.info)
	if instead := p.beforeTable(title); instead != nil {
		return instead
	}
	if p.handoff.on {
		return p.renderHandoff(title)
	}
	m, byCard, buttons := p.model()
	hand := p.hand(m, byCard)
	centre := m.Centre(m) // the board takes the moves it offers (m.Consumed)
	moves := p.moveButtons(m, buttons)
	done, yourTurn := p.snap.Done || p.lessonOver(), len(p.legal) > 0
	if p.lesson != nil {
		p.pageCtx.Defer(p.markLessonTarget(m)) // after the render: the step's control is marked
	}
	// The grid (web/cardtable.css): opponents along the top, the board in
	// the middle, the hand along the bottom; the side column (under the
	// board on a portrait phone, beside it on a landscape phone and a
	// desktop) says what happened and holds the moves and the tools.
	body := []app.UI{
		app.Div().Class("table__opponents").Body(p.opponents(m)...),
		app.Div().Class("table__centre").Body(centre),
		app.If(len(m.Hand) > 0, func() app.UI { return hand }),
		p.side(m, moves),
	}
	body = append(body, p.overlays(m)...)
	return tableShell(p.settings, title,
		app.Div().ID("table").Class("table table--"+p.gameID, map[bool]string{true: "table--summary"}[p.summary != nil]).
			DataSet("ready", true).DataSet("steps", p.steps).DataSet("done", done).DataSet("room", p.room != nil).DataSet("seat", int(p.me)).
			DataSet("turn", yourTurn).DataSet("players", p.players).Attr("data-lesson", p.lessonAttr()).OnKeyDown(pressRoleButton).Body(body...),
	)
}

// beforeTable is what the page shows while there is no table to show: a
// damaged save, no match, a room's join form, wait or lobby, or the table
// being set; nil once the table shows.
func (p *tablePage) beforeTable(title string) app.UI {
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
		case p.room.dealing():
			return p.renderRoomWait() // the first deal is under way
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
	return nil
}

// model is the game's table model of the view, wired to the page (the
// moves, the selections, a room's seat status), and the legal moves split:
// those that play a hand card go on the card (byCard), the rest are
// buttons, unless the board offers them (m.BoardAction).
func (p *tablePage) model() (m ui.Model, byCard map[string][]components.Choice, buttons []rtc.Move) {
	in := p.modelInput()
	m = p.view.Model(p.P(), in)
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
	m.Animation, m.Saved, m.Lesson = p.settings.Animation, p.saved, p.lesson != nil
	m.Selected, m.HandSel = p.boardSel, p.handSel
	m.Consumed = map[string]bool{}
	m.Choose = func(sel string) app.EventHandler {
		return func(ctx app.Context, e app.Event) { p.boardSel = sel }
	}
	m.Play = func(a string) app.EventHandler {
		return func(ctx app.Context, e app.Event) { p.play(ctx, a) }
	}
	byCard = map[string][]components.Choice{}
	buttons = []rtc.Move{}
	for _, mv := range p.legal {
		if c := m.CardOf(mv); c != "" {
			byCard[c] = append(byCard[c], m.Choice(p.P(), mv))
			continue
		}
		buttons = append(buttons, mv)
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
	return m, byCard, buttons
}

// hand is the local player's hand, its playable cards carrying their moves.
func (p *tablePage) hand(m ui.Model, byCard map[string][]components.Choice) *components.Hand {
	hand := &components.Hand{Waiting: len(p.legal) == 0, OnPlay: p.play, BoardChoices: m.BoardChoices,
		OnSelect: func(ctx app.Context, code string) {
			p.handSel, p.boardSel = code, ""
			p.pageCtx.Dispatch(nil) // the board shows where the card may go
		},
		OnRefused: p.refused}
	for _, c := range m.Hand {
		hand.Cards = append(hand.Cards, components.HandCard{Code: c, Actions: byCard[c]})
	}
	return hand
}

// moveButtons are the legal moves that neither a card nor the board
// offers, as buttons.
func (p *tablePage) moveButtons(m ui.Model, buttons []rtc.Move) []app.UI {
	out := []app.UI{}
	if (p.shared() || p.lesson != nil) && p.sess.Asking() {
		pass := app.Button().Class("btn btn--action").ID("let-pass")
		if p.lesson != nil { // the step's control: the lesson marks it by its action
			pass = pass.DataSet("action", letPassAction)
		}
		out = append(out, pass.Text(p.P().T("Let it pass")).OnClick(p.letPass))
	}
	for _, mv := range buttons {
		if m.Consumed[mv.Text] {
			continue
		}
		out = append(out, p.actionButton(m, mv))
	}
	return out
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

// opponents are the other seats' badges, along the top.
func (p *tablePage) opponents(m ui.Model) []app.UI {
	seats := []app.UI{}
	for _, s := range m.Seats {
		if s.Seat != int(p.me) {
			seats = append(seats, components.Seat(p.P(), s))
		}
	}
	return seats
}

// side is the side column: what happened, the player's own seat and its
// status line, the moves, the scores and the tools.
func (p *tablePage) side(m ui.Model, moves []app.UI) app.UI {
	var mine app.UI = app.Div()
	for _, s := range m.Seats {
		if s.Seat == int(p.me) && p.players > 1 { // a solitaire's one seat says nothing
			mine = components.Seat(p.P(), s)
		}
	}
	// The line under the player's own seat: whose turn it is, what the
	// game's table says, or the match's end.
	status := p.P().T("Waiting for the others…")
	switch yourTurn := len(p.legal) > 0; {
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
	if p.lesson != nil {
		status = "" // the lesson's step says what to do
	} else if p.snap.Done {
		status = p.P().T("The match is over.")
	} else if p.shared() && p.sess.Asking() {
		status = p.P().T("Answer now or let it pass: the next person on this phone is asked after you.")
	}
	return app.Div().Class("table__side").Body(
		app.Div().Class("table__say").Body(
			p.renderLesson(),
			noticeBox(p.P(), m, p.notice, p.told),
			app.Div().Class("table__me").Body(
				mine,
				app.If(status != "", func() app.UI { return app.P().Class("table__status").Text(status) }),
				components.ReactionTimer(p.P(), p.snap.Deadline, p.snap.Remaining(), fmt.Sprint(p.steps)),
			),
			app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
		),
		app.If(len(moves) > 0, func() app.UI {
			return app.Div().Class("table__actions").Attr("role", "group").Aria("label", p.P().T("Your moves")).Body(moves...)
		}),
		components.Scoreboard(m.Stats),
		p.tools(m),
	)
}

// tools are the table's tools: undo, the hint, "Can it be won?", the last
// trick, the rules, the result, leaving, and the log.
func (p *tablePage) tools(m ui.Model) app.UI {
	done, yourTurn := p.snap.Done || p.lessonOver(), len(p.legal) > 0
	solo := p.sess != nil && p.hints && !done // a solo match's hint and "Can it be won?"
	return app.Div().Class("table__tools").Body(
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
		p.last.button(p.P(), m),
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
	)
}

// overlays are what covers the table: the round's summary, the match's
// end (a room's result), the last trick, and the questions asked before a
// move.
func (p *tablePage) overlays(m ui.Model) []app.UI {
	done := p.snap.Done || p.lessonOver()
	return []app.UI{
		app.If(p.summary != nil, func() app.UI {
			return &summaryVeil{Summary: p.summary, OnClose: func(ctx app.Context, e app.Event) { p.closeSummary(ctx) }}
		}),
		app.If(p.over != nil && !p.over.away, func() app.UI { return p.over.box(p.P()) }),
		p.renderLessonEnd(),
		app.If(done && p.room != nil, func() app.UI {
			// The room's result and its replay, over the table; it
			// scrolls when a phone held sideways is too short for it.
			return app.Div().Class("room__end").Body(
				p.roomResult(p.room.session()),
				&replayShare{Record: p.live.Record(), Title: gameTitle(p.P(), p.info), Room: true},
			)
		}),
		app.If(!done && p.room != nil && p.room.mentalStopped(), func() app.UI {
			// A no-dealer match that stopped: which page's messages do
			// not check out, over the table.
			return app.Div().Class("room__end").Body(app.Div().Class("room__result").Body(p.roomVerdict(p.room.session())))
		}),
		p.last.sheet(p.P(), m),
		app.If(p.sess != nil && p.hints && !done && p.peek, func() app.UI {
			return peekBox(p.P(), p.askWinnable, func(ctx app.Context, e app.Event) { p.peek = false })
		}),
		// A question asked before the match ended does not cover its result.
		app.If(p.confirming.Text != "" && !done, func() app.UI { return p.confirm(m) }),
	}
}

// confirm asks the player to confirm the move waiting in p.confirming, in
// words: the game's question says what is lost.
func (p *tablePage) confirm(m ui.Model) app.UI {
	mv := p.confirming
	return app.Div().Class("confirm confirm--overlay").ID("confirm").Attr("role", "alertdialog").
		Aria("labelledby", "confirm-question").Body(
		app.P().ID("confirm-question").Body(app.Strong().Text(confirmQuestion(p.P(), p.gameID, mv.Desc))),
		app.Div().Class("actions").Body(
			app.Button().Class("btn").ID("confirm-yes").Text(m.Choice(p.P(), mv).Say).
				OnClick(func(ctx app.Context, e app.Event) {
					p.confirming.Text = ""
					p.play(ctx, mv.Text)
				}),
			app.Button().Class("btn btn--ghost").ID("confirm-no").Text(p.P().T("Keep playing")).
				OnClick(func(ctx app.Context, e app.Event) { p.confirming.Text = "" }),
		),
	)
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
