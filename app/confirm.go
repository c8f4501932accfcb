package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/msg"
)

// confirmQuestion is the question the table asks before a move that gives
// something up for good, saying what is lost; "" for a move that is played
// at once.
func confirmQuestion(p *msg.Catalogue, game string, d games.Description) string {
	return gameUI(game).Question(p, d)
}

// confirmBox asks the player to confirm a move that gives something up:
// question says what is lost, yes is the move in words; onYes plays it,
// onNo keeps playing.
func confirmBox(p *msg.Catalogue, question, yes string, onYes, onNo app.EventHandler) app.UI {
	return app.Div().Class("confirm confirm--overlay").ID("confirm").Attr("role", "alertdialog").
		Aria("labelledby", "confirm-question").Body(
		app.P().ID("confirm-question").Body(app.Strong().Text(question)),
		app.Div().Class("actions").Body(
			app.Button().Class("btn").ID("confirm-yes").Text(yes).OnClick(onYes),
			app.Button().Class("btn btn--ghost").ID("confirm-no").Text(p.T("Keep playing")).OnClick(onNo),
		),
	)
}
