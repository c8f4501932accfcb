package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// A game's guided first game as the pages hold it: the lesson a table page
// runs (its step, moved on by the session), and the ways to it from the
// game's tile, its rules and its new-game page. The table page's lesson
// mode is learn.go.

// learnPath is the lesson's page.
const learnPath = "/learn"

// lessonRun is the lesson a table page shows.
type lessonRun struct {
	game   ui.Game
	lesson *ui.Lesson
	step   int    // the player's step, from 1
	next   string // the action the step asks for, "" while the bots play
	done   bool   // the script is over
	wrong  bool   // the player tapped another move: the step says "Not yet"
}

// stepped reads where the lesson stands after its session moved.
func (l *lessonRun) stepped(sess *rtc.Local) {
	step, next, mine, done := sess.LessonStep()
	if step != l.step {
		l.wrong = false
	}
	l.step, l.done, l.next = step, done, ""
	if mine {
		l.next = next.Act
	}
}

// refuses answers a tap on a legal move that is not the step's: the step
// says its reason again, and stays. It reports whether it refused.
func (l *lessonRun) refuses(sess *rtc.Local, action string) bool {
	if l.next != "" && sess.IsLessonStep(action) {
		return false
	}
	l.wrong = true
	return true
}

// hasLesson reports whether the game has a guided first game.
func hasLesson(id string) bool { return gameUI(id).Lesson != nil }

// lessonOfferedKey is where the page remembers it offered a game's lesson.
func lessonOfferedKey(id string) string { return "cardtable.lessonOffered." + id }

// offerLesson reports whether the new-game page offers the game's lesson:
// once, on the first visit to it (remembered in local storage).
func offerLesson(ctx app.Context, id string) bool {
	if !app.IsClient || !hasLesson(id) {
		return false
	}
	var seen bool
	if err := ctx.LocalStorage().Get(lessonOfferedKey(id), &seen); err == nil && seen {
		return false
	}
	ctx.LocalStorage().Set(lessonOfferedKey(id), true)
	return true
}

// lessonLink is the way to a game's lesson, for its tile and its rules.
func lessonLink(c *msg.Catalogue, info games.Info, cls string) app.UI {
	if !hasLesson(info.ID) {
		return nil
	}
	return app.A().Class(cls).DataSet("learn", info.ID).Href(ui.GameURL(learnPath, info.ID)).
		Aria("label", c.T("Learn %s in a short guided game", gameTitle(c, info))).Text(c.T("Learn"))
}

// renderLessonOffer is the new-game page's offer of the lesson, on the
// first visit.
func renderLessonOffer(c *msg.Catalogue, info games.Info) app.UI {
	return app.P().Class("newgame__learn").ID("lesson-offer").Body(
		app.A().Class("btn btn--secondary").Href(ui.GameURL(learnPath, info.ID)).
			Text(c.T("New to %s? Learn it in a short guided game", gameTitle(c, info))),
	)
}
