package rtc

import (
	"errors"
	"fmt"
	"slices"

	"cardtable/games"
	"cardtable/games/record"
)

// ErrReadOnly is Act's error on a replay: it plays no moves.
var ErrReadOnly = errors.New("a replay plays no moves")

// ErrUnfinished refuses the view with every card shown for a record that
// does not end its match: the cards still hidden then stay hidden.
var ErrUnfinished = errors.New("the record does not end the match, so its hidden cards stay hidden")

// replayMark is how many actions apart the replay keeps a copy of the
// state, so that a step back replays at most this many actions.
const replayMark = 32

// Replay is a recorded match as a read-only Session: it steps through the
// record's actions, forwards and backwards, and shows the match at the
// current step as one viewer saw it. Every view and description comes from
// the engine for that viewer (a seat, games.Observer, or games.God once the
// record ends the match), as at the table. It is not safe for concurrent
// use.
type Replay struct {
	entry    games.Entry
	rec      *record.Record
	finished bool          // the record ends the match
	outcomes []string      // per action: its outcome as a spectator is told it
	marks    []games.State // marks[i]: the state after i*replayMark actions
	viewer   games.Seat    // whose view the replay shows
	at       int           // actions applied to state
	state    games.State   // the match after at actions
	prev     games.State   // the match before the last of them (nil at 0)
	last     games.Action  // the last applied action
	lastSeat games.Seat    // and who took it
}

// NewReplay checks that every action of rec is legal where it is played
// (a *record.StepError names the first that is not) and opens the replay at
// its start, seen by seat 0.
func NewReplay(e games.Entry, rec *record.Record) (*Replay, error) {
	if e.Game == nil {
		return nil, errors.New("no game")
	}
	if id := e.Game.Info().ID; id != rec.Game {
		return nil, fmt.Errorf("the record is of %q, not %q", rec.Game, id)
	}
	cp := *rec
	cp.Actions = slices.Clone(rec.Actions)
	r := &Replay{entry: e, rec: &cp, outcomes: make([]string, len(cp.Actions))}
	s, err := e.Game.New(cp.Config())
	if err != nil {
		return nil, err
	}
	for i, st := range cp.Actions {
		if i%replayMark == 0 {
			r.marks = append(r.marks, s.Clone())
		}
		a, err := s.ParseAction(st.Act)
		if err == nil {
			err = checkLegal(s, cp.Players, st.Seat, a)
		}
		if err != nil {
			return nil, &record.StepError{Index: i, Step: st, Err: err}
		}
		r.outcomes[i] = s.Describe(games.Observer, st.Seat, a).Outcome
		if err := s.Apply(st.Seat, a); err != nil {
			return nil, &record.StepError{Index: i, Step: st, Err: err}
		}
	}
	r.finished = s.Done()
	if err := r.Seek(0); err != nil {
		return nil, err
	}
	return r, nil
}

// checkLegal refuses an action seat may not take now, with the engine's
// reason. A description is only ever asked of a legal action. System's
// actions (a window's timeout, a game's clock) are not listed among the legal
// moves: a copy of the state tries them.
func checkLegal(s games.State, players int, seat games.Seat, a games.Action) error {
	if s.Done() {
		return games.ErrDone
	}
	if seat == games.System {
		return s.Clone().Apply(seat, a)
	}
	if seat < 0 || int(seat) >= players {
		return fmt.Errorf("seat %d does not play at a %d-player table", seat, players)
	}
	if !slices.Contains(s.Legal(seat, nil), a) {
		if err := s.Clone().Apply(seat, a); err != nil {
			return err
		}
		return errors.New("not a legal move now")
	}
	return nil
}

// Len is the number of actions in the record.
func (r *Replay) Len() int { return len(r.rec.Actions) }

// At is the current step: how many actions have been applied.
func (r *Replay) At() int { return r.at }

// Finished reports whether the record ends the match.
func (r *Replay) Finished() bool { return r.finished }

// Outcome is what followed at once from action i (0-based), as a spectator
// was told it ("trick", "round", "match"…); "" for nothing.
func (r *Replay) Outcome(i int) string {
	if i < 0 || i >= len(r.outcomes) {
		return ""
	}
	return r.outcomes[i]
}

// Viewer is whose view the replay shows.
func (r *Replay) Viewer() games.Seat { return r.viewer }

// SetViewer shows the match as seat saw it; games.Observer is a spectator,
// games.God every card, which only a record that ends the match shows.
func (r *Replay) SetViewer(seat games.Seat) error {
	switch {
	case seat == games.God && !r.finished:
		return ErrUnfinished
	case seat == games.God, seat == games.Observer:
	case seat < 0 || int(seat) >= r.rec.Players:
		return fmt.Errorf("seat %d is not at a %d-player table", seat, r.rec.Players)
	}
	r.viewer = seat
	return nil
}

// Seek moves to step k: the match after its first k actions.
func (r *Replay) Seek(k int) error {
	if k < 0 || k > len(r.rec.Actions) {
		return fmt.Errorf("step %d is outside the record's %d actions", k, len(r.rec.Actions))
	}
	if k == 0 {
		s, err := r.entry.Game.New(r.rec.Config())
		if err != nil {
			return err
		}
		r.state, r.prev, r.at = s, nil, 0
		return nil
	}
	var s games.State
	from := 0
	if r.state != nil && r.at <= k-1 && k-1-r.at < replayMark {
		s, from = r.state, r.at // forwards from here
	} else {
		m := (k - 1) / replayMark
		s, from = r.marks[m].Clone(), m*replayMark
	}
	for i := from; i < k-1; i++ {
		if err := record.ApplyText(s, r.rec.Actions[i]); err != nil {
			return &record.StepError{Index: i, Step: r.rec.Actions[i], Err: err}
		}
	}
	st := r.rec.Actions[k-1]
	a, err := s.ParseAction(st.Act)
	if err != nil {
		return &record.StepError{Index: k - 1, Step: st, Err: err}
	}
	prev := s.Clone()
	if err := s.Apply(st.Seat, a); err != nil {
		return &record.StepError{Index: k - 1, Step: st, Err: err}
	}
	r.state, r.prev, r.last, r.lastSeat, r.at = s, prev, a, st.Seat, k
	return nil
}

// Last is the action that led to the current step as the viewer was told
// it; ok is false at the start.
func (r *Replay) Last() (ev Event, ok bool) {
	if r.prev == nil {
		return Event{}, false
	}
	d := r.prev.Describe(r.viewer, r.lastSeat, r.last)
	return Event{Index: r.at - 1, Seat: r.lastSeat, Desc: d}, true
}

// The Session, read-only.

func (r *Replay) Info() games.Info { return r.entry.Game.Info() }

// Seat is the viewer: a seat, games.Observer or games.God.
func (r *Replay) Seat() games.Seat { return r.viewer }

// Snapshot is the match at the current step as the viewer saw it: nobody
// acts in a replay, so it has no moves and no window.
func (r *Replay) Snapshot() Snapshot {
	s := Snapshot{
		Step: r.at, View: r.state.View(r.viewer), Legal: []Move{}, Actors: games.PublicActors(r.state, r.viewer),
		Done: r.state.Done(), Result: r.state.Result(),
	}
	if ev, ok := r.Last(); ok {
		s.Last = []Event{ev}
	}
	return s
}

// Act refuses every move.
func (r *Replay) Act(string) ([]Event, error) { return nil, ErrReadOnly }

// Record is the record up to the current step.
func (r *Replay) Record() *record.Record {
	cp := *r.rec
	cp.Actions = slices.Clone(r.rec.Actions[:r.at])
	return &cp
}

var _ Session = (*Replay)(nil)
