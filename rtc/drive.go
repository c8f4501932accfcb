package rtc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
)

// seatsOwner is what the driver asks of the session that owns a table (the
// local session or the host). Every method but lock and unlock is called
// with the owner's lock held.
type seatsOwner interface {
	lock()
	unlock() // also delivers what the owner collected under the lock
	// running reports whether automatic moves may happen now; err ends
	// the drive (the host closed).
	running() (ok bool, err error)
	// botFor is the bot that plays seat at now, or nil when a person does.
	botFor(seat games.Seat, now time.Time) bots.Bot
	// joinsAt is when a seat nobody plays now gets a bot (an away
	// player's grace ending); ok false when never.
	joinsAt(seat games.Seat) (at time.Time, ok bool)
	// play applies a move the driver chose (a bot's, as the bot chose it,
	// or a window's timeout) and tells everyone.
	play(seat games.Seat, a games.Action) error
	// failed tells the owner a bot failed.
	failed(seat games.Seat, err error)
	// wake is signalled whenever the table changes.
	wake() <-chan struct{}
	// gone is closed when the owner ends.
	gone() <-chan struct{}
}

// driver drives a table's automatic moves, the same way for the local
// session and the host: bots move one action at a time, pace after the
// last action (in a timed window after a person's reaction time, when the
// owner sets one, drawn once per window), a bot that lets a window run is
// not asked again before the next action, stand-ins join when the owner
// says, and the window passes as Timeout by System. Bots think on their
// seat's Turn outside the owner's lock; an answer to a position that moved
// on is dropped.
type driver struct {
	t        *table
	window   func(time.Duration) time.Duration // the table's time for the engine's window
	reaction func() time.Duration              // a bot's reaction in a window; nil: the pace
	waited   []int                             // the step at which each seat's bot let the window run
	react    time.Duration
	reactFor int // 1 + the step the reaction time was drawn for
	actors   []games.Seat
	// held, when set, keeps the timed window open while it reports true
	// (people sharing one phone, each still to be asked); bots still
	// answer in it. Called with the owner's lock held.
	held func() bool
	// passes, when set, reports that the open timed window passes after
	// the pace, without waiting for its clock (a lesson's script lets it
	// pass next). Called with the owner's lock held.
	passes func() bool
}

func newDriver(t *table, window func(time.Duration) time.Duration) *driver {
	if window == nil {
		window = sameWindow
	}
	w := make([]int, t.players())
	for i := range w {
		w[i] = -1
	}
	return &driver{t: t, window: window, waited: w}
}

func sameWindow(d time.Duration) time.Duration { return d }

// paceNow is how long a bot waits after the last action: the pace, or the
// reaction time drawn for the open window.
func (d *driver) paceNow(p time.Duration) time.Duration {
	if d.reaction == nil || d.t.state.Deadline() == 0 {
		return p
	}
	if step := len(d.t.rec.Actions); d.reactFor != step+1 {
		d.react, d.reactFor = d.reaction(), step+1
	}
	return d.react
}

// next says when the next automatic action is due: a bot's move (pace
// after the last action), a stand-in joining, or the timed window passing.
// ok is false when nothing automatic is pending.
func (d *driver) next(o seatsOwner, pace time.Duration, now time.Time) (due time.Time, ok bool) {
	if d.t.state.Done() {
		return time.Time{}, false
	}
	consider := func(t time.Time) {
		if !ok || t.Before(due) {
			due, ok = t, true
		}
	}
	step := len(d.t.rec.Actions)
	d.actors = d.t.state.Actors(d.actors[:0])
	for _, a := range d.actors {
		if o.botFor(a, now) != nil {
			if d.waited[a] != step {
				consider(d.t.opened.Add(pace))
			}
		} else if at, yes := o.joinsAt(a); yes {
			consider(at)
		}
	}
	if w := d.t.state.Deadline(); w > 0 {
		if d.passing() {
			consider(d.t.opened.Add(pace))
		} else if !d.holding() {
			consider(d.t.opened.Add(d.window(w)))
		}
	}
	return due, ok
}

// run drives the table until the match ends (nil), ctx ends or the owner
// stops. Each wait is on a timer, which in the browser hands the thread
// back to the page.
func (d *driver) run(ctx context.Context, o seatsOwner, pace func() time.Duration) error {
	for {
		p := pace()
		o.lock()
		live, err := o.running()
		if err != nil {
			o.unlock()
			return err
		}
		if live && d.t.state.Done() {
			o.unlock()
			return nil
		}
		now := time.Now()
		var due time.Time
		ok := false
		if live {
			p = d.paceNow(p)
			due, ok = d.next(o, p, now)
		}
		o.unlock()
		var timer <-chan time.Time
		var t *time.Timer
		if ok {
			t = time.NewTimer(max(0, due.Sub(now)))
			timer = t.C
		}
		select {
		case <-ctx.Done():
			stop(t)
			return ctx.Err()
		case <-o.gone():
			stop(t)
			return ErrClosed
		case <-o.wake():
			stop(t)
			continue
		case <-timer:
		}
		if err := d.step(o, p); err != nil {
			return err
		}
	}
}

// holding reports whether the owner keeps the open window from passing.
func (d *driver) holding() bool { return d.held != nil && d.held() }

// passing reports whether the owner lets the open window pass after the
// pace.
func (d *driver) passing() bool { return d.passes != nil && d.passes() }

func stop(t *time.Timer) {
	if t != nil {
		t.Stop()
	}
}

// step takes the automatic action that is due, if any.
func (d *driver) step(o seatsOwner, pace time.Duration) error {
	o.lock()
	now := time.Now()
	if live, _ := o.running(); !live || d.t.state.Done() {
		o.unlock()
		return nil
	}
	step := len(d.t.rec.Actions)
	d.actors = d.t.state.Actors(d.actors[:0])
	var seat games.Seat
	var bot bots.Bot
	if now.Sub(d.t.opened) >= pace {
		for _, a := range d.actors {
			if b := o.botFor(a, now); b != nil && d.waited[a] != step {
				seat, bot = a, b
				break
			}
		}
	}
	if bot == nil {
		var err error
		if w := d.t.state.Deadline(); w > 0 {
			waited := now.Sub(d.t.opened)
			if d.passing() && waited >= pace || !d.holding() && waited >= d.window(w) {
				err = o.play(games.System, games.Timeout)
			}
		}
		o.unlock()
		return err
	}
	turn, gen := d.t.turn(seat), d.t.gen
	o.unlock()

	a, err := bot.Choose(turn)
	o.lock()
	defer o.unlock()
	if d.t.gen != gen || o.botFor(seat, time.Now()) != bot {
		return nil // the table moved on while the bot thought
	}
	if errors.Is(err, bots.ErrWait) {
		d.waited[seat] = step // it lets the timed window run: ask again after the next action
		return nil
	}
	if err == nil {
		err = o.play(seat, a)
	}
	if err != nil {
		// A failing bot must not stall the match: a random legal move instead.
		o.failed(seat, fmt.Errorf("bot in seat %d: %w", seat, err))
		if legal := d.t.state.Legal(seat, nil); len(legal) > 0 {
			return o.play(seat, legal[rand.IntN(len(legal))])
		}
	}
	return nil
}
