package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// What the table tells besides its log (tablePage.tell writes it): the
// sounds and the notice.

// cue sounds what just happened, when the player wants sounds: a card
// played, or the player's turn coming (it was not the player's turn and now
// is).
func cue(sounds bool, evs []rtc.Event, wasTurn, turn bool) {
	switch {
	case !wasTurn && turn:
		soundTurn.play(sounds)
	case len(evs) > 0 && len(evs[len(evs)-1].Desc.Cards)+evs[len(evs)-1].Desc.Hidden > 0:
		soundCard.play(sounds)
	}
}

// noticeBox is the notice, or, where the table tells every turn since the
// player's last (Eat Reds) and the notice is the one tell set (told), that
// list of turns; the notice is still read out.
func noticeBox(p *msg.Catalogue, m ui.Model, notice, told string) app.UI {
	if len(m.Recent) == 0 || notice != told {
		return components.Notice(notice)
	}
	items := make([]app.UI, len(m.Recent))
	for i, t := range m.Recent {
		items[i] = app.Li().Aria("label", t.Said).Text(t.Line)
	}
	return app.Div().Class("table__turns").Body(
		app.Div().Class("sr-only").Body(components.Notice(notice)),
		app.Ol().Class("turns").Aria("label", p.T("Since your last turn")).Body(items...),
	)
}
