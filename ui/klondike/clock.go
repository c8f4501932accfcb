package klondike

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// klondikeClock shows the time of the game being played, every second. In
// the timed option it is the game's own time (the seconds the view reports,
// which the page feeds the engine, and those since); otherwise the time this
// deal has been played, kept in local storage so a reload goes on from it.
// A tick rewrites only the clock's text, not the page.
type klondikeClock struct {
	app.Compo
	speaker
	Timed   bool
	Elapsed int    // the game's seconds, by the view (timed)
	Game    int    // which game of the match
	Seed    uint64 // the match's seed
	Known   bool   // Seed and Game are read
	Running bool   // the game is being played: the clock runs

	secs    int       // the seconds shown
	deal    [2]uint64 // untimed: the seed and game the seconds are for
	base    time.Time // timed: when the view's Elapsed was last seen
	baseSec int
	alive   int // the ticker's generation: a dismount stops it
}

// ClockKey holds the untimed clock in local storage.
const ClockKey = "cardtable.klondike.clock"

type ClockSave struct {
	Seed uint64 `json:"seed"`
	Game int    `json:"game"`
	Secs int    `json:"secs"`
}

func (c *klondikeClock) OnMount(ctx app.Context) {
	c.load(ctx)
	c.alive++
	gen := c.alive
	ctx.Async(func() {
		for {
			time.Sleep(time.Second)
			stop := false
			ctx.Dispatch(func(ctx app.Context) {
				ctx.PreventUpdate() // only the text changes
				if c.alive != gen {
					stop = true
					return
				}
				c.tick(ctx)
			})
			if stop {
				return
			}
		}
	})
}

func (c *klondikeClock) OnDismount() { c.alive++ }

func (c *klondikeClock) OnUpdate(ctx app.Context) { c.load(ctx) }

// load reads the props: the timed clock restarts from the view's seconds,
// the untimed one from what was saved for this deal.
func (c *klondikeClock) load(ctx app.Context) {
	if c.Timed {
		if c.Elapsed != c.baseSec || c.base.IsZero() {
			c.base, c.baseSec = time.Now(), c.Elapsed
		}
		c.secs = c.Elapsed
		if c.Running {
			c.secs += int(time.Since(c.base).Seconds())
		}
		return
	}
	if !c.Known {
		return
	}
	var s ClockSave
	ctx.LocalStorage().Get(ClockKey, &s)
	if s.Seed != c.Seed || s.Game != c.Game {
		s = ClockSave{Seed: c.Seed, Game: c.Game}
		ctx.LocalStorage().Set(ClockKey, s)
	}
	if deal := [2]uint64{c.Seed, uint64(c.Game)}; deal != c.deal || s.Secs > c.secs {
		c.deal, c.secs = deal, s.Secs
	}
}

// tick counts a second and rewrites the text.
func (c *klondikeClock) tick(ctx app.Context) {
	if !c.Running {
		return
	}
	if c.Timed {
		c.secs = c.baseSec + int(time.Since(c.base).Seconds())
	} else {
		if !c.Known {
			return
		}
		c.secs++
		ctx.LocalStorage().Set(ClockKey, ClockSave{Seed: c.Seed, Game: c.Game, Secs: c.secs})
	}
	if t := ctx.JSSrc().Get("lastChild").Get("firstChild"); t.Truthy() {
		t.Set("nodeValue", Time(c.secs))
	}
}

func (c *klondikeClock) Render() app.UI {
	label := c.P().T("Time played")
	if c.Timed {
		label = c.P().T("Time of the game")
	}
	return app.Span().Class("kl__clock").Body(
		app.Span().Class("kl__clock-label").Text(c.P().T("Time")),
		app.Span().ID("kl-clock").Attr("role", "timer").Aria("label", label).Text(Time(c.secs)))
}

// Time writes seconds as a clock: "3:05", "1:02:09".
func Time(s int) string {
	if s < 0 {
		s = 0
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
