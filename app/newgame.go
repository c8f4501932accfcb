package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/wire"
	"cardtable/ui"
)

// newGamePage sets up a match: the seats (you and bots with their level) and
// every option of the game with its default and a one-line explanation.
type newGamePage struct {
	app.Compo
	speaker
	settings Settings
	gameID   string
	info     games.Info
	found    bool
	players  int
	levels   []string // per seat: a bot level, or personLevel
	people   []string // per seat: the name of a player on this phone
	options  map[string]string
	undo     bool
	name     string // the player's name for a match with friends
	noDealer bool   // the room deals with no dealer (ui.Game.NoDealer)
	err      string
	// losing says what a new game would replace (a match of this game in
	// progress); while it is set the page asks before starting.
	losing string
	learn  bool // the game's lesson is offered: the first visit (learn.go)
}

func (p *newGamePage) OnNav(ctx app.Context) {
	p.settings = loadSettings(ctx)
	p.gameID = ctx.Page().URL().Query().Get("game")
	g, found := lookupGame(p.gameID)
	p.found = found
	if found {
		p.info = g.Game.Info()
	}
	if !p.found {
		return
	}
	p.players = p.info.MinPlayers
	if p.info.AllowsPlayers(4) {
		p.players = 4
	}
	p.options = map[string]string{}
	for _, o := range p.info.Options {
		p.options[o.Name] = o.Default
	}
	p.levels = make([]string, p.info.MaxPlayers)
	p.people = make([]string, p.info.MaxPlayers)
	for i := range p.levels {
		p.levels[i] = "easy"
	}
	p.undo = p.info.MaxPlayers == 1
	p.err = ""
	p.losing = ""
	p.name = loadName(ctx)
	p.noDealer = false
	p.learn = offerLesson(ctx, p.gameID)
}

func (p *newGamePage) Render() app.UI {
	if !p.found {
		return page(p.settings, p.P().T("New game"), app.P().Text(p.P().T("Unknown game.")), app.A().Class("btn").Href("/").Text(p.P().T("Home")))
	}
	var main, more []app.UI
	for _, o := range p.info.Options {
		if isMainOption(p.info.ID, o.Name) {
			main = append(main, p.optionField(o))
		} else {
			more = append(more, p.optionField(o))
		}
	}
	first := append([]app.UI{p.playersField(), app.Ol().Class("seats").Aria("label", p.P().T("Seats")).Body(p.seatRows()...)}, main...)
	if !p.hasUndoOption() {
		first = append(first, app.Label().Class("check").Body(
			checkbox("undo", p.undo).
				OnChange(func(ctx app.Context, e app.Event) { p.undo = ctx.JSSrc().Get("checked").Bool() }),
			app.Text(p.P().T(" Allow undo")),
		))
	}
	return page(p.settings, p.P().T("New game: %s", gameTitle(p.P(), p.info)),
		app.If(p.learn, func() app.UI { return renderLessonOffer(p.P(), p.info) }),
		app.Form().Class("newgame").ID("newgame").DataSet("game", p.info.ID).OnSubmit(p.start).Body(
			app.Section().Class("newgame__main").Body(first...),
			app.If(len(more) > 0, func() app.UI {
				return app.Details().Class("newgame__more").ID("more-options").Body(
					append([]app.UI{app.Summary().Text(p.P().T("More options"))}, more...)...,
				)
			}),
			app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
			app.Div().Class("actions newgame__actions").Body(
				// The page the server renders can't start a match: Start
				// waits for the app (a thin bar shows it loading).
				app.Button().Type("submit").Class("btn btn--primary").ID("start").Text(p.P().T("Start")),
				app.A().Class("btn btn--ghost").Href(ui.GameURL("/rules", p.info.ID)).Text(p.P().T("Rules")),
			),
			app.If(p.losing != "", p.renderLosing),
			app.If(p.info.MaxPlayers > 1, func() app.UI {
				return app.Section().Class("friends").Body(
					app.H2().Text(p.P().T("Play with friends")),
					app.P().Class("field__help").ID("host-help").Text(p.hostHelp()),
					app.Div().Class("field").Body(
						app.Label().For("host-name").Text(p.P().T("Your name")),
						app.Input().ID("host-name").Type("text").MaxLength(24).Value(p.name).
							OnInput(func(ctx app.Context, e app.Event) { p.name = ctx.JSSrc().Get("value").String() }),
					),
					app.If(gameUI(p.info.ID).NoDealer, p.noDealerField),
					app.Button().Type("button").Class("btn").ID("host").Text(p.P().T("Play with friends")).OnClick(p.host),
				)
			}),
		),
	)
}

// playersField chooses how many play, or says it when the game fixes it.
func (p *newGamePage) playersField() app.UI {
	counts := p.info.PlayerCounts()
	if len(counts) <= 1 {
		return app.P().Class("newgame__players").Text(ui.Sentence(p.P(), playerCount(p.P(), p.info)))
	}
	opts := []app.UI{}
	for _, n := range counts {
		opts = append(opts, choice(strconv.Itoa(n), p.P().N(n, "%d player", "%d players"), n == p.players))
	}
	return app.Div().Class("field field--row").Body(
		app.Label().For("players").Text(p.P().T("Players")),
		app.Select().ID("players").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
			if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && p.info.AllowsPlayers(n) {
				p.players = n
			}
		}),
	)
}

// seatRows lists the seats: you, then in each other seat a bot with its
// level or a player on this phone (pass-and-play), who may be named.
func (p *newGamePage) seatRows() []app.UI {
	seats := []app.UI{}
	sharing := p.sharing()
	for i := 0; i < p.players; i++ {
		i := i
		if i == 0 {
			if p.players > 1 {
				row := []app.UI{app.Strong().Text(p.P().T("You, in seat 1"))}
				if sharing {
					row = append(row, p.personName(0, p.P().T("Your name")))
				}
				seats = append(seats, app.Li().Class("seatrow").Body(row...))
			}
			continue
		}
		opts := []app.UI{}
		for _, l := range botLevels(p.P()) {
			opts = append(opts, choice(l.ID, l.Label, l.ID == p.levels[i]))
		}
		opts = append(opts, choice(personLevel, p.P().T("A player on this phone"), p.levels[i] == personLevel))
		label := p.P().T("%s, a bot", ui.SeatName(p.P(), i, p.players))
		if p.levels[i] == personLevel {
			label = p.P().T("%s, a player on this phone", ui.SeatName(p.P(), i, p.players))
		}
		row := []app.UI{
			app.Label().For(fmt.Sprintf("bot%d", i)).Text(label),
			app.Select().ID(fmt.Sprintf("bot%d", i)).Body(opts...).
				OnChange(func(ctx app.Context, e app.Event) { p.levels[i] = ctx.JSSrc().Get("value").String() }),
		}
		if p.levels[i] == personLevel {
			row = append(row, p.personName(i, p.P().T("Name")))
		}
		seats = append(seats, app.Li().Class("seatrow").DataSet("person", p.levels[i] == personLevel).Body(row...))
	}
	return seats
}

// personLevel is the seat choice of a player on this phone.
const personLevel = "person"

// sharing reports whether people share the phone: a seat other than the
// player's is chosen for a player on this phone.
func (p *newGamePage) sharing() bool {
	for i := 1; i < p.players && i < len(p.levels); i++ {
		if p.levels[i] == personLevel {
			return true
		}
	}
	return false
}

// personName is the name field of a person on this phone in seat i (the
// player's own name in seat 1).
func (p *newGamePage) personName(i int, label string) app.UI {
	id := fmt.Sprintf("person%d", i)
	value := p.people[i]
	if i == 0 {
		value = p.name
	}
	return app.Span().Class("seatrow__name").Body(
		app.Label().Class("sr-only").For(id).Text(label),
		app.Input().ID(id).Type("text").MaxLength(24).Value(value).Placeholder(label).
			OnInput(func(ctx app.Context, e app.Event) {
				v := ctx.JSSrc().Get("value").String()
				if i == 0 {
					p.name = v
				} else {
					p.people[i] = v
				}
			}),
	)
}

// optionField is one option of the game: its label, its values in words
// (the default marked) and a sentence of help.
func (p *newGamePage) optionField(o games.Option) app.UI {
	id := "opt-" + o.Name
	vals := []app.UI{}
	for _, v := range o.Values {
		label := valueText(p.P(), p.info.ID, o.Name, v)
		if v == o.Default && len(o.Values) > 1 {
			label = p.P().T("%s (usual)", label)
		}
		vals = append(vals, choice(v, label, v == p.options[o.Name]))
	}
	return app.Div().Class("field").Body(
		app.Label().For(id).Text(optionTitle(p.P(), p.info.ID, o.Name)),
		app.Select().ID(id).DataSet("option", o.Name).Aria("describedby", id+"-help").Body(vals...).
			OnChange(func(ctx app.Context, e app.Event) { p.options[o.Name] = ctx.JSSrc().Get("value").String() }),
		app.P().Class("field__help").ID(id+"-help").Text(optionHelp(p.P(), p.info.ID, o)),
	)
}

// choice is an option of a select. Only a chosen one carries the selected
// attribute: the page the server renders writes a false one as
// selected="false", which a browser reads as selected.
func choice(value, text string, selected bool) app.HTMLOption {
	o := app.Option().Value(value).Text(text)
	if selected {
		o = o.Selected(true)
	}
	return o
}

// checkbox is a checkbox that carries the checked attribute only when it is
// checked (see choice).
func checkbox(id string, checked bool) app.HTMLInput {
	in := app.Input().Type("checkbox").ID(id)
	if checked {
		in = in.Checked(true)
	}
	return in
}

// config is the match the form sets up, checked by the engine.
func (p *newGamePage) config() (games.Config, bool) {
	g, ok := lookupGame(p.gameID)
	if !ok {
		return games.Config{}, false
	}
	info := g.Game.Info()
	opts := map[string]string{}
	for _, o := range info.Options {
		if v := p.options[o.Name]; v != o.Default {
			opts[o.Name] = v
		}
	}
	if len(opts) == 0 {
		opts = nil
	}
	cfg := games.Config{Players: p.players, Options: opts, Seed: newSeed()}
	if _, err := g.Game.New(cfg); err != nil {
		p.err = err.Error()
		return cfg, false
	}
	return cfg, true
}

// start starts the match the form sets up, after asking when it would
// replace a match of the same game in progress.
func (p *newGamePage) start(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if s, _, err := readSave(p.info.ID); inProgress(s, err == nil) {
		p.losing = lossWarning(p.P(), gameTitle(p.P(), p.info), progressOf(s))
		ctx.Defer(func(app.Context) { app.Window().GetElementByID("keep-playing").Call("focus") })
		return
	}
	p.replace(ctx)
}

// renderLosing asks before a new game replaces the match in progress, and
// says what would be lost.
func (p *newGamePage) renderLosing() app.UI {
	return app.Div().Class("confirm confirm--overlay losing").ID("losing").Attr("role", "alertdialog").
		Aria("modal", "true").Aria("labelledby", "losing-question").Aria("describedby", "losing-what").Body(
		app.P().ID("losing-question").Body(app.Strong().Text(p.P().T("Start a new game of %s?", gameTitle(p.P(), p.info)))),
		app.P().ID("losing-what").Text(p.losing),
		app.Div().Class("actions").Body(
			app.A().Class("btn btn--primary").ID("keep-playing").Href(ui.GameURL("/play", p.info.ID)).Text(p.P().T("Keep playing")),
			app.Button().Type("button").Class("btn").ID("replace-save").Text(p.P().T("Start a new game")).
				OnClick(func(ctx app.Context, e app.Event) { p.losing = ""; p.replace(ctx) }),
		),
	)
}

// replace starts the match the form sets up, in place of any saved one.
func (p *newGamePage) replace(ctx app.Context) {
	cfg, ok := p.config()
	if !ok {
		return
	}
	undo := p.undo
	if p.hasUndoOption() {
		undo = p.options["undo"] == "on" // the game's own option decides
	}
	bots := make([]string, cfg.Players)
	var people []string
	if p.sharing() {
		people = make([]string, cfg.Players)
		people[0] = strings.TrimSpace(p.name)
		undo = false // one person's undo would take back the others' moves
	}
	for i := 1; i < cfg.Players; i++ {
		if p.levels[i] == personLevel {
			people[i] = strings.TrimSpace(p.people[i])
			continue
		}
		bots[i] = p.levels[i]
	}
	if old, _, err := readSave(p.info.ID); err == nil {
		recordAbandoned(ctx, old) // given up, when the player had moved
	}
	storeSave(ctx, Save{Record: record.New(p.info.ID, cfg), Seat: 0, Bots: bots, People: people, Undo: undo})
	if people != nil && people[0] != "" {
		ctx.LocalStorage().Set(nameKey, people[0])
	}
	ctx.Navigate(ui.GameURL("/play", p.info.ID))
}

// host opens a room for the match with friends; the seats are taken in its
// lobby, so the bot levels of the form do not apply.
func (p *newGamePage) host(ctx app.Context, e app.Event) {
	cfg, ok := p.config()
	if !ok {
		return
	}
	name := strings.TrimSpace(p.name)
	if name == "" {
		name = "Host"
	}
	deal := ""
	if p.noDealer && gameUI(p.info.ID).NoDealer {
		deal = wire.DealMental
	}
	createRoom(ctx, record.New(p.info.ID, cfg), name, deal)
}

// noDealerField chooses a room dealt with no dealer, for a game whose
// rooms may deal so.
func (p *newGamePage) noDealerField() app.UI {
	return app.Div().Class("field").Body(
		app.Label().Class("check").Body(
			checkbox("no-dealer", p.noDealer).
				OnChange(func(ctx app.Context, e app.Event) { p.noDealer = ctx.JSSrc().Get("checked").Bool() }),
			app.Text(" "+p.P().T("No dealer: no page, not even yours, sees another's hand")),
		),
		app.P().Class("field__help").Text(p.P().T("Every page shuffles the deck in turn, locked, and each card opens only for its holder. The start takes a few seconds more.")),
	)
}

// hostHelp says what opening a room does, and what the host's page knows
// of the hands: every hand, unless no page deals.
func (p *newGamePage) hostHelp() string {
	if p.noDealer && gameUI(p.info.ID).NoDealer {
		return p.P().T("Open a room with these options and share its link: friends take seats, bots fill the rest. Your page runs the table and the bots, but never sees a friend's hand.")
	}
	return p.P().T("Open a room with these options and share its link: friends take seats, bots fill the rest. Your page runs the game.")
}

// hasUndoOption reports whether the game has its own undo option.
func (p *newGamePage) hasUndoOption() bool {
	for _, o := range p.info.Options {
		if o.Name == "undo" {
			return true
		}
	}
	return false
}
