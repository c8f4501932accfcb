package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/msg"
)

// The last finished trick, shown again on request: a trick the next lead
// replaced (or the last round's final trick, once a new deal is on the
// table) can be read again at any time, without stopping the game.

// lastTrickButton opens the last finished trick; nothing before the first.
func (p *tablePage) lastTrickButton(m tableModel) app.UI {
	if len(m.last) == 0 {
		return nil
	}
	return app.Button().Class("btn btn--small btn--ghost").ID("last-trick").
		Aria("expanded", p.lastOpen).Aria("controls", "last-trick-sheet").
		Text(msg.T("Last trick")).OnClick(func(ctx app.Context, e app.Event) { p.lastOpen = !p.lastOpen })
}

// renderLastTrick draws the last finished trick over the table, still (it
// does not drift to its winner), with who played each card in its label.
func (p *tablePage) renderLastTrick(m tableModel) app.UI {
	return app.Div().Class("lasttrick").ID("last-trick-sheet").Attr("role", "dialog").Aria("labelledby", "last-trick-title").Body(
		app.H2().ID("last-trick-title").Class("lasttrick__title").Text(m.lastLabel),
		app.Div().Class("lasttrick__cards").Body(components.Trick(m.last, m.lastLabel)),
		app.Button().Class("btn btn--primary").ID("last-trick-close").Text(msg.T("Close")).
			OnClick(func(ctx app.Context, e app.Event) { p.lastOpen = false }),
	)
}
