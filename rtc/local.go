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
	mu   sync.Mutex
	t    *table
	seat games.Seat
	bots []bots.Bot // per seat; nil where a person plays
	wake chan struct{}

	actors []games.Seat

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
	return &Local{t: t, seat: seat, bots: slices.Clone(seatBots), wake: make(chan struct{}, 1)}, nil
}

func (l *Local) Info() games.Info { return l.t.entry.Game.Info() }
func (l *Local) Seat() games.Seat { return l.seat }

func (l *Local) View() any {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.state.View(l.seat)
}

// GodView is the view with every card shown, for the end of a match only:
// before it ends it is the local seat's own view.
func (l *Local) GodView() any {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.t.state.Done() {
		return l.t.state.View(l.seat)
	}
	return l.t.state.View(games.God)
}

func (l *Local) Legal() []Move {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.moves(l.seat)
}

// Actors lists the seats that may act now.
func (l *Local) Actors() []games.Seat {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.t.state.Actors(nil))
}

func (l *Local) Act(text string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.apply(l.seat, text)
	return err
}

// apply applies one action and wakes Run; the caller holds the lock.
func (l *Local) apply(seat games.Seat, text string) (Event, error) {
	a, err := l.t.apply(seat, text)
	if err != nil {
		return Event{}, err
	}
	l.kick()
	return a.event(l.seat), nil
}

func (l *Local) kick() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// ActSystem applies an action no player makes, as games.System: a game's
// clock (`time 125` in timed Klondike), for instance.
func (l *Local) ActSystem(text string) (Event, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.apply(games.System, text)
}

func (l *Local) Deadline() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.state.Deadline()
}

// Remaining is how much of the current timed window is left, or 0.
func (l *Local) Remaining() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.remaining(sameWindow)
}

func sameWindow(d time.Duration) time.Duration { return d }

func (l *Local) Done() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.state.Done()
}

func (l *Local) Result() games.Result {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.state.Result()
}

func (l *Local) Record() *record.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.record()
}

// FormatAction is the text of an action in this match's notation.
func (l *Local) FormatAction(a games.Action) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.t.state.FormatAction(a)
}

// CanUndo reports whether the local player has an action to take back.
func (l *Local) CanUndo() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lastOwn() >= 0
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

// Hints reports whether the game offers hints: a one-player game with a
// solver.
func (l *Local) Hints() bool {
	return l.t.entry.Solver != nil && l.t.entry.Game.Info().MaxPlayers == 1
}

// Hint is the local player's best move as the hard bot sees it: its choice
// over deals sampled from the player's view, so a hint knows no more than
// the player. It returns the move's notation and description.
func (l *Local) Hint() (Move, error) {
	if !l.Hints() {
		return Move{}, ErrNoHint
	}
	l.mu.Lock()
	if l.t.state.Done() {
		l.mu.Unlock()
		return Move{}, games.ErrDone
	}
	turn := l.t.turn(l.seat)
	l.mu.Unlock()
	b, err := bots.New("hard", l.t.entry, BotSeed())
	if err != nil {
		return Move{}, err
	}
	a, err := b.Choose(turn)
	if err != nil {
		return Move{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range l.t.moves(l.seat) {
		if m.Action == a {
			return m, nil
		}
	}
	return Move{}, errors.New("the position changed while the hint was thought")
}

// Winnable answers the separate, explicit question whether the true deal
// can still be won: the solver looks at the hidden cards, so the record
// marks that the player asked (Record.Peeks). ok is false when the solver
// found no answer within its budget.
func (l *Local) Winnable(budget int) (winnable bool, err error) {
	if !l.Hints() {
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

// StepBot lets the first bot among the actors that wants to act take one
// action. It reports false when no bot acts now (none may, or every bot that
// may lets the timed window run). The bot thinks on the seat's turn (its
// view, legal moves and a sampler), without holding the session, so the
// local player can act meanwhile; an answer to a position that changed in
// between is dropped.
func (l *Local) StepBot() (Event, bool, error) {
	l.mu.Lock()
	if l.t.state.Done() {
		l.mu.Unlock()
		return Event{}, false, nil
	}
	l.actors = l.t.state.Actors(l.actors[:0])
	seats := slices.Clone(l.actors)
	l.mu.Unlock()
	for _, seat := range seats {
		if seat < 0 || int(seat) >= len(l.bots) || l.bots[seat] == nil {
			continue
		}
		l.mu.Lock()
		turn, gen := l.t.turn(seat), l.t.gen
		l.mu.Unlock()
		a, err := l.bots[seat].Choose(turn)
		if errors.Is(err, bots.ErrWait) {
			continue
		}
		if err != nil {
			return Event{}, false, fmt.Errorf("bot in seat %d: %w", seat, err)
		}
		l.mu.Lock()
		if l.t.gen != gen {
			l.mu.Unlock()
			return Event{}, false, nil // the position moved on: think again
		}
		ev, err := l.apply(seat, l.t.state.FormatAction(a))
		l.mu.Unlock()
		if err != nil {
			return Event{}, false, fmt.Errorf("bot in seat %d: %w", seat, err)
		}
		return ev, true, nil
	}
	return Event{}, false, nil
}

// expire applies the timeout when the timed window has passed.
func (l *Local) expire() (Event, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.t.state.Deadline() == 0 || l.t.remaining(sameWindow) > 0 {
		return Event{}, false, nil
	}
	ev, err := l.apply(games.System, l.t.state.FormatAction(games.Timeout))
	if err != nil {
		return Event{}, false, err
	}
	return ev, true, nil
}

// Run drives the bots and the timed windows until the match ends or ctx is
// cancelled. Before each bot move it waits pace() on a timer, which in the
// browser hands the thread back to the page. notify is called after every
// action Run applies (bots and timeouts), from Run's goroutine.
func (l *Local) Run(ctx context.Context, pace func() time.Duration, notify func(Event)) error {
	for {
		if l.Done() {
			return nil
		}
		wait, react := pace(), true
		if l.Deadline() > 0 {
			r := l.Remaining()
			switch {
			case l.Reaction != nil:
				if wait = l.Reaction(); wait >= r {
					wait, react = r, false // too slow this time: the window passes first
				}
			case r > 0:
				wait = min(wait, r)
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		var ev Event
		var ok bool
		var err error
		if react {
			if ev, ok, err = l.StepBot(); err != nil {
				return err
			}
		}
		if !ok {
			if ev, ok, err = l.expire(); err != nil {
				return err
			}
		}
		if ok {
			if notify != nil {
				notify(ev)
			}
			continue
		}
		// Nobody automatic may act: wait for the local player or the window.
		var deadline <-chan time.Time
		var dt *time.Timer
		if l.Deadline() > 0 {
			dt = time.NewTimer(l.Remaining())
			deadline = dt.C
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-l.wake:
		case <-deadline:
		}
		if dt != nil {
			dt.Stop()
		}
	}
}
