package main

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/rtc"
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
// the phone is asked (in a lesson: the step that lets the window pass).
func (p *tablePage) letPass(ctx app.Context, e app.Event) {
	err := p.sess.LetPass()
	if p.lesson != nil && errors.Is(err, rtc.ErrNotTheStep) { // the lesson's step is another
		p.lesson.wrong = true
		soundRefused.play(p.settings.Sounds)
		return
	}
	if err != nil {
		p.notice = ui.Refusal(p.P(), err)
		return
	}
	p.refresh(ctx)
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
