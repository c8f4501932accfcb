package main

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/ui"
)

// The table's clock: a timed game's seconds as system actions.

// gameClock feeds a timed game (Klondike's timed option) the seconds since
// its deal as `time N` system actions: every 10 seconds and before each of
// the player's actions. The clock stops while the app is closed.
type gameClock struct {
	on      bool
	game    int       // which game of the match the clock counts for
	started time.Time // when, by this page's clock, the deal happened
	elapsed int       // the seconds the view last reported
	ticking bool
}

// sync reads the view: starts the clock for a new deal, stops it when the
// match is over.
func (c *gameClock) sync(v ui.View, done bool) {
	cv, ok := v.(ui.Clocked)
	if !ok {
		c.on = false
		return
	}
	timed, elapsed, game := cv.Clock()
	c.elapsed = elapsed
	if !timed || done {
		c.on = false
		return
	}
	if !c.on || game != c.game {
		c.on, c.game = true, game
		c.started = time.Now().Add(-time.Duration(elapsed) * time.Second)
	}
}

// tick applies `time N` when N grew; it reports whether it did.
func (p *tablePage) tick() bool {
	if !p.clock.on || p.sess == nil || p.snap.Done {
		return false
	}
	n := int(time.Since(p.clock.started).Seconds())
	if n <= p.clock.elapsed {
		return false
	}
	if _, err := p.sess.ActSystem(fmt.Sprintf("time %d", n)); err != nil {
		return false
	}
	p.clock.elapsed = n
	return true
}

// runClock ticks every 10 seconds while the page shows a timed game.
func (p *tablePage) runClock(ctx app.Context) {
	if p.clock.ticking || !p.clock.on {
		return
	}
	p.clock.ticking = true
	sess := p.sess
	p.pageCtx.After(10*time.Second, func(ctx app.Context) {
		p.clock.ticking = false
		if p.sess != sess {
			return
		}
		if p.tick() {
			p.refresh(ctx)
		}
		p.runClock(ctx)
	})
}
