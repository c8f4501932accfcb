package rtc

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

var (
	kingEntry     = mustEntry("king")
	papasEntry    = mustEntry("papas")
	klondikeEntry = mustEntry("klondike")
)

func mustEntry(id string) games.Entry {
	e, err := catalog.Lookup(id)
	if err != nil {
		panic(err)
	}
	return e
}

func kingSession(t *testing.T, seed uint64) *Local {
	t.Helper()
	rec := record.New("king", games.Config{Players: 4, Seed: seed})
	l, err := NewLocal(kingEntry, rec, 0, []bots.Bot{nil, bots.NewRandom(1), bots.NewRandom(2), bots.NewRandom(3)})
	require.NoError(t, err)
	return l
}

// playOwn plays the local seat's first legal move.
func playOwn(t *testing.T, l *Local) {
	t.Helper()
	moves := l.Snapshot().Legal
	require.NotEmpty(t, moves)
	require.NoError(t, act(l, moves[0].Text))
}

// stepUntilOurs lets the bots move until it is the local seat's turn.
func stepUntilOurs(t *testing.T, l *Local) {
	t.Helper()
	for !l.Snapshot().Done && len(l.Snapshot().Legal) == 0 {
		_, ok, err := l.StepBot()
		require.NoError(t, err)
		require.True(t, ok, "a bot must act when the local seat can't")
	}
}

func TestLocalRejectsABadTable(t *testing.T) {
	rec := record.New("king", games.Config{Players: 4, Seed: 1})
	_, err := NewLocal(kingEntry, rec, 4, make([]bots.Bot, 4))
	assert.ErrorContains(t, err, "seat 4")
	_, err = NewLocal(kingEntry, rec, 0, make([]bots.Bot, 3))
	assert.ErrorContains(t, err, "3 bots for 4 seats")
}

// Act returns the action as the seat is told it: the description its
// legal move carried, at its index in the record; the snapshot after it
// tells the same, and a bot's move after that is the snapshot's last.
func TestLocalActReturnsItsEvent(t *testing.T) {
	l := kingSession(t, 7)
	stepUntilOurs(t, l)
	before := l.Snapshot()
	mv := before.Legal[len(before.Legal)-1]
	evs, err := l.Act(mv.Text)
	require.NoError(t, err)
	want := []Event{{Index: before.Step, Seat: 0, Desc: mv.Desc}}
	assert.Equal(t, want, evs)
	after := l.Snapshot()
	assert.Equal(t, want, after.Last)
	assert.Equal(t, before.Step+1, after.Step)
	assert.Equal(t, len(l.Record().Actions), after.Step)

	ev, ok, err := l.StepBot()
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, []Event{ev}, l.Snapshot().Last)
	assert.Equal(t, after.Step, ev.Index)

	evs, err = l.Act("dance")
	assert.Error(t, err)
	assert.Empty(t, evs)
}

func TestLocalIllegalActionChangesNothing(t *testing.T) {
	l := kingSession(t, 7)
	stepUntilOurs(t, l)
	before := l.Record()
	view := l.Snapshot().View
	assert.Error(t, act(l, "play 2H"), "not a card of the 32-card deck")
	assert.Error(t, act(l, "dance"))
	assert.Equal(t, before, l.Record())
	assert.Equal(t, view, l.Snapshot().View)
}

func TestLocalActNotOurTurn(t *testing.T) {
	l := kingSession(t, 3)
	stepUntilOurs(t, l)
	playOwn(t, l)
	if len(l.Snapshot().Legal) == 0 && !l.Snapshot().Done {
		err := act(l, "play AS")
		assert.Error(t, err)
	}
}

func TestLocalRecordReplaysToTheSameState(t *testing.T) {
	l := kingSession(t, 11)
	for i := 0; i < 5; i++ {
		stepUntilOurs(t, l)
		playOwn(t, l)
	}
	rec := l.Record()
	s, err := record.Replay(kingEntry.Game, rec, nil)
	require.NoError(t, err)
	assert.Equal(t, l.Snapshot().View, s.View(0))
	// A resumed session continues from the same position.
	l2, err := NewLocal(kingEntry, rec, 0, []bots.Bot{nil, bots.NewRandom(1), bots.NewRandom(2), bots.NewRandom(3)})
	require.NoError(t, err)
	assert.Equal(t, l.Snapshot().View, l2.Snapshot().View)
	assert.Equal(t, l.Snapshot().Legal, l2.Snapshot().Legal)
}

func TestLocalUndoTakesBackOurLastMoveAndTheBotsAfterIt(t *testing.T) {
	l := kingSession(t, 5)
	assert.ErrorIs(t, l.Undo(), ErrNothingToUndo)
	stepUntilOurs(t, l)
	before := l.Record()
	viewBefore := l.Snapshot().View
	playOwn(t, l)
	stepUntilOurs(t, l)
	require.Greater(t, len(l.Record().Actions), len(before.Actions)+1)
	require.NoError(t, l.Undo())
	assert.Equal(t, before.Actions, l.Record().Actions)
	assert.Equal(t, viewBefore, l.Snapshot().View)
}

func TestLocalRunPlaysTheBotsToTheEnd(t *testing.T) {
	l := kingSession(t, 9)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var events []Event
	done := make(chan error, 1)
	go func() {
		done <- l.Run(ctx, func() time.Duration { return 0 }, func(ev Event) { events = append(events, ev) })
	}()
	rng := rand.New(rand.NewPCG(1, 2))
	for !l.Snapshot().Done {
		if moves := l.Snapshot().Legal; len(moves) > 0 {
			require.NoError(t, act(l, moves[rng.IntN(len(moves))].Text))
		}
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, <-done)
	rec := l.Record()
	botMoves := 0
	for i, st := range rec.Actions {
		if st.Seat != 0 {
			botMoves++
			require.Less(t, i, len(rec.Actions))
			assert.True(t, slices.ContainsFunc(events, func(ev Event) bool {
				return ev.Index == i && ev.Seat == st.Seat && ev.Desc.Seat == st.Seat && ev.Desc.Kind != ""
			}), "bot move %d %q has an event", i, st.Act)
		}
	}
	assert.Equal(t, botMoves, len(events), "one event per bot move")
	assert.NotEmpty(t, l.Snapshot().Result.Winners)
}

func TestLocalRunStopsWhenCancelled(t *testing.T) {
	l := kingSession(t, 2)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx, func() time.Duration { return time.Hour }, nil) }()
	cancel()
	select {
	case err := <-done:
		assert.True(t, errors.Is(err, context.Canceled))
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// windowGame is a tiny game with a timed window: seat 0 may "go" before the
// window (20 ms unless set) passes; the timeout ends the match.
type windowGame struct{ window time.Duration }

func (windowGame) Info() games.Info {
	return games.Info{ID: "window", Title: "Window", MinPlayers: 1, MaxPlayers: 1}
}

func (g windowGame) New(cfg games.Config) (games.State, error) {
	if g.window == 0 {
		g.window = 20 * time.Millisecond
	}
	return &windowState{Window: g.window}, nil
}

type windowState struct {
	Timed, Went bool
	Window      time.Duration
}

// windowView is the one seat's view: the whole state.
type windowView struct{ windowState }

func (windowView) Viewer() games.Seat { return 0 }

func (s *windowState) Actors(dst []games.Seat) []games.Seat {
	if s.Done() {
		return dst
	}
	return append(dst, 0)
}
func (s *windowState) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.Done() || seat != 0 {
		return dst
	}
	return append(dst, 1)
}
func (s *windowState) Apply(seat games.Seat, a games.Action) error {
	switch {
	case s.Done():
		return games.ErrDone
	case seat == games.System && a == games.Timeout:
		s.Timed = true
	case seat == 0 && a == 1:
		s.Went = true
	default:
		return errors.New("illegal")
	}
	return nil
}
func (s *windowState) Deadline() time.Duration {
	if s.Done() {
		return 0
	}
	return s.Window
}
func (s *windowState) Done() bool { return s.Timed || s.Went }
func (s *windowState) Result() games.Result {
	return games.Result{Scores: []int{0}, Winners: []games.Seat{}}
}
func (s *windowState) View(seat games.Seat) games.View { return windowView{*s} }
func (s *windowState) Clone() games.State              { c := *s; return &c }
func (s *windowState) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	return games.Description{Seat: actor, Kind: s.FormatAction(a)}
}
func (s *windowState) FormatAction(a games.Action) string {
	if a == games.Timeout {
		return "timeout"
	}
	return "go"
}
func (s *windowState) ParseAction(t string) (games.Action, error) {
	switch t {
	case "timeout":
		return games.Timeout, nil
	case "go":
		return 1, nil
	}
	return 0, errors.New("unknown")
}

func TestLocalRunAppliesTheTimeoutWhenTheWindowPasses(t *testing.T) {
	rec := record.New("window", games.Config{Players: 1})
	l, err := NewLocal(games.Entry{Game: windowGame{}}, rec, 0, []bots.Bot{nil})
	require.NoError(t, err)
	assert.Equal(t, 20*time.Millisecond, l.Snapshot().Deadline)
	var got []Event
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, l.Run(ctx, func() time.Duration { return time.Hour }, func(ev Event) { got = append(got, ev) }))
	assert.Equal(t, []Event{{Index: 0, Seat: games.System, Desc: games.Description{Seat: games.System, Kind: "timeout"}}}, got)
	assert.Equal(t, []record.Step{{Seat: games.System, Act: "timeout"}}, l.Record().Actions)
}

// goBot always takes its chance in the window.
type goBot struct{ asked int }

func (b *goBot) Choose(*bots.Turn) (games.Action, error) {
	b.asked++
	return 1, nil
}

// A bot answers a timed window after its reaction time; one slower than the
// window misses it and the window passes.
func TestLocalBotsReactAfterTheirReactionTime(t *testing.T) {
	for _, c := range []struct {
		name     string
		reaction time.Duration
		went     bool
	}{
		{"in time", 5 * time.Millisecond, true},
		{"too slow", 3 * time.Second, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			bot := &goBot{}
			l, err := NewLocal(games.Entry{Game: windowGame{window: time.Second}}, record.New("window", games.Config{Players: 1}), 0, []bots.Bot{bot})
			require.NoError(t, err)
			l.Reaction = func() time.Duration { return c.reaction }
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			require.NoError(t, l.Run(ctx, func() time.Duration { return 0 }, nil))
			want := "timeout"
			if c.went {
				want = "go"
			}
			assert.Equal(t, want, l.Record().Actions[0].Act)
			assert.Equal(t, c.went, bot.asked > 0, "a bot too slow for the window is not asked")
		})
	}
}

func TestHumanReactionIsBetweenSixTenthsAndTwoAndAHalfSeconds(t *testing.T) {
	rng := games.NewRand(1)
	lo, hi := time.Hour, time.Duration(0)
	for range 2000 {
		d := HumanReaction(rng)
		lo, hi = min(lo, d), max(hi, d)
	}
	assert.GreaterOrEqual(t, lo, 600*time.Millisecond)
	assert.Less(t, hi, 2500*time.Millisecond)
	assert.Less(t, lo, 700*time.Millisecond, "the whole range is used")
	assert.Greater(t, hi, 2400*time.Millisecond, "the whole range is used")
}

// The hint is the hard bot's choice over deals sampled from the player's
// view: a legal move, and asking for it changes nothing, not even the record.
func TestLocalHintSuggestsALegalMoveInSolitaire(t *testing.T) {
	l, err := NewLocal(klondikeEntry, record.New("klondike", games.Config{Players: 1, Seed: 4}), 0, []bots.Bot{nil})
	require.NoError(t, err)
	require.True(t, l.Hints())
	before := l.Record()
	best, err := l.Hint()
	require.NoError(t, err)
	assert.Contains(t, l.Snapshot().Legal, best.Move)
	assert.NotEmpty(t, best.Move.Desc.Kind)
	assert.Equal(t, before, l.Record(), "a hint changes nothing")
	require.NoError(t, act(l, best.Move.Text))
}

// Asking whether the true deal can be won looks at the hidden cards: the
// record notes when it was asked.
func TestLocalWinnableIsMarkedInTheRecord(t *testing.T) {
	l, err := NewLocal(klondikeEntry, record.New("klondike", games.Config{Players: 1, Seed: 4}), 0, []bots.Bot{nil})
	require.NoError(t, err)
	_, err = l.Winnable(2000)
	require.NoError(t, err)
	require.NoError(t, act(l, l.Snapshot().Legal[0].Text))
	_, err = l.Winnable(2000)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, l.Record().Peeks)
}

// In solo play the page is told only the engine's description of each
// action for the local seat: over a whole match of every game against
// bots, every event Run delivers is exactly what Describe gives that seat.
func TestLocalTellsThePageOnlyTheLocalSeatsDescriptions(t *testing.T) {
	for _, e := range catalog.All() {
		t.Run(e.ID(), func(t *testing.T) {
			info := e.Game.Info()
			cfg := games.Config{Players: min(info.MaxPlayers, max(info.MinPlayers, 3)), Seed: 21}
			if e.ID() == "papas" {
				cfg.Options = map[string]string{"turnLimit": "10"}
			}
			seatBots := make([]bots.Bot, cfg.Players)
			for i := 1; i < cfg.Players; i++ {
				seatBots[i] = bots.NewRandom(uint64(i))
			}
			if cfg.Players == 1 {
				seatBots[0] = nil
			}
			l, err := NewLocal(e, record.New(e.ID(), cfg), 0, seatBots)
			require.NoError(t, err)
			l.Reaction = func() time.Duration { return 0 }
			var mu sync.Mutex
			var events []Event
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				done <- l.Run(ctx, func() time.Duration { return 0 }, func(ev Event) {
					mu.Lock()
					events = append(events, ev)
					mu.Unlock()
				})
			}()
			rng := rand.New(rand.NewPCG(5, 5))
			for i := 0; !l.Snapshot().Done && i < 20000; i++ {
				if moves := l.Snapshot().Legal; len(moves) > 0 {
					m := moves[rng.IntN(len(moves))]
					if m.Text == "end" && len(moves) > 1 {
						continue // Klondike: keep playing rather than give up at once
					}
					_ = act(l, m.Text) // a bot or the window may have moved first
				}
				time.Sleep(100 * time.Microsecond)
			}
			cancel()
			<-done
			_, descs := replayDescribed(t, e, l.Record())
			mu.Lock()
			defer mu.Unlock()
			for _, ev := range events {
				require.Equal(t, descs[ev.Index][0], ev.Desc, "event %d", ev.Index)
			}
			t.Logf("%s: %d actions, %d events told", e.ID(), len(descs), len(events))
		})
	}
}

// act plays text on a session for a test that needs only its error.
func act(s Session, text string) error {
	_, err := s.Act(text)
	return err
}
