package rtc

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// papasScript is a two-player Papas lesson from a fixed deal, the player in
// seat 0: a window the player cannot answer (after the player's own play),
// one the player answers (No Poh on Papa Dorada), one the bot cannot answer
// (after that No Poh) and one the player lets pass (a lone Papa 3).
func papasScript(t *testing.T) (games.Entry, *record.Record) {
	t.Helper()
	e, err := catalog.Lookup("papas")
	require.NoError(t, err)
	hands := [][]string{
		{"papa1", "papa2", "nopoh", "nopoh", "duquesas1"},
		{"dorada", "papa3", "papa4", "papa5", "fritas1"},
	}
	counts := map[string]int{"wild": 15, "nopoh": 10, "tedije": 3, "dorada": 6, "robo": 4}
	for v := 1; v <= 5; v++ {
		counts[fmt.Sprintf("papa%d", v)] = 6
		counts[fmt.Sprintf("duquesas%d", v)] = 5
		counts[fmt.Sprintf("fritas%d", v)] = 4
	}
	for _, h := range hands {
		for _, c := range h {
			counts[c]--
		}
	}
	stock := []string{}
	for _, c := range slices.Sorted(maps.Keys(counts)) { // a fixed order
		for range counts[c] {
			stock = append(stock, c)
		}
	}
	first := 0
	rec := record.New("papas", games.Config{Players: 2, Deals: []games.Deal{{Hands: hands, Stock: stock, First: &first}}})
	for _, st := range []record.Step{
		{Seat: 0, Act: "play papa1"}, {Seat: games.System, Act: "timeout"}, {Seat: 0, Act: "end"},
		{Seat: 1, Act: "play dorada"}, {Seat: 0, Act: "interrupt nopoh"}, {Seat: games.System, Act: "timeout"},
		{Seat: 1, Act: "play papa3"}, {Seat: games.System, Act: "timeout"}, {Seat: 1, Act: "end"},
	} {
		rec.Actions = append(rec.Actions, st)
	}
	return e, rec
}

// TestALessonsStepsAreThePlayersActionsAndTheWindowsTheyLetPass: a window
// is the player's step only when the player could answer it.
func TestALessonsStepsAreThePlayersActionsAndTheWindowsTheyLetPass(t *testing.T) {
	e, script := papasScript(t)
	asks, err := LessonSteps(e.Game, script, 0)
	require.NoError(t, err)
	assert.Equal(t, []bool{true, false, true, false, true, false, false, true, false}, asks)
}

// TestALessonHoldsEveryWindowUntilItsScriptLetsItPass: driven by Run with
// windows that would pass at once on a clock, a lesson waits at each of
// the player's steps in a window (an answer, and letting it pass), passes
// the windows the player cannot answer by the script, refuses LetPass
// when the step is another, and plays the script to its end.
func TestALessonHoldsEveryWindowUntilItsScriptLetsItPass(t *testing.T) {
	e, script := papasScript(t)
	l, err := NewLesson(e, script, 0)
	require.NoError(t, err)
	l.d.window = func(time.Duration) time.Duration { return 0 } // a clock would pass every window at once
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ran := make(chan error, 1)
	go func() { ran <- l.Run(ctx, func() time.Duration { return time.Millisecond }, nil) }()

	waitStep := func(want int) record.Step {
		t.Helper()
		require.Eventually(t, func() bool {
			step, _, mine, _ := l.LessonStep()
			return mine && step == want
		}, 5*time.Second, time.Millisecond, "step %d is asked", want)
		_, next, _, _ := l.LessonStep()
		return next
	}
	// waits reports that the lesson is still at the step after the driver
	// had many turns (its pace is a millisecond).
	stays := func(n int) {
		t.Helper()
		time.Sleep(50 * time.Millisecond)
		assert.Len(t, l.Record().Actions, n, "the lesson waits for the player")
	}

	next := waitStep(1)
	assert.Equal(t, "play papa1", next.Act)
	assert.ErrorIs(t, l.LetPass(), ErrNotTheStep)
	_, err = l.Act("play papa1")
	require.NoError(t, err)

	waitStep(2) // the window after the player's play passed by the script
	_, err = l.Act("end")
	require.NoError(t, err)

	next = waitStep(3) // the answer to Papa Dorada
	assert.Equal(t, 0, int(next.Seat))
	assert.Zero(t, l.Snapshot().Deadline, "no clock runs in a lesson's window")
	assert.False(t, l.Asking(), "the step is an answer, not letting it pass")
	stays(4)
	legal := l.Snapshot().Legal
	require.Len(t, legal, 1)
	assert.True(t, l.IsLessonStep(legal[0].Text))
	_, err = l.Act(legal[0].Text)
	require.NoError(t, err)

	next = waitStep(4) // letting the lone Papa 3 pass
	assert.Equal(t, games.System, next.Seat)
	assert.True(t, l.LessonLetsPass())
	assert.True(t, l.Asking())
	stays(7)
	require.NoError(t, l.LetPass())

	require.Eventually(t, func() bool { _, _, _, done := l.LessonStep(); return done }, 5*time.Second, time.Millisecond)
	assert.Equal(t, script.Actions, l.Record().Actions)
	cancel()
	<-ran
}
