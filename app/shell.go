package main

import (
	"cardtable/components"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/msg"
)

// speaker is components.Speaker under an unexported name, for the pages and
// their components to embed (go-app copies a component's exported fields
// from the one its parent's next Render makes, which would drop its
// printer).
type speaker = components.Speaker

// topBar is the bar over every page: the app name, navigation, the install
// button where the browser offers one and the update banner when a new
// version is ready.
type topBar struct {
	app.Compo
	speaker
	Title       string
	installable bool
	updated     bool
}

func (b *topBar) OnMount(ctx app.Context) {
	appReady(ctx)
	b.installable = ctx.IsAppInstallable()
	b.updated = ctx.AppUpdateAvailable()
}

func (b *topBar) OnAppUpdate(ctx app.Context) { b.updated = ctx.AppUpdateAvailable() }

func (b *topBar) OnAppInstallChange(ctx app.Context) { b.installable = ctx.IsAppInstallable() }

func (b *topBar) Render() app.UI {
	return app.Header().Class("topbar").Body(
		app.A().Class("topbar__home").Href("/").Aria("label", b.P().T("cardtable home")).Body(
			// The logo is decoration: the link is named by its label.
			app.Img().Src("/web/icon.svg").Attr("role", "presentation").Aria("hidden", true).Class("topbar__logo"),
			app.Span().Text(b.P().T("cardtable")),
		),
		app.If(b.Title != "", func() app.UI { return app.H1().Class("topbar__title").Text(b.Title) }),
		app.Nav().Class("topbar__nav").Body(
			app.If(b.installable, func() app.UI {
				return app.Button().Class("btn btn--small").ID("install").Text(b.P().T("Install")).
					OnClick(func(ctx app.Context, e app.Event) { ctx.ShowAppInstallPrompt() })
			}),
			app.A().Class("btn btn--small btn--ghost").Href("/settings").Text(b.P().T("Settings")),
		),
		app.If(b.updated, func() app.UI {
			return app.Div().Class("banner").Attr("role", "status").ID("update-banner").Body(
				app.Span().Text(b.P().T("A new version of cardtable is ready.")),
				app.Button().Class("btn btn--small").Text(b.P().T("Reload")).
					OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
			)
		}),
	)
}

// page wraps a page body with the top bar and the settings classes.
func page(s Settings, title string, body ...app.UI) app.UI {
	return app.Div().Class(s.rootClass()).Body(
		&topBar{Title: title},
		app.Main().Class("page").Body(body...),
	)
}

// tableShell wraps a table: the page fills the screen and does not scroll
// (web/cardtable.css, .ct--table).
func tableShell(s Settings, title string, table app.UI) app.UI {
	return app.Div().Class(s.rootClass()+" ct--table").Body(
		&topBar{Title: title},
		app.Main().Class("page page--table").Body(table),
	)
}

// botLevel is one choice of opponent strength on the new-game page.
type botLevel struct {
	ID    string
	Label string
}

// botLevels lists the bots a seat can take, weakest first (games/bots),
// in the player's words.
func botLevels(p *msg.Catalogue) []botLevel {
	return []botLevel{
		{"random", p.T("Random: any legal move")},
		{"easy", p.T("Easy")},
		{"normal", p.T("Normal")},
		{"hard", p.T("Hard (thinks longer)")},
	}
}

// newBot makes the bot for a level; an unknown level gets the random bot.
func newBot(e games.Entry, level string, seed uint64) bots.Bot {
	b, err := bots.New(level, e, seed)
	if err != nil {
		return bots.NewRandom(seed)
	}
	return b
}
