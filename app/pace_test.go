package main

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"cardtable/games"
	"cardtable/rtc"
)

// TestBotPaceGivesATrickTimeToRead: after the action that finishes a trick
// the next bot move waits at least 1.5 s at the normal pace (scaled with
// the pace the player chose, nothing at the instant pace); any other action
// waits the pace; a round that ends pauses the bots until its summary is
// put away, when they move at a human pace.
func TestBotPaceGivesATrickTimeToRead(t *testing.T) {
	ev := func(i int, outcome string) rtc.Event {
		return rtc.Event{Index: i, Desc: games.Description{Outcome: outcome}}
	}
	normal, slow, fast := 600*time.Millisecond, 1200*time.Millisecond, 250*time.Millisecond
	for _, tc := range []struct {
		name   string
		base   time.Duration
		told   []rtc.Event
		want   time.Duration
		paused bool
	}{
		{"a card played waits the pace", normal, []rtc.Event{ev(0, "")}, normal, false},
		{"a trick taken stays 1.5 s at the normal pace", normal, []rtc.Event{ev(0, ""), ev(1, "trick")}, 1500 * time.Millisecond, false},
		{"a slow pace keeps it longer", slow, []rtc.Event{ev(4, "trick")}, 3 * time.Second, false},
		{"a fast pace keeps it shorter", fast, []rtc.Event{ev(4, "trick")}, 625 * time.Millisecond, false},
		{"the instant pace keeps nothing", 0, []rtc.Event{ev(4, "trick")}, 0, false},
		{"the next lead after the hold waits the pace", normal, []rtc.Event{ev(3, "trick"), ev(4, "")}, normal, false},
		{"a round ended pauses the bots", normal, []rtc.Event{ev(7, "round")}, time.Hour, true},
		{"at the instant pace a round does not pause", 0, []rtc.Event{ev(7, "round")}, 0, false},
		{"the match's end holds nothing", normal, []rtc.Event{ev(7, "match")}, normal, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var paused atomic.Bool
			b := newBotPace(tc.base, &paused)
			for _, e := range tc.told {
				b.told(e)
			}
			assert.Equal(t, tc.want, b.next())
			assert.Equal(t, tc.paused, paused.Load())
		})
	}
}

// TestBotPaceReadsAndWritesAcrossGoroutines: the driver tells and asks on
// its goroutine while the page tells its player's moves on another.
func TestBotPaceReadsAndWritesAcrossGoroutines(t *testing.T) {
	var paused atomic.Bool
	b := newBotPace(600*time.Millisecond, &paused)
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				outcome := ""
				if i%4 == 3 {
					outcome = "trick"
				}
				b.told(rtc.Event{Index: 2*i + g, Desc: games.Description{Outcome: outcome}})
				assert.GreaterOrEqual(t, b.next(), 600*time.Millisecond)
			}
		}()
	}
	wg.Wait()
	assert.False(t, paused.Load())
}
