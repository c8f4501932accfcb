package rtc

import (
	"errors"
	"slices"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"
)

// table is the core the local session and the host share: the engine's
// state, the match's record (the journal), and the only ways anything
// leaves the engine — each seat's snapshot (view, what happened last,
// legal moves, actors, window), turn for a bot and the engine's
// description of every applied action for every seat. It is not safe for
// concurrent use: its owner holds a lock.
type table struct {
	entry  games.Entry
	state  games.State
	rec    *record.Record
	opened time.Time // when the current timed window (re)started
	gen    int       // counts changes, so a bot's late answer to an old position is dropped
	legal  []games.Action
	last   *applied // the last action applied here; nil after a replay of the record
}

// Snapshot is the match as one seat has it at one step: everything a page
// shows of it, each part made by the engine for that seat. Local, Host,
// Peer and Replay hand it out whole.
type Snapshot struct {
	// Step is how many actions have been applied.
	Step int
	// View is the seat's view as the game's own type (king.View, …),
	// ready for encoding/json; a peer's is the host's, read once by the
	// game's decoder (games.Entry.DecodeView), and nil before the first
	// update. Read it, never change it: a peer's snapshots of one update
	// share it.
	View games.View
	// Last is what happened last as the seat was told it: the last
	// action applied at the table or the replay's step, the events of a
	// peer's last update; empty when there is none to tell.
	Last []Event
	// Legal lists the seat's legal moves, each with its notation and its
	// description for the seat; empty when it may not act.
	Legal []Move
	// Actors lists the seats that may act, as far as the seat may know
	// (games.PublicActors).
	Actors []games.Seat
	// Deadline is the open timed window as the table waits it, or 0; it
	// ends at Ends.
	Deadline time.Duration
	Ends     time.Time
	// Done reports whether the match is over; Result holds its scores.
	Done   bool
	Result games.Result
}

// Remaining is how much of the timed window is left now, or 0.
func (s Snapshot) Remaining() time.Duration {
	if s.Deadline == 0 {
		return 0
	}
	return max(0, time.Until(s.Ends))
}

// applied is one action applied at the table, described for every seat.
type applied struct {
	index int
	seat  games.Seat
	descs []games.Description // per seat, then the spectator's
}

// newTable replays rec (a new match when it has no actions).
func newTable(e games.Entry, rec *record.Record) (*table, error) {
	if e.Game == nil {
		return nil, errors.New("no game")
	}
	s, err := record.Replay(e.Game, rec, nil)
	if err != nil {
		return nil, err
	}
	cp := *rec
	cp.Actions = slices.Clone(rec.Actions)
	if cp.Actions == nil {
		cp.Actions = []record.Step{}
	}
	return &table{entry: e, state: s, rec: &cp, opened: time.Now()}, nil
}

func (t *table) players() int { return t.rec.Players }

// applyText applies one action of seat given in the notation: a person's
// intent, from the page or the wire.
func (t *table) applyText(seat games.Seat, text string) (applied, error) {
	if t.state.Done() {
		return applied{}, games.ErrDone
	}
	a, err := t.state.ParseAction(text)
	if err != nil {
		return applied{}, err
	}
	return t.apply(seat, a)
}

// apply applies one action of seat, describing it first for every seat
// (the engine's Describe, asked before the move changes the state) and
// journaling the engine's own spelling. A bot's action comes here as the
// bot chose it.
func (t *table) apply(seat games.Seat, a games.Action) (applied, error) {
	if t.state.Done() {
		return applied{}, games.ErrDone
	}
	if seat != games.System && !slices.Contains(t.state.Legal(seat, t.legal[:0]), a) {
		// Apply says why; nothing is described for a move that is refused.
		return applied{}, t.state.Apply(seat, a)
	}
	text := t.state.FormatAction(a)
	d := t.state
	descs := make([]games.Description, t.players()+1)
	for v := range t.players() {
		descs[v] = d.Describe(games.Seat(v), seat, a)
	}
	descs[t.players()] = d.Describe(games.Observer, seat, a)
	if err := t.state.Apply(seat, a); err != nil {
		return applied{}, err
	}
	t.rec.Actions = append(t.rec.Actions, record.Step{Seat: seat, Act: text})
	t.opened = time.Now()
	t.gen++
	t.last = &applied{index: len(t.rec.Actions) - 1, seat: seat, descs: descs}
	return *t.last, nil
}

// event is an applied action as viewer may know it (Observer: a spectator).
func (a applied) event(viewer games.Seat) Event {
	i := len(a.descs) - 1
	if viewer >= 0 && int(viewer) < i {
		i = int(viewer)
	}
	return Event{Index: a.index, Seat: a.seat, Desc: a.descs[i]}
}

// moves lists seat's legal moves with their notation and their description
// as the seat itself would read them.
func (t *table) moves(seat games.Seat) []Move {
	t.legal = t.state.Legal(seat, t.legal[:0])
	d := t.state
	out := make([]Move, len(t.legal))
	for i, a := range t.legal {
		out[i] = Move{Action: a, Text: t.state.FormatAction(a), Desc: d.Describe(seat, seat, a)}
	}
	return out
}

// snapshot is the match as seat has it now (games.Observer: a spectator,
// who has no moves); window is the time the table gives the engine's
// timed window.
func (t *table) snapshot(seat games.Seat, window func(time.Duration) time.Duration) Snapshot {
	s := Snapshot{
		Step: len(t.rec.Actions), View: t.state.View(seat), Actors: games.PublicActors(t.state, seat),
		Done: t.state.Done(), Result: t.state.Result(), Legal: []Move{},
	}
	if t.last != nil {
		s.Last = []Event{t.last.event(seat)}
	}
	if seat >= 0 && int(seat) < t.players() {
		s.Legal = t.moves(seat)
	}
	if d := t.state.Deadline(); d > 0 {
		s.Deadline = window(d)
		s.Ends = t.opened.Add(s.Deadline)
	}
	return s
}

// turn is seat's turn for a bot: only what the engine makes for the seat.
func (t *table) turn(seat games.Seat) *bots.Turn {
	return bots.TurnOf(t.entry, t.rec.Config(), t.state, seat)
}

// record is a copy of the match's record.
func (t *table) record() *record.Record {
	cp := *t.rec
	cp.Actions = slices.Clone(t.rec.Actions)
	return &cp
}

// replace puts the table back at rec (an undo), keeping it when rec does
// not replay.
func (t *table) replace(rec *record.Record) error {
	s, err := record.Replay(t.entry.Game, rec, nil)
	if err != nil {
		return err
	}
	t.state, t.rec, t.opened, t.last = s, rec, time.Now(), nil
	t.gen++
	return nil
}
