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
//
// A timed window (a Papas interrupt) never runs out on a clock in a
// lesson: it stays open until the script's next action is played. When
// the script lets the window pass (its `timeout`) while the player could
// answer it, letting it pass is one of the player's steps (LetPass); when
// the player could not answer, the window passes as soon as the bots
// have been asked, after the pace. Choices made at the same time (both
// seats picking at once) are taken in the script's order.

// ErrNotTheStep is LetPass's error in a lesson whose step asks for
// something else.
var ErrNotTheStep = errors.New("that is not the lesson's step")

// LessonSteps marks which of script's actions are the player's steps in a
// lesson with the player in seat: the player's own actions, and a timed
// window's timeout while the player could answer the window (the player
// lets it pass). The script must replay legally.
func LessonSteps(g games.Game, script *record.Record, seat games.Seat) ([]bool, error) {
	asks := make([]bool, len(script.Actions))
	var legal []games.Action
	_, err := record.Replay(g, script, func(i int, s games.State, st record.Step) {
		switch {
		case st.Seat == seat:
			asks[i] = true
		case st.Seat == games.System && st.Act == "timeout" && s.Deadline() > 0:
			legal = s.Legal(seat, legal[:0])
			asks[i] = len(legal) > 0
		}
	})
	if err != nil {
		return nil, err
	}
	return asks, nil
}

// NewLesson is a lesson over script with the player in seat: a local match
// of the script's game and config from its first action. The script must
// replay legally (record.Replay) and give the player at least one step.
func NewLesson(e games.Entry, script *record.Record, seat games.Seat) (*Local, error) {
	asks, err := LessonSteps(e.Game, script, seat)
	if err != nil {
		return nil, err
	}
	mine := 0
	for _, a := range asks {
		if a {
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
	l.script, l.asks = script.Actions, asks
	l.d.passes = l.scriptPasses
	return l, nil
}

// LessonStep is where a lesson stands: the player's step (from 1: how many
// of the player's steps were played, plus one), the action the script
// plays next and whether it is the player's step (its own action, or a
// window's timeout the player is to let pass), and whether the script is
// over. A match that is not a lesson is done at once.
func (l *Local) LessonStep() (step int, next record.Step, mine, done bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.t.rec.Actions)
	step = 1
	for i := range min(n, len(l.asks)) {
		if l.asks[i] {
			step++
		}
	}
	if n >= len(l.script) {
		return step, record.Step{}, false, true
	}
	next = l.script[n]
	return step, next, l.asks[n], false
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

// LessonLetsPass reports whether the lesson's step is to let the open
// window pass.
func (l *Local) LessonLetsPass() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.letsPass()
}

// letsPass: the script's next action is the open window's timeout and it
// is the player's step (the lock is held).
func (l *Local) letsPass() bool {
	n := len(l.t.rec.Actions)
	return n < len(l.script) && l.asks[n] && l.script[n].Seat == games.System && l.t.state.Deadline() > 0
}

// scriptPasses is the driver's passes in a lesson: the script's next
// action is the open window's timeout, and the player either could not
// answer the window or let it pass (the lock is held).
func (l *Local) scriptPasses() bool {
	n := len(l.t.rec.Actions)
	if n >= len(l.script) || l.script[n].Seat != games.System || l.t.state.Deadline() == 0 {
		return false
	}
	return !l.asks[n] || l.passed[l.seat] == l.windowAt()
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
