package rtc

import (
	"errors"
	"slices"

	"cardtable/games"
	"cardtable/games/record"
)

// Pass-and-play: people sharing one phone at a Local table. Every seat
// without a bot is a person's; the session shows one of them at a time (its
// Seat, whose view, moves and hints it hands out) and says whose turn it is
// to hold the phone (Due), so the page can hide every hand behind a handoff
// and show the next person's only once they are ready (SetSeat). A timed
// window (a Papas interrupt) waits while people share: each person is
// asked in turn, whether they may answer or not, so that the order of the
// handoffs tells nobody who holds an answer; the window passes once every
// person answered or let it pass (LetPass). Undo is off: one person's undo
// would take back the others' moves.

// ErrNotAPerson is SetSeat's error for a seat a bot plays.
var ErrNotAPerson = errors.New("no person plays that seat on this phone")

// ErrNoWindow is LetPass's error when no window waits for the seat.
var ErrNoWindow = errors.New("there is nothing to let pass now")

// ErrSharedUndo is Undo's error when people share the phone.
var ErrSharedUndo = errors.New("undo is off when people share the phone")

// People lists the seats people play on this phone, in seat order: in a
// lesson only the player's (the script plays the others).
func (l *Local) People() []games.Seat {
	if l.script != nil {
		return []games.Seat{l.seat}
	}
	out := []games.Seat{}
	for i, b := range l.bots {
		if b == nil {
			out = append(out, games.Seat(i))
		}
	}
	return out
}

// Shared reports whether more than one person plays on this phone.
func (l *Local) Shared() bool { return len(l.People()) > 1 }

// SetSeat shows the match as seat has it from now on: a person's seat.
func (l *Local) SetSeat(seat games.Seat) error {
	if seat < 0 || int(seat) >= len(l.bots) || l.bots[seat] != nil {
		return ErrNotAPerson
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seat = seat
	return nil
}

// Due is the person who should hold the phone now, and false when no
// person is to act (bots are, or the match is over): the seat shown when
// it may act, else the next person in seat order after it who may. In an
// open window while people share, it is the next person not yet asked.
func (l *Local) Due() (games.Seat, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.t.state.Done() {
		return 0, false
	}
	people := l.People()
	if l.Shared() && l.t.state.Deadline() > 0 {
		return l.nextFrom(people, func(s games.Seat) bool { return l.passed[s] != l.windowAt() })
	}
	actors := l.t.state.Actors(nil)
	return l.nextFrom(people, func(s games.Seat) bool { return slices.Contains(actors, s) })
}

// nextFrom is the first of people, from the seat shown on in seat order,
// for whom want holds.
func (l *Local) nextFrom(people []games.Seat, want func(games.Seat) bool) (games.Seat, bool) {
	start := max(0, slices.Index(people, l.seat)) // a bot may play the seat shown (tests watch a bot)
	for i := range people {
		if s := people[(start+i)%len(people)]; want(s) {
			return s, true
		}
	}
	return 0, false
}

// windowAt names the open window: the step at which it (re)opened.
func (l *Local) windowAt() int { return 1 + len(l.t.rec.Actions) }

// LetPass says that the person shown lets the open window pass: the next
// person is asked, and once every person has been, the window runs out. In
// a lesson it is the player's step when the script lets the window pass.
func (l *Local) LetPass() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.script != nil { // a lesson: when its step is to let the window pass
		if !l.letsPass() {
			return ErrNotTheStep
		}
		l.passed[l.seat] = l.windowAt()
		l.kick()
		return nil
	}
	if !l.Shared() || l.t.state.Deadline() == 0 || l.t.state.Done() {
		return ErrNoWindow
	}
	l.passed[l.seat] = l.windowAt()
	l.kick()
	return nil
}

// holdsWindow keeps the window open while a person sharing the phone has
// not been asked (the driver's held; the lock is held).
func (l *Local) holdsWindow() bool {
	if l.script != nil { // a lesson: the script lets the window pass (scriptPasses), no clock
		return l.t.state.Deadline() > 0
	}
	if !l.Shared() || l.t.state.Deadline() == 0 {
		return false
	}
	for _, s := range l.People() {
		if l.passed[s] != l.windowAt() {
			return true
		}
	}
	return false
}

// Told is every action of the match so far as seat was told it: what the
// page's log shows when the phone passes to seat, rebuilt from the record
// (the engine describes each action for seat before it is applied).
func (l *Local) Told(seat games.Seat) ([]Event, error) {
	l.mu.Lock()
	rec := l.t.record()
	g := l.t.entry.Game
	l.mu.Unlock()
	out := make([]Event, 0, len(rec.Actions))
	var bad error
	_, err := record.Replay(g, rec, func(i int, s games.State, st record.Step) {
		a, err := s.ParseAction(st.Act)
		if err != nil {
			bad = err
			return
		}
		out = append(out, Event{Index: i, Seat: st.Seat, Desc: s.Describe(seat, st.Seat, a)})
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Asking reports whether the open window waits for the person shown to
// answer or let it pass (in a lesson: to let it pass, the step).
func (l *Local) Asking() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.script != nil { // a lesson asks when its step is to let the window pass
		return l.letsPass() && l.passed[l.seat] != l.windowAt()
	}
	return l.Shared() && !l.t.state.Done() && l.t.state.Deadline() > 0 && l.passed[l.seat] != l.windowAt()
}
