package main

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// replayPage plays a finished match back on the phone table: the record
// comes from the link's fragment (/replay#…) or from a file the reader
// opens. It steps forwards and backwards, an action or a trick (or round)
// at a time, and shows the table as one seat saw it, as a spectator saw it,
// or, once the record ends the match, with every card shown. Everything on
// the table is the engine's, through the read-only session rtc.Replay.
type replayPage struct {
	app.Compo
	speaker
	settings Settings
	rec      *record.Record
	r        *rtc.Replay
	gameID   string
	info     games.Info
	err      string // what is wrong with the link or the file
	opening  bool   // a link is being read
	view     ui.View
	bottom   int   // the seat drawn at the bottom
	marks    []int // the steps at which a trick, a round or the match ended
	openMs   int64 // how long reading and checking the record took (data-open-ms, for the tests' figures)
}

// Viewers in the seat picker besides the seats.
const (
	viewSpectator = "spectator"
	viewAll       = "all"
)

// markOutcomes are the outcomes a trick step stops after.
var markOutcomes = []string{"trick", "round", "match"}

func (p *replayPage) OnNav(ctx app.Context) {
	p.settings = loadSettings(ctx)
	p.rec, p.r, p.view, p.err, p.marks = nil, nil, nil, "", nil
	if !app.IsClient {
		p.opening = true // the server renders the page before the link is read
		return
	}
	p.opening = false
	frag := ctx.Page().URL().Fragment
	if frag == "" {
		return // the page offers to open a file
	}
	rec, err := decodeLink(p.P(), frag)
	if err != nil {
		p.err = err.Error()
		return
	}
	p.open(rec)
}

// open replays rec, or says what is wrong with it.
func (p *replayPage) open(rec *record.Record) {
	start := time.Now()
	r, err := openReplay(p.P(), rec)
	p.openMs = time.Since(start).Milliseconds()
	if err != nil {
		p.rec, p.r, p.view, p.err = nil, nil, nil, err.Error()
		return
	}
	e, _ := lookupGame(rec.Game)
	p.rec, p.r, p.err = rec, r, ""
	p.gameID, p.info = rec.Game, e.Game.Info()
	p.marks = p.marks[:0]
	for i := range r.Len() {
		if slices.Contains(markOutcomes, r.Outcome(i)) {
			p.marks = append(p.marks, i+1)
		}
	}
	p.bottom = 0
	if !r.Finished() {
		// A record cut before the end keeps its hidden cards hidden: a
		// spectator's view only.
		r.SetViewer(games.Observer)
	}
	p.show()
}

// show reads the viewer's view at the current step for the game's table.
func (p *replayPage) show() {
	raw := p.r.Snapshot().View
	if p.r.Viewer() == games.God {
		raw = p.allCards(raw)
	}
	v, err := readView(p.gameID, raw)
	if err != nil {
		p.err = p.P().T("The table can't be shown: %s", err.Error())
		p.view = nil
		return
	}
	p.err, p.view = "", v
}

// allCards is the view with every card shown, with the bottom seat's hand
// where the table draws a hand: the game's own View again, read by its
// decoder. The other hands go on their seats' badges (otherHands).
func (p *replayPage) allCards(view games.View) games.View {
	var m map[string]json.RawMessage
	b, err := json.Marshal(view)
	if err != nil || json.Unmarshal(b, &m) != nil {
		return view
	}
	hands := p.hands(m)
	if p.bottom >= len(hands) {
		return view
	}
	h, err := json.Marshal(hands[p.bottom])
	if err != nil {
		return view
	}
	m["hand"] = h
	out, err := json.Marshal(m)
	e, ok := lookupGame(p.gameID)
	if err != nil || !ok {
		return view
	}
	if v, err := e.DecodeView(out); err == nil {
		return v
	}
	return view
}

// hands are every seat's hand in a view with every card shown; nil for a
// game without hands (a solitaire's board shows its face-down cards).
func (p *replayPage) hands(m map[string]json.RawMessage) [][]string {
	var hands [][]string
	if h, ok := m["hands"]; ok {
		json.Unmarshal(h, &hands)
	}
	return hands
}

// otherHands are the hands of every seat in the view with every card shown.
func (p *replayPage) otherHands() [][]string {
	if p.r == nil || p.r.Viewer() != games.God {
		return nil
	}
	var m map[string]json.RawMessage
	b, err := json.Marshal(p.r.Snapshot().View)
	if err != nil || json.Unmarshal(b, &m) != nil {
		return nil
	}
	return p.hands(m)
}

// seek goes to step k and reads the view there.
func (p *replayPage) seek(k int) {
	if p.r == nil {
		return
	}
	k = max(0, min(k, p.r.Len()))
	if err := p.r.Seek(k); err != nil {
		p.err = ui.Sentence(p.P(), err.Error())
		return
	}
	p.show()
}

// nextMark is the first step after at where a trick or a round ended, or
// the end; prevMark the last one before at, or the start.
func (p *replayPage) nextMark(at int) int {
	for _, m := range p.marks {
		if m > at {
			return m
		}
	}
	return p.r.Len()
}

func (p *replayPage) prevMark(at int) int {
	for i := len(p.marks) - 1; i >= 0; i-- {
		if p.marks[i] < at {
			return p.marks[i]
		}
	}
	return 0
}

// viewerValue is the picker's value for the current viewer.
func (p *replayPage) viewerValue() string {
	switch v := p.r.Viewer(); v {
	case games.God:
		return viewAll
	case games.Observer:
		return viewSpectator
	default:
		return strconv.Itoa(int(v))
	}
}

// pick changes the viewer.
func (p *replayPage) pick(ctx app.Context, e app.Event) {
	if p.r == nil {
		return
	}
	val := ctx.JSSrc().Get("value").String()
	seat := games.Observer
	switch val {
	case viewAll:
		seat = games.God
	case viewSpectator:
	default:
		n, err := strconv.Atoi(val)
		if err != nil {
			return
		}
		seat = games.Seat(n)
	}
	if err := p.r.SetViewer(seat); err != nil {
		p.err = ui.Sentence(p.P(), err.Error())
		return
	}
	if seat >= 0 {
		p.bottom = int(seat)
	}
	p.show()
}

// openFile reads the record file the reader picked.
func (p *replayPage) openFile(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	if size := f.Get("size").Int(); size > record.MaxSize {
		p.err = p.P().T("The replay is too large to open.")
		return
	}
	text := f.Call("text")
	var then, fail app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		data := args[0].String()
		ctx.Dispatch(func(ctx app.Context) {
			rec, err := parseRecordFile(p.P(), []byte(data))
			if err != nil {
				p.rec, p.r, p.view, p.err = nil, nil, nil, err.Error()
				return
			}
			p.open(rec)
		})
		then.Release()
		fail.Release()
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { p.err = p.P().T("The file could not be read.") })
		then.Release()
		fail.Release()
		return nil
	})
	text.Call("then", then).Call("catch", fail)
}

// names are the seats as the table named them for the player whose
// record it is (seat 0, the replay's first view): You, then West, North and
// East round a table of four.
func (p *replayPage) names() []string {
	out := make([]string, p.rec.Players)
	for i := range out {
		out[i] = ui.SeatName(p.P(), i, p.rec.Players)
	}
	return out
}

// line is the current step in words: the action that led to it as the
// viewer was told it.
func (p *replayPage) line(w ui.Words) string {
	ev, ok := p.r.Last()
	if !ok {
		return p.P().T("The cards are dealt: the match begins.")
	}
	s := w.Told(p.P(), ev.Desc)
	if s == "" {
		s = p.P().T("The game's clock moves on.")
	}
	if p.r.At() == p.r.Len() && p.r.Snapshot().Done && ev.Desc.Outcome != "match" {
		s = ui.JoinSentences([]string{s, p.P().T("The match is over.")})
	}
	return s
}

func (p *replayPage) Render() app.UI {
	if p.r == nil || p.view == nil {
		return p.renderOpen()
	}
	names := p.names()
	viewer := p.r.Viewer()
	w := newWords(p.gameID, names, 0) // seat 0 is "You": told to you
	in := ui.Input{Players: p.rec.Players, Me: p.bottom, Names: names, Teams: p.info.Teams, Say: w}
	m := p.view.Model(p.P(), in)
	m.Say, m.Replayed = w, p.r.Record()
	m.Consumed = map[string]bool{}
	m.Choose = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.Play = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.BoardAction = func(string) (components.Choice, app.EventHandler) { return components.Choice{}, nil }
	if hands := p.otherHands(); hands != nil {
		for i := range m.Seats {
			if j := m.Seats[i].Seat; j != p.bottom && j < len(hands) && len(hands[j]) > 0 {
				m.Seats[i].Extra = joinExtra(p.P(), m.Seats[i].Extra, components.CardList(p.P(), hands[j]))
			}
		}
	}
	centre := m.Centre(m)
	seats := []app.UI{}
	var mine app.UI = app.Div()
	for _, s := range m.Seats {
		switch {
		case s.Seat != p.bottom:
			seats = append(seats, components.Seat(p.P(), s))
		case p.rec.Players > 1:
			mine = components.Seat(p.P(), s)
		}
	}
	hand := &components.Hand{Waiting: true}
	for _, c := range m.Hand {
		hand.Cards = append(hand.Cards, components.HandCard{Code: c})
	}
	at, n := p.r.At(), p.r.Len()
	status := p.P().T("Step %d of %d", at, n)
	title := p.P().T("Replay: %s", p.info.Title)
	return tableShell(p.settings, title,
		app.Div().ID("table").Class("table table--replay table--"+p.gameID).
			DataSet("ready", true).DataSet("step", at).DataSet("steps", n).DataSet("viewer", p.viewerValue()).
			DataSet("done", p.r.Snapshot().Done).DataSet("players", p.rec.Players).DataSet("open-ms", p.openMs).OnKeyDown(p.key).Body(
			app.Div().Class("table__opponents").Body(seats...),
			app.Div().Class("table__centre").Body(centre),
			app.If(len(m.Hand) > 0, func() app.UI { return hand }),
			app.Div().Class("table__side").Body(
				app.Div().Class("table__say").Body(
					app.P().Class("notice replay__line").ID("replay-line").Attr("role", "status").Aria("live", "polite").Text(p.line(w)),
					app.Div().Class("table__me").Body(
						mine,
						app.P().Class("table__status").ID("replay-status").Text(status),
					),
					app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
					app.If(!p.r.Finished(), func() app.UI {
						return app.P().Class("replay__note").ID("replay-unfinished").Text(p.P().T("This record stops before the match ends, so its hidden cards stay hidden: you see what a spectator saw."))
					}),
				),
				p.renderControls(viewer),
				components.Scoreboard(m.Stats),
				app.Div().Class("table__tools").Body(
					app.A().Class("btn btn--small btn--ghost").Href(ui.GameURL("/rules", p.gameID)).Text(p.P().T("Rules")),
					p.fileButton(),
					app.A().Class("btn btn--small btn--ghost").Href("/").Text(p.P().T("Home")),
				),
			),
		),
	)
}

// joinExtra adds a line to a seat badge's own.
func joinExtra(p *msg.Catalogue, a, b string) string {
	if a == "" {
		return b
	}
	return p.T("%s · %s", a, b)
}

// renderControls are the step buttons, the slider and the seat picker.
func (p *replayPage) renderControls(viewer games.Seat) app.UI {
	at, n := p.r.At(), p.r.Len()
	tricks := len(p.marks) > 0 && !(len(p.marks) == 1 && p.marks[0] == n)
	// A handler stays from the first render (go-app keeps it while its
	// scope does not change): each reads the step it leaves from when tapped.
	step := func(id, text, label string, to func(at int) int, disabled bool) app.UI {
		return app.Button().Class("btn btn--small replay__step").ID(id).Text(text).Aria("label", label).Title(label).
			Disabled(disabled).OnClick(func(ctx app.Context, e app.Event) {
			if p.r != nil {
				p.seek(to(p.r.At()))
			}
		})
	}
	first := func(int) int { return 0 }
	last := func(int) int { return p.r.Len() }
	back := func(at int) int { return at - 1 }
	on := func(at int) int { return at + 1 }
	options := []app.UI{}
	if p.r.Finished() {
		names := p.names()
		for i := range p.rec.Players {
			label := p.P().T("Your view")
			if i > 0 {
				label = p.P().T("Seen by %s", names[i])
			}
			options = append(options, app.Option().Value(strconv.Itoa(i)).Selected(viewer == games.Seat(i)).Text(label))
		}
	}
	options = append(options, app.Option().Value(viewSpectator).Selected(viewer == games.Observer).Text(p.P().T("Seen by a spectator")))
	if p.r.Finished() {
		options = append(options, app.Option().Value(viewAll).Selected(viewer == games.God).Text(p.P().T("All cards shown")))
	}
	return app.Div().Class("replay__controls").Attr("role", "group").Aria("label", p.P().T("Replay controls")).Body(
		app.Div().Class("replay__steps").Body(
			step("replay-start", "⇤", p.P().T("To the start"), first, at == 0),
			app.If(tricks, func() app.UI {
				return step("replay-prev-trick", "«", p.P().T("Back to the end of the last trick or round"), p.prevMark, at == 0)
			}),
			step("replay-prev", "‹", p.P().T("One action back"), back, at == 0),
			step("replay-next", "›", p.P().T("One action on"), on, at == n),
			app.If(tricks, func() app.UI {
				return step("replay-next-trick", "»", p.P().T("On to the end of the next trick or round"), p.nextMark, at == n)
			}),
			step("replay-end", "⇥", p.P().T("To the end"), last, at == n),
		),
		app.Input().Type("range").Class("replay__slider").ID("replay-slider").Min(0).Max(n).Value(at).
			Aria("label", p.P().T("Step")).
			OnInput(func(ctx app.Context, e app.Event) {
				if k, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
					p.seek(k)
				}
			}),
		app.Select().Class("replay__viewer").ID("replay-viewer").Aria("label", p.P().T("Whose view")).
			Disabled(!p.r.Finished()).OnChange(p.pick).Body(options...),
	)
}

// key steps with the arrow keys: left and right an action, up and down a
// trick or round.
func (p *replayPage) key(ctx app.Context, e app.Event) {
	if p.r == nil || e.Get("target").Get("tagName").String() == "SELECT" || e.Get("target").Get("tagName").String() == "INPUT" {
		return
	}
	at := p.r.At()
	switch e.Get("key").String() {
	case "ArrowLeft":
		p.seek(at - 1)
	case "ArrowRight":
		p.seek(at + 1)
	case "ArrowUp", "PageUp":
		p.seek(p.prevMark(at))
	case "ArrowDown", "PageDown":
		p.seek(p.nextMark(at))
	default:
		return
	}
	e.PreventDefault()
}

// fileButton opens a saved record.
func (p *replayPage) fileButton() app.UI {
	return app.Label().Class("btn btn--small btn--ghost replay__file").Body(
		app.Text(p.P().T("Open a file")),
		app.Input().Type("file").ID("replay-file").Accept(".json,application/json").Class("sr-only").OnChange(p.openFile),
	)
}

// renderOpen is the page without a replay: what is wrong with the link or
// the file, and a way to open a saved one.
func (p *replayPage) renderOpen() app.UI {
	text := p.P().T("Open a replay link someone shared, or a replay saved as a file.")
	if p.opening {
		text = p.P().T("Opening the replay…")
	}
	return page(p.settings, p.P().T("Replay"), app.Div().ID("replay").DataSet("ready", app.IsClient).Body(
		app.If(p.err != "", func() app.UI {
			return app.P().Class("error").ID("replay-error").Attr("role", "alert").Text(p.err)
		}),
		app.P().Text(text),
		app.Div().Class("actions").Body(
			app.Label().Class("btn btn--primary replay__file").Body(
				app.Text(p.P().T("Open a file")),
				app.Input().Type("file").ID("replay-file").Accept(".json,application/json").Class("sr-only").OnChange(p.openFile),
			),
			app.A().Class("btn btn--ghost").Href("/").Text(p.P().T("Home")),
		),
	))
}
