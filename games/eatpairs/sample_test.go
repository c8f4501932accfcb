package eatpairs

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
)

var sampleConfigs = []games.Config{
	{Players: 2, Options: map[string]string{"matchRounds": "2"}},
	{Players: 4, Options: map[string]string{"matchRounds": "2", "nextDealer": "WINNER"}},
	{Players: 6, Options: map[string]string{"matchPriority": "NEXT_FIRST"}},
	{Players: 5, Options: map[string]string{"exhaustion": "FEWEST_CARDS", "matchRounds": "2"}},
	{Players: 3, Options: map[string]string{"exhaustion": "DRAW", "matchRounds": "3"}},
}

// The information property at every step of random matches, for every seat
// and the spectator: a state dealt from a seat's view shows it the same view,
// legal moves, actors and descriptions.
func TestSamplesKeepTheSeatBoundaryAtEveryStep(t *testing.T) {
	for ci, cfg := range sampleConfigs {
		for seed := range uint64(3) {
			cfg.Seed = seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for step := 0; ; step++ {
				for seat := games.Observer; int(seat) < cfg.Players; seat++ {
					if seat != games.System {
						require.NoError(t, gamestest.CheckSeat(entry, cfg, g, seat, rng, 2), "config %d seed %d step %d", ci, seed, step)
					}
				}
				if g.Done() {
					break
				}
				require.NoError(t, gamestest.PlayOn(g, rng, 1))
			}
		}
	}
}

func TestSamplerKeepsWhatEveryoneKnows(t *testing.T) {
	for seed := range uint64(200) {
		n := 2 + int(seed%5)
		cfg := games.Config{Players: n, Seed: seed}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 5))
		require.NoError(t, gamestest.PlayOn(s, rng, rng.IntN(30)))
		for seat := range games.Seat(n) {
			d := gamestest.Sampler(t, entry, cfg, s, seat).Sample(rng).(*State)
			require.NoError(t, consistent(d), "seed %d seat %d", seed, seat)
			assert.Equal(t, s.hands[seat], d.hands[seat])
			assert.Equal(t, s.laid, d.laid)
			require.NoError(t, gamestest.PlayOn(d, rng, 1000))
			require.True(t, d.Done(), "a sample plays on to the end")
		}
	}
}

func TestSamplerRespectsShownVoids(t *testing.T) {
	// P1 opens 4C and draws 4H: every seat showed it holds no 4, and the
	// remaining 4s (4D 4S, in the stock) must stay out of every hand.
	cfg := games.Config{Players: 4}
	s := start(t, 4, nil, fill(t, 4, 0, []string{"4C"}, "4H 4D 4S"))
	mustAct(t, s, "0:play 4C", "0:draw")
	v := s.View(1).(*View)
	for p := range 4 {
		assert.Subset(t, v.Excluded[p], []string{"4D", "4S"}, "seat %d showed it holds no 4", p)
	}
	sm := gamestest.Sampler(t, entry, cfg, s, 1)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 300 {
		d := sm.Sample(rng).(*State)
		for p := range 4 {
			assert.Zero(t, d.hands[p]&rankSet(4))
		}
	}
}

func TestSamplerKnowsWhichCardLayingKeeps(t *testing.T) {
	// Seat 1 laid 8♦ 8♥. Had it held 8♠ as well it would have laid 8♥ 8♠ and
	// kept 8♦, so it may hold 8♣ but never 8♠.
	s := start(t, 4, nil, fill(t, 4, 0, []string{"", "8D 8H"}, "8C 8S"))
	assert.Equal(t, []string{"8S"}, s.View(0).(*View).Excluded[1])
	sm := gamestest.Sampler(t, entry, games.Config{Players: 4}, s, 0)
	rng := rand.New(rand.NewPCG(1, 1))
	held := 0
	for range 2000 {
		d := sm.Sample(rng).(*State)
		assert.False(t, d.hands[1].Has(cards.Make(8, cards.Spades)))
		if d.hands[1].Has(cards.Make(8, cards.Clubs)) {
			held++
		}
	}
	assert.NotZero(t, held, "8♣ is possible for seat 1")
}

func TestSamplerKnowsThePairerAndTheExposerHoldNoMoreOfTheRank(t *testing.T) {
	// The dealer opens 9♣ and seat 2 pairs it with 9♦: each held one 9
	// (pairs are laid), so neither holds 9♥ or 9♠ now; seat 1 was checked
	// first and lacks the rank; only seat 3 may hold one.
	s := start(t, 4, nil, fill(t, 4, 0, []string{"9C", "", "9D", "9H"}, ""))
	mustAct(t, s, "0:play 9C")
	v := s.View(1).(*View)
	for p := range 3 {
		assert.Subset(t, v.Excluded[p], []string{"9H", "9S"}, "seat %d", p)
	}
	assert.NotContains(t, v.Excluded[3], "9H")
	sm := gamestest.Sampler(t, entry, games.Config{Players: 4}, s, 1)
	rng := rand.New(rand.NewPCG(2, 2))
	for range 300 {
		d := sm.Sample(rng).(*State)
		assert.Zero(t, (d.hands[0]|d.hands[2])&rankSet(9))
	}
}

func TestSamplerDependsOnlyOnWhatTheSeatKnows(t *testing.T) {
	a := fill(t, 3, 0, nil, "")
	b := a
	b.Hands = [][]string{a.Hands[0], a.Hands[2], a.Hands[1]}
	sa, sb := start(t, 3, nil, a), start(t, 3, nil, b)
	require.Equal(t, jsonOf(t, sa.View(0)), jsonOf(t, sb.View(0)))
	require.NotEqual(t, jsonOf(t, sa.View(games.God)), jsonOf(t, sb.View(games.God)))
	cfg := games.Config{Players: 3}
	ma, mb := gamestest.Sampler(t, entry, cfg, sa, 0), gamestest.Sampler(t, entry, cfg, sb, 0)
	for seed := range uint64(20) {
		da := ma.Sample(rand.New(rand.NewPCG(seed, 0)))
		db := mb.Sample(rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, jsonOf(t, da.View(games.God)), jsonOf(t, db.View(games.God)))
	}
}

func TestGodsSamplerGivesTheTable(t *testing.T) {
	cfg := games.Config{Players: 5, Seed: 9}
	g, err := Game{}.New(cfg)
	require.NoError(t, err)
	require.NoError(t, gamestest.PlayOn(g, rand.New(rand.NewPCG(9, 9)), 6))
	d := gamestest.Sampler(t, entry, cfg, g, games.God).Sample(rand.New(rand.NewPCG(1, 1)))
	assert.Equal(t, jsonOf(t, g.View(games.God)), jsonOf(t, d.View(games.God)))
}

// position is a round-0 position with the deal and the actions that led
// to it, to enumerate its consistent deals by replaying them.
type position struct {
	cfg     games.Config
	s       *State
	seat    games.Seat
	dealt   [maxPlayers]cards.Set // round 0 as dealt, before laying
	stock   []cards.Card          // round 0's stock, top first
	actions []string
}

type uniformCase struct {
	name string
	cfg  games.Config
	want func(p *position, pool cards.Set) bool
}

// constrained tells whether some hidden hand may not hold an unseen card.
func constrained(p *position, pool cards.Set) bool {
	for q := range p.s.players {
		if games.Seat(q) != p.seat && p.s.excluded[q]&pool != 0 {
			return true
		}
	}
	return false
}

func TestSamplerIsUniform(t *testing.T) {
	cases := []uniformCase{
		{"two players, the stock's end", games.Config{Players: 2}, func(p *position, pool cards.Set) bool {
			return p.s.phase == phaseDraw && pool.Len() >= 4 && pool.Len() <= 6
		}},
		{"three players, hand play with voids", games.Config{Players: 3}, func(p *position, pool cards.Set) bool {
			return p.s.phase == phaseHand && pool.Len() >= 4 && pool.Len() <= 6 && constrained(p, pool)
		}},
		{"four players, voids and the stock", games.Config{Players: 4, Options: map[string]string{"exhaustion": "FEWEST_CARDS"}}, func(p *position, pool cards.Set) bool {
			return p.s.phase == phaseDraw && pool.Len() >= 5 && pool.Len() <= 6 && constrained(p, pool)
		}},
	}
	for ci, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pos := findPosition(t, tc)
			deals := pos.enumerate(t)
			require.GreaterOrEqual(t, len(deals), 2)
			sm := gamestest.Sampler(t, entry, pos.cfg, pos.s, pos.seat)
			rng := games.NewRand(77 + uint64(ci)*0x9e3779b97f4a7c15)
			n := max(1000*len(deals), 20000)
			counts := map[string]int{}
			for range n {
				k := pos.key(sm.Sample(rng).(*State))
				require.True(t, deals[k], "sample %s is not a consistent deal", k)
				counts[k]++
			}
			tv := 0.0
			for k := range deals {
				tv += math.Abs(float64(counts[k])/float64(n) - 1/float64(len(deals)))
			}
			tv /= 2
			t.Logf("uniformity eatpairs %s: %d deals, %d samples, TV %.4f", tc.name, len(deals), n, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

// findPosition plays random first rounds until the viewer (the seat after
// the one to act) sees a position tc wants.
func findPosition(t *testing.T, tc uniformCase) *position {
	for seed := uint64(1); seed < 3000; seed++ {
		cfg := tc.cfg
		cfg.Seed = seed
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		p := &position{cfg: cfg, s: s}
		for q := range s.players {
			p.dealt[q] = s.hands[q] | s.laid[q]
		}
		p.stock = append(p.stock, s.stock[:s.stockLen]...)
		rng := rand.New(rand.NewPCG(seed, 5))
		for !s.Done() && s.round == 0 {
			p.seat = games.Seat(s.next(s.actor()))
			var pool cards.Set
			for q := range s.players {
				if games.Seat(q) != p.seat {
					pool |= s.hands[q]
				}
			}
			pool |= cards.SetOf(s.stock[s.stockPos:s.stockLen]...)
			if tc.want(p, pool) {
				return p
			}
			seat, a, _ := gamestest.RandomMove(s, rng)
			p.actions = append(p.actions, fmt.Sprintf("%d:%s", seat, s.FormatAction(a)))
			require.NoError(t, s.Apply(seat, a))
		}
	}
	t.Fatal("no position found")
	return nil
}

func (p *position) key(s *State) string {
	var b strings.Builder
	for q := range s.players {
		if games.Seat(q) != p.seat {
			fmt.Fprintf(&b, "%d:%v;", q, s.hands[q])
		}
	}
	fmt.Fprintf(&b, "stock:%v", s.stock[s.stockPos:s.stockLen])
	return b.String()
}

// enumerate lists the consistent deals by brute force: every way to put
// the unseen cards into the other hands (their sizes) and the stock (in
// every order), kept when round 0 replayed from the deal it implies (each
// hand's removed cards as they were, the unseen ones in place of its
// present cards) shows the seat the very view it has. No reasoning of the
// sampler is used.
func (p *position) enumerate(t *testing.T) map[string]bool {
	s := p.s
	want := jsonOf(t, s.View(p.seat))
	var hidden []int
	var pool cards.Set
	for q := range s.players {
		if games.Seat(q) != p.seat {
			hidden = append(hidden, q)
			pool |= s.hands[q]
		}
	}
	rest := cards.SetOf(s.stock[s.stockPos:s.stockLen]...)
	pool |= rest
	cs := pool.Cards()
	out := map[string]bool{}
	hands := s.hands
	var stock []cards.Card
	var rec func(i int)
	rec = func(i int) {
		if i < len(cs) {
			for _, q := range hidden {
				if hands[q].Len() < s.hands[q].Len() {
					hands[q] = hands[q].With(cs[i])
					rec(i + 1)
					hands[q] = hands[q].Without(cs[i])
				}
			}
			if len(stock) < rest.Len() {
				stock = append(stock, cs[i])
				rec(i + 1)
				stock = stock[:len(stock)-1]
			}
			return
		}
		if !p.replays(t, hands, stock, want) {
			return
		}
		d := *s
		d.hands = hands
		// Every order of the stock is as consistent as any.
		var perm func(k int)
		perm = func(k int) {
			if k == len(stock) {
				copy(d.stock[d.stockPos:], stock)
				out[p.key(&d)] = true
				return
			}
			for j := k; j < len(stock); j++ {
				stock[k], stock[j] = stock[j], stock[k]
				perm(k + 1)
				stock[k], stock[j] = stock[j], stock[k]
			}
		}
		perm(0)
	}
	for _, q := range hidden {
		hands[q] &^= pool
	}
	rec(0)
	return out
}

// replays deals round 0 again with the hidden hands' present cards
// replaced and tells whether the recorded actions give the seat its view.
func (p *position) replays(t *testing.T, hands [maxPlayers]cards.Set, stock []cards.Card, want string) bool {
	s := p.s
	dealer := int(p.dealerOf0())
	d := games.Deal{First: &dealer, Hands: make([][]string, s.players)}
	for q := range s.players {
		dealt := p.dealt[q]&^s.hands[q] | hands[q]
		d.Hands[q] = dealt.Strings()
	}
	for _, c := range p.stock[:s.stockPos] {
		d.Stock = append(d.Stock, c.String())
	}
	for _, c := range stock {
		d.Stock = append(d.Stock, c.String())
	}
	cfg := p.cfg
	cfg.Deals = []games.Deal{d}
	g, err := Game{}.New(cfg)
	require.NoError(t, err)
	for _, st := range p.actions {
		seatText, text, _ := strings.Cut(st, ":")
		var seat games.Seat
		fmt.Sscan(seatText, &seat)
		if gamestest.Act(t, g, seat, text) != nil {
			return false
		}
	}
	return jsonOf(t, g.View(p.seat)) == want
}

func (p *position) dealerOf0() int8 {
	for q := range p.s.players {
		if p.dealt[q].Len() == 8 {
			return int8(q)
		}
	}
	return -1
}

func TestSamplerRefusesViewsNoTableShows(t *testing.T) {
	cfg := games.Config{Players: 4}
	s := start(t, 4, nil, fill(t, 4, 0, []string{"9C 4C", "8D 8H", "9D"}, "4H 4D 4S"))
	mustAct(t, s, "0:play 9C", "2:draw")
	truth := s.View(0).(*View)
	_, err := Game{}.NewSampler(cfg, 0, truth)
	require.NoError(t, err)
	cases := []struct {
		name, want string
		mutate     func(v *View)
	}{
		{"a card twice", "is in seat 1's pairs and in seat 0's hand", func(v *View) { v.Hand = append(v.Hand[1:], "8D") }},
		{"a pair in hand", "seat 0 holds two", func(v *View) {
			v.Hand = []string{"7C", "7D"}
			v.HandSizes[0] = 2
		}},
		{"a void contradicted by a known card", "which it was seen not to hold", func(v *View) {
			v.Excluded[0] = append(v.Excluded[0], v.Hand[0])
		}},
		{"hand sizes that do not add up", "cards unseen, but the other hands and the stock hold", func(v *View) { v.HandSizes[1] += 2 }},
		{"the seat's own hand size", "seat 0 holds", func(v *View) { v.Hand = v.Hand[1:] }},
		{"a card not in the deck", "unknown card", func(v *View) { v.Waste = append(v.Waste, "1X") }},
		{"an odd pile", "laid an odd number", func(v *View) { v.Laid[1] = v.Laid[1][1:] }},
		{"no deal fits the voids", "no deal gives every other hand", func(v *View) {
			// Every unseen card is barred from every other hand.
			for p := 1; p < 4; p++ {
				v.Excluded[p] = cards.Deck52.Strings()
			}
		}},
		{"another seat's view", "the view is seat 1's, not seat 0's", func(v *View) { v.Seat = 1 }},
		{"another table", "5 players, the table has 4", func(v *View) { v.Players = 5 }},
		{"an unknown phase", "unknown phase", func(v *View) { v.Phase = "bid" }},
		{"a draw from an empty stock", "the lead draws from an empty stock", func(v *View) { v.Stock = 0 }},
		{"the turn", "turn 3 in phase draw", func(v *View) { v.Turn = 3 }},
		{"points without a round won", "seat 1 has 1 points", func(v *View) { v.Points[1] = 1 }},
		{"a last card nobody laid", "has not laid it", func(v *View) { v.Last.PairedBy = 3 }},
		{"exclusions that do not follow", "the view's excluded is", func(v *View) { v.Excluded[2] = append(v.Excluded[2], "9C") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var v View
			require.NoError(t, json.Unmarshal([]byte(jsonOf(t, truth)), &v))
			tc.mutate(&v)
			_, err := Game{}.NewSampler(cfg, 0, &v)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err = Game{}.NewSampler(cfg, 0, gamestest.OtherView{})
	assert.ErrorContains(t, err, "is not an Eat Pairs view")
	_, err = Game{}.NewSampler(games.Config{Players: 7}, 0, truth)
	assert.ErrorContains(t, err, "the game is for 2 to 6")
}

// FuzzSampler feeds the sampler views it did not make (gamestest.FuzzSampler).
func FuzzSampler(f *testing.F) {
	gamestest.FuzzSampler(f, entry, sampleConfigs[:2], func(s games.State) error { return consistent(s.(*State)) })
}
