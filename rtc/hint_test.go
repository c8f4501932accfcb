package rtc

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// hintTable is a solo table of game e: the player in seat 0, random bots
// elsewhere, played on (every seat at random) until about step moves were
// made and it is the player's move, with a choice to make. A deal that ends
// first is dealt again with the next seed.
func hintTable(t testing.TB, e games.Entry, step int) *Local {
	t.Helper()
	for seed := uint64(11); seed < 40; seed++ {
		if l := hintDeal(t, e, seed, step); l != nil {
			return l
		}
	}
	t.Fatal("never the player's choice")
	return nil
}

// hintStep is where hintTable stops in game e: about the player's sixth
// move, and in Eat Pairs the dealer's opening card (its one choice before
// the stock is out).
func hintStep(e games.Entry) int {
	if e.ID() == "eatpairs" {
		return 0
	}
	return 6
}

func hintDeal(t testing.TB, e games.Entry, seed uint64, step int) *Local {
	n := e.Game.Info().MinPlayers
	cfg := games.Config{Players: n, Seed: seed}
	seatBots := make([]bots.Bot, n)
	for i := 1; i < n; i++ {
		seatBots[i] = bots.NewRandom(uint64(i))
	}
	l, err := NewLocal(e, record.New(e.ID(), cfg), 0, seatBots)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(3, 4))
	for made := 0; made < 2000; made++ {
		snap := l.Snapshot()
		legal := snap.Legal
		switch {
		case snap.Done:
			return nil
		case made >= step && (len(legal) > 1 || len(legal) == 1 && (made > step+100 || snap.Deadline > 0)):
			return l
		case len(legal) > 0:
			mv := legal[rng.IntN(len(legal))]
			if mv.Desc.Kind == games.KindEnd { // not giving up
				mv = legal[0]
			}
			require.NoError(t, act(l, mv.Text))
			continue
		}
		_, ok, err := l.StepBot()
		require.NoError(t, err)
		if !ok {
			l.mu.Lock()
			err := l.t.state.Apply(games.System, games.Timeout) // a window nobody answers
			l.mu.Unlock()
			require.NoError(t, err)
		}
	}
	return nil
}

// In every shipped game the hint is one of the player's legal moves (or,
// in a timed window, letting it run), the same for the same bot seed, and
// computed from the player's turn alone: two whole states that differ only
// in cards the player cannot see give the same hint, and the Local's hint
// is that of its seat's bots.Turn.
func TestLocalHintInEveryGameIsLegalAndFromTheViewOnly(t *testing.T) {
	for _, e := range catalog.All() {
		if e.Advisor == nil {
			continue
		}
		t.Run(e.ID(), func(t *testing.T) {
			l := hintTable(t, e, hintStep(e))
			require.True(t, l.Hints())
			before := l.Record()
			h, err := l.hint(42)
			require.NoError(t, err)
			t.Logf("%d moves, hint %q (wait %v), reason %q", len(l.Snapshot().Legal), h.Move.Text, h.Wait, h.Reason)
			again, err := l.hint(42)
			require.NoError(t, err)
			assert.Equal(t, h, again, "the same seed gives the same hint")
			assert.Equal(t, before, l.Record(), "a hint changes nothing")
			if !h.Wait {
				assert.Contains(t, l.Snapshot().Legal, h.Move)
			} else {
				assert.Positive(t, l.Snapshot().Deadline, "only a timed window is let run")
			}

			// Two states the player cannot tell apart.
			l.mu.Lock()
			turn := l.t.turn(0)
			cfg := l.t.rec.Config()
			l.mu.Unlock()
			sm, err := turn.Sampler()
			require.NoError(t, err)
			mine := viewJSON(turn.View)
			a := sm.Sample(rand.New(rand.NewPCG(1, 1)))
			var b games.State
			for i := uint64(2); i < 40; i++ {
				b = sm.Sample(rand.New(rand.NewPCG(i, i)))
				if viewJSON(a.View(games.God)) != viewJSON(b.View(games.God)) {
					break
				}
			}
			require.Equal(t, mine, viewJSON(a.View(0)))
			require.Equal(t, mine, viewJSON(b.View(0)))
			require.NotEqual(t, viewJSON(a.View(games.God)), viewJSON(b.View(games.God)), "the samples differ in the cards the player cannot see")
			ha, waitA, whyA, err := hintAction(e, bots.TurnOf(e, cfg, a, 0), 42)
			require.NoError(t, err)
			hb, waitB, whyB, err := hintAction(e, bots.TurnOf(e, cfg, b, 0), 42)
			require.NoError(t, err)
			assert.Equal(t, []any{ha, waitA, whyA}, []any{hb, waitB, whyB}, "the hidden cards change nothing")
			assert.Equal(t, h.Wait, waitA)
			assert.Equal(t, h.Reason, whyA)
			if !h.Wait {
				assert.Equal(t, h.Move.Action, ha, "the hint is the one of the player's turn")
			}
		})
	}
}

// The reason is the heuristic's, given only when the hint is its choice:
// in Co-op Sort the hard bot is the heuristic, so every hint has one.
func TestLocalHintSaysTheHeuristicsReason(t *testing.T) {
	e, err := catalog.Lookup("sortcoop")
	require.NoError(t, err)
	l := hintTable(t, e, 2)
	h, err := l.hint(5)
	require.NoError(t, err)
	l.mu.Lock()
	turn := l.t.turn(0)
	l.mu.Unlock()
	a, why := e.Advisor.(games.Reasoner).AdviseWhy(turn.View, turn.Legal, games.NewRand(5))
	require.NotEmpty(t, why)
	assert.Equal(t, why, h.Reason)
	assert.Equal(t, a, h.Move.Action)
}

func TestLocalHintRefusesOutOfTurnAndAfterTheEnd(t *testing.T) {
	k, err := NewLocal(kingEntry, record.New("king", games.Config{Players: 4, Seed: 1}), 2, make([]bots.Bot, 4))
	require.NoError(t, err)
	if len(k.Snapshot().Legal) == 0 {
		_, err = k.Hint()
		assert.ErrorIs(t, err, games.ErrNotYourTurn)
	}
	assert.False(t, k.Solves(), "whether a deal can be won is Klondike's question")
	_, err = k.Winnable(10)
	assert.ErrorIs(t, err, ErrNoHint)
}
