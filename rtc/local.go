package rtc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"
)

// Local is a match played in the page: the local player in one seat, bots in
// the others. It is safe for concurrent use: the UI calls Act while Run drives
// the bots.
type Local struct {
	mu     sync.Mutex
	t      *table
	d      *driver
	seat   games.Seat
	bots   []bots.Bot    // per seat; nil where a person plays
	script []record.Step // a lesson's actions (lesson.go): its bots play them; nil for a match
	asks   []bool        // per script action: whether it is the player's step (LessonSteps)
	wakeC  chan struct{}

	passed []int // per seat: the window (windowAt) the person let pass

	pending []Event // what the driver applied, told after the lock
	notify  func(Event)
	botErr  error

	// Reaction, when set, is how long a bot takes to answer in a timed
	// window (HumanReaction in the app); a bot slower than what is left of
	// the window misses it. Unset, bots answer after the pace.
	Reaction func() time.Duration
}

// HumanReaction is a person's reaction time, drawn uniformly between 0.6
// and 2.5 s: bots answering a timed window (a Papas interrupt) after it do
// not win every race against the player.
func HumanReaction(rng *rand.Rand) time.Duration {
	return 600*time.Millisecond + time.Duration(rng.Int64N(int64(1900*time.Millisecond)))
}

// BotSeed draws a seed for a bot from the system's generator: a bot's
// choices must not follow from the deal's seed, which would tell whoever
// knows one something of the other.
func BotSeed() uint64 { return rand.Uint64() }

// NewLocal resumes rec (a new match when it has no actions) with the local
// player in seat and bots[i] playing seat i where it is not nil.
func NewLocal(e games.Entry, rec *record.Record, seat games.Seat, seatBots []bots.Bot) (*Local, error) {
	if seat < 0 || int(seat) >= rec.Players {
		return nil, fmt.Errorf("seat %d is not at a %d-player table", seat, rec.Players)
	}
	if len(seatBots) != rec.Players {
		return nil, fmt.Errorf("%d bots for %d seats", len(seatBots), rec.Players)
	}
	t, err := newTable(e, rec)
	if err != nil {
		return nil, err
	}
	l := &Local{t: t, d: newDriver(t, nil), seat: seat, bots: slices.Clone(seatBots), wakeC: make(chan struct{}, 1), passed: make([]int, rec.Players)}
	l.d.held = l.holdsWindow
	return l, nil
}

func (l *Local) Info() games.Info { return l.t.entry.Game.Info() }
func (l *Local) Seat() games.Seat { return l.seat }

// Snapshot is the match as the local seat has it now.
func (l *Local) Snapshot() Snapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.t.snapshot(l.seat, sameWindow)
	if l.holdsWindow() {
		s.Deadline, s.Ends = 0, time.Time{} // it waits for the people sharing the phone: no clock runs
	}
	return s
}

// Act plays the local seat's action given in the notation and returns it
// as the seat is told it.
func (l *Local) Act(text string) ([]Event, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ev, err := l.applyText(l.seat, text)
	if err != nil {
		return nil, err
	}
	return []Event{ev}, nil
}

// applyText applies one action given in the notation and wakes Run; the
// caller holds the lock.
func (l *Local) applyText(seat games.Seat, text string) (Event, error) {
	a, err := l.t.applyText(seat, text)
	if err != nil {
		return Event{}, err
	}
	l.kick()
	return a.event(l.seat), nil
}

func (l *Local) kick() {
	select {
	case l.wakeC <- struct{}{}:
	default:
	}
}

// ActSystem applies an action no player makes, as games.System: a game's
// clock (`time 125` in timed Klondike), for instance.
func (l *Local) ActSystem(text string) (Event, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.applyText(games.System, text)
}

func (l *Local) Record() *record.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.record()
}

// CanUndo reports whether the local player has an action to take back.
func (l *Local) CanUndo() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.Shared() && l.lastOwn() >= 0
}

func (l *Local) lastOwn() int {
	for i := len(l.t.rec.Actions) - 1; i >= 0; i-- {
		if l.t.rec.Actions[i].Seat == l.seat {
			return i
		}
	}
	return -1
}

// ErrNoHint is Hint's error for a game that gives no hints.
var ErrNoHint = errors.New("this game gives no hints")

// Hints reports whether the game offers hints: one with a heuristic or a
// solver, every shipped game.
func (l *Local) Hints() bool {
	return l.t.entry.Advisor != nil || l.t.entry.Solver != nil
}

// Solves reports whether Winnable answers: a one-player game with a solver.
func (l *Local) Solves() bool {
	return l.t.entry.Solver != nil && l.t.entry.Game.Info().MaxPlayers == 1
}

// Hint is the local player's best move as the hard bot sees it: its choice
// over deals sampled from the player's view, so a hint knows no more than
// the player, with the heuristic's reason when it agrees.
func (l *Local) Hint() (Hint, error) { return l.hint(BotSeed()) }

// hint is Hint with the bot's seed.
func (l *Local) hint(seed uint64) (Hint, error) {
	if !l.Hints() {
		return Hint{}, ErrNoHint
	}
	l.mu.Lock()
	if l.t.state.Done() {
		l.mu.Unlock()
		return Hint{}, games.ErrDone
	}
	turn := l.t.turn(l.seat)
	at := len(l.t.rec.Actions)
	l.mu.Unlock()
	if len(turn.Legal) == 0 {
		return Hint{}, games.ErrNotYourTurn
	}
	a, wait, why, err := hintAction(l.t.entry, turn, seed)
	if err != nil {
		return Hint{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.t.rec.Actions) != at {
		return Hint{}, errPositionMoved
	}
	if wait {
		return Hint{Wait: true, Reason: why}, nil
	}
	for _, m := range l.t.moves(l.seat) {
		if m.Action == a {
			return Hint{Move: m, Reason: why}, nil
		}
	}
	return Hint{}, errPositionMoved
}

var errPositionMoved = errors.New("the position changed while the hint was thought")

// Winnable answers the separate, explicit question whether the true deal
// can still be won: the solver looks at the hidden cards, so the record
// marks that the player asked (Record.Peeks). ok is false when the solver
// found no answer within its budget.
func (l *Local) Winnable(budget int) (winnable bool, err error) {
	if !l.Solves() {
		return false, ErrNoHint
	}
	l.mu.Lock()
	if l.t.state.Done() {
		l.mu.Unlock()
		return false, games.ErrDone
	}
	s := l.t.state.Clone()
	l.t.rec.Peeks = append(l.t.rec.Peeks, len(l.t.rec.Actions))
	l.mu.Unlock()
	_, won := l.t.entry.Solver.Solve(s, l.seat, budget)
	return won, nil
}

// ErrNothingToUndo is returned by Undo before the local player's first action.
var ErrNothingToUndo = errors.New("nothing to undo")

// Undo takes back the local player's last action and every action after it
// by replaying the record without them.
func (l *Local) Undo() error {
	if l.Shared() {
		return ErrSharedUndo
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	i := l.lastOwn()
	if i < 0 {
		return ErrNothingToUndo
	}
	rec := l.t.record()
	rec.Actions = rec.Actions[:i]
	if err := l.t.replace(rec); err != nil {
		return err
	}
	l.kick()
	return nil
}

// The driver's questions (seatsOwner): bots play their seats, nobody
// stands in for the local player.

func (l *Local) lock() { l.mu.Lock() }
func (l *Local) unlock() {
	evs, notify := l.pending, l.notify
	l.pending = nil
	l.mu.Unlock()
	if notify != nil {
		for _, ev := range evs {
			notify(ev)
		}
	}
}
func (l *Local) running() (bool, error) { return true, nil }
func (l *Local) botFor(seat games.Seat, _ time.Time) bots.Bot {
	if l.script != nil {
		return l.scripted(seat)
	}
	if seat < 0 || int(seat) >= len(l.bots) {
		return nil
	}
	return l.bots[seat]
}
func (l *Local) joinsAt(games.Seat) (time.Time, bool) { return time.Time{}, false }
func (l *Local) play(seat games.Seat, a games.Action) error {
	ap, err := l.t.apply(seat, a)
	if err != nil {
		return err
	}
	l.kick()
	l.pending = append(l.pending, ap.event(l.seat))
	return nil
}
func (l *Local) failed(seat games.Seat, err error) { l.botErr = err }
func (l *Local) wake() <-chan struct{}             { return l.wakeC }
func (l *Local) gone() <-chan struct{}             { return nil }

// BotError is the last failure of a bot, which then played a random legal
// move instead so the match goes on; nil when none failed.
func (l *Local) BotError() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.botErr
}

// StepBot takes the automatic action due now, without waiting for the
// pace: a bot's move, or the timeout of a window that has passed. It
// reports whether an action was applied.
func (l *Local) StepBot() (Event, bool, error) {
	l.mu.Lock()
	l.pending = nil
	l.mu.Unlock()
	if err := l.d.step(l.collect(), 0); err != nil {
		return Event{}, false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.pending); n > 0 {
		ev := l.pending[n-1]
		l.pending = nil
		return ev, true, nil
	}
	return Event{}, false, nil
}

// collect is the Local as an owner that keeps what the driver applies for
// the caller instead of telling Run's notify.
func (l *Local) collect() seatsOwner { return collecting{l} }

type collecting struct{ *Local }

func (c collecting) unlock() { c.mu.Unlock() }

// Run drives the bots and the timed windows until the match ends or ctx is
// cancelled. Before each bot move it waits pace() on a timer (in a timed
// window the Reaction time instead, when set), which in the browser hands
// the thread back to the page. notify is called after every action Run
// applies (bots and timeouts), from Run's goroutine.
func (l *Local) Run(ctx context.Context, pace func() time.Duration, notify func(Event)) error {
	l.mu.Lock()
	l.notify, l.d.reaction = notify, l.Reaction
	l.mu.Unlock()
	return l.d.run(ctx, l, pace)
}
