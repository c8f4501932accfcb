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
	game   games.Game
	state  games.State
	rec    *record.Record
	seat   games.Seat
	bots   []bots.Bot // per seat; nil where a person plays
	opened time.Time  // when the current timed window (re)started
	wake   chan struct{}
	gen    int // counts changes, so a bot's late answer to an old position is dropped

	actors []games.Seat
	legal  []games.Action

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

// NewLocal resumes rec (a new match when it has no actions) with the local
// player in seat and bots[i] playing seat i where it is not nil.
func NewLocal(g games.Game, rec *record.Record, seat games.Seat, seatBots []bots.Bot) (*Local, error) {
	if seat < 0 || int(seat) >= rec.Players {
		return nil, fmt.Errorf("seat %d is not at a %d-player table", seat, rec.Players)
	}
	if len(seatBots) != rec.Players {
		return nil, fmt.Errorf("%d bots for %d seats", len(seatBots), rec.Players)
	}
	s, err := record.Replay(g, rec, nil)
	if err != nil {
		return nil, err
	}
	cp := *rec
	cp.Actions = slices.Clone(rec.Actions)
	if cp.Actions == nil {
		cp.Actions = []record.Step{}
	}
	return &Local{
		game: g, state: s, rec: &cp, seat: seat,
		bots:   slices.Clone(seatBots),
		opened: time.Now(),
		wake:   make(chan struct{}, 1),
	}, nil
}

func (l *Local) Info() games.Info { return l.game.Info() }
func (l *Local) Seat() games.Seat { return l.seat }

func (l *Local) View() any {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state.View(l.seat)
}

// GodView is the view with every card shown, for the end of a match.
func (l *Local) GodView() any {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state.View(games.God)
}

func (l *Local) Legal() []Move {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.legal = l.state.Legal(l.seat, l.legal[:0])
	out := make([]Move, len(l.legal))
	for i, a := range l.legal {
		out[i] = Move{Action: a, Text: l.state.FormatAction(a)}
	}
	return out
}

// Actors lists the seats that may act now.
func (l *Local) Actors() []games.Seat {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.state.Actors(nil))
}

func (l *Local) Act(text string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.apply(l.seat, text)
	return err
}

// apply parses and applies one action; the caller holds the lock.
func (l *Local) apply(seat games.Seat, text string) (Event, error) {
	if l.state.Done() {
		return Event{}, games.ErrDone
	}
	a, err := l.state.ParseAction(text)
	if err != nil {
		return Event{}, err
	}
	if err := l.state.Apply(seat, a); err != nil {
		return Event{}, err
	}
	// Store the engine's own spelling so records are canonical.
	text = l.state.FormatAction(a)
	l.rec.Actions = append(l.rec.Actions, record.Step{Seat: seat, Act: text})
	l.opened = time.Now()
	l.gen++
	select {
	case l.wake <- struct{}{}:
	default:
	}
	return Event{Index: len(l.rec.Actions) - 1, Seat: seat, Act: text}, nil
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
	return l.state.Deadline()
}

// Remaining is how much of the current timed window is left, or 0.
func (l *Local) Remaining() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.state.Deadline()
	if d == 0 {
		return 0
	}
	return max(0, d-time.Since(l.opened))
}

func (l *Local) Done() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state.Done()
}

func (l *Local) Result() games.Result {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state.Result()
}

func (l *Local) Record() *record.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	cp := *l.rec
	cp.Actions = slices.Clone(l.rec.Actions)
	return &cp
}

// FormatAction is the text of an action in this match's notation.
func (l *Local) FormatAction(a games.Action) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state.FormatAction(a)
}

// CanUndo reports whether the local player has an action to take back.
func (l *Local) CanUndo() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lastOwn() >= 0
}

func (l *Local) lastOwn() int {
	for i := len(l.rec.Actions) - 1; i >= 0; i-- {
		if l.rec.Actions[i].Seat == l.seat {
			return i
		}
	}
	return -1
}

// ErrNoHint is Hint's error for a game that gives no hints.
var ErrNoHint = errors.New("this game gives no hints")

// Hint asks a solitaire game (games.Hinter) for the local player's best
// action, in the text notation, and whether the game can still be won; ok
// is false when no action helps any more.
func (l *Local) Hint() (best string, winnable, ok bool, err error) {
	h, isHinter := l.game.(games.Hinter)
	if !isHinter {
		return "", false, false, ErrNoHint
	}
	l.mu.Lock()
	s := l.state.Clone()
	l.mu.Unlock()
	if s.Done() {
		return "", false, false, games.ErrDone
	}
	a, winnable, ok := h.Hint(s)
	return s.FormatAction(a), winnable, ok, nil
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
	rec := *l.rec
	rec.Actions = slices.Clone(l.rec.Actions[:i])
	s, err := record.Replay(l.game, &rec, nil)
	if err != nil {
		return err
	}
	l.state, l.rec, l.opened = s, &rec, time.Now()
	l.gen++
	select {
	case l.wake <- struct{}{}:
	default:
	}
	return nil
}

// StepBot lets the first bot among the actors that wants to act take one
// action. It reports false when no bot acts now (none may, or every bot that
// may lets the timed window run). The bot thinks on a copy of the state,
// without holding the session, so the local player can act meanwhile; an
// answer to a position that changed in between is dropped.
func (l *Local) StepBot() (Event, bool, error) {
	l.mu.Lock()
	if l.state.Done() {
		l.mu.Unlock()
		return Event{}, false, nil
	}
	l.actors = l.state.Actors(l.actors[:0])
	seats := slices.Clone(l.actors)
	l.mu.Unlock()
	for _, seat := range seats {
		if seat < 0 || int(seat) >= len(l.bots) || l.bots[seat] == nil {
			continue
		}
		l.mu.Lock()
		s, gen := l.state.Clone(), l.gen
		l.mu.Unlock()
		a, err := l.bots[seat].Choose(s, seat)
		if errors.Is(err, bots.ErrWait) {
			continue
		}
		if err != nil {
			return Event{}, false, fmt.Errorf("bot in seat %d: %w", seat, err)
		}
		l.mu.Lock()
		if l.gen != gen {
			l.mu.Unlock()
			return Event{}, false, nil // the position moved on: think again
		}
		ev, err := l.apply(seat, l.state.FormatAction(a))
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
	d := l.state.Deadline()
	if d == 0 || time.Since(l.opened) < d {
		return Event{}, false, nil
	}
	ev, err := l.apply(games.System, l.state.FormatAction(games.Timeout))
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
