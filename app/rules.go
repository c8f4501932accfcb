package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/ui"
)

// rulesPage explains a game for players (written from the project's rules
// reference; the engine is the authority on details).
type rulesPage struct {
	app.Compo
	speaker
	settings Settings
	info     games.Info
	ok       bool
}

func (p *rulesPage) OnNav(ctx app.Context) {
	p.settings = loadSettings(ctx)
	var g games.Entry
	if g, p.ok = lookupGame(ctx.Page().URL().Query().Get("game")); p.ok {
		p.info = g.Game.Info()
	}
}

// rulesOf is a game's rules in sections, nil for a game without written
// rules.
func rulesOf(game string) []ui.RuleSection { return gameUI(game).Rules }

func (p *rulesPage) Render() app.UI {
	if !p.ok {
		return page(p.settings, p.P().T("Rules"), app.P().Text(p.P().T("Unknown game.")), app.A().Class("btn").Href("/").Text(p.P().T("Home")))
	}
	secs := []app.UI{app.P().Class("lead").Text(gamePitch(p.P(), p.info)), app.P().Text(ui.Sentence(p.P(), playerCount(p.P(), p.info)))}
	for _, s := range rulesOf(p.info.ID) {
		items := []app.UI{}
		for _, it := range s.Items {
			items = append(items, app.Li().Text(it.Say(p.P())))
		}
		secs = append(secs, app.Section().Body(app.H2().Text(s.Title.Say(p.P())), app.Ul().Body(items...)))
	}
	if len(p.info.Options) > 0 {
		items := []app.UI{}
		for _, o := range p.info.Options {
			items = append(items, app.Li().Body(
				app.Strong().Text(p.P().T("%s: ", optionTitle(p.P(), p.info.ID, o.Name))),
				app.Text(p.P().T("%s Usual choice: %s.", optionHelp(p.P(), p.info.ID, o), valueText(p.P(), p.info.ID, o.Name, o.Default))),
			))
		}
		// Folded: a phone shows the rules first; the options are one tap away.
		secs = append(secs, app.Details().Class("rules__options").ID("rules-options").Body(
			app.Summary().Text(p.P().T("Options you can choose (%d)", len(p.info.Options))),
			app.Ul().Body(items...),
		))
	}
	if p.info.MaxPlayers > 1 {
		fair := fairDealNote(p.P())
		if gameUI(p.info.ID).NoDealer {
			fair += " " + p.P().T("In a room of this game the host can choose No dealer: then no page, not even the host's, sees another's hand.")
		}
		secs = append(secs, app.P().Class("rules__fair").Text(fair))
	}
	secs = append(secs, app.Div().Class("actions").Body(
		app.A().Class("btn btn--primary").Href(ui.GameURL("/new", p.info.ID)).Text(p.P().T("New game")),
		lessonLink(p.P(), p.info, "btn btn--secondary"),
		app.A().Class("btn btn--ghost").Href("/").Text(p.P().T("Home")),
	))
	return page(p.settings, p.P().T("Rules: %s", gameTitle(p.P(), p.info)), app.Article().Class("rules").ID("rules").DataSet("game", p.info.ID).Body(secs...))
}
