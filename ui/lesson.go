package ui

import (
	"errors"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
)

// Lesson is a game's guided first game, as data: a short fixed match (a
// record: config, seed or deals, and every action, bots' and player's) and
// the words of each of the player's steps. The bots play the record's
// actions; the player is asked for each of theirs in turn.
type Lesson struct {
	// Record is the match, as a record's JSON (games/record).
	Record string
	// Seat is the player's seat in the record.
	Seat games.Seat
	// Steps say, one per step of the player's in the record and in its
	// order (an action of the player's, or a timed window the player lets
	// pass), what to do and why, in a sentence or two.
	Steps []msg.Key
	// Learned is what the lesson taught, a few lines said at its end.
	Learned []msg.Key
}

// Script is the lesson's record, read, replayed by g and checked against
// its steps: one step for each of the player's actions, and for each timed
// window the player lets pass (rtc.LessonSteps).
func (l *Lesson) Script(g games.Game) (*record.Record, error) {
	r, err := record.Parse([]byte(l.Record))
	if err != nil {
		return nil, err
	}
	asks, err := rtc.LessonSteps(g, r, l.Seat)
	if err != nil {
		return nil, err
	}
	mine := 0
	for _, a := range asks {
		if a {
			mine++
		}
	}
	if mine != len(l.Steps) {
		return nil, errors.New("the lesson's steps do not match its record")
	}
	return r, nil
}

// StepSay is step n's words (from 1), "" past the last.
func (l *Lesson) StepSay(p *msg.Catalogue, n int) string {
	if n < 1 || n > len(l.Steps) {
		return ""
	}
	return l.Steps[n-1].Say(p)
}
