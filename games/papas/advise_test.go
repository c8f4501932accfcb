package papas

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

var _ games.Advisor = Game{}

// advisedWinShare plays n two-player matches, the advisor in seat 0 and a
// random player in seat 1, with the simulated clock of `app sim`, and returns
// seat 0's share of the wins.
func advisedWinShare(t *testing.T, n int) float64 {
	t.Helper()
	wins := 0
	for seed := range uint64(n) {
		g, err := Game{}.New(games.Config{Players: 2, Seed: seed})
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 3))
		for steps := 0; !g.Done(); steps++ {
			require.Less(t, steps, 100000)
			actors := g.Actors(nil)
			seat, a := games.System, games.Timeout
			if len(actors) > 0 && (g.Deadline() == 0 || rng.IntN(len(actors)+1) > 0) {
				seat = actors[rng.IntN(len(actors))]
				legal := g.Legal(seat, nil)
				a = legal[rng.IntN(len(legal))]
				if seat == 0 {
					a = Game{}.Advise(g.View(seat), legal, rng)
					if a == games.Timeout { // the advisor lets the window run
						require.Positive(t, g.Deadline())
						seat = games.System
					} else {
						require.Contains(t, legal, a)
					}
				}
			}
			require.NoError(t, g.Apply(seat, a))
		}
		if g.Result().Winners[0] == 0 {
			wins++
		}
	}
	return float64(wins) / float64(n)
}

func TestAdvisorBeatsRandom(t *testing.T) {
	share := advisedWinShare(t, 200)
	t.Logf("advisor won %.0f%% against random", 100*share)
	assert.Greater(t, share, 0.75)
}

func TestAdvisorChoices(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	s := newMatch(t, nil,
		[]string{"fritas1", "fritas2", "wild", "papa1", "tedije"},
		[]string{"nopoh", "papa4", "papa5", "fritas3", "tedije"},
		filler[1])
	advise := func(seat games.Seat) string {
		return s.FormatAction(Game{}.Advise(s.View(seat), s.Legal(seat, nil), rng))
	}
	assert.Equal(t, "three fritas1 fritas2 wild", advise(A), "the threesome worth most")
	do(t, s, A, "three fritas1 fritas2 wild")
	assert.Equal(t, "interrupt tedije", advise(B), "only Te Dije stops a threesome")
	do(t, s, B, "interrupt tedije")
	assert.Equal(t, "interrupt tedije", advise(A), "A saves its threesome")
	do(t, s, A, "interrupt tedije")
	timeout(t, s)
	assert.Equal(t, int16(3), s.gp[A])
	assert.Equal(t, "end", advise(A), "a card was played: end rather than spend more")
}
