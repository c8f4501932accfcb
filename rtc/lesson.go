package rtc

import (
	"errors"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"
)

// A lesson is a guided first game: a local match whose every action is
// written in advance (a script, a record of the game). The bots play the
// script's actions at their seats, so the lesson goes the same way every
// time, and the player's steps are the script's actions at the player's
// seat: the page asks for each in turn. The lesson ends with the script,
// which may stop before the match does.

// NewLesson is a lesson over script with the player in seat: a local match
// of the script's game and config from its first action. The script must
// replay legally (record.Replay) and give the player at least one step.
func NewLesson(e games.Entry, script *record.Record, seat games.Seat) (*Local, error) {
	if _, err := record.Replay(e.Game, script, nil); err != nil {
		return nil, err
	}
	mine := 0
	for _, s := range script.Actions {
		if s.Seat == seat {
			mine++
		}
	}
	if mine == 0 {
		return nil, errors.New("the lesson has no step for the player")
	}
	l, err := NewLocal(e, record.New(script.Game, script.Config()), seat, make([]bots.Bot, script.Players))
	if err != nil {
		return nil, err
	}
	l.script = script.Actions
	return l, nil
}

// LessonStep is where a lesson stands: the player's step (from 1: how many
// of the player's actions were played, plus one), the action the script
// plays next and whether it is the player's, and whether the script is
// over. A match that is not a lesson is done at once.
func (l *Local) LessonStep() (step int, next record.Step, mine, done bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.t.rec.Actions)
	step = 1
	for _, s := range l.t.rec.Actions {
		if s.Seat == l.seat {
			step++
		}
	}
	if n >= len(l.script) {
		return step, record.Step{}, false, true
	}
	next = l.script[n]
	return step, next, next.Seat == l.seat, false
}

// IsLessonStep reports whether text (the notation of a legal move of the
// player's) is the lesson's next action: the same action as the script's,
// however it is spelled.
func (l *Local) IsLessonStep(text string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.t.rec.Actions)
	if n >= len(l.script) || l.script[n].Seat != l.seat {
		return false
	}
	want, err := l.t.state.ParseAction(l.script[n].Act)
	if err != nil {
		return false
	}
	got, err := l.t.state.ParseAction(text)
	return err == nil && got == want
}

// scripted is the bot that plays seat's next action of the script, nil
// when the script's next action is not seat's (or the script is over): the
// driver then waits for the player.
func (l *Local) scripted(seat games.Seat) bots.Bot {
	n := len(l.t.rec.Actions)
	if n >= len(l.script) || l.script[n].Seat != seat || seat == l.seat {
		return nil
	}
	return scriptBot{l: l, step: n}
}

// scriptBot plays one action of a lesson's script: the one at step.
type scriptBot struct {
	l    *Local
	step int
}

func (b scriptBot) Choose(*bots.Turn) (games.Action, error) {
	b.l.mu.Lock()
	defer b.l.mu.Unlock()
	if len(b.l.t.rec.Actions) != b.step {
		return 0, errors.New("the lesson moved on")
	}
	return b.l.t.state.ParseAction(b.l.script[b.step].Act)
}
