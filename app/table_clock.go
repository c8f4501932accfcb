package main

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/rtc"
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

// tick gives sess `time N` when the seconds since the deal grew; it
// reports whether it did.
func (c *gameClock) tick(sess *rtc.Local) bool {
	if !c.on {
		return false
	}
	n := int(time.Since(c.started).Seconds())
	if n <= c.elapsed {
		return false
	}
	if _, err := sess.ActSystem(fmt.Sprintf("time %d", n)); err != nil {
		return false
	}
	c.elapsed = n
	return true
}

// run calls tick every 10 seconds on the page's context while the clock is
// on, until tick says the page moved on.
func (c *gameClock) run(page app.Context, tick func(ctx app.Context) bool) {
	if c.ticking || !c.on {
		return
	}
	c.ticking = true
	page.After(10*time.Second, func(ctx app.Context) {
		c.ticking = false
		if tick(ctx) {
			c.run(page, tick)
		}
	})
}
