package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/msg"
	"cardtable/rtc"
)

// roundSummary is a round that just ended, shown in the middle of the table
// until the player moves on: how it ended (the last action and its outcome
// in words), the deciding trick where the game plays tricks, and who scored
// what. In a solo match with paced bots the next deal waits for it.
type roundSummary struct {
	told  string
	trick []components.Played
	rows  []summaryRow
}

// summaryRow is one seat's line: its score for the round and its total.
type summaryRow struct {
	name          string
	you           bool
	change, total *int
	extra         string
}

// newSummary sums up the round that ev ended. before is each seat's badge
// when the round began, prev the table just before ev and now the table
// after it.
func newSummary(told string, ev rtc.Event, before []components.SeatInfo, prev, now tableModel, in modelInput) *roundSummary {
	s := &roundSummary{told: told}
	// The deciding trick: the trick on the table before the last card, and
	// that card.
	if len(prev.trick) > 0 && len(ev.Desc.Cards) > 0 && len(prev.trick) < in.players {
		s.trick = append(append([]components.Played(nil), prev.trick...),
			playedBy(in, int(ev.Desc.Seat), ev.Desc.Cards[0], false))
	}
	for i, seat := range now.seats {
		r := summaryRow{name: seat.Name, you: seat.Seat == in.me, total: seat.Score, extra: seat.Extra}
		if seat.Score != nil && i < len(before) && before[i].Score != nil {
			d := *seat.Score - *before[i].Score
			r.change = &d
		}
		s.rows = append(s.rows, r)
	}
	return s
}

// render draws the summary in the middle of the table with its button.
func (s *roundSummary) render(onClose app.EventHandler) app.UI {
	rows := []app.UI{}
	for _, r := range s.rows {
		change, total := "", ""
		if r.change != nil {
			change = fmt.Sprintf("%+d", *r.change)
		}
		if r.total != nil {
			total = fmt.Sprint(*r.total)
		}
		cls := ""
		if r.you {
			cls = "summary__you"
		}
		rows = append(rows, app.Tr().Class(cls).Body(
			app.Th().Scope("row").Text(r.name),
			app.Td().Text(change),
			app.Td().Text(total),
			app.Td().Class("summary__extra").Text(r.extra),
		))
	}
	return app.Section().Class("summary").ID("round-summary").Aria("labelledby", "summary-title").
		Attr("role", "status").Aria("live", "polite").Body(
		app.H2().ID("summary-title").Class("summary__title").Text(msg.T("The round is over")),
		app.P().Class("summary__told").Text(s.told),
		app.If(len(s.trick) > 0, func() app.UI {
			return app.Div().Class("summary__trick").Body(components.Trick(s.trick, "The deciding trick"))
		}),
		app.If(len(rows) > 0, func() app.UI {
			return app.Table().Class("summary__scores").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text(msg.T("Seat")), app.Th().Scope("col").Text(msg.T("This round")),
					app.Th().Scope("col").Text(msg.T("Total")), app.Th().Scope("col").Text(""),
				)),
				app.TBody().Body(rows...),
			)
		}),
		app.Button().Class("btn btn--primary").ID("summary-close").Text(msg.T("Next deal")).OnClick(onClose),
	)
}
