package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	engines "cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
)

// TestEveryLessonPlaysItsRecord: each game's guided first game replays
// legally; played through a lesson session, the bots play the record's
// actions at their seats, and every step the player is asked for is the
// record's next action (and no other legal move is), or letting a timed
// window pass, which waits for the player; its words are there.
func TestEveryLessonPlaysItsRecord(t *testing.T) {
	for _, g := range Games {
		if g.Lesson == nil {
			continue
		}
		t.Run(g.ID, func(t *testing.T) {
			l := g.Lesson
			e, err := engines.Lookup(g.ID)
			require.NoError(t, err)
			script, err := l.Script(e.Game)
			require.NoError(t, err)
			_, err = record.Replay(e.Game, script, nil)
			require.NoError(t, err, "the record replays")
			for i, k := range l.Steps {
				assert.NotEmpty(t, k.Say(nil), "step %d has words", i+1)
			}
			assert.NotEmpty(t, l.Learned, "the end says what was learned")

			sess, err := rtc.NewLesson(e, script, l.Seat)
			require.NoError(t, err)
			mineSeen := 0
			for range len(script.Actions) + 1 {
				step, next, mine, done := sess.LessonStep()
				assert.Equal(t, mineSeen+1, step)
				if done {
					break
				}
				if mine && next.Seat == games.System {
					// The step lets a timed window pass: it waits for the
					// player (no clock), and every answer is refused.
					mineSeen++
					assert.NotEmpty(t, l.StepSay(nil, step))
					assert.True(t, sess.LessonLetsPass() && sess.Asking(), "step %d lets the window pass", step)
					assert.Zero(t, sess.Snapshot().Deadline, "no clock runs while the lesson waits")
					for _, mv := range sess.Snapshot().Legal {
						assert.False(t, sess.IsLessonStep(mv.Text), "step %d refuses %q", step, mv.Text)
					}
					_, ok, err := sess.StepBot()
					require.NoError(t, err)
					require.False(t, ok, "the window waits for the player")
					require.NoError(t, sess.LetPass())
					_, ok, err = sess.StepBot()
					require.NoError(t, err)
					require.True(t, ok, "the window passes once the player lets it")
					continue
				}
				if mine {
					mineSeen++
					assert.NotEmpty(t, l.StepSay(nil, step))
					assert.False(t, sess.LessonLetsPass())
					assert.True(t, sess.IsLessonStep(next.Act), "step %d asks for the record's action %q", step, next.Act)
					for _, mv := range sess.Snapshot().Legal {
						if mv.Text != next.Act {
							assert.False(t, sess.IsLessonStep(mv.Text), "step %d refuses %q", step, mv.Text)
						}
					}
					_, err := sess.Act(next.Act)
					require.NoError(t, err)
					continue
				}
				_, ok, err := sess.StepBot()
				require.NoError(t, err)
				require.True(t, ok, "a bot plays %q", next.Act)
				rec := sess.Record()
				assert.Equal(t, next, rec.Actions[len(rec.Actions)-1], "the bot played the record's action")
			}
			_, _, _, done := sess.LessonStep()
			assert.True(t, done)
			assert.Equal(t, len(l.Steps), mineSeen)
			assert.Equal(t, script.Actions, sess.Record().Actions)
		})
	}
}

// TestALessonRefusesABadRecord: a record with an illegal action, or none
// for the player, makes no lesson.
func TestALessonRefusesABadRecord(t *testing.T) {
	e, err := engines.Lookup("king")
	require.NoError(t, err)
	cfg := games.Config{Players: 4, Seed: 7}
	bad := record.New("king", cfg)
	bad.Actions = []record.Step{{Seat: 0, Act: "play 2C"}}
	_, err = rtc.NewLesson(e, bad, 0)
	assert.Error(t, err)
	none := record.New("king", cfg)
	_, err = rtc.NewLesson(e, none, 0)
	assert.Error(t, err)
}
