package main

import (
	"sync/atomic"
	"time"

	"cardtable/rtc"
)

// readFactor is how many bot paces a finished trick stays on the table
// before a bot leads the next one: 1.5 s at the normal pace (600 ms), scaled
// with the bot speed the player chose, nothing at the instant pace.
const readFactor = 5 / 2.0

// botPace is how long the bots wait before each move. It is told every
// action the moment it is applied, on the goroutine that drives the bots,
// before the driver asks for the next wait: a round that just ended holds
// the bots until its summary is put away, and a trick just taken stays long
// enough to be read.
type botPace struct {
	base   time.Duration
	paused *atomic.Bool // a round's summary is open
	steps  atomic.Int64 // actions applied so far, as last told
	hold   atomic.Int64 // the step count at which a finished trick is on show, -1 for none
}

func newBotPace(base time.Duration, paused *atomic.Bool) *botPace {
	b := &botPace{base: base, paused: paused}
	b.hold.Store(-1)
	return b
}

// told notes the action ev, just applied: ev.Index+1 actions are applied.
// A round that ends pauses the bots (when they move at a human pace); a
// trick that ends holds the next move.
func (b *botPace) told(ev rtc.Event) {
	n := int64(ev.Index) + 1
	b.steps.Store(n)
	switch ev.Desc.Outcome {
	case "round":
		if b.base > 0 {
			b.paused.Store(true)
		}
		b.hold.Store(n)
	case "trick":
		b.hold.Store(n)
	}
}

// next is the wait before the next bot move.
func (b *botPace) next() time.Duration {
	if b.paused.Load() {
		return time.Hour // a round's summary is open: the next deal waits
	}
	if b.hold.Load() == b.steps.Load() {
		return max(b.base, b.readTime())
	}
	return b.base
}

// readTime is how long a finished trick stays before a bot leads again.
func (b *botPace) readTime() time.Duration {
	return time.Duration(float64(b.base) * readFactor)
}
