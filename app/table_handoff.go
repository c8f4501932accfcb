package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// Pass-and-play at the table: people sharing one phone (Save.People), the
// session showing one of them at a time (rtc.Local's SetSeat and Due).
// When the turn passes to another person on the phone, the table hides
// every hand behind a full-screen handoff that names them, and shows their
// hand, their log and their moves only after their tap. A reloaded page
// starts behind the handoff too: whoever holds the phone may not be the
// person it last showed. In a timed window every person is asked in turn
// (answer, or "Let it pass"); the window passes once all have been.

// handoff is the screen between two people on the phone.
type handoff struct {
	on bool
	to games.Seat
}

// shared reports whether people share this phone at this table.
func (p *tablePage) shared() bool { return p.sess != nil && p.sess.Shared() }

// passPhone hides the table behind the handoff when the person due to act
// is not the one shown; at opening (always) the table waits for the person
// due, or the one last shown. A round's summary is read first.
func (p *tablePage) passPhone(opening bool) {
	if !p.shared() || p.summary != nil {
		return
	}
	due, ok := p.sess.Due()
	switch {
	case ok && due != p.me:
		p.handoff = handoff{on: true, to: due}
	case opening && !p.snap.Done:
		if !ok {
			due = p.me
		}
		p.handoff = handoff{on: true, to: due}
	}
}

// takePhone: the person the handoff names holds the phone now. The table
// shows their view and moves, and the log as they were told it.
func (p *tablePage) takePhone(ctx app.Context, e app.Event) {
	to := p.handoff.to
	if err := p.sess.SetSeat(to); err != nil {
		p.err = err.Error()
		return
	}
	p.handoff.on = false
	p.me, p.save.Seat = to, to
	p.view, p.roundStart, p.last, p.hint, p.notice, p.told = nil, nil, lastTrick{}, "", "", ""
	p.log = nil
	if told, err := p.sess.Told(to); err == nil {
		w := p.words()
		for _, ev := range told {
			if line := w.Told(p.P(), ev.Desc); line != "" {
				p.log = append(p.log, line)
			}
		}
		if len(p.log) > 200 {
			p.log = p.log[len(p.log)-200:]
		}
	}
	p.refresh(ctx)
}

// letPass: the person shown lets the open window pass; the next person on
// the phone is asked.
func (p *tablePage) letPass(ctx app.Context, e app.Event) {
	if err := p.sess.LetPass(); err != nil {
		p.notice = ui.Refusal(p.P(), err)
		return
	}
	p.refresh(ctx)
}

// personName is how the handoff names a person on the phone: the name they
// gave, or their seat's number.
func personName(p *msg.Catalogue, s Save, seat games.Seat) string {
	if int(seat) < len(s.People) && s.People[seat] != "" {
		return s.People[seat]
	}
	return p.T("Player %d", int(seat)+1)
}

// renderHandoff is the table while the phone passes: no hand, no board,
// only whom to pass it to and the tap that shows their hand.
func (p *tablePage) renderHandoff(title string) app.UI {
	name := personName(p.P(), p.save, p.handoff.to)
	return tableShell(p.settings, title,
		app.Div().ID("table").Class("table table--handoff").DataSet("ready", true).DataSet("handoff", int(p.handoff.to)).
			DataSet("seat", int(p.me)).DataSet("steps", p.steps).DataSet("players", p.players).Body(
			app.Div().ID("handoff").Class("handoff").Attr("role", "dialog").Aria("modal", "true").Aria("labelledby", "handoff-title").Body(
				app.H2().ID("handoff-title").Text(p.P().T("Pass the phone to %s", name)),
				app.P().Text(p.P().T("Only %s should look now: the hand shows after the tap.", name)),
				app.Button().ID("handoff-ready").Class("btn btn--primary handoff__ready").
					Text(p.P().T("I'm %s: show my hand", name)).OnClick(p.takePhone),
			),
		),
	)
}

// seatNames names a solo table's seats as the person shown reads them:
// their own "You", the others by their place, or by the name a person on
// the phone gave.
func seatNames(p *msg.Catalogue, s Save, me games.Seat) []string {
	n := s.Record.Players
	out := make([]string, n)
	for i := range out {
		out[i] = ui.SeatName(p, (i-int(me)+n)%n, n)
		if games.Seat(i) != me && i < len(s.People) && s.People[i] != "" {
			out[i] = s.People[i]
		}
	}
	return out
}
