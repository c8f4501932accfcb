package sortcoop

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

// advisedWins plays n matches with the advisor in both seats and counts the wins.
func advisedWins(t *testing.T, n int, opts map[string]string) int {
	t.Helper()
	wins := 0
	for seed := range uint64(n) {
		g, err := Game{}.New(games.Config{Players: 2, Seed: seed, Options: opts})
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 1))
		for steps := 0; !g.Done(); steps++ {
			require.Less(t, steps, 1000, "seed %d: advisors never finish", seed)
			actors := g.Actors(nil)
			seat := actors[rng.IntN(len(actors))]
			legal := g.Legal(seat, nil)
			a := Game{}.Advise(g.View(seat), legal, rng)
			require.Contains(t, legal, a)
			require.NoError(t, g.Apply(seat, a))
		}
		if len(g.Result().Winners) == 2 {
			wins++
		}
	}
	return wins
}

func TestAdvisorPartnersWinOften(t *testing.T) {
	wins := advisedWins(t, 1000, nil)
	t.Logf("advisor pair won %d of 1000", wins)
	// Random play wins about once in 14! orders; the heuristic pair must do
	// far better than that.
	assert.GreaterOrEqual(t, wins, 10)
}

var _ games.Advisor = Game{}

func TestAdvisorPlacesByRankAndGuardsItsOrder(t *testing.T) {
	s := started(t, nil)
	rng := rand.New(rand.NewPCG(1, 1))
	advise := func(seat games.Seat) string {
		return s.FormatAction(Game{}.Advise(s.View(seat), s.Legal(seat, nil), rng))
	}
	// 1S is about the third lowest of the 14 cards: slot 4 fits it best.
	assert.Equal(t, "place 1S 4", advise(A))
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 10C 15")
	do(t, s, A, "place 8C 14")
	do(t, s, B, "propose 1 14") // would put A's 8C left of its 2H
	assert.Equal(t, "reject", advise(A))
	do(t, s, A, "reject")
	do(t, s, B, "place 9H 3")
	do(t, s, A, "propose 3 15") // two of B's cards: B knows better
	assert.Equal(t, "reject", advise(B), "9H and 10C are in order: swapping them breaks it")
	do(t, s, B, "reject")
	do(t, s, A, "place 1S 5")
	do(t, s, B, "propose 1 15") // A's 2H and B's 10C
	assert.Equal(t, "reject", advise(A), "2H would land on the far right")
	do(t, s, A, "reject")
	do(t, s, B, "place 7S 2")  // B's 7S now lies left of its 9H
	do(t, s, A, "propose 2 3") // two of B's cards, out of order
	assert.Equal(t, "accept", advise(B))
}
