package eatreds

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
)

func TestAdviseReturnsALegalActionInRandomPositions(t *testing.T) {
	configs := []games.Config{
		{Players: 2},
		{Players: 3, Options: map[string]string{"capturedFaceUp": "on"}},
		{Players: 4, Options: map[string]string{"blackAceBonus": "on", "matchTarget": "100"}},
		{Players: 2, Options: map[string]string{"autoPickStockCapture": "on"}},
	}
	decisions := 0
	for ci, cfg := range configs {
		for seed := range uint64(40) {
			cfg.Seed = seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			st := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for !st.Done() {
				seat := games.Seat(st.turn)
				legal := st.Legal(seat, nil)
				a := Game{}.Advise(st.View(seat), legal, rng)
				require.Contains(t, legal, a, "config %d seed %d: %s", ci, seed, st.FormatAction(a))
				if rng.IntN(3) == 0 { // wander off the advised line too
					a = legal[rng.IntN(len(legal))]
				}
				require.NoError(t, st.Apply(seat, a))
				decisions++
			}
		}
	}
	assert.Greater(t, decisions, 3000)
}

func TestAdviseWithoutAViewPicksALegalAction(t *testing.T) {
	legal := []games.Action{3, 7}
	a := Game{}.Advise(nil, legal, rand.New(rand.NewPCG(1, 1)))
	assert.Contains(t, legal, a)
	assert.Equal(t, games.Action(0), Game{}.Advise(&View{}, nil, rand.New(rand.NewPCG(1, 1))))
}

// advise asks for seat 0's choice in a hand-made two-player view. The legal
// actions follow the order of the view's hand (or targets), so a tie would
// go to the first: each scenario lists the advised card last.
func advise(t *testing.T, v *View) string {
	t.Helper()
	s := State{players: 2, layout: setOf(v.Layout), hands: [maxPlayers]cards.Set{setOf(v.Hand)}}
	if v.Triple != "" {
		r, err := parseRank(v.Triple)
		require.NoError(t, err)
		s.triple = r
	}
	if v.Phase == "take" {
		c, err := cards.Parse(v.Pending)
		require.NoError(t, err)
		s.phase, s.pending = phaseTake, c
	}
	return s.FormatAction(Game{}.Advise(v, s.Legal(0, nil), rand.New(rand.NewPCG(1, 1))))
}

// twoPlayerView is seat 0's view of a two-player deal with the given hand,
// layout, own won pile and stock count; the opponent holds as many cards.
func twoPlayerView(hand, layout, pile []string, stock int) *View {
	pts := PilePoints(setOf(pile), false)
	return &View{
		Seat: 0, Players: 2, Turn: 0, Phase: "play",
		Hand: hand, HandSizes: []int{len(hand), len(hand)},
		Layout: layout, Stock: stock,
		Piles: []Pile{{Count: len(pile), Open: true, Cards: pile, Points: &pts}, {Count: 0}},
	}
}

func TestAdviseTakesTheHighestRedValue(t *testing.T) {
	// A♣ takes 9♥ (10 points), 3♣ takes 7♦ (7), 6♠ takes 4♠ (0).
	v := twoPlayerView([]string{"3C", "6S", "AC"}, []string{"9H", "7D", "4S", "QC"}, nil, 10)
	assert.Equal(t, "play AC take 9H", advise(t, v))

	// The red ace is worth a capture with a black card over anything else.
	v = twoPlayerView([]string{"8C", "5S", "9C"}, []string{"AD", "2H", "5H", "KC"}, nil, 10)
	assert.Equal(t, "play 9C take AD", advise(t, v))
}

func TestAdviseChoosesTheRedTargetOfTwo(t *testing.T) {
	// RULES.md A2.9: the stock's A♣ may take 9♦ or 9♣: 9♦ scores 10.
	v := twoPlayerView([]string{"2C", "3C"}, []string{"9C", "9D", "QS"}, nil, 10)
	v.Phase, v.Pending, v.PendingFrom, v.Targets = "take", "AC", "stock", []string{"9C", "9D"}
	assert.Equal(t, "take 9D", advise(t, v))
	// The same choice for a hand card.
	v = twoPlayerView([]string{"2C", "AC"}, []string{"9C", "9D", "QS"}, nil, 10)
	assert.Equal(t, "play AC take 9D", advise(t, v))
}

func TestAdviseDoesNotLayHighRedCardsForTheNextPlayer(t *testing.T) {
	// Nothing can be captured: laying A♥ would offer 20 points to any 9;
	// the 2♣ is worth nothing to whoever takes it.
	v := twoPlayerView([]string{"AH", "2C"}, []string{"QS", "JC", "KS", "10C"}, nil, 10)
	assert.Equal(t, "play 2C", advise(t, v))
}

func TestAdviseLaysACardNobodyCanTake(t *testing.T) {
	// The other three kings are in the seat's own pile: a laid K♥ is safe
	// until the deal ends, while the 6♣ could go to any unseen 4.
	v := twoPlayerView([]string{"6C", "KH"}, []string{"QS", "JC", "3S", "10C"}, []string{"KC", "KS", "KD", "2S"}, 10)
	assert.Equal(t, "play KH", advise(t, v))
}

func TestAdviseDeniesTheNextPlayerAHighCapture(t *testing.T) {
	// Both captures score nothing now. Taking the 6♠ with the 4♣ leaves the
	// 9♠ for an unseen red ace (20 points to the next player); taking the
	// 9♠ with the A♣ leaves only a six, worth at most a red four.
	v := twoPlayerView([]string{"4C", "AC"}, []string{"9S", "6S", "QC"}, nil, 10)
	assert.Equal(t, "play AC take 9S", advise(t, v))
}

func TestAdviseTakesTheTriple(t *testing.T) {
	// The fourth ten takes the three flagged tens: 10♥ and 10♦ score 20.
	v := twoPlayerView([]string{"AC", "10D"}, []string{"10H", "10C", "10S", "9S"}, nil, 10)
	v.Triple = "10"
	assert.Equal(t, "play 10D take 10C 10H 10S", advise(t, v))
}

func TestAdviseReadsOnlyTheView(t *testing.T) {
	// Two deals that look the same to seat 0 get the same advice.
	a := fill(t, 3, 2, []string{"3D 4D 5D 6D 7D 8D 9D 10D"}, "2S 4S 6S 8S", "")
	b := a
	b.Hands = [][]string{a.Hands[0], a.Hands[2], a.Hands[1]}
	sa, sb := start(t, 3, nil, a), start(t, 3, nil, b)
	legal := sa.Legal(0, nil)
	require.Equal(t, legal, sb.Legal(0, nil))
	for seed := range uint64(5) {
		xa := Game{}.Advise(sa.View(0), legal, rand.New(rand.NewPCG(seed, 0)))
		xb := Game{}.Advise(sb.View(0), legal, rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, xa, xb)
		assert.True(t, slices.Contains(legal, xa))
	}
}

// BenchmarkAdvise times the heuristic on the positions of advised
// four-player deals.
func BenchmarkAdvise(b *testing.B) {
	var views []*View
	var legals [][]games.Action
	rng := rand.New(rand.NewPCG(1, 1))
	for seed := range uint64(10) {
		g, _ := Game{}.New(games.Config{Players: 4, Seed: seed})
		s := g.(*State)
		for !s.Done() {
			seat := games.Seat(s.turn)
			legal := s.Legal(seat, nil)
			views, legals = append(views, s.View(seat).(*View)), append(legals, legal)
			if err := s.Apply(seat, Game{}.Advise(s.View(seat), legal, rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(views)
		Game{}.Advise(views[k], legals[k], rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "advice/s")
}
