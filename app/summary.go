package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// roundSummary is a round that just ended, shown in the middle of the table
// until the player moves on: how it ended (the last action and its outcome
// in words), the deciding trick where the game plays tricks, and who scored
// what. In a solo match with paced bots the next deal waits for it.
type roundSummary struct {
	told  string
	trick []components.Played
	rows  []summaryRow
	heads [2]string // the round's change and the total, with their unit
}

// summaryRow is one seat's line: its score for the round and its total.
type summaryRow struct {
	name          string
	you           bool
	change, total *int
	extra         string
}

// newSummary sums up the round that ev ended. start is the table when the
// round began, prev the table just before ev and now the table after it.
func newSummary(p *msg.Catalogue, told string, ev rtc.Event, start, prev, now ui.Model, in ui.Input) *roundSummary {
	s := &roundSummary{told: told, heads: [2]string{p.T("This round"), p.T("Total")}}
	if now.TallyHeads[0] != "" {
		s.heads = now.TallyHeads
	}
	before := start.Seats
	// The deciding trick: the trick on the table before the last card, and
	// that card.
	if len(prev.Trick) > 0 && len(ev.Desc.Cards) > 0 && len(prev.Trick) < in.Players {
		s.trick = append(append([]components.Played(nil), prev.Trick...),
			ui.PlayedBy(p, in, int(ev.Desc.Seat), ev.Desc.Cards[0], false))
	}
	for i, seat := range now.Seats {
		r := summaryRow{name: seat.Name, you: seat.Seat == in.Me, total: seat.Score, extra: seat.Extra}
		if seat.Score != nil && i < len(before) && before[i].Score != nil {
			d := *seat.Score - *before[i].Score
			r.change = &d
		}
		if seat.Score == nil && i < len(now.Tally) {
			// A game counted in something else than a score (Cat Te's chips).
			total := now.Tally[i]
			r.total = &total
			if i < len(start.Tally) {
				d := total - start.Tally[i]
				r.change = &d
			}
		}
		if now.Notes != nil {
			r.extra = ""
			if i < len(now.Notes) {
				r.extra = now.Notes[i]
			}
		}
		s.rows = append(s.rows, r)
	}
	return s
}

// summaryVeil is the round's summary over the dimmed table. After every
// render and resize it measures the table's moves: where they sit under the
// summary (a phone held upright puts them just above the hand), the summary
// ends above them (--moves-top, web/flow.css), so a move is never under it.
type summaryVeil struct {
	app.Compo
	speaker
	Summary *roundSummary
	OnClose app.EventHandler
}

func (v *summaryVeil) Render() app.UI           { return v.Summary.render(v.P(), v.OnClose) }
func (v *summaryVeil) OnMount(ctx app.Context)  { ctx.Defer(v.fit) }
func (v *summaryVeil) OnUpdate(ctx app.Context) { ctx.Defer(v.fit) }
func (v *summaryVeil) OnResize(ctx app.Context) { ctx.Defer(v.fit) }

func (v *summaryVeil) fit(ctx app.Context) {
	root := v.JSValue()
	if root == nil || !root.Truthy() {
		return
	}
	box := root.Call("querySelector", ".summary")
	moves := app.Window().Get("document").Call("querySelector", "#table .table__actions")
	style := root.Get("style")
	root.Get("dataset").Set("width", app.Window().Get("innerWidth").Int()) // the width it was fitted for
	if !box.Truthy() || !moves.Truthy() {
		style.Call("removeProperty", "--moves-top")
		return
	}
	m, b := moves.Call("getBoundingClientRect"), box.Call("getBoundingClientRect")
	if m.Get("width").Float() > 0 && m.Get("left").Float() < b.Get("right").Float() && m.Get("right").Float() > b.Get("left").Float() {
		style.Call("setProperty", "--moves-top", fmt.Sprintf("%.0fpx", m.Get("top").Float()))
		return
	}
	style.Call("removeProperty", "--moves-top")
}

// render draws the summary in the middle of the table with its button.
func (s *roundSummary) render(p *msg.Catalogue, onClose app.EventHandler) app.UI {
	rows := []app.UI{}
	notes := false
	for _, r := range s.rows {
		notes = notes || r.extra != ""
	}
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
			app.If(notes, func() app.UI { return app.Td().Class("summary__extra").Text(r.extra) }),
		))
	}
	// Over the table, dimmed: the next deal waits for the button, which
	// stays on screen however long the summary is (its body scrolls).
	return app.Div().Class("summary-veil").Body(app.Section().Class("summary").ID("round-summary").Aria("labelledby", "summary-title").
		Attr("role", "dialog").Aria("modal", true).Body(
		app.Div().Class("summary__body").Attr("role", "status").Aria("live", "polite").Body(
			app.H2().ID("summary-title").Class("summary__title").Text(p.T("The round is over")),
			app.P().Class("summary__told").Text(s.told),
			app.If(len(s.trick) > 0, func() app.UI {
				return app.Div().Class("summary__trick").Body(components.Trick(p, s.trick, p.T("The deciding trick")))
			}),
			app.If(len(rows) > 0, func() app.UI {
				return app.Table().Class("summary__scores").Body(
					app.THead().Body(app.Tr().Body(
						app.Th().Scope("col").Text(p.T("Seat")), app.Th().Scope("col").Text(s.heads[0]),
						app.Th().Scope("col").Text(s.heads[1]),
						app.If(notes, func() app.UI { return app.Th().Scope("col").Text(p.T("Notes")) }),
					)),
					app.TBody().Body(rows...),
				)
			}),
		),
		app.Button().Class("btn btn--primary summary__next").ID("summary-close").Text(p.T("Next deal")).OnClick(onClose),
	))
}
