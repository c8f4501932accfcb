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
// leaves the engine — each seat's view, legal moves, turn for a bot and
// the engine's description of every applied action for every seat. It is
// not safe for concurrent use: its owner holds a lock.
type table struct {
	entry  games.Entry
	state  games.State
	rec    *record.Record
	opened time.Time // when the current timed window (re)started
	gen    int       // counts changes, so a bot's late answer to an old position is dropped
	legal  []games.Action
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

// apply parses and applies one action of seat, describing it first for
// every seat (the engine's Describe, asked before the move changes the
// state) and journaling the engine's own spelling.
func (t *table) apply(seat games.Seat, text string) (applied, error) {
	if t.state.Done() {
		return applied{}, games.ErrDone
	}
	a, err := t.state.ParseAction(text)
	if err != nil {
		return applied{}, err
	}
	if seat != games.System && !slices.Contains(t.state.Legal(seat, t.legal[:0]), a) {
		// Apply says why; nothing is described for a move that is refused.
		return applied{}, t.state.Apply(seat, a)
	}
	text = t.state.FormatAction(a)
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
	return applied{index: len(t.rec.Actions) - 1, seat: seat, descs: descs}, nil
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

// turn is seat's turn for a bot: only what the engine makes for the seat.
func (t *table) turn(seat games.Seat) *bots.Turn {
	return bots.TurnOf(t.entry, t.rec.Config(), t.state, seat)
}

// remaining is how much of the open timed window is left after window(d)
// (the time the table gives the engine's window d), or 0.
func (t *table) remaining(window func(time.Duration) time.Duration) time.Duration {
	d := t.state.Deadline()
	if d == 0 {
		return 0
	}
	return max(0, window(d)-time.Since(t.opened))
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
	t.state, t.rec, t.opened = s, rec, time.Now()
	t.gen++
	return nil
}
