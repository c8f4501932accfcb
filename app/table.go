package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/rtc"
)

// tablePage is where a match is played: the seats around, the trick or board
// in the middle, the local player's hand at the bottom. The match is saved
// after every action and resumed from the save on reload.
type tablePage struct {
	app.Compo
	settings Settings
	gameID   string
	info     games.Info
	save     Save
	sess     *rtc.Local
	cancel   context.CancelFunc
	view     map[string]any
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
	hints    bool // the game gives hints (games.Hinter)

	// What the table shows, from the local match or a room's session.
	live     liveSession
	me       games.Seat
	players  int
	seatBots []string // per seat: the level of the bot playing it, "" for a person

	// A room (room.go): the match with friends this page shows.
	inRoom    bool
	roomCode  string
	room      *roomRun
	asking    bool   // the join form asks the joiner's name
	joinName  string // the name typed in the join form
	fillLevel string // the host's bot level for empty seats
	copied    bool   // the room link was copied
}

// liveSession is what the table shows a match from: the local session, or
// a room's host or joiner session.
type liveSession interface {
	rtc.Session
	Remaining() time.Duration
}

// gameClock feeds a timed game (Klondike's timed option) the seconds since
// its deal as `time N` system actions: every 10 seconds and before each of
// the player's actions. The clock stops while the app is closed.
type gameClock struct {
	on      bool
	game    int       // which game of the match the clock counts for
	started time.Time // when, by this page's clock, the deal happened
	ticking bool
}

// sync reads the view: starts the clock for a new deal, stops it when the
// match is over.
func (c *gameClock) sync(v map[string]any, done bool) {
	timed, _ := v["timed"].(bool)
	elapsed, _ := num(v, "elapsed")
	game, _ := num(v, "game")
	if !timed || done {
		c.on = false
		return
	}
	if !c.on || game != c.game {
		c.on, c.game = true, game
		c.started = time.Now().Add(-time.Duration(elapsed) * time.Second)
	}
}

// tick applies `time N` when N grew; it reports whether it did.
func (p *tablePage) tick() bool {
	if !p.clock.on || p.sess == nil || p.sess.Done() {
		return false
	}
	elapsed, _ := num(p.view, "elapsed")
	n := int(time.Since(p.clock.started).Seconds())
	if n <= elapsed {
		return false
	}
	_, err := p.sess.ActSystem(fmt.Sprintf("time %d", n))
	return err == nil
}

// runClock ticks every 10 seconds while the page shows a timed game.
func (p *tablePage) runClock(ctx app.Context) {
	if p.clock.ticking || !p.clock.on {
		return
	}
	p.clock.ticking = true
	sess := p.sess
	p.pageCtx.After(10*time.Second, func(ctx app.Context) {
		p.clock.ticking = false
		if p.sess != sess {
			return
		}
		if p.tick() {
			p.refresh(ctx, nil)
		}
		p.runClock(ctx)
	})
}

func (p *tablePage) OnNav(ctx app.Context) {
	p.stop()
	p.pageCtx = ctx
	p.settings = loadSettings(ctx)
	p.gameID = ctx.Page().URL().Query().Get("game")
	p.missing, p.err, p.log, p.notice = false, "", nil, ""
	p.clock = gameClock{}
	p.live, p.view, p.legal, p.sess = nil, nil, nil, nil
	if p.room != nil {
		p.room.show = nil
	}
	p.room, p.asking, p.copied, p.inRoom = nil, false, false, false
	if p.fillLevel == "" {
		p.fillLevel = "normal"
	}
	q := ctx.Page().URL().Query()
	if code := q.Get("room"); code != "" || q.Get("host") != "" {
		p.inRoom = true
		p.openRoom(ctx, code)
		return
	}
	g, info, ok := lookupGame(p.gameID)
	if !ok {
		p.missing = true
		return
	}
	p.info = info
	_, p.hints = g.(games.Hinter)
	if !app.IsClient {
		return // the server pre-renders an empty table
	}
	save, ok := loadSave(ctx, p.gameID)
	if !ok {
		p.missing = true
		return
	}
	p.save = save
	seatBots := make([]bots.Bot, save.Record.Players)
	for i, level := range save.Bots {
		if i < len(seatBots) && games.Seat(i) != save.Seat {
			seatBots[i] = newBot(g, level, save.Record.Seed+uint64(i)*7919+uint64(len(save.Record.Actions)))
		}
	}
	sess, err := rtc.NewLocal(g, save.Record, save.Seat, seatBots)
	if err != nil {
		p.err = "This saved game can't be resumed: " + err.Error()
		return
	}
	rng := games.NewRand(newSeed())
	sess.Reaction = func() time.Duration { return rtc.HumanReaction(rng) }
	p.sess, p.live = sess, sess
	p.me, p.players, p.seatBots = save.Seat, save.Record.Players, save.Bots
	p.steps = len(save.Record.Actions)
	p.refresh(ctx, nil)
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
// to the UI goroutine through Dispatch.
func (p *tablePage) startBots(ctx app.Context) {
	p.stop()
	if p.sess.Done() {
		return
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	sess, pace := p.sess, p.settings.pace()
	ctx.Async(func() {
		err := sess.Run(c, func() time.Duration { return pace }, func(ev rtc.Event) {
			ctx.Dispatch(func(ctx app.Context) {
				if p.sess == sess {
					p.refresh(ctx, &ev)
				}
			})
		})
		if err != nil && c.Err() == nil {
			ctx.Dispatch(func(ctx app.Context) { p.err = err.Error() })
		}
	})
}

// refresh saves the match and reads the new view after an action.
func (p *tablePage) refresh(ctx app.Context, ev *rtc.Event) {
	prev := p.view
	p.boardSel, p.handSel = "", ""
	p.view = viewMap(p.sess.View())
	p.legal = p.sess.Legal()
	p.save.Record = p.sess.Record()
	p.save.Done = p.sess.Done()
	if p.save.Done {
		r := p.sess.Result()
		p.save.Result = &r
	}
	storeSave(ctx, p.save)
	if ev != nil {
		p.steps = ev.Index + 1
		p.log = append(p.log, p.describe(*ev))
		if len(p.log) > 200 {
			p.log = p.log[len(p.log)-200:]
		}
	}
	p.clock.sync(p.view, p.save.Done)
	p.runClock(ctx)
	if n := adapterFor(p.gameID).notice(prev, p.view, p.names()); n != "" {
		p.notice = n
	}
	if p.save.Done {
		p.notice = "The match is over."
		p.pageCtx.After(1200*time.Millisecond, func(ctx app.Context) {
			if p.sess != nil && p.sess.Done() {
				ctx.Navigate(gameURL("/result", p.gameID))
			}
		})
	}
}

func viewMap(v any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		return map[string]any{}
	}
	m := map[string]any{}
	if json.Unmarshal(b, &m) != nil {
		return map[string]any{}
	}
	return m
}

func (p *tablePage) names() []string {
	if p.room != nil {
		return roomNames(p.room.session().Seats(), p.me)
	}
	n := p.players
	out := make([]string, n)
	for i := range out {
		out[i] = seatName((i-int(p.me)+n)%n, n)
	}
	return out
}

func (p *tablePage) describe(ev rtc.Event) string {
	if ev.Seat == games.System {
		return "Time is up."
	}
	names := p.names()
	if int(ev.Seat) < len(names) {
		return names[ev.Seat] + ": " + ev.Act
	}
	return ev.Act
}

// play is the local player's action, from a card or a button.
func (p *tablePage) play(ctx app.Context, action string) {
	if p.room != nil && p.live != nil {
		// A joiner's intent goes over the network; the host's notice or
		// the joiner's next update shows the move.
		s := p.live
		ctx.Async(func() {
			if err := s.Act(action); err != nil {
				ctx.Dispatch(func(ctx app.Context) { p.notice = err.Error() })
			}
		})
		return
	}
	if p.sess == nil {
		return
	}
	p.tick() // a timed game sees the right time before the move
	if err := p.sess.Act(action); err != nil {
		p.notice = err.Error()
		return
	}
	rec := p.sess.Record()
	p.refresh(ctx, &rtc.Event{Index: len(rec.Actions) - 1, Seat: p.save.Seat, Act: rec.Actions[len(rec.Actions)-1].Act})
}

// hint shows the solitaire's suggested move and whether the deal can still
// be won.
func (p *tablePage) hint(ctx app.Context, e app.Event) {
	if p.sess == nil {
		return
	}
	best, winnable, ok, err := p.sess.Hint()
	switch {
	case err != nil:
		p.notice = err.Error()
	case !ok:
		p.notice = "No move helps any more: end the game."
	case winnable:
		p.notice = "Hint: " + klondikeWords(best) + ". This deal can still be won."
	default:
		p.notice = "Hint: " + klondikeWords(best) + ". No way to win was found from here."
	}
}

func (p *tablePage) undo(ctx app.Context, e app.Event) {
	if p.sess == nil {
		return
	}
	if err := p.sess.Undo(); err != nil {
		p.notice = err.Error()
		return
	}
	p.log = append(p.log, "Undo.")
	p.steps = len(p.sess.Record().Actions)
	p.refresh(ctx, nil)
	p.startBots(ctx)
}

func (p *tablePage) Render() app.UI {
	title := p.info.Title
	if p.missing {
		return page(p.settings, title, app.Div().ID("table").DataSet("ready", app.IsClient).Body(
			app.P().Text("There is no game in progress here."),
			app.A().Class("btn btn--primary").Href(gameURL("/new", p.gameID)).Text("New game"),
			app.A().Class("btn btn--ghost").Href("/").Text("Home"),
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
	if p.live == nil {
		return page(p.settings, title, app.Div().ID("table").Body(
			app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
			app.P().Text("Setting the table…"),
		))
	}
	me := int(p.me)
	m := adapterFor(p.gameID).model(p.view, modelInput{
		players: p.players, me: me, names: p.names(), bots: p.seatBots, teams: p.info.Teams,
	})
	if p.room != nil && !p.live.Done() {
		seats := p.room.session().Seats()
		for i := range m.seats {
			if j := m.seats[i].Seat; j < len(seats) {
				if st := seatStatus(seats[j]); st != "" {
					m.seats[i].Extra = strings.TrimPrefix(m.seats[i].Extra+" · "+st, " · ")
				}
			}
		}
	}

	// Map the legal moves to hand cards; the rest become buttons.
	inHand := map[string]bool{}
	for _, c := range m.hand {
		inHand[c] = true
	}
	byCard := map[string][]string{}
	buttons := []rtc.Move{}
	for _, mv := range p.legal {
		f := strings.Fields(mv.Text)
		if len(f) >= 2 && inHand[f[1]] {
			byCard[f[1]] = append(byCard[f[1]], mv.Text)
			continue
		}
		buttons = append(buttons, mv)
	}
	hand := &components.Hand{Waiting: len(p.legal) == 0, OnPlay: p.play, BoardChoices: m.boardChoices,
		OnSelect: func(ctx app.Context, code string) {
			p.handSel, p.boardSel = code, ""
			p.pageCtx.Dispatch(nil) // the board shows where the card may go
		}}
	for _, c := range m.hand {
		hand.Cards = append(hand.Cards, components.HandCard{Code: c, Actions: byCard[c]})
	}
	// Cards on the board that an action names become playable there.
	boardAction := func(code string) (string, app.EventHandler) {
		for _, mv := range buttons {
			f := strings.Fields(mv.Text)
			if len(f) >= 2 && f[1] == code {
				a := mv.Text
				return a, func(ctx app.Context, e app.Event) { p.play(ctx, a) }
			}
		}
		return "", nil
	}
	m.boardAction = boardAction
	m.selected = p.boardSel
	m.handSel = p.handSel
	m.consumed = map[string]bool{}
	for _, mv := range p.legal {
		m.legal = append(m.legal, mv.Text)
	}
	m.choose = func(sel string) app.EventHandler {
		return func(ctx app.Context, e app.Event) { p.boardSel = sel }
	}
	m.play = func(a string) app.EventHandler {
		return func(ctx app.Context, e app.Event) { p.play(ctx, a) }
	}
	centre := m.centre(m)

	actionButtons := []app.UI{}
	for _, mv := range buttons {
		a := mv.Text
		if m.consumed[a] {
			continue
		}
		actionButtons = append(actionButtons, app.Button().Class("btn btn--action").
			DataSet("action", a).Aria("label", a).Text(m.label(a)).
			OnClick(func(ctx app.Context, e app.Event) { p.play(ctx, a) }, app.EventScope(a)))
	}
	yourTurn := len(p.legal) > 0
	status := "Waiting for the others…"
	if yourTurn {
		status = "Your turn."
	}
	done := p.live.Done()
	if done {
		status = "The match is over."
	}
	seats := []app.UI{}
	for _, s := range m.seats {
		if s.Seat != me {
			seats = append(seats, components.Seat(s))
		}
	}
	var mine app.UI = app.Div()
	for _, s := range m.seats {
		if s.Seat == me {
			mine = components.Seat(s)
		}
	}
	deadline := p.live.Deadline()
	return page(p.settings, title,
		app.Div().ID("table").Class("table table--"+p.gameID).
			DataSet("ready", true).DataSet("steps", p.steps).DataSet("done", done).DataSet("room", p.room != nil).DataSet("seat", me).
			DataSet("turn", yourTurn).OnKeyDown(pressRoleButton).Body(
			components.Scoreboard(m.stats),
			app.Div().Class("table__opponents").Body(seats...),
			app.Div().Class("table__centre").Body(centre),
			components.Notice(p.notice),
			app.Div().Class("table__me").Body(
				mine,
				app.P().Class("table__status").Text(status),
				components.ReactionTimer(deadline, p.live.Remaining(), fmt.Sprint(p.steps)),
			),
			app.If(len(actionButtons) > 0, func() app.UI {
				return app.Div().Class("table__actions").Attr("role", "group").Aria("label", "Actions").Body(actionButtons...)
			}),
			app.If(len(m.hand) > 0, func() app.UI { return hand }),
			app.If(done && p.room != nil, func() app.UI { return p.roomResult(p.room.session()) }),
			app.Div().Class("table__tools").Body(
				app.If(p.sess != nil && p.save.Undo, func() app.UI {
					return app.Button().Class("btn btn--small").ID("undo").Disabled(!p.sess.CanUndo()).
						Text("Undo").OnClick(p.undo)
				}),
				app.If(p.sess != nil && p.hints && !done, func() app.UI {
					return app.Button().Class("btn btn--small").ID("hint").Text("Hint").OnClick(p.hint)
				}),
				app.A().Class("btn btn--small btn--ghost").Href(gameURL("/rules", p.gameID)).Text("Rules"),
				app.If(done && p.sess != nil, func() app.UI {
					return app.A().Class("btn btn--primary").ID("see-result").Href(gameURL("/result", p.gameID)).Text("See the result")
				}),
				app.If(p.room == nil, func() app.UI {
					return app.A().Class("btn btn--small btn--ghost").Href("/").Text("Leave (saved)")
				}).Else(func() app.UI {
					return app.Button().Class("btn btn--small btn--ghost").ID("leave-room").Text("Leave the room").OnClick(p.leaveRoom)
				}),
			),
			app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
			components.Log(p.log),
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
