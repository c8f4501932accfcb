package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
)

// giveUps are the moves that give something up for good, by game and kind:
// the table asks before it plays them. Each question says what is lost.
var giveUps = map[string]map[string]string{
	"catte":    {"foldhand": "Throw in your hand? You sit out the rest of this round."},
	"klondike": {"end": "End this game now? The cards stay where they are and the game is scored as it stands."},
}

// confirmQuestion is the question the table asks before move d, "" for a
// move that is played at once.
func confirmQuestion(game string, d games.Description) string {
	return giveUps[game][d.Kind]
}

// renderConfirm asks the player to confirm the move waiting in
// p.confirming, in words.
func (p *tablePage) renderConfirm(m tableModel) app.UI {
	mv := p.confirming
	return app.Div().Class("confirm confirm--overlay").ID("confirm").Attr("role", "alertdialog").
		Aria("labelledby", "confirm-question").Body(
		app.P().ID("confirm-question").Body(app.Strong().Text(confirmQuestion(p.gameID, mv.Desc))),
		app.Div().Class("actions").Body(
			app.Button().Class("btn").ID("confirm-yes").Text(m.choice(mv).Say).
				OnClick(func(ctx app.Context, e app.Event) {
					p.confirming.Text = ""
					p.play(ctx, mv.Text)
				}),
			app.Button().Class("btn btn--ghost").ID("confirm-no").Text("Keep playing").
				OnClick(func(ctx app.Context, e app.Event) { p.confirming.Text = "" }),
		),
	)
}
