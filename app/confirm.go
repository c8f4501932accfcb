package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// confirmQuestion is the question the table asks before a move that gives
// something up for good, saying what is lost; "" for a move that is played
// at once.
func confirmQuestion(p *msg.Catalogue, game string, d games.Description) string {
	return gameUI(game).Question(p, d)
}

// renderConfirm asks the player to confirm the move waiting in
// p.confirming, in words.
func (p *tablePage) renderConfirm(m ui.Model) app.UI {
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
