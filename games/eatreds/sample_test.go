package eatreds

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
	{Players: 2},
	{Players: 3, Options: map[string]string{"capturedFaceUp": "on", "matchTarget": "100"}},
	{Players: 4, Options: map[string]string{"blackAceBonus": "on", "autoPickStockCapture": "on"}},
	{Players: 3, Options: map[string]string{"matchTarget": "200"}},
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
			for step := 0; !g.Done(); step++ {
				for seat := games.Observer; int(seat) < cfg.Players; seat++ {
					if seat == games.System {
						continue
					}
					require.NoError(t, gamestest.CheckSeat(entry, cfg, g, seat, rng, 2), "config %d seed %d step %d", ci, seed, step)
				}
				require.NoError(t, gamestest.PlayOn(g, rng, 1))
			}
			for seat := range games.Seat(cfg.Players) {
				require.NoError(t, gamestest.CheckSeat(entry, cfg, g, seat, rng, 1), "the finished match")
			}
		}
	}
}

func TestSamplePlaysOnToTheEnd(t *testing.T) {
	for ci, cfg := range sampleConfigs {
		cfg.Seed = uint64(ci)
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(uint64(ci), 3))
		require.NoError(t, gamestest.PlayOn(g, rng, 9))
		d := gamestest.Sampler(t, entry, cfg, g, 1).Sample(rng)
		require.NoError(t, check(d))
		for !d.Done() {
			require.NoError(t, gamestest.PlayOn(d, rng, 1))
			require.NoError(t, check(d))
		}
	}
}

func TestSamplerDependsOnlyOnWhatTheSeatKnows(t *testing.T) {
	// Two deals that differ in the other hands only.
	a := fill(t, 3, 2, []string{"3D 4D 5D 6D 7D 8D 9D 10D"}, "2S 4S 6S 8S", "")
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
		require.NoError(t, check(da))
	}
}

// Every card a pile holds was captured face up: the samples of another
// seat keep every pile as it is, face down or not.
func TestSamplerKeepsEveryPile(t *testing.T) {
	cfg := games.Config{Players: 3, Seed: 4}
	g, err := Game{}.New(cfg)
	require.NoError(t, err)
	s := g.(*State)
	require.NoError(t, gamestest.PlayOn(s, rand.New(rand.NewPCG(4, 4)), 20))
	sm := gamestest.Sampler(t, entry, cfg, s, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	moved := false
	for range 50 {
		d := sm.Sample(rng).(*State)
		assert.Equal(t, s.piles, d.piles)
		assert.Equal(t, s.layout, d.layout)
		assert.Equal(t, s.hands[1], d.hands[1])
		moved = moved || d.hands[0] != s.hands[0]
	}
	assert.True(t, moved, "the other hands are dealt again")
}

func TestSamplerOfAFinishedMatch(t *testing.T) {
	cfg := games.Config{Players: 2, Seed: 8}
	g, err := Game{}.New(cfg)
	require.NoError(t, err)
	require.NoError(t, gamestest.PlayOn(g, rand.New(rand.NewPCG(8, 8)), 1000))
	require.True(t, g.Done())
	d := gamestest.Sampler(t, entry, cfg, g, 0).Sample(rand.New(rand.NewPCG(1, 1)))
	assert.Equal(t, jsonOf(t, g.View(games.God)), jsonOf(t, d.View(games.God)), "nothing is hidden once the match is over")
}

func TestGodsSamplerGivesTheTable(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 9}
	g, err := Game{}.New(cfg)
	require.NoError(t, err)
	require.NoError(t, gamestest.PlayOn(g, rand.New(rand.NewPCG(9, 9)), 11))
	d := gamestest.Sampler(t, entry, cfg, g, games.God).Sample(rand.New(rand.NewPCG(1, 1)))
	assert.Equal(t, jsonOf(t, g.View(games.God)), jsonOf(t, d.View(games.God)))
}

// uniformCase finds a position whose viewer has few deals open.
type uniformCase struct {
	name    string
	cfg     games.Config
	viewer  func(s *State) games.Seat
	wantPos func(s *State) bool
}

func TestSamplerIsUniform(t *testing.T) {
	cases := []uniformCase{
		{"two players, last turns", games.Config{Players: 2},
			func(s *State) games.Seat { return games.Seat(s.turn) }, func(s *State) bool { return s.phase == phasePlay }},
		{"three players, last turns", games.Config{Players: 3},
			func(s *State) games.Seat { return games.Seat((s.turn + 1) % 3) }, func(s *State) bool { return s.phase == phasePlay }},
		{"a stock card waits", games.Config{Players: 4},
			func(s *State) games.Seat { return games.Seat(s.turn) }, func(s *State) bool { return s.phase == phaseTake }},
		{"the spectator", games.Config{Players: 2},
			func(*State) games.Seat { return games.Observer }, func(s *State) bool { return s.phase == phasePlay }},
	}
	for ci, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, seat := findPosition(t, tc)
			deals := enumerateDeals(s, seat)
			require.GreaterOrEqual(t, len(deals), 2)
			sm := gamestest.Sampler(t, entry, tc.cfg, s, seat)
			rng := games.NewRand(77 + uint64(ci)*0x9e3779b97f4a7c15)
			n := max(1000*len(deals), 20000)
			counts := map[string]int{}
			for range n {
				k := dealKey(sm.Sample(rng).(*State), seat)
				require.True(t, deals[k], "sample %s is not a consistent deal", k)
				counts[k]++
			}
			tv := 0.0
			for k := range deals {
				tv += math.Abs(float64(counts[k])/float64(n) - 1/float64(len(deals)))
			}
			tv /= 2
			t.Logf("uniformity eatreds %s: %d deals, %d samples, TV %.4f", tc.name, len(deals), n, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

// findPosition plays random deals until the viewer has 4 to 5 unseen cards.
func findPosition(t *testing.T, tc uniformCase) (*State, games.Seat) {
	for seed := uint64(1); seed < 500; seed++ {
		cfg := tc.cfg
		cfg.Seed = seed
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 5))
		for !s.Done() {
			if seat := tc.viewer(s); tc.wantPos(s) {
				if n := len(unseen(s, seat)); n >= 4 && n <= 5 {
					return s, seat
				}
			}
			require.NoError(t, gamestest.PlayOn(s, rng, 1))
		}
	}
	t.Fatal("no position found")
	return nil, 0
}

// unseen lists the cards seat does not see: the other hands, then the stock.
func unseen(s *State, seat games.Seat) []cards.Card {
	var out []cards.Card
	for p := range s.players {
		if games.Seat(p) != seat {
			out = append(out, s.hands[p].Cards()...)
		}
	}
	return append(out, s.stock[s.stockPos:]...)
}

// enumerateDeals lists every way to deal the unseen cards into the other
// hands (their sizes) and the stock (in order), by brute force over the
// orderings of the unseen cards: nothing a seat sees narrows them.
func enumerateDeals(s *State, seat games.Seat) map[string]bool {
	cs := unseen(s, seat)
	out := map[string]bool{}
	var perm func(k int)
	perm = func(k int) {
		if k == len(cs) {
			d := *s
			rest := cs
			for p := range s.players {
				if games.Seat(p) != seat {
					n := s.hands[p].Len()
					d.hands[p] = cards.SetOf(rest[:n]...)
					rest = rest[n:]
				}
			}
			copy(d.stock[d.stockPos:], rest)
			out[dealKey(&d, seat)] = true
			return
		}
		for i := k; i < len(cs); i++ {
			cs[k], cs[i] = cs[i], cs[k]
			perm(k + 1)
			cs[k], cs[i] = cs[i], cs[k]
		}
	}
	perm(0)
	return out
}

func dealKey(s *State, seat games.Seat) string {
	var b strings.Builder
	for p := range s.players {
		if games.Seat(p) != seat {
			fmt.Fprintf(&b, "%d:%v;", p, s.hands[p])
		}
	}
	fmt.Fprintf(&b, "stock:%v", s.stock[s.stockPos:])
	return b.String()
}

func TestSamplerRefusesViewsNoTableShows(t *testing.T) {
	cfg := games.Config{Players: 3, Options: map[string]string{"matchTarget": "100"}}
	c := cfg
	c.Seed = 21
	g, err := Game{}.New(c)
	require.NoError(t, err)
	s := g.(*State)
	rng := rand.New(rand.NewPCG(21, 1))
	// Play on to a turn of seat 0 with captures in the piles and a layout.
	for s.stockPos < 7 || s.turn != 0 || s.phase != phasePlay || s.piles[1] == 0 {
		require.NoError(t, gamestest.PlayOn(s, rng, 1))
		require.False(t, s.Done())
	}
	truth := s.View(0).(*View)
	_, err = Game{}.NewSampler(cfg, 0, truth)
	require.NoError(t, err)
	hand := truth.Hand[0]
	cases := []struct {
		name, want string
		mutate     func(v *View)
	}{
		{"a card twice", "is in the layout and in the seat's hand", func(v *View) { v.Hand = append(v.Hand[1:], v.Layout[0]) }},
		{"a hand card in a pile", "in seat 1's pile and in the seat's hand", func(v *View) { v.Hand = append(v.Hand[1:], v.Piles[1].Taken[0]) }},
		{"a card not in the deck", "unknown card", func(v *View) { v.Layout = append(v.Layout, "1X") }},
		{"hand sizes that do not add up", "seat 1 holds", func(v *View) { v.HandSizes[1]-- }},
		{"the stock count", "turn 0, but", func(v *View) { v.Stock-- }},
		{"the seat's own hand size", "seat 0 holds 5 cards but its size is 6", func(v *View) { v.Hand = v.Hand[1:] }},
		{"a pile count", "seat 1's pile counts", func(v *View) { v.Piles[1].Count += 2 }},
		{"points that do not follow", "the view's piles is", func(v *View) { v.Piles[0].Points = new(int); *v.Piles[0].Points = 99 }},
		{"another seat's view", "the view is seat 1's, not seat 0's", func(v *View) { v.Seat = 1 }},
		{"another table", "4 players, the table has 3", func(v *View) { v.Players = 4 }},
		{"another target", "target 0, the table plays to 100", func(v *View) { v.Target = 0 }},
		{"an unknown phase", "unknown phase", func(v *View) { v.Phase = "bid" }},
		{"a triple without three cards", "triple K", func(v *View) { v.Triple = "K" }},
		{"a triple of a rank that has none", "unknown rank", func(v *View) { v.Triple = "1" }},
		{"scores before any deal ended", "the scores add up to", func(v *View) { v.Scores[1] = 30 }},
		{"a last deal that never was", "points of a last deal", func(v *View) { v.LastDeal = []int{0, 0, 0} }},
		{"an event naming the seat's card", "neither in the layout nor in a pile", func(v *View) {
			v.ThisTurn = []Event{{Seat: 2, From: "hand", Card: hand}}
		}},
		{"a capture that does not pair", "does not capture", func(v *View) {
			v.ThisTurn = []Event{{Seat: 1, From: "hand", Card: "2C", Took: []string{"2D"}}}
		}},
		{"a stock card that waits with one target", "does not wait", func(v *View) {
			v.Phase, v.Pending, v.PendingFrom = "take", hand, "stock"
			v.Hand = v.Hand[1:]
		}},
		{"a done match with cards in hand", "done is true in phase play", func(v *View) { v.Done = true }},
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
	assert.ErrorContains(t, err, "is not an Eat Reds view")
	_, err = Game{}.NewSampler(games.Config{Players: 5}, 0, truth)
	assert.ErrorContains(t, err, "the game is for 2 to 4")
}

// FuzzSampler feeds the sampler views it did not make (gamestest.FuzzSampler).
func FuzzSampler(f *testing.F) { gamestest.FuzzSampler(f, entry, sampleConfigs[:2], nil) }
