package eatreds

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
)

// fill builds a deal for n players: the given cards of each hand (seat 0
// first), the 4-card layout and the top of the stock; the cards not named
// fill the hands and then the rest of the stock in ascending order.
func fill(t testing.TB, n, dealer int, hands []string, layout, stockTop string) games.Deal {
	t.Helper()
	used := cards.Set(0)
	take := func(s string) []string {
		cs, err := cards.ParseList(s)
		require.NoError(t, err)
		var out []string
		for _, c := range cs {
			require.False(t, used.Has(c), "%s named twice", c)
			used = used.With(c)
			out = append(out, c.String())
		}
		return out
	}
	d := games.Deal{First: &dealer, Hands: make([][]string, n)}
	for i := range n {
		if i < len(hands) {
			d.Hands[i] = take(hands[i])
		}
	}
	d.Layout = take(layout)
	d.Stock = take(stockTop)
	rest := (cards.Deck52 &^ used).Cards()
	for i := range n {
		for len(d.Hands[i]) < 24/n {
			d.Hands[i] = append(d.Hands[i], rest[0].String())
			rest = rest[1:]
		}
	}
	for _, c := range rest {
		d.Stock = append(d.Stock, c.String())
	}
	return d
}

func start(t testing.TB, n int, opts map[string]string, deals ...games.Deal) *State {
	t.Helper()
	g, err := Game{}.New(games.Config{Players: n, Options: opts, Seed: 1, Deals: deals})
	require.NoError(t, err)
	return g.(*State)
}

func set(t testing.TB, s string) cards.Set {
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cards.SetOf(cs...)
}

// Seat 3 deals, so seat 0 plays first in the 4-player scenarios.

func TestA2_1_OneCardTakesOneOfTwoSevens(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"3D"}, "7H 7S KC QD", "2C"))
	legal := gamestest.LegalText(s, 0)
	assert.Contains(t, legal, "play 3D take 7H", "the turn owner chooses the seven")
	assert.Contains(t, legal, "play 3D take 7S")
	assert.NotContains(t, legal, "play 3D", "capturing is compulsory")
	gamestest.RequireRefused(t, s, 0, "play 3D take KC", "3D cannot take KC")
	gamestest.RequireRefused(t, s, 0, "play 3D", "capturing is compulsory: 3D can take one of these: 7H 7S")
	gamestest.RequireRefused(t, s, 0, "take 7H", "nothing to take")
	gamestest.MustAct(t, s, "0:play 3D take 7H")
	assert.Equal(t, set(t, "3D 7H"), s.piles[0])
	assert.Equal(t, 10, PilePoints(s.piles[0], false))
	assert.Equal(t, set(t, "7S KC QD 2C"), s.layout, "7S stays; the stock 2C found nothing")
	assert.Equal(t, games.Seat(1), games.Seat(s.turn))
}

func TestA2_2_KingTakesOnlyAKing(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"KD"}, "KC QD 2S 3S", "4C"))
	assert.Contains(t, gamestest.LegalText(s, 0), "play KD take KC", "the legal moves name the one target")
	assert.NotContains(t, gamestest.LegalText(s, 0), "play KD take QD")
	gamestest.MustAct(t, s, "0:play KD take KC")
	assert.Equal(t, set(t, "KD KC"), s.piles[0])
	assert.True(t, s.layout.Has(cards.Make(cards.Queen, cards.Diamonds)), "Q♦ stays: faces pair only by rank")
}

func TestA2_3_FiveTakesFive(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"5H"}, "5C JS QS KS", "2C"))
	gamestest.MustAct(t, s, "0:play 5H take 5C")
	assert.Equal(t, set(t, "5H 5C"), s.piles[0])
}

func TestA2_4_TripleTensTakenByTheFourth(t *testing.T) {
	t.Run("from hand", func(t *testing.T) {
		s := start(t, 4, nil, fill(t, 4, 3, []string{"2C", "10D"}, "10H 10C 10S 4D", "3C 2D"))
		assert.Equal(t, cards.Rank(10), s.triple)
		gamestest.MustAct(t, s, "0:play 2C")
		assert.Contains(t, gamestest.LegalText(s, 1), "play 10D take 10C 10H 10S", "the fourth ten names the three it takes")
		gamestest.RequireRefused(t, s, 1, "play 10D take 10H", "10D must take the three cards of its rank on the table")
		gamestest.MustAct(t, s, "1:play 10D take 10C 10H 10S")
		assert.Equal(t, set(t, "10H 10C 10S 10D"), s.piles[1], "all three tens with the fourth")
		assert.Equal(t, 20, PilePoints(s.piles[1], false))
		assert.Equal(t, cards.Rank(0), s.triple, "the flag is cleared")
	})
	t.Run("from the stock", func(t *testing.T) {
		s := start(t, 4, nil, fill(t, 4, 3, []string{"2C"}, "10H 10C 10S 4D", "10D"))
		gamestest.MustAct(t, s, "0:play 2C")
		assert.Equal(t, set(t, "10H 10C 10S 10D"), s.piles[0], "the stock card takes the triple for the turn owner")
		assert.Equal(t, set(t, "4D 2C"), s.layout)
	})
}

func TestA2_5_FourQueensGoToTheDealer(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"6C"}, "QH QD QC QS", "4H"))
	assert.Equal(t, set(t, "QH QD QC QS"), s.piles[3])
	assert.Equal(t, 20, PilePoints(s.piles[3], false))
	assert.Zero(t, s.layout, "play starts with an empty layout")
	assert.Equal(t, games.Seat(0), games.Seat(s.turn))
	v := s.View(games.Observer).(*View)
	require.Len(t, v.ThisTurn, 1)
	assert.Equal(t, Event{Seat: 3, From: "deal", Took: []string{"QC", "QD", "QH", "QS"}}, v.ThisTurn[0])
}

func TestA2_6_MixedFacesNoSpecialRule(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"KD"}, "KH QD JC 10S", "2C"))
	assert.Equal(t, set(t, "KH QD JC 10S"), s.layout)
	assert.Zero(t, s.piles[3])
	assert.Equal(t, cards.Rank(0), s.triple)
	gamestest.MustAct(t, s, "0:play KD take KH")
	assert.Equal(t, set(t, "KD KH"), s.piles[0], "each face is captured normally")
}

func TestA2_7_EmptyLayoutStockCardTakesThePlayedCard(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"6C"}, "QH QD QC QS", "4H"))
	gamestest.MustAct(t, s, "0:play 6C")
	assert.Equal(t, set(t, "6C 4H"), s.piles[0])
	assert.Equal(t, 4, PilePoints(s.piles[0], false))
	assert.Zero(t, s.layout)
}

func TestA2_8_CaptureIsMandatory(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"8S"}, "2H JS QS KS", "3C"))
	assert.Contains(t, gamestest.LegalText(s, 0), "play 8S take 2H")
	assert.NotContains(t, gamestest.LegalText(s, 0), "play 8S")
	before := s.Clone()
	require.ErrorContains(t, s.Apply(0, games.Action(cards.Make(8, cards.Spades))), "capturing is compulsory: 8S can take one of these: 2H")
	require.Equal(t, before, s)
	gamestest.MustAct(t, s, "0:play 8S take 2H")
	assert.Equal(t, set(t, "8S 2H"), s.piles[0], "8♠ must take the 2♥")
	assert.False(t, s.layout.Has(cards.Make(8, cards.Spades)))
}

func TestA2_9_StockCardTargetChosenByTheTurnOwner(t *testing.T) {
	d := fill(t, 4, 3, []string{"2C"}, "9D 9C JS QS", "AC")
	s := start(t, 4, nil, d)
	gamestest.MustAct(t, s, "0:play 2C")
	assert.Equal(t, []string{"take 9C", "take 9D"}, gamestest.LegalText(s, 0))
	v := s.View(1).(*View)
	assert.Equal(t, "take", v.Phase)
	assert.Equal(t, "AC", v.Pending)
	assert.Equal(t, "stock", v.PendingFrom)
	gamestest.MustAct(t, s, "0:take 9D")
	assert.Equal(t, set(t, "AC 9D"), s.piles[0])
	assert.Equal(t, games.Seat(1), games.Seat(s.turn), "the turn passes after the stock card")

	s = start(t, 4, map[string]string{"autoPickStockCapture": "on"}, d)
	gamestest.MustAct(t, s, "0:play 2C")
	assert.Equal(t, set(t, "AC 9D"), s.piles[0], "autoPickStockCapture takes the 9♦ (10 points)")
	assert.Equal(t, games.Seat(1), games.Seat(s.turn))
}

func TestAutoPickDoesNotChooseForTheHandCard(t *testing.T) {
	s := start(t, 4, map[string]string{"autoPickStockCapture": "on"}, fill(t, 4, 3, []string{"AC"}, "9D 9C JS QS", "2C"))
	legal := gamestest.LegalText(s, 0)
	assert.Contains(t, legal, "play AC take 9C")
	assert.Contains(t, legal, "play AC take 9D")
}

func TestA2_10_PileScoring(t *testing.T) {
	pile := set(t, "AD 9S 9H 10D 3H 7C AS")
	assert.Equal(t, 43, PilePoints(pile, false))
	assert.Equal(t, 73, PilePoints(pile, true), "blackAceBonus: A♠ = 30")
	assert.Equal(t, 210, PilePoints(cards.Deck52, false))
	assert.Equal(t, 240, PilePoints(cards.Deck52, true))
}

func TestA2_11_LayoutEmptyAfterTheLastTurn(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := range uint64(300) {
			s := randomMatch(t, n, nil, seed)
			require.Zero(t, s.leftover, "%d players seed %d: layout left %v", n, seed, s.leftover)
			require.Zero(t, s.layout)
			sum := 0
			for _, p := range s.piles[:n] {
				sum += p.Len()
			}
			require.Equal(t, 52, sum)
			total := 0
			for _, v := range s.scores[:n] {
				total += v
			}
			require.Equal(t, 210, total)
		}
	}
}

func TestA2_12_TwoPlayerTieIsADraw(t *testing.T) {
	for seed := range uint64(5000) {
		s := randomMatch(t, 2, nil, seed)
		if s.scores[0] != 105 {
			continue
		}
		assert.Equal(t, []int{105, 105}, s.Result().Scores)
		assert.Equal(t, []games.Seat{0, 1}, s.Result().Winners, "105-105: nobody wins alone")
		return
	}
	t.Fatal("no 105-105 finish in 5000 random deals")
}

func TestTieOfThreeSharesTheWin(t *testing.T) {
	s := start(t, 3, nil)
	s.scores = [4]int{80, 80, 50}
	s.phase = phaseDone
	assert.Equal(t, []games.Seat{0, 1}, s.Result().Winners)
}

func TestPlayerCountsAndDealSizes(t *testing.T) {
	for n, per := range map[int]int{2: 12, 3: 8, 4: 6} {
		s := start(t, n, nil)
		for i := range n {
			assert.Equal(t, per, s.hands[i].Len())
		}
		assert.Equal(t, 4, s.layout.Len()+s.piles[s.dealer].Len())
	}
	for _, n := range []int{1, 5, 6} {
		_, err := Game{}.New(games.Config{Players: n})
		require.ErrorContains(t, err, "the game is for 2 to 4")
	}
}

func TestFirstTurnIsTheDealersLeftThenClockwise(t *testing.T) {
	s := start(t, 3, nil, fill(t, 3, 1, nil, "2S 3S 4S 5S", ""))
	assert.Equal(t, games.Seat(2), games.Seat(s.turn))
	gamestest.RequireRefused(t, s, 0, "play "+s.hands[0].Lowest().String(), "not your turn")
	gamestest.MustAct(t, s, "2:play "+s.hands[2].Lowest().String())
	assert.Equal(t, games.Seat(0), games.Seat(s.turn))
}

func TestRefusals(t *testing.T) {
	s := start(t, 2, nil, fill(t, 2, 1, []string{"3D"}, "2S 4S 6S 8S", ""))
	gamestest.RequireRefused(t, s, 0, "play AH", "you do not hold AH")
	gamestest.RequireRefused(t, s, 0, "take 2S", "nothing to take")
	gamestest.RequireRefused(t, s, 0, "play 3D take 2S", "3D takes nothing: lay it on the table")
	gamestest.RequireRefused(t, s, 1, "play 3D", "not your turn")
	gamestest.RequireRefused(t, s, games.System, "timeout", "no timed window")
	_, err := s.ParseAction("capture 7H")
	require.ErrorContains(t, err, "unknown action")
	_, err = s.ParseAction("play 1H")
	require.Error(t, err)
}

func TestBadDealsAreRefused(t *testing.T) {
	good := fill(t, 2, 0, nil, "2S 4S 6S 8S", "")
	cases := map[string]func(d *games.Deal){
		"seat 0 has 11 cards":       func(d *games.Deal) { d.Hands[0] = d.Hands[0][1:] },
		"layout has 3 cards":        func(d *games.Deal) { d.Layout = d.Layout[1:] },
		"stock has 23 cards":        func(d *games.Deal) { d.Stock = d.Stock[1:] },
		"dealt twice":               func(d *games.Deal) { d.Stock[0] = d.Layout[0] },
		"unknown card":              func(d *games.Deal) { d.Stock[0] = "1X" },
		"first 5 is not a seat":     func(d *games.Deal) { f := 5; d.First = &f },
		"only hands, layout, stock": func(d *games.Deal) { d.Upcard = "2C" },
		"3 hands for 2 players":     func(d *games.Deal) { d.Hands = append(d.Hands, nil) },
	}
	for want, breakIt := range cases {
		d := good
		d.Hands = [][]string{append([]string(nil), good.Hands[0]...), append([]string(nil), good.Hands[1]...)}
		d.Layout = append([]string(nil), good.Layout...)
		d.Stock = append([]string(nil), good.Stock...)
		breakIt(&d)
		_, err := Game{}.New(games.Config{Players: 2, Deals: []games.Deal{d}})
		assert.ErrorContains(t, err, want)
	}
	second := good
	_, err := Game{}.New(games.Config{Players: 2, Deals: []games.Deal{good, second}})
	assert.ErrorContains(t, err, "first is given in the first deal only")
}

func TestCapturedFaceUpDecidesWhatOthersSee(t *testing.T) {
	d := fill(t, 4, 3, []string{"3D"}, "7H 7S KC QD", "2C")
	s := start(t, 4, nil, d)
	gamestest.MustAct(t, s, "0:play 3D take 7H")
	own := s.View(0).(*View).Piles[0]
	assert.True(t, own.Open)
	assert.Equal(t, []string{"3D", "7H"}, own.Cards)
	assert.Equal(t, 10, *own.Points)
	other := s.View(1).(*View).Piles[0]
	assert.Equal(t, Pile{Count: 2, Taken: []string{"3D", "7H"}}, other, "face down: not open, but everyone saw the capture")
	assert.Equal(t, Pile{Count: 2, Taken: []string{"3D", "7H"}}, s.View(games.Observer).(*View).Piles[0])

	s = start(t, 4, map[string]string{"capturedFaceUp": "on"}, d)
	gamestest.MustAct(t, s, "0:play 3D take 7H")
	other = s.View(1).(*View).Piles[0]
	assert.True(t, other.Open)
	assert.Equal(t, []string{"3D", "7H"}, other.Cards)
}

func TestViewShowsOnlyOwnHand(t *testing.T) {
	s := start(t, 3, nil)
	v := s.View(1).(*View)
	assert.Equal(t, s.hands[1].Strings(), v.Hand)
	assert.Nil(t, v.Hands)
	assert.Nil(t, v.StockCards)
	assert.Equal(t, []int{8, 8, 8}, v.HandSizes)
	g := s.View(games.God).(*View)
	assert.Len(t, g.Hands, 3)
	assert.Len(t, g.StockCards, 24)
	assert.Nil(t, s.View(games.Observer).(*View).Hand)
}

func TestBlackAceBonusTotals240(t *testing.T) {
	s := randomMatch(t, 3, map[string]string{"blackAceBonus": "on"}, 7)
	total := 0
	for _, v := range s.scores[:3] {
		total += v
	}
	assert.Equal(t, 240, total)
}

func TestMatchTargetPlaysDealsUntilReached(t *testing.T) {
	longest := 0
	for seed := range uint64(20) {
		s := randomMatch(t, 4, map[string]string{"matchTarget": "200"}, seed)
		total := 0
		for i := range 4 {
			total += s.scores[i]
			assert.Less(t, s.scores[i]-s.lastPoints[i], 200, "seed %d: the target was reached before the last deal", seed)
		}
		assert.Equal(t, 210*s.dealsDone, total)
		assert.GreaterOrEqual(t, s.best(), 200)
		longest = max(longest, s.dealsDone)
	}
	assert.Greater(t, longest, 2, "4-player matches to 200 take several deals")
}

func TestDealerRotatesBetweenDeals(t *testing.T) {
	s := start(t, 3, map[string]string{"matchTarget": "300"}, fill(t, 3, 2, nil, "2S 4S 6S 8S", ""))
	rng := rand.New(rand.NewPCG(1, 1))
	for s.deal == 0 {
		l := s.Legal(games.Seat(s.turn), nil)
		require.NoError(t, s.Apply(games.Seat(s.turn), l[rng.IntN(len(l))]))
	}
	assert.Equal(t, int8(0), s.dealer)
	assert.Equal(t, games.Seat(1), games.Seat(s.turn))
	assert.NotNil(t, s.View(0).(*View).LastDeal)
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{
		Configs: []games.Config{
			{Players: 2},
			{Players: 3, Seed: 1000, Options: map[string]string{"capturedFaceUp": "on", "autoPickStockCapture": "on"}},
			{Players: 4, Seed: 2000, Options: map[string]string{"blackAceBonus": "on", "matchTarget": "200"}},
		},
		Playouts: 6,
		Check:    check,
	})
}

func FuzzEatReds(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 3, Options: map[string]string{"matchTarget": "300"}}, check)
}

// check is the engine's invariants: the 52 cards each in exactly one place,
// and every finished deal leaving an empty layout and 210 points (240 with
// the black-ace bonus).
func check(g games.State) error {
	s := g.(*State)
	var all cards.Set
	n := 0
	add := func(m cards.Set) {
		all |= m
		n += m.Len()
	}
	for i := range s.players {
		add(s.hands[i])
		add(s.piles[i])
	}
	add(s.layout)
	for _, c := range s.stock[s.stockPos:] {
		add(cards.SetOf(c))
	}
	if s.phase == phaseTake {
		add(cards.SetOf(s.pending))
	}
	if all != cards.Deck52 || n != 52 {
		return fmt.Errorf("cards: %d placed, missing %v", n, cards.Deck52&^all)
	}
	if s.dealsDone > 0 {
		if s.leftover != 0 {
			return fmt.Errorf("the last deal ended with %v in the layout", s.leftover)
		}
		want, sum, total := 210, 0, 0
		if s.blackAce {
			want = 240
		}
		for i := range s.players {
			sum += s.lastPoints[i]
			total += s.scores[i]
		}
		if sum != want || total != want*s.dealsDone {
			return fmt.Errorf("last deal scored %d, totals %d after %d deals", sum, total, s.dealsDone)
		}
	}
	if s.phase == phaseDone && s.layout != 0 {
		return fmt.Errorf("done with %v in the layout", s.layout)
	}
	return nil
}

func randomMatch(t testing.TB, n int, opts map[string]string, seed uint64) *State {
	g, err := Game{}.New(games.Config{Players: n, Options: opts, Seed: seed})
	require.NoError(t, err)
	s := g.(*State)
	rng := rand.New(rand.NewPCG(seed, 99))
	var legal []games.Action
	for !s.Done() {
		legal = s.Legal(games.Seat(s.turn), legal[:0])
		require.NoError(t, s.Apply(games.Seat(s.turn), legal[rng.IntN(len(legal))]))
	}
	return s
}

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func TestCapturesIsThePairingRule(t *testing.T) {
	p := func(s string) cards.Card { c, err := cards.Parse(s); require.NoError(t, err); return c }
	assert.True(t, Captures(p("AH"), p("9S")), "A and 9 make ten")
	assert.True(t, Captures(p("3D"), p("7C")))
	assert.True(t, Captures(p("5D"), p("5C")), "5 and 5 make ten")
	assert.True(t, Captures(p("QD"), p("QS")), "court cards by rank")
	assert.False(t, Captures(p("10D"), p("KS")))
	assert.False(t, Captures(p("4D"), p("4S")))
	for _, x := range cards.Deck52.Cards() {
		for _, y := range cards.Deck52.Cards() {
			require.Equal(t, Captures(x, y), Captures(y, x), "%s %s", x, y)
		}
	}
}

// Records written before captures were named said `play KD` for a card
// with one target: it still reads as that capture. A card with two targets
// must name one.
func TestABarePlayOfACardWithOneTargetIsItsCapture(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 3, []string{"KD 3D"}, "KC 7H 7S QD", "4C"))
	a, err := s.ParseAction("play KD")
	require.NoError(t, err)
	assert.Equal(t, "play KD take KC", s.FormatAction(a))
	a, err = s.ParseAction("play 3D")
	require.NoError(t, err)
	require.ErrorContains(t, s.Apply(0, a), "capturing is compulsory: 3D can take one of these: 7H 7S")
	for _, bad := range []string{"play 3D take", "play 10D take 10C 10H", "play 10D take 10C 10H 9S", "take", "play take take take"} {
		_, err := s.ParseAction(bad)
		assert.Error(t, err, bad)
	}
	a, err = s.ParseAction("play 10D take 10S 10C 10H")
	require.NoError(t, err)
	assert.Equal(t, "play 10D take 10C 10H 10S", s.FormatAction(a), "the flagged cards in any order")
}
