package eatpairs

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
)

// fill builds a deal: the named cards of each hand (seat 0 first) and the top
// of the stock. The hands are filled up (the dealer to 8, the others to 7)
// with cards of ranks no named card has, never two of a rank in one hand, so
// the filler neither pairs nor interferes; the rest goes to the stock.
func fill(t testing.TB, n, dealer int, hands []string, stockTop string) games.Deal {
	t.Helper()
	var used cards.Set
	var namedRanks uint16
	take := func(s string) []string {
		cs, err := cards.ParseList(s)
		require.NoError(t, err)
		out := []string{}
		for _, c := range cs {
			require.False(t, used.Has(c), "%s named twice", c)
			used = used.With(c)
			namedRanks |= 1 << c.Rank()
			out = append(out, c.String())
		}
		return out
	}
	d := games.Deal{First: &dealer, Hands: make([][]string, n)}
	for p := range n {
		d.Hands[p] = []string{}
		if p < len(hands) {
			d.Hands[p] = take(hands[p])
		}
	}
	d.Stock = take(stockTop)
	size := func(p int) int {
		if p == dealer {
			return 8
		}
		return 7
	}
	have := make([]uint16, n)
	for p := range n {
		for _, txt := range d.Hands[p] {
			c, _ := cards.Parse(txt)
			have[p] |= 1 << c.Rank()
		}
	}
	next := 0 // deal the filler round the table, rank by rank
	for r := cards.Two; r <= cards.Ace; r++ {
		if namedRanks&(1<<r) != 0 {
			continue
		}
		for _, su := range cards.Suits {
			c := cards.Make(r, su)
			if used.Has(c) {
				continue
			}
			for k := range n {
				p := (next + k) % n
				if len(d.Hands[p]) < size(p) && have[p]&(1<<r) == 0 {
					used = used.With(c)
					have[p] |= 1 << r
					d.Hands[p] = append(d.Hands[p], c.String())
					next = p + 1
					break
				}
			}
		}
	}
	for p := range n {
		require.Len(t, d.Hands[p], size(p), "filler ran out for seat %d", p)
	}
	for _, c := range (cards.Deck52 &^ used).Cards() {
		d.Stock = append(d.Stock, c.String())
	}
	return d
}

func start(t testing.TB, n int, opts map[string]string, deals ...games.Deal) *State {
	t.Helper()
	g, err := Game{}.New(games.Config{Players: n, Options: opts, Seed: 1, Deals: deals})
	require.NoError(t, err)
	s := g.(*State)
	require.NoError(t, check(s))
	return s
}

func act(t testing.TB, s *State, seat games.Seat, text string) error {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	return s.Apply(seat, a)
}

func mustAct(t testing.TB, s *State, steps ...string) {
	t.Helper()
	for _, st := range steps {
		seat, text, _ := strings.Cut(st, ":")
		var n games.Seat
		_, err := fmt.Sscan(seat, &n)
		require.NoError(t, err)
		require.NoError(t, act(t, s, n, text), "step %q", st)
		require.NoError(t, check(s), "after %q", st)
	}
}

func requireRefused(t *testing.T, s *State, seat games.Seat, text, reason string) {
	t.Helper()
	before := *s
	err := act(t, s, seat, text)
	require.ErrorContains(t, err, reason)
	require.Equal(t, before, *s, "a refused action changed the state")
}

func set(t testing.TB, s string) cards.Set {
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cards.SetOf(cs...)
}

func legalText(s *State, seat games.Seat) []string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.FormatAction(a))
	}
	return out
}

// In the A3 scenarios seat 0 (P1) deals; P2 is seat 1, P3 seat 2, P4 seat 3.

func TestA3_1_LayingPairs(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"", "8S 8H 8D", "QC QD QH QS"}, ""))
	assert.Equal(t, set(t, "8H 8S"), s.laid[1], "three of a kind: lay two")
	assert.True(t, s.hands[1].Has(cards.Make(8, cards.Diamonds)), "keep 8♦")
	assert.Equal(t, 5, s.hands[1].Len())
	assert.Equal(t, set(t, "QC QD QH QS"), s.laid[2], "four of a kind: two pairs")
	assert.Equal(t, 3, s.hands[2].Len())
}

func TestA3_2_DealerPairsOutBeforePlay(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"2C 2D 3C 3D 4C 4D 5C 5D"}, ""))
	assert.True(t, s.Done())
	assert.Equal(t, []games.Seat{0}, s.Result().Winners)
	assert.Equal(t, []int{1, 0, 0, 0}, s.Result().Scores)
}

func TestA3_3_OpeningCardPairedByTheFirstHolderClockwise(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"7C", "7D", "", "7H"}, ""))
	assert.Equal(t, []games.Seat{0}, s.Actors(nil))
	mustAct(t, s, "0:play 7C")
	assert.Equal(t, set(t, "7C 7D"), s.laid[1]&rankSet(7))
	assert.True(t, s.hands[3].Has(cards.Make(7, cards.Hearts)), "P4 keeps its 7")
	assert.Equal(t, int8(1), s.lead)
	assert.Equal(t, []string{"draw"}, legalText(s, 1))
}

func TestA3_4_DrawerIsCheckedFirst(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"9C", "", "9D JS", "JC"}, "JD"))
	mustAct(t, s, "0:play 9C")
	require.Equal(t, int8(2), s.lead, "P3 paired the opening card")
	mustAct(t, s, "2:draw")
	assert.Equal(t, set(t, "JD JS"), s.laid[2]&rankSet(cards.Jack), "P3 pairs its own draw before P4")
	assert.True(t, s.hands[3].Has(cards.Make(cards.Jack, cards.Clubs)))
	assert.Equal(t, int8(2), s.lead)
}

func TestA3_5_UnpairedDrawIsDeadAndTheLeadDrawsAgain(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"9C", "", "9D"}, "4H 4C 4D 4S"))
	mustAct(t, s, "0:play 9C", "2:draw")
	assert.Equal(t, []cards.Card{cards.Make(4, cards.Hearts)}, s.waste[:s.nWaste])
	assert.Equal(t, []games.Seat{2}, s.Actors(nil), "the same lead draws again")
	assert.Equal(t, []string{"draw"}, legalText(s, 2))
}

func TestA3_6_PairingTheLastCardWinsAtOnce(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"9C", "2C 2D 3C 3D 4C 4D 9H"}, ""))
	require.Equal(t, 1, s.hands[1].Len())
	mustAct(t, s, "0:play 9C")
	assert.True(t, s.Done())
	assert.Equal(t, []games.Seat{1}, s.Result().Winners)
	assert.Equal(t, 23, int(s.stockLen-s.stockPos), "won with the stock untouched")
}

// exhaustionDeal: after laying, P1 holds KC 5D JS and w1, P2 holds AD, P3
// holds KD 5C JH 9D QH, P4 holds 9C and p4. P1 opens KC, P3 pairs it and
// draws the stock: 22 cards of ranks nobody holds, then QC, which P3 pairs.
// The stock is out with P3 leading on 5C JH 9D.
func exhaustionDeal(soleFewest bool) games.Deal {
	first := 0
	d := games.Deal{First: &first, Hands: [][]string{
		{"KC", "KH", "KS", "5D", "5H", "5S", "JS", "AC"},
		{"AD", "AH", "AS", "JC", "JD", "2C", "2D"},
		{"KD", "5C", "JH", "9D", "QH", "9H", "9S"},
		{"9C", "QD", "QS", "3C", "3D", "4C", "4D"},
	}}
	dead := "2H 2S 3H 3S 4H 4S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 10C 10D 10H 10S"
	if soleFewest {
		// P1 keeps 10D instead of AC and P4 keeps 9C 10C AC: P2 alone holds one card.
		d.Hands = [][]string{
			{"KC", "KH", "KS", "5D", "5H", "5S", "JS", "10D"},
			{"AD", "AH", "AS", "JC", "JD", "10H", "10S"},
			{"KD", "5C", "JH", "9D", "QH", "9H", "9S"},
			{"9C", "10C", "AC", "QD", "QS", "3C", "3D"},
		}
		dead = "2C 2D 2H 2S 3H 3S 4C 4D 4H 4S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S"
	}
	d.Stock = append(strings.Fields(dead), "QC")
	return d
}

func drawOut(t *testing.T, s *State) {
	t.Helper()
	mustAct(t, s, "0:play KC")
	for s.phase == phaseDraw {
		mustAct(t, s, "2:draw")
	}
}

func TestA3_7_StockExhaustedHandPlay(t *testing.T) {
	s := start(t, 4, nil, exhaustionDeal(false))
	drawOut(t, s)
	require.False(t, s.Done())
	assert.Equal(t, "hand", s.View(0).(*View).Phase)
	assert.Equal(t, set(t, "5C JH 9D"), s.hands[2])
	assert.Equal(t, []string{"play 5C", "play 9D", "play JH"}, legalText(s, 2), "P3 exposes a card of its choice")
	requireRefused(t, s, 2, "draw", "the stock is empty")

	mustAct(t, s, "2:play 5C")
	assert.Equal(t, int8(0), s.lead, "P1 pairs 5♣ and leads")
	mustAct(t, s, "0:play JS")
	assert.Equal(t, int8(2), s.lead, "P3 pairs J♠")
	require.Equal(t, set(t, "9D"), s.hands[2])
	mustAct(t, s, "2:play 9D")
	assert.True(t, s.Done(), "exposing the last card wins at once (P4's 9♣ does not matter)")
	assert.Equal(t, []games.Seat{2}, s.Result().Winners)
	assert.Equal(t, []int{0, 0, 1, 0}, s.Result().Scores)
}

func TestA3_7_FewestCards(t *testing.T) {
	opts := map[string]string{"exhaustion": "FEWEST_CARDS"}
	s := start(t, 4, opts, exhaustionDeal(true))
	drawOut(t, s)
	require.True(t, s.Done())
	assert.Equal(t, []games.Seat{1}, s.Result().Winners, "hands 3, 1, 3, 3: P2 wins")

	s = start(t, 4, opts, exhaustionDeal(false))
	drawOut(t, s)
	require.True(t, s.Done())
	assert.Equal(t, []games.Seat{1, 3}, s.Result().Winners, "hands 3, 1, 3, 1: shared win")
	assert.Equal(t, []int{0, 1, 0, 1}, s.Result().Scores)
}

func TestExhaustionDrawGivesNoWinner(t *testing.T) {
	s := start(t, 4, map[string]string{"exhaustion": "DRAW"}, exhaustionDeal(false))
	drawOut(t, s)
	require.True(t, s.Done())
	assert.Empty(t, s.Result().Winners)
	assert.Equal(t, []int{0, 0, 0, 0}, s.Result().Scores)
	assert.Equal(t, [][]games.Seat{{}}, s.View(games.Observer).(*View).History)
}

func TestA3_8_DealerCannotWinByTheOpeningPlay(t *testing.T) {
	for n := 2; n <= 6; n++ {
		for seed := range uint64(300) {
			g, err := Game{}.New(games.Config{Players: n, Seed: seed})
			require.NoError(t, err)
			s := g.(*State)
			if s.Done() {
				continue // the dealer paired out before play
			}
			for p := range n {
				assert.Equal(t, p != int(s.dealer), s.hands[p].Len()%2 == 1, "after laying: the dealer even, the others odd")
			}
			l := s.Legal(games.Seat(s.dealer), nil)
			require.NoError(t, s.Apply(games.Seat(s.dealer), l[int(seed)%len(l)]))
			assert.NotZero(t, s.hands[s.dealer], "the opening leaves the dealer a card")
			if s.Done() {
				assert.NotEqual(t, []games.Seat{games.Seat(s.dealer)}, s.Result().Winners)
			}
		}
	}
}

func TestA3_9_DeadOpeningDealerStaysLead(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"4C"}, "4H 4D 4S"))
	mustAct(t, s, "0:play 4C")
	assert.Equal(t, []cards.Card{cards.Make(4, cards.Clubs)}, s.waste[:s.nWaste])
	assert.Equal(t, int8(0), s.lead)
	assert.Equal(t, []string{"draw"}, legalText(s, 0), "the dealer draws first")
}

func TestA3_10_SixPlayersNextFirst(t *testing.T) {
	s := start(t, 6, nil)
	assert.Equal(t, int8(9), s.stockLen)
	dealt := 0
	for p := range 6 {
		dealt += s.hands[p].Len() + s.laid[p].Len()
	}
	assert.Equal(t, 43, dealt)

	s = start(t, 6, map[string]string{"matchPriority": "NEXT_FIRST"}, fill(t, 6, 0, []string{"9C", "", "9D JS", "JC"}, "JD"))
	mustAct(t, s, "0:play 9C", "2:draw")
	assert.Equal(t, set(t, "JC JD"), s.laid[3]&rankSet(cards.Jack), "the drawer is checked last: P4 pairs")
	assert.Equal(t, int8(3), s.lead)
	assert.True(t, s.hands[2].Has(cards.Make(cards.Jack, cards.Spades)))
}

func TestRefusals(t *testing.T) {
	s := start(t, 4, nil, fill(t, 4, 0, []string{"9C", "", "9D"}, ""))
	requireRefused(t, s, 0, "draw", "the dealer opens with a card from the hand")
	requireRefused(t, s, 1, "play 9D", "not your turn")
	requireRefused(t, s, 0, "play 9D", "you do not hold 9D")
	requireRefused(t, s, games.System, "timeout", "no timed window")
	mustAct(t, s, "0:play 9C")
	requireRefused(t, s, 2, "play "+s.hands[2].Lowest().String(), "draw from the stock")
	requireRefused(t, s, 0, "draw", "not your turn")
	_, err := s.ParseAction("pair 7C")
	require.ErrorContains(t, err, "unknown action")
}

func TestBadDealsAreRefused(t *testing.T) {
	good := fill(t, 3, 1, nil, "")
	cases := map[string]func(d *games.Deal){
		"seat 0 has 6 cards":            func(d *games.Deal) { d.Hands[0] = d.Hands[0][1:] },
		"no seat has the dealer's 8":    func(d *games.Deal) { d.Stock = append(d.Stock, d.Hands[1][7]); d.Hands[1] = d.Hands[1][:7] },
		"first is 2 but seat 1 has":     func(d *games.Deal) { f := 2; d.First = &f },
		"stock has 29 cards, want 30":   func(d *games.Deal) { d.Stock = d.Stock[1:] },
		"dealt twice":                   func(d *games.Deal) { d.Stock[0] = d.Hands[0][0] },
		"field layout is not used here": func(d *games.Deal) { d.Layout = []string{"2C"} },
		"2 hands for 3 players":         func(d *games.Deal) { d.Hands = d.Hands[:2] },
	}
	for want, breakIt := range cases {
		d := good
		d.Hands = nil
		for _, h := range good.Hands {
			d.Hands = append(d.Hands, slices.Clone(h))
		}
		d.Stock = slices.Clone(good.Stock)
		breakIt(&d)
		_, err := Game{}.New(games.Config{Players: 3, Deals: []games.Deal{d}})
		assert.ErrorContains(t, err, want)
	}
	second := fill(t, 3, 1, nil, "")
	second.First = nil
	_, err := Game{}.New(games.Config{Players: 3, Options: map[string]string{"matchRounds": "2"}, Deals: []games.Deal{good, second}})
	assert.ErrorContains(t, err, "seat 1 has 8 cards but seat 2 deals round 2")
	_, err = Game{}.New(games.Config{Players: 3, Options: map[string]string{"nextDealer": "WINNER"}, Deals: []games.Deal{good, second}})
	assert.ErrorContains(t, err, "only the first deal can be fixed")
	_, err = Game{}.New(games.Config{Players: 7})
	assert.ErrorContains(t, err, "the game is for 2 to 6")
}

func TestMatchRoundsAndNextDealer(t *testing.T) {
	for _, winner := range []bool{false, true} {
		opts := map[string]string{"matchRounds": "5"}
		if winner {
			opts["nextDealer"] = "WINNER"
		}
		g, err := Game{}.New(games.Config{Players: 4, Options: opts, Seed: 3})
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(3, 3))
		for !s.Done() {
			round, dealer := s.round, s.dealer
			l := s.Legal(games.Seat(s.actor()), nil)
			require.NoError(t, s.Apply(games.Seat(s.actor()), l[rng.IntN(len(l))]))
			if s.round != round && !s.Done() {
				w := s.history[round]
				want := (dealer + 1) % 4
				if winner {
					want = int8(bits.TrailingZeros8(w))
				}
				assert.Equal(t, want, s.dealer, "winner=%v round %d won by %b", winner, round, w)
			}
		}
		total := 0
		for _, p := range s.points[:4] {
			total += p
		}
		assert.Equal(t, 5, total, "HAND_PLAY: one winner a round")
		assert.Equal(t, 5, s.roundsDone)
		assert.NotEmpty(t, s.Result().Winners)
	}
}

func TestViewHidesOtherHandsAndTheStock(t *testing.T) {
	s := start(t, 3, nil)
	v := s.View(1).(*View)
	assert.Equal(t, s.hands[1].Strings(), v.Hand)
	assert.Nil(t, v.Hands)
	assert.Nil(t, v.StockCards)
	o := s.View(games.Observer).(*View)
	assert.Nil(t, o.Hand)
	g := s.View(games.God).(*View)
	assert.Len(t, g.Hands, 3)
	assert.Len(t, g.StockCards, 52-7*3-1)
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{
		Configs: []games.Config{
			{Players: 2},
			{Players: 4, Seed: 1000, Options: map[string]string{"matchRounds": "3", "nextDealer": "WINNER"}},
			{Players: 6, Seed: 2000, Options: map[string]string{"matchPriority": "NEXT_FIRST", "matchRounds": "2"}},
			{Players: 5, Seed: 3000, Options: map[string]string{"exhaustion": "FEWEST_CARDS", "matchRounds": "3"}},
			{Players: 3, Seed: 4000, Options: map[string]string{"exhaustion": "DRAW", "matchRounds": "3"}},
		},
		Playouts: 6,
		Check:    check,
	})
}

func FuzzEatPairs(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 5, Options: map[string]string{"matchRounds": "3"}}, check)
}

// check is the engine's invariants: the 52 cards each in exactly one place,
// hands without pairs, one winner a round under HAND_PLAY, the points adding
// up, and a consistent sample for seat 0.
func check(g games.State) error {
	s := g.(*State)
	if err := consistent(s); err != nil {
		return err
	}
	won := 0
	for _, w := range s.history[:s.roundsDone] {
		if s.exhaustion == handPlay && bits.OnesCount8(w) != 1 {
			return fmt.Errorf("HAND_PLAY round won by %08b", w)
		}
		won += bits.OnesCount8(w)
	}
	total := 0
	for _, p := range s.points[:s.players] {
		total += p
	}
	if total != won {
		return fmt.Errorf("points %v but %d round wins", s.points[:s.players], won)
	}
	if s.phase != phaseDone {
		sm, err := Game{}.NewSampler(s.config(), 0, s.View(0))
		if err != nil {
			return fmt.Errorf("no sampler for seat 0: %w", err)
		}
		d := sm.Sample(rand.New(rand.NewPCG(uint64(s.stockPos), uint64(s.nWaste)))).(*State)
		if err := consistent(d); err != nil {
			return fmt.Errorf("sampled: %w", err)
		}
	}
	return nil
}

// consistent checks card conservation and the hand rules: no pairs, and no
// card the seat was seen not to hold.
func consistent(s *State) error {
	var all cards.Set
	n := 0
	add := func(m cards.Set) {
		all |= m
		n += m.Len()
	}
	for p := range s.players {
		add(s.hands[p])
		add(s.laid[p])
		if s.laid[p].Len()%2 != 0 {
			return fmt.Errorf("seat %d laid an odd %d cards", p, s.laid[p].Len())
		}
		for r := cards.Two; r <= cards.Ace; r++ {
			if (s.hands[p] & rankSet(r)).Len() > 1 {
				return fmt.Errorf("seat %d holds a pair of %s", p, r)
			}
		}
		if x := s.hands[p] & s.excluded[p]; x != 0 && s.phase != phaseDone {
			return fmt.Errorf("seat %d holds %v it was seen not to hold", p, x)
		}
	}
	for _, c := range s.waste[:s.nWaste] {
		add(cards.SetOf(c))
	}
	for _, c := range s.stock[s.stockPos:s.stockLen] {
		add(cards.SetOf(c))
	}
	if all != cards.Deck52 || n != 52 {
		return fmt.Errorf("cards: %d placed, missing %v", n, cards.Deck52&^all)
	}
	return nil
}

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// config is the state's rules as a config (no seed, no deals).
func (s *State) config() games.Config {
	return games.Config{Players: s.players, Options: map[string]string{
		"matchPriority": map[bool]string{false: "DRAWER_FIRST", true: "NEXT_FIRST"}[s.nextFirst],
		"exhaustion":    [...]string{"HAND_PLAY", "FEWEST_CARDS", "DRAW"}[s.exhaustion],
		"nextDealer":    map[bool]string{false: "CLOCKWISE", true: "WINNER"}[s.winnerDeals],
		"matchRounds":   fmt.Sprint(s.rounds),
	}}
}
