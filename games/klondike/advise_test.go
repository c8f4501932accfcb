package klondike

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
)

// The advisor plays every game to its end with legal actions only: it never
// cycles through the stock or moves cards back and forth for ever.
func TestAdviseReturnsALegalActionAndFinishesEveryGame(t *testing.T) {
	configs := []map[string]string{nil, {"drawCount": "3"}, {"scoring": "VEGAS"}, {"scoring": "VEGAS", "drawCount": "3", "vegasCumulative": "on"},
		{"redeals": "2", "foundationToTableau": "off"}}
	for ci, opts := range configs {
		won := 0
		for seed := range uint64(60) {
			g, err := Game{}.New(games.Config{Players: 1, Seed: seed, Options: opts})
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			steps := 0
			for ; !s.Done() && steps < 2000; steps++ {
				legal := s.Legal(0, nil)
				a := Game{}.Advise(s.View(0), legal, rng)
				require.Contains(t, legal, a)
				require.NoError(t, s.Apply(0, a))
			}
			require.True(t, s.Done(), "config %d seed %d: still playing after %d actions", ci, seed, steps)
			if s.gamesWon > 0 {
				won++
			}
		}
		assert.Positive(t, won, "config %d: no game won", ci)
	}
}

func TestAdviseWithoutAViewPicksALegalAction(t *testing.T) {
	legal := []games.Action{actDraw, actEnd}
	assert.Contains(t, legal, Game{}.Advise(nil, legal, rand.New(rand.NewPCG(1, 1))))
	assert.Equal(t, games.Action(0), Game{}.Advise(&View{}, nil, rand.New(rand.NewPCG(1, 1))))
}

func TestAdviseTurnsFaceDownCardsFirst(t *testing.T) {
	// 6♠ on t3 (two cards under it) and 6♣ on t7 (six under it) both fit
	// the 7♥: the longer column is uncovered first.
	s := start(t, nil, deal(t, [7]string{"7H", "", "6S", "", "", "", "6C"}, "", ""))
	require.Contains(t, legalText(s), "move t3 t1")
	assert.Equal(t, "move t7 t1", advise(s))
}

func TestAdviseFoundationMovesThatTurnACard(t *testing.T) {
	// t2's ace turns the card under it; the run move of t7 would too,
	// but the ace comes first.
	s := start(t, nil, deal(t, [7]string{"7H", "AS", "", "", "", "", "6C"}, "", ""))
	assert.Equal(t, "move t2 f", advise(s))
}

func TestAdviseMovesAKingOffFaceDownCardsToAnEmptyColumn(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"AS", "", "", "", "", "", "KD"}, "", ""))
	mustAct(t, s, "move t1 f")
	assert.Equal(t, "move t7 t1", advise(s))
}

// anyMove lists every move, draw and end: the advisor's own rules decide.
func anyMove() []games.Action {
	out := []games.Action{actDraw}
	for src := range srcFound + 4 {
		for dst := range dstFound + 1 {
			for count := 1; count <= 13; count++ {
				out = append(out, move(src, dst, count))
			}
		}
	}
	return append(out, actEnd)
}

func TestAdviseKeepsCardsOthersMayNeed(t *testing.T) {
	// 5♥ fits its foundation, but the black fours are not up yet: it stays,
	// and the 6♣ leaves its six face-down cards for the 7♥.
	v := &View{
		Columns: []Column{
			{Up: []string{"5H"}}, {Down: 1, Up: []string{"9S"}}, {Down: 2, Up: []string{"9C"}}, {Down: 3, Up: []string{"JS"}},
			{Down: 4, Up: []string{"JC"}}, {Down: 5, Up: []string{"7H"}}, {Down: 6, Up: []string{"6C"}},
		},
		Waste:       []string{},
		Foundations: []Foundation{{Suit: "C"}, {Suit: "D"}, {Suit: "H", Count: 4, Top: "4H"}, {Suit: "S"}},
		DrawCount:   1, RecyclesLeft: -1, Phase: "play",
	}
	a := Game{}.Advise(v, anyMove(), rand.New(rand.NewPCG(1, 1)))
	assert.Equal(t, move(6, 5, 1), a, "move t7 t6")

	v.Foundations[cards.Clubs].Count, v.Foundations[cards.Spades].Count = 4, 4
	a = Game{}.Advise(v, anyMove(), rand.New(rand.NewPCG(1, 1)))
	assert.Equal(t, move(0, dstFound, 1), a, "with the black fours up the 5♥ is safe: move t1 f")
}

func TestAdviseDrawThreeRecyclesOnlyForAReachableCard(t *testing.T) {
	v := &View{
		Columns: []Column{
			{Up: []string{"7S"}}, {Down: 1, Up: []string{"9S"}}, {Down: 2, Up: []string{"9C"}}, {Down: 3, Up: []string{"JS"}},
			{Down: 4, Up: []string{"JC"}}, {Down: 5, Up: []string{"KH"}}, {Down: 6, Up: []string{"KD"}},
		},
		// Draw-3 turns 2C 3C 6H and shows 6H, then 5C 5S 4D (4D), then QD.
		Waste:       []string{"2C", "3C", "6H", "5C", "5S", "4D", "QD"},
		Foundations: []Foundation{{Suit: "C"}, {Suit: "D"}, {Suit: "H"}, {Suit: "S"}},
		DrawCount:   3, RecyclesLeft: -1, Phase: "play",
	}
	assert.Equal(t, actDraw, Game{}.Advise(v, anyMove(), rand.New(rand.NewPCG(1, 1))), "6♥ will show: it fits the 7♠")
	v.Waste = []string{"2C", "6H", "3C", "5C", "5S", "4D", "QD"}
	assert.Equal(t, actEnd, Game{}.Advise(v, anyMove(), rand.New(rand.NewPCG(1, 1))), "6♥ stays under 3♣")
	v.DrawCount = 1
	assert.Equal(t, actDraw, Game{}.Advise(v, anyMove(), rand.New(rand.NewPCG(1, 1))), "draw-1 shows every card")
}
