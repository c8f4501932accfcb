package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/ui"
)

// The last finished trick, shown again on request: a trick the next lead
// replaced (or the last round's final trick, once a new deal is on the
// table) can be read again at any time, without stopping the game.

// lastTrickButton opens the last finished trick; nothing before the first.
func (p *tablePage) lastTrickButton(m ui.Model) app.UI {
	if len(m.Last) == 0 {
		return nil
	}
	return app.Button().Class("btn btn--small btn--ghost").ID("last-trick").
		Aria("expanded", p.lastOpen).Aria("controls", "last-trick-sheet").
		Text(p.P().T("Last trick")).OnClick(func(ctx app.Context, e app.Event) { p.lastOpen = !p.lastOpen })
}

// renderLastTrick draws the last finished trick over the table, still (it
// does not drift to its winner), with who played each card in its label.
func (p *tablePage) renderLastTrick(m ui.Model) app.UI {
	return app.Div().Class("lasttrick").ID("last-trick-sheet").Attr("role", "dialog").Aria("labelledby", "last-trick-title").Body(
		app.H2().ID("last-trick-title").Class("lasttrick__title").Text(m.LastLabel),
		app.Div().Class("lasttrick__cards").Body(components.Trick(p.P(), m.Last, m.LastLabel)),
		app.Button().Class("btn btn--primary").ID("last-trick-close").Text(p.P().T("Close")).
			OnClick(func(ctx app.Context, e app.Event) { p.lastOpen = false }),
	)
}

// renderNotice is the notice, or, where the table tells every turn since
// the player's last (Eat Reds) and the notice only told the last of them,
// that list of turns; the notice is still read out.
func (p *tablePage) renderNotice(m ui.Model) app.UI {
	if len(m.Recent) == 0 || p.notice != p.told {
		return components.Notice(p.notice)
	}
	items := make([]app.UI, len(m.Recent))
	for i, t := range m.Recent {
		items[i] = app.Li().Aria("label", t.Said).Text(t.Line)
	}
	return app.Div().Class("table__turns").Body(
		app.Div().Class("sr-only").Body(components.Notice(p.notice)),
		app.Ol().Class("turns").Aria("label", p.P().T("Since your last turn")).Body(items...),
	)
}
