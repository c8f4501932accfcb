package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/msg"
	"cardtable/ui"
)

// lastTrick is the last finished trick, shown again on request: a trick the
// next lead replaced (or the last round's final trick, once a new deal is on
// the table) can be read again at any time, without stopping the game.
type lastTrick struct {
	open bool // the sheet is shown
}

// button opens the last finished trick of m; nothing before the first.
func (l *lastTrick) button(p *msg.Catalogue, m ui.Model) app.UI {
	if len(m.Last) == 0 {
		return nil
	}
	return app.Button().Class("btn btn--small btn--ghost").ID("last-trick").
		Aria("expanded", l.open).Aria("controls", "last-trick-sheet").
		Text(p.T("Last trick")).OnClick(func(ctx app.Context, e app.Event) { l.open = !l.open })
}

// sheet draws the last finished trick over the table, still (it does not
// drift to its winner), with who played each card in its label; nothing
// while it is closed.
func (l *lastTrick) sheet(p *msg.Catalogue, m ui.Model) app.UI {
	if !l.open || len(m.Last) == 0 {
		return nil
	}
	return app.Div().Class("lasttrick").ID("last-trick-sheet").Attr("role", "dialog").Aria("labelledby", "last-trick-title").Body(
		app.H2().ID("last-trick-title").Class("lasttrick__title").Text(m.LastLabel),
		app.Div().Class("lasttrick__cards").Body(components.Trick(p, m.Last, m.LastLabel)),
		app.Button().Class("btn btn--primary").ID("last-trick-close").Text(p.T("Close")).
			OnClick(func(ctx app.Context, e app.Event) { l.open = false }),
	)
}
