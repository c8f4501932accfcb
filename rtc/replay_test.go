package rtc

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// botRecord plays one whole match of random bots and returns its record.
func botRecord(t testing.TB, e games.Entry, players int, seed uint64) *record.Record {
	t.Helper()
	cfg := games.Config{Players: players, Seed: seed}
	s, err := e.Game.New(cfg)
	require.NoError(t, err)
	rec := record.New(e.Game.Info().ID, cfg)
	seats := make([]bots.Bot, players)
	for i := range seats {
		seats[i] = bots.NewRandom(seed*31 + uint64(i))
	}
	require.NoError(t, bots.Play(e, cfg, s, seats, games.NewRand(seed+7), 200000, func(seat games.Seat, a games.Action) {
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
	}))
	return rec
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// viewers are every seat, the spectator and, for a finished record, God.
func viewers(players int) []games.Seat {
	out := []games.Seat{games.Observer, games.God}
	for i := range players {
		out = append(out, games.Seat(i))
	}
	return out
}

// TestReplayStepsBackAndForthLikeAFreshReplay: wherever the replay arrives
// (one step on, one back, a jump either way), every viewer's view, the
// description of the last action and the result are those of the record's
// prefix replayed from the start, for a match of every game.
func TestReplayStepsBackAndForthLikeAFreshReplay(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			rec := botRecord(t, e, info.MinPlayers, 3)
			r, err := NewReplay(e, rec)
			require.NoError(t, err)
			require.True(t, r.Finished())
			require.Equal(t, len(rec.Actions), r.Len())
			rng := rand.New(rand.NewPCG(1, 2))
			k := 0
			for range 40 {
				switch rng.IntN(4) {
				case 0:
					k = min(k+1, r.Len())
				case 1:
					k = max(k-1, 0)
				default:
					k = rng.IntN(r.Len() + 1)
				}
				require.NoError(t, r.Seek(k))
				require.Equal(t, k, r.At())
				prefix := *rec
				prefix.Actions = rec.Actions[:k]
				fresh, err := record.Replay(e.Game, &prefix, nil)
				require.NoError(t, err)
				var before games.State
				if k > 0 {
					prefix.Actions = rec.Actions[:k-1]
					before, err = record.Replay(e.Game, &prefix, nil)
					require.NoError(t, err)
				}
				for _, v := range viewers(info.MinPlayers) {
					require.NoError(t, r.SetViewer(v))
					require.Equal(t, jsonOf(t, fresh.View(v)), jsonOf(t, r.Snapshot().View), "step %d, viewer %d", k, v)
					ev, ok := r.Last()
					require.Equal(t, k > 0, ok)
					if k > 0 {
						st := rec.Actions[k-1]
						a, err := before.ParseAction(st.Act)
						require.NoError(t, err)
						want := before.Describe(v, st.Seat, a)
						assert.Equal(t, want, ev.Desc, "step %d, viewer %d", k, v)
					}
				}
				assert.Equal(t, fresh.Done(), r.Snapshot().Done)
				assert.Equal(t, fresh.Result(), r.Snapshot().Result)
				assert.Len(t, r.Record().Actions, k)
			}
		})
	}
}

// cardsIn lists the card codes a view holds anywhere, as JSON strings.
func cardsIn(t *testing.T, view any, codes []string) []string {
	t.Helper()
	js := jsonOf(t, view)
	var out []string
	for _, c := range codes {
		if strings.Contains(js, `"`+c+`"`) {
			out = append(out, c)
		}
	}
	return out
}

// TestReplaySeatViewHidesOtherHands: at every step of the first round of a
// match of every game, a seat's view in the replay holds no card of another
// seat's hand (as the view with every card shown lists them) that a
// spectator does not see too. Every action's description for the seat
// names no such card either.
func TestReplaySeatViewHidesOtherHands(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		if info.MaxPlayers == 1 {
			continue // a solitaire has no other hand
		}
		t.Run(info.ID, func(t *testing.T) {
			rec := botRecord(t, e, info.MinPlayers, 5)
			r, err := NewReplay(e, rec)
			require.NoError(t, err)
			checked := 0
			before := make([]string, info.MinPlayers) // each seat's view at the step before
			// The first round: a later deal uses the same cards again, and
			// a seat knows the cards it played face down in an earlier one.
			for k := 0; k <= r.Len(); k++ {
				require.NoError(t, r.Seek(k))
				if r.Snapshot().Done || k > 0 && r.Outcome(k-1) == "round" {
					break
				}
				require.NoError(t, r.SetViewer(games.God))
				var god struct {
					Hands [][]string `json:"hands"`
				}
				require.NoError(t, json.Unmarshal([]byte(jsonOf(t, r.Snapshot().View)), &god))
				require.NoError(t, r.SetViewer(games.Observer))
				public := map[string]bool{}
				for _, hand := range god.Hands {
					for _, c := range cardsIn(t, r.Snapshot().View, hand) {
						public[c] = true
					}
				}
				var told []string // what the last action showed a spectator
				if ev, ok := r.Last(); ok {
					told = ev.Desc.Cards
				}
				for seat := range info.MinPlayers {
					require.NoError(t, r.SetViewer(games.Seat(seat)))
					if ev, ok := r.Last(); ok && ev.Seat != games.Seat(seat) {
						for _, c := range ev.Desc.Cards {
							knew := strings.Contains(before[seat], `"`+c+`"`) // its own card on the board (Co-op Sort)
							assert.True(t, knew || slices.Contains(told, c), "step %d: seat %d is told %s of seat %d's action, which a spectator is not", k, seat, c, ev.Seat)
						}
					}
					before[seat] = jsonOf(t, r.Snapshot().View)
					own := map[string]bool{} // a game with several cards of one name (Papas)
					if seat < len(god.Hands) {
						for _, c := range god.Hands[seat] {
							own[c] = true
						}
					}
					for other, hand := range god.Hands {
						if other == seat {
							continue
						}
						for _, c := range cardsIn(t, r.Snapshot().View, hand) {
							assert.True(t, public[c] || own[c], "step %d: seat %d's view shows %s of seat %d's hand", k, seat, c, other)
						}
						checked += len(hand)
					}
				}
			}
			require.Positive(t, checked, "the view with every card shown lists the hands")
		})
	}
}

// TestReplayAllCardsOnlyAtTheEnd: the view with every card shown is refused
// for a record cut before the match ends, and given for the whole record.
func TestReplayAllCardsOnlyAtTheEnd(t *testing.T) {
	rec := botRecord(t, kingEntry, 4, 9)
	cut := *rec
	cut.Actions = rec.Actions[:len(rec.Actions)/2]
	r, err := NewReplay(kingEntry, &cut)
	require.NoError(t, err)
	assert.False(t, r.Finished())
	assert.ErrorIs(t, r.SetViewer(games.God), ErrUnfinished)
	assert.Equal(t, games.Seat(0), r.Viewer(), "the viewer stays")
	require.NoError(t, r.SetViewer(games.Observer))
	require.NoError(t, r.SetViewer(2))
	assert.Error(t, r.SetViewer(4), "no fifth seat")

	whole, err := NewReplay(kingEntry, rec)
	require.NoError(t, err)
	assert.True(t, whole.Finished())
	assert.NoError(t, whole.SetViewer(games.God))
}

// TestReplayRefusesAnIllegalStep: a record whose action is not legal where
// it stands, or is not an action at all, or is by a seat not at the table,
// is refused with the step and the engine's reason.
func TestReplayRefusesAnIllegalStep(t *testing.T) {
	rec := botRecord(t, kingEntry, 4, 11)
	for _, tc := range []struct {
		name string
		edit func(a []record.Step)
	}{
		{"a card played twice", func(a []record.Step) { a[40] = a[39] }},
		{"not an action", func(a []record.Step) { a[40].Act = "dance" }},
		{"a fifth seat", func(a []record.Step) { a[40].Seat = 4 }},
		{"the wrong seat", func(a []record.Step) { a[40].Seat = (a[40].Seat + 1) % 4 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := *rec
			bad.Actions = append([]record.Step(nil), rec.Actions...)
			tc.edit(bad.Actions)
			_, err := NewReplay(kingEntry, &bad)
			var step *record.StepError
			require.True(t, errors.As(err, &step), "got %v", err)
			assert.Equal(t, 40, step.Index)
			assert.NotEmpty(t, step.Err.Error())
		})
	}
	more := *rec
	more.Actions = append(append([]record.Step(nil), rec.Actions...), rec.Actions[0])
	_, err := NewReplay(kingEntry, &more)
	var step *record.StepError
	require.True(t, errors.As(err, &step), "an action after the end: %v", err)
	assert.ErrorIs(t, err, games.ErrDone)
}

// TestReplayIsReadOnly: a replay plays no move and offers none.
func TestReplayIsReadOnly(t *testing.T) {
	r, err := NewReplay(kingEntry, botRecord(t, kingEntry, 4, 2))
	require.NoError(t, err)
	assert.Empty(t, r.Snapshot().Legal)
	assert.ErrorIs(t, act(r, r.rec.Actions[0].Act), ErrReadOnly)
	assert.Zero(t, r.Snapshot().Deadline)
	assert.Equal(t, 0, r.At())
	_, ok := r.Last()
	assert.False(t, ok)
	assert.Error(t, r.Seek(r.Len()+1))
	assert.Error(t, r.Seek(-1))
}

// BenchmarkReplaySeekBack measures a step back from the end of a King
// match (the worst case: replaying from the last kept copy).
func BenchmarkReplaySeekBack(b *testing.B) {
	rec := botRecord(b, kingEntry, 4, 3)
	r, err := NewReplay(kingEntry, rec)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(r.Len()), "actions")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := r.Seek(r.Len() - 1 - i%2); err != nil {
			b.Fatal(err)
		}
	}
}
