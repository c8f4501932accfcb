package main

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/msg"
	"cardtable/ui"
)

// homePage lists the games: a tile each with its player count, its pitch and
// a "continue" button when a game of it is saved.
type homePage struct {
	app.Compo
	speaker
	settings Settings
	saved    map[string]bool
	resume   []resumable // the matches in progress, in the list's order
	room     string      // the path of a room this device hosts or joined, "" for none
	roomGame string
	ready    bool
}

func (p *homePage) OnMount(ctx app.Context) {
	p.settings = loadSettings(ctx)
	p.saved = map[string]bool{}
	p.resume = nil
	for _, g := range catalog.All() {
		// A damaged save is continued too: its page says what is wrong
		// and offers to keep it as a file or discard it.
		s, _, err := readSave(g.ID())
		var bad *saveDamage
		if err == nil && !s.Done || errors.As(err, &bad) {
			p.saved[g.ID()] = true
			if inProgress(s, err == nil) {
				p.resume = append(p.resume, resumable{info: g.Game.Info(), at: progressOf(s)})
			}
		}
	}
	p.room, p.roomGame = "", ""
	var hs hostSave
	var js joinSave
	switch {
	case ctx.LocalStorage().Get(hostKey, &hs) == nil && hs.Code != "" && hs.Journal.Record != nil:
		p.room = roomPath(hs.Code)
		if g, ok := lookupGame(hs.Journal.Record.Game); ok {
			p.roomGame = gameTitle(p.P(), g.Game.Info())
		}
	case activeRoom != nil && activeRoom.code != "":
		p.room = roomPath(activeRoom.code)
	case ctx.LocalStorage().Get(joinKey, &js) == nil && js.Code != "":
		p.room = roomPath(js.Code)
	}
	p.ready = app.IsClient
	if p.ready {
		// Load timings (make bench) read this mark.
		app.Window().Get("performance").Call("mark", "cardtable-ready")
	}
}

func playerCount(p *msg.Catalogue, info games.Info) string {
	switch {
	case info.MinPlayers == info.MaxPlayers:
		return p.N(info.MinPlayers, "%d player", "%d players")
	}
	return p.T("%d–%d players", info.MinPlayers, info.MaxPlayers)
}

func (p *homePage) Render() app.UI {
	tiles := []app.UI{}
	for _, g := range catalog.All() {
		info := g.Game.Info()
		tiles = append(tiles, app.Article().Class("tile").DataSet("game", info.ID).Body(
			app.H2().Class("tile__title").Text(gameTitle(p.P(), info)),
			app.P().Class("tile__players").Text(playerCount(p.P(), info)),
			app.P().Class("tile__pitch").Text(gamePitch(p.P(), info)),
			app.Div().Class("tile__actions").Body(
				app.If(p.saved[info.ID], func() app.UI {
					return app.A().Class("btn btn--primary").Href(ui.GameURL("/play", info.ID)).
						DataSet("continue", info.ID).Aria("label", p.P().T("Continue %s", gameTitle(p.P(), info))).Text(p.P().T("Continue"))
				}),
				// With a match saved, New game is the quieter choice.
				app.A().Class(newClass(p.saved[info.ID])).Href(ui.GameURL("/new", info.ID)).
					DataSet("new", info.ID).Aria("label", p.P().T("New game of %s", gameTitle(p.P(), info))).Text(p.P().T("New game")),
				app.A().Class("btn btn--ghost").Href(ui.GameURL("/rules", info.ID)).
					Aria("label", p.P().T("Rules of %s", gameTitle(p.P(), info))).Text(p.P().T("Rules")),
				lessonLink(p.P(), info, "btn btn--ghost"),
			),
		))
	}
	root := page(p.settings, "",
		app.P().Class("lead").Text(p.P().T("Card games for one person and a few bots, or with friends who open your room's link. Solo play runs on this device, even offline.")),
		app.If(p.room != "", func() app.UI {
			label := p.P().T("Back to your room")
			if p.roomGame != "" {
				label = p.P().T("Back to your room (%s)", p.roomGame)
			}
			return app.P().Class("home__room").Body(app.A().Class("btn").ID("back-to-room").Href(p.room).Text(label))
		}),
		app.If(len(p.resume) > 0, p.renderResume),
		app.Div().Class("tiles").ID("games").Body(tiles...),
		app.P().Class("home__stats").Body(
			app.A().Class("btn btn--ghost").ID("home-stats").Href(statisticsPath).Text(p.P().T("Your statistics and past matches")),
		),
	)
	return app.Div().ID("home").DataSet("ready", p.ready).Body(root)
}

// resumable is a match in progress the home page offers first.
type resumable struct {
	info games.Info
	at   progress
}

// newClass is the New game button's: bright, or quiet when a match of the
// game is saved and Continue is the first choice.
func newClass(saved bool) string {
	if saved {
		return "btn"
	}
	return "btn btn--primary"
}

// renderResume puts the matches in progress first: a bright Continue for
// each, with how far it got.
func (p *homePage) renderResume() app.UI {
	items := []app.UI{}
	for _, r := range p.resume {
		title := gameTitle(p.P(), r.info)
		items = append(items, app.Li().Class("resume__item").Body(
			app.A().Class("btn btn--primary").Href(ui.GameURL("/play", r.info.ID)).DataSet("resume", r.info.ID).
				Text(p.P().T("Continue %s", title)),
			app.Span().Class("resume__where").Text(progressWords(p.P(), r.at)),
		))
	}
	return app.Section().Class("resume").ID("resume").Aria("label", p.P().T("Games in progress")).Body(
		app.Ul().Class("resume__list").Body(items...),
	)
}
