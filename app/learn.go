package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/rtc"
	"cardtable/ui"
)

// The guided first game (/learn?game=ID): the table page in a lesson mode.
// A lesson is a short fixed match (the game's ui.Lesson: a record and the
// words of the player's steps) whose bots play from the record; the page
// says each step beside the cards and marks the control it asks for. A
// lesson is not a match: nothing of it is saved or counted in the
// statistics.

// openLesson starts the game's lesson at the table page.
func (p *tablePage) openLesson(ctx app.Context, e games.Entry) {
	g := gameUI(p.gameID)
	if g.Lesson == nil {
		p.missing = true
		return
	}
	script, err := g.Lesson.Script(e.Game)
	var sess *rtc.Local
	if err == nil {
		sess, err = rtc.NewLesson(e, script, g.Lesson.Seat)
	}
	if err != nil {
		p.err = err.Error()
		return
	}
	p.lesson = &lessonRun{game: g, lesson: g.Lesson}
	p.save = Save{Record: script, Seat: g.Lesson.Seat, Bots: make([]string, script.Players)}
	for i := range p.save.Bots {
		if games.Seat(i) != g.Lesson.Seat {
			p.save.Bots[i] = "normal"
		}
	}
	p.sess, p.live = sess, sess
	// The other seats play the script, not a bot of some level: their
	// badges name no level.
	p.me, p.players, p.seatBots = g.Lesson.Seat, script.Players, nil
	p.refresh(ctx)
	p.startBots(ctx)
}

// letPassAction is the data-action of the Let it pass control in a lesson:
// the action the script plays when the player lets the window pass.
const letPassAction = "timeout"

// lessonTarget is the move the lesson asks for now, "" for none.
func (p *tablePage) lessonTarget() string {
	if p.lesson == nil {
		return p.hint
	}
	if p.sess.LessonLetsPass() {
		return letPassAction
	}
	for _, mv := range p.legal {
		if p.sess.IsLessonStep(mv.Text) {
			return mv.Text
		}
	}
	return ""
}

// lessonAttr is the table's data-lesson: the step, "" outside a lesson.
func (p *tablePage) lessonAttr() string {
	if p.lesson == nil {
		return ""
	}
	return strconv.Itoa(p.lesson.step)
}

// lessonOver reports whether the page shows a lesson that is over.
func (p *tablePage) lessonOver() bool { return p.lesson != nil && p.lesson.done }

// renderLesson is the lesson's words beside the cards: the step, or at the
// end what was learned and the way to a real game.
func (p *tablePage) renderLesson() app.UI {
	if p.lesson == nil {
		return nil
	}
	l := p.lesson
	if l.done {
		return nil // renderLessonEnd
	}
	say := p.P().T("Watch the others play…")
	if l.next != "" {
		say = l.lesson.StepSay(p.P(), l.step)
	}
	cls := "lesson"
	if l.wrong { // a tap on another move: the step's reason again
		cls += " lesson--wrong"
		say = p.P().T("Not yet: %s", say)
		if l.next == "" {
			say = p.P().T("Not yet: wait for the others to play.")
		}
	}
	return app.Section().Class(cls).ID("lesson").Attr("aria-live", "polite").Body(
		app.P().Class("lesson__step").Text(p.P().T("Step %d of %d", l.step, len(l.lesson.Steps))),
		app.P().Class("lesson__say").Text(say),
	)
}

// renderLessonEnd is the lesson's end over its table: what was learned
// and the way to a real game.
func (p *tablePage) renderLessonEnd() app.UI {
	if p.lesson == nil || !p.lesson.done {
		return nil
	}
	items := []app.UI{}
	for _, k := range p.lesson.lesson.Learned {
		items = append(items, app.Li().Text(k.Say(p.P())))
	}
	return app.Div().Class("summary-veil").Body(app.Section().Class("summary match-end lesson-end").ID("lesson-end").
		Attr("role", "dialog").Aria("labelledby", "lesson-end-title").Body(
		app.Div().Class("summary__body").Attr("role", "status").Aria("live", "polite").Body(
			app.H2().ID("lesson-end-title").Class("summary__title").Text(p.P().T("Well played! You have learned:")),
			app.Ul().Class("lesson-end__learned").Body(items...),
		),
		app.Div().Class("actions match-end__actions").Body(
			app.A().Class("btn btn--primary").ID("lesson-play").Href(ui.GameURL("/new", p.gameID)).Text(p.P().T("Play a real game")),
			app.A().Class("btn btn--ghost").Href("/").Text(p.P().T("Home")),
		),
	))
}

// markLessonTarget marks the control the step asks for, whichever of the
// game's renderers drew it: the elements with the move's data-action get
// data-lesson-target (and the highlight that goes with it). A move that is
// reached by picking up a card first (one of several the card offers, a
// threesome) has no control of its own until then: the card is marked
// instead. The page tells the move and its card to a watcher of the
// table's elements, which marks them again whenever a renderer redraws
// them (a board's own component picking up a card redraws without the
// page).
// The table as drawn, m, says which hand card offers the move.
func (p *tablePage) markLessonTarget(m ui.Model) func(app.Context) {
	want, card := "", ""
	if p.lesson != nil {
		want = p.lessonTarget()
		card = lessonCard(m, p.legal, want)
	}
	return func(app.Context) {
		w := app.Window()
		if !w.Get("__lessonMark").Truthy() {
			w.Call("eval", lessonMarkJS)
		}
		w.Set("__lessonTarget", want)
		w.Set("__lessonCard", card)
		w.Call("__lessonMark")
	}
}

// lessonCard is the hand card of m that offers the move among the legal
// ones, "" for none.
func lessonCard(m ui.Model, legal []rtc.Move, move string) string {
	if move == "" {
		return ""
	}
	for _, mv := range legal {
		if mv.Text == move {
			return m.CardOf(mv)
		}
	}
	return ""
}

// lessonMarkJS installs the watcher markLessonTarget tells; it marks
// nothing but at a lesson's table.
const lessonMarkJS = `(() => {
	const mark = () => {
		const on = !!document.querySelector('#table[data-lesson]');
		const w = on ? window.__lessonTarget || "" : "", c = on ? window.__lessonCard || "" : "";
		const direct = !!w && [...document.querySelectorAll('#table [data-action]')].some(e => e.dataset.action === w);
		const wants = e => !!w && (e.dataset.action === w || (!direct && !!c && !!e.closest('.hand') && e.dataset.card === c));
		document.querySelectorAll('[data-lesson-target]').forEach(e => { if (!wants(e)) e.removeAttribute('data-lesson-target'); });
		if (!w) return;
		document.querySelectorAll('#table [data-action], #table .hand [data-card]').forEach(e => { if (wants(e) && !e.hasAttribute('data-lesson-target')) e.setAttribute('data-lesson-target', ''); });
	};
	window.__lessonMark = mark;
	new MutationObserver(mark).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-action']});
})()`
