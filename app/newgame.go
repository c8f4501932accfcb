package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
)

// newGamePage sets up a match: the seats (you and bots with their level) and
// every option of the game with its default and a one-line explanation.
type newGamePage struct {
	app.Compo
	settings Settings
	gameID   string
	info     games.Info
	found    bool
	players  int
	levels   []string
	options  map[string]string
	undo     bool
	name     string // the player's name for a match with friends
	err      string
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
	if p.info.MinPlayers <= 4 && p.info.MaxPlayers >= 4 {
		p.players = 4
	}
	p.options = map[string]string{}
	for _, o := range p.info.Options {
		p.options[o.Name] = o.Default
	}
	p.levels = make([]string, p.info.MaxPlayers)
	for i := range p.levels {
		p.levels[i] = "easy"
	}
	p.undo = p.info.MaxPlayers == 1
	p.err = ""
	p.name = loadName(ctx)
}

// optionLabel turns an option name into words: "includeAnything" → "Include anything".
func optionLabel(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i == 0 {
			b.WriteRune(unicode.ToUpper(r))
			continue
		}
		if unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// valueLabel makes an option value readable: "ROUNDS_6_7" → "rounds 6 7".
func valueLabel(v string) string {
	if strings.ToUpper(v) == v && strings.ContainsAny(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		v = strings.ToLower(strings.ReplaceAll(v, "_", " "))
	}
	return v
}

// seatName names a seat from the local player's point of view.
func seatName(seat, players int) string {
	if seat == 0 {
		return "You"
	}
	if players == 4 {
		return []string{"", "West", "North", "East"}[seat]
	}
	return fmt.Sprintf("Bot %d", seat)
}

func (p *newGamePage) Render() app.UI {
	if !p.found {
		return page(p.settings, "New game", app.P().Text("Unknown game."), app.A().Class("btn").Href("/").Text("Home"))
	}
	seats := []app.UI{}
	for i := 0; i < p.players; i++ {
		i := i
		if i == 0 {
			seats = append(seats, app.Li().Class("seatrow").Body(app.Strong().Text("You"), app.Span().Text(" · seat 1")))
			continue
		}
		opts := []app.UI{}
		for _, l := range botLevels {
			opts = append(opts, app.Option().Value(l.ID).Selected(l.ID == p.levels[i]).Text(l.Label))
		}
		seats = append(seats, app.Li().Class("seatrow").Body(
			app.Label().For(fmt.Sprintf("bot%d", i)).Text(seatName(i, p.players)+" (bot) "),
			app.Select().ID(fmt.Sprintf("bot%d", i)).Body(opts...).
				OnChange(func(ctx app.Context, e app.Event) { p.levels[i] = ctx.JSSrc().Get("value").String() }),
		))
	}
	var playersUI app.UI = app.P().Text(playerCount(p.info))
	if p.info.MinPlayers != p.info.MaxPlayers {
		opts := []app.UI{}
		for n := p.info.MinPlayers; n <= p.info.MaxPlayers; n++ {
			opts = append(opts, app.Option().Value(strconv.Itoa(n)).Selected(n == p.players).Text(strconv.Itoa(n)+" players"))
		}
		playersUI = app.Div().Class("field").Body(
			app.Label().For("players").Text("Players"),
			app.Select().ID("players").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
				if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
					p.players = n
				}
			}),
		)
	}
	options := []app.UI{}
	for _, o := range p.info.Options {
		o := o
		id := "opt-" + o.Name
		vals := []app.UI{}
		for _, v := range o.Values {
			label := valueLabel(v)
			if v == o.Default {
				label += " (default)"
			}
			vals = append(vals, app.Option().Value(v).Selected(v == p.options[o.Name]).Text(label))
		}
		options = append(options, app.Div().Class("field").Body(
			app.Label().For(id).Text(optionLabel(o.Name)),
			app.Select().ID(id).DataSet("option", o.Name).Body(vals...).OnChange(func(ctx app.Context, e app.Event) {
				p.options[o.Name] = ctx.JSSrc().Get("value").String()
			}),
			app.P().Class("field__help").ID(id+"-help").Text(o.Help),
		))
	}
	return page(p.settings, "New game: "+p.info.Title,
		app.Form().Class("newgame").OnSubmit(p.start).Body(
			app.Section().Body(app.H2().Text("Seats"), playersUI, app.Ol().Class("seats").Body(seats...)),
			app.If(len(options) > 0, func() app.UI {
				return app.Section().Body(append([]app.UI{app.H2().Text("Options")}, options...)...)
			}),
			app.If(!p.hasUndoOption(), func() app.UI {
				return app.Section().Body(app.Label().Class("check").Body(
					app.Input().Type("checkbox").ID("undo").Checked(p.undo).
						OnChange(func(ctx app.Context, e app.Event) { p.undo = ctx.JSSrc().Get("checked").Bool() }),
					app.Text(" Allow undo"),
				))
			}),
			app.If(p.err != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(p.err) }),
			app.Div().Class("actions").Body(
				app.Button().Type("submit").Class("btn btn--primary").ID("start").Text("Start"),
				app.A().Class("btn btn--ghost").Href(gameURL("/rules", p.info.ID)).Text("Rules"),
			),
			app.If(p.info.MaxPlayers > 1, func() app.UI {
				return app.Section().Class("friends").Body(
					app.H2().Text("Play with friends"),
					app.P().Class("field__help").Text("Open a room with these options and share its link: "+
						"friends take seats, bots fill the rest. Your page runs the game."),
					app.Div().Class("field").Body(
						app.Label().For("host-name").Text("Your name"),
						app.Input().ID("host-name").Type("text").MaxLength(24).Value(p.name).
							OnInput(func(ctx app.Context, e app.Event) { p.name = ctx.JSSrc().Get("value").String() }),
					),
					app.Button().Type("button").Class("btn").ID("host").Text("Play with friends").OnClick(p.host),
				)
			}),
		),
	)
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

func (p *newGamePage) start(ctx app.Context, e app.Event) {
	e.PreventDefault()
	cfg, ok := p.config()
	if !ok {
		return
	}
	undo := p.undo
	if p.hasUndoOption() {
		undo = p.options["undo"] == "on" // the game's own option decides
	}
	bots := make([]string, cfg.Players)
	for i := 1; i < cfg.Players; i++ {
		bots[i] = p.levels[i]
	}
	storeSave(ctx, Save{Record: record.New(p.info.ID, cfg), Seat: 0, Bots: bots, Undo: undo})
	ctx.Navigate(gameURL("/play", p.info.ID))
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
	createRoom(ctx, record.New(p.info.ID, cfg), name)
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
