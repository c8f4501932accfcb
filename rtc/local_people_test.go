package rtc

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// sharedSession is a match of e where people play seats 0 and 1 on one
// phone and random bots the others; its windows pass at once when they may.
func sharedSession(t *testing.T, e games.Entry, seed uint64) *Local {
	t.Helper()
	n := max(2, e.Game.Info().MinPlayers)
	seats := make([]bots.Bot, n)
	for i := 2; i < n; i++ {
		seats[i] = bots.NewRandom(seed + uint64(i))
	}
	l, err := NewLocal(e, record.New(e.Game.Info().ID, games.Config{Players: n, Seed: seed}), 0, seats)
	require.NoError(t, err)
	l.d.window = func(time.Duration) time.Duration { return 0 }
	return l
}

// TestPassAndPlayShowsEachPersonTheirOwnTurns: in every game of two or more
// players, two people sharing the phone each act only in their own seat,
// shown their own view, the phone passing whenever the next to act is the
// other; a timed window waits until both have been asked, and the match
// plays to its end.
func TestPassAndPlayShowsEachPersonTheirOwnTurns(t *testing.T) {
	for _, e := range catalog.All() {
		if e.Game.Info().MaxPlayers < 2 {
			continue
		}
		t.Run(e.Game.Info().ID, func(t *testing.T) {
			l := sharedSession(t, e, 7)
			assert.Equal(t, []games.Seat{0, 1}, l.People())
			assert.True(t, l.Shared())
			rng := rand.New(rand.NewPCG(1, 2))
			handoffs, windows := 0, 0
			asked := map[int][]games.Seat{} // per window: the people asked
			for steps := 0; !l.Snapshot().Done; steps++ {
				require.Less(t, steps, 20000, "the match does not end")
				who, ok := l.Due()
				if !ok {
					ev, moved, err := l.StepBot()
					require.NoError(t, err)
					require.True(t, moved, "no person is due and no bot moved")
					if ev.Seat == games.System {
						assert.ElementsMatch(t, []games.Seat{0, 1}, asked[ev.Index], "the window passed before every person was asked")
					}
					continue
				}
				if who != l.Seat() {
					handoffs++
					require.NoError(t, l.SetSeat(who))
				}
				s := l.Snapshot()
				require.Equal(t, who, s.View.Viewer(), "the view is the shown person's")
				if l.t.state.Deadline() > 0 {
					windows++
					assert.Zero(t, s.Deadline, "no clock runs while the people are asked")
					asked[s.Step] = append(asked[s.Step], who)
					if len(s.Legal) == 0 || rng.IntN(2) == 0 {
						require.NoError(t, l.LetPass())
						continue
					}
				}
				require.NotEmpty(t, s.Legal, "a person due has a move")
				_, err := l.Act(s.Legal[rng.IntN(len(s.Legal))].Text)
				require.NoError(t, err)
			}
			assert.Positive(t, handoffs, "the phone never passed")
			t.Logf("%d handoffs, %d people asked in windows", handoffs, windows)
		})
	}
}

// TestTheLogRebuiltForTheNextPersonIsWhatTheyWereTold: Told(seat) is every
// action as the engine describes it for that seat, as a replay seen from
// the seat tells it; the other person's hidden cards are not in it.
func TestTheLogRebuiltForTheNextPersonIsWhatTheyWereTold(t *testing.T) {
	for _, id := range []string{"king", "eatpairs", "papas"} {
		t.Run(id, func(t *testing.T) {
			l := sharedSession(t, mustEntry(id), 3)
			rng := rand.New(rand.NewPCG(3, 4))
			for range 60 {
				if l.Snapshot().Done {
					break
				}
				if who, ok := l.Due(); ok {
					require.NoError(t, l.SetSeat(who))
					s := l.Snapshot()
					if len(s.Legal) == 0 {
						require.NoError(t, l.LetPass())
						continue
					}
					_, err := l.Act(s.Legal[rng.IntN(len(s.Legal))].Text)
					require.NoError(t, err)
					continue
				}
				_, _, err := l.StepBot()
				require.NoError(t, err)
			}
			rec := l.Record()
			for _, seat := range []games.Seat{0, 1} {
				told, err := l.Told(seat)
				require.NoError(t, err)
				require.Len(t, told, len(rec.Actions))
				r, err := NewReplay(mustEntry(id), rec)
				require.NoError(t, err)
				require.NoError(t, r.SetViewer(seat))
				for i := range told {
					require.NoError(t, r.Seek(i+1))
					want, ok := r.Last()
					require.True(t, ok)
					assert.Equal(t, want, told[i], "action %d as seat %d was told it", i, seat)
				}
			}
		})
	}
}

func TestPassAndPlayRefusesABotsSeatAndUndo(t *testing.T) {
	l := sharedSession(t, kingEntry, 1)
	assert.ErrorIs(t, l.SetSeat(2), ErrNotAPerson)
	assert.ErrorIs(t, l.SetSeat(9), ErrNotAPerson)
	assert.Equal(t, games.Seat(0), l.Seat(), "a refused seat changes nothing")
	for {
		who, ok := l.Due()
		if ok && who == 0 {
			break
		}
		if ok {
			require.NoError(t, l.SetSeat(who))
			_, err := l.Act(l.Snapshot().Legal[0].Text)
			require.NoError(t, err)
			continue
		}
		_, _, err := l.StepBot()
		require.NoError(t, err)
	}
	require.NoError(t, l.SetSeat(0))
	_, err := l.Act(l.Snapshot().Legal[0].Text)
	require.NoError(t, err)
	assert.False(t, l.CanUndo(), "one person's undo would take back the others' moves")
	before := l.Record()
	assert.ErrorIs(t, l.Undo(), ErrSharedUndo)
	assert.Equal(t, before, l.Record())
	assert.ErrorIs(t, l.LetPass(), ErrNoWindow, "King has no window to let pass")
}

// A solo table (one person) keeps its timed windows on the clock.
func TestASoloWindowIsNotHeld(t *testing.T) {
	rec := record.New("window", games.Config{Players: 1})
	l, err := NewLocal(games.Entry{Game: windowGame{}}, rec, 0, []bots.Bot{nil})
	require.NoError(t, err)
	assert.False(t, l.Shared())
	assert.Equal(t, 20*time.Millisecond, l.Snapshot().Deadline)
	assert.ErrorIs(t, l.LetPass(), ErrNoWindow)
	assert.False(t, l.holdsWindow())
}

// A lesson's other seats are played by its script, not by people on the
// phone: nobody to pass the phone to.
func TestALessonIsNotShared(t *testing.T) {
	rec := record.New("king", games.Config{Players: 4, Seed: 5})
	l := kingSession(t, 5)
	for !l.Snapshot().Done && len(rec.Actions) < 12 {
		s := l.Snapshot()
		if len(s.Legal) > 0 {
			_, err := l.Act(s.Legal[0].Text)
			require.NoError(t, err)
		} else {
			_, _, err := l.StepBot()
			require.NoError(t, err)
		}
		rec = l.Record()
	}
	lesson, err := NewLesson(kingEntry, rec, 0)
	require.NoError(t, err)
	assert.Equal(t, []games.Seat{0}, lesson.People())
	assert.False(t, lesson.Shared())
}
