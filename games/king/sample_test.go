package king

import (
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

// sampleOf draws one state from seat's view of s, the view passed through
// JSON as a peer receives it.
func sampleOf(t testing.TB, cfg games.Config, s *State, seat games.Seat, rng *rand.Rand) *State {
	t.Helper()
	sm := gamestest.Sampler(t, entry, cfg, s, seat)
	return sm.Sample(rng).(*State)
}

var sampleConfigs = []games.Config{
	{Players: 4},
	{Players: 4, Options: map[string]string{"includeAnything": "on", "allowNoTrump": "on", "collectingRounds": "4"}},
	{Players: 4, Options: map[string]string{"kingDiscardScope": "ALL_AVOIDING", "heartLeadInKingRound": "off",
		"mustTrumpWhenVoid": "on", "kingOnHeartLead": "IF_ACE", "includeAnything": "on"}},
}

// The information property at every step of whole matches, for every seat
// and the spectator: a state sampled from a seat's view shows the seat the
// same view, offers the same moves and describes every next action alike
// (gamestest.Run checks every 7th step; this checks them all).
func TestSamplesKeepTheSeatBoundaryAtEveryStep(t *testing.T) {
	for ci, cfg := range sampleConfigs {
		for seed := range uint64(2) {
			cfg.Seed = seed + 10
			gs, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := gs.(*State)
			rng := rand.New(rand.NewPCG(cfg.Seed, 5))
			for step := 0; !s.Done(); step++ {
				for seat := games.Observer; seat < 4; seat++ {
					if seat == games.System {
						continue
					}
					require.NoError(t, gamestest.CheckSeat(entry, cfg, s, seat, rng, 2), "config %d seed %d step %d", ci, cfg.Seed, step)
				}
				require.NoError(t, gamestest.PlayOn(s, rng, 1))
			}
		}
	}
}

// Every hand a sample deals keeps to what everyone has seen: no card of a
// suit its seat showed void in, no K♥ where it was not thrown when forced.
func TestSamplesKeepEverySeatsVoids(t *testing.T) {
	for ci, cfg := range sampleConfigs {
		cfg.Seed = uint64(ci) + 3
		gs, _ := Game{}.New(cfg)
		s := gs.(*State)
		rng := rand.New(rand.NewPCG(1, 1))
		for step := 0; !s.Done(); step++ {
			seat := s.turn
			d := sampleOf(t, cfg, s, seat, rng)
			for o := range 4 {
				assert.Zero(t, d.hands[o]&s.excluded[o], "config %d step %d: seat %d holds a card it showed it lacks", ci, step, o)
				assert.Equal(t, s.hands[o].Len(), d.hands[o].Len())
			}
			assert.Equal(t, s.hands[seat], d.hands[seat], "its own hand is kept")
			assert.Equal(t, cards.Deck32, d.hands[0]|d.hands[1]|d.hands[2]|d.hands[3]|d.played)
			require.NoError(t, gamestest.PlayOn(s, rng, 1))
		}
	}
}

func TestSamplerKeepsRevealedVoids(t *testing.T) {
	s := at(t, nil, NoTricks, [4]string{
		"7C 8C 9C 10C JC QC KC AC",
		"7D 8D 9D 10D JD QD KD AD",
		"7H 8H 9H 10H JH QH KH AH",
		"7S 8S 9S 10S JS QS KS AS",
	}, 0)
	gamestest.MustAct(t, s, "0:play 7C", "1:play 7D", "2:play 7H", "3:play 7S")
	assert.Equal(t, []string{"", "C", "C", "C"}, s.View(0).(*View).Voids)
	sm := gamestest.Sampler(t, entry, games.Config{Players: 4}, s, 0)
	rng := rand.New(rand.NewPCG(3, 3))
	for range 200 {
		d := sm.Sample(rng).(*State)
		assert.Equal(t, s.hands[0], d.hands[0], "own hand kept")
		for o := 1; o < 4; o++ {
			assert.Zero(t, d.hands[o].Of(cards.Clubs), "seat %d showed void in clubs", o)
			assert.Equal(t, 7, d.hands[o].Len())
		}
		assert.Equal(t, cards.Deck32, d.hands[0]|d.hands[1]|d.hands[2]|d.hands[3]|d.played)
	}
}

func TestSamplerKeepsTheKingOfHeartsInference(t *testing.T) {
	// Seat 1 is void in spades in the K♥ round and did not throw K♥: it cannot hold it.
	s := at(t, nil, NoKing, [4]string{
		"7S 8S 9S 10S 7C 8C 9C 10C",
		"7D 8D 9D 10D JD QD KD AD",
		"7H 8H 9H 10H JH QH KH AH",
		"JS QS KS AS JC QC KC AC",
	}, 0)
	gamestest.MustAct(t, s, "0:play 7S", "1:play 7D")
	v := s.View(3).(*View)
	assert.Equal(t, []bool{false, true, false, false}, v.NoKingHearts)
	assert.Equal(t, "S", v.Voids[1])
	sm := gamestest.Sampler(t, entry, games.Config{Players: 4}, s, 3)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 100 {
		assert.False(t, sm.Sample(rng).(*State).hands[1].Has(kingOfHearts))
	}
}

// Leading a heart under the lead ban shows a hand of hearts only.
func TestSamplerKeepsTheHeartsOnlyLead(t *testing.T) {
	s := at(t, nil, NoHearts, [4]string{
		"7C 8C 9C 10C JC QC KC AC",
		"7H 8H 9H 10H JH QH KH AH",
		"7D 8D 9D 10D JD QD KD AD",
		"7S 8S 9S 10S JS QS KS AS",
	}, 1)
	gamestest.MustAct(t, s, "1:play 8H")
	assert.Equal(t, "CDS", s.View(0).(*View).Voids[1])
	sm := gamestest.Sampler(t, entry, games.Config{Players: 4}, s, 0)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 50 {
		assert.Equal(t, hearts.Without(cards.Make(8, cards.Hearts)), sm.Sample(rng).(*State).hands[1], "the other seven hearts")
	}
}

func TestSamplerDependsOnlyOnWhatTheSeatKnows(t *testing.T) {
	// Two deals that look the same to seat 0: seats 1 and 2 swapped hands.
	a := sortedDeal()
	b := sortedDeal()
	b[1], b[2] = b[2], b[1]
	first := 0
	cfg := games.Config{Players: 4, Seed: 5}
	ga, err := Game{}.New(games.Config{Players: 4, Seed: 5, Deals: []games.Deal{{Hands: a, First: &first}}})
	require.NoError(t, err)
	gb, err := Game{}.New(games.Config{Players: 4, Seed: 5, Deals: []games.Deal{{Hands: b, First: &first}}})
	require.NoError(t, err)
	require.Equal(t, jsonOf(t, ga.View(0)), jsonOf(t, gb.View(0)))
	require.NotEqual(t, jsonOf(t, ga.View(games.God)), jsonOf(t, gb.View(games.God)))
	sa := gamestest.Sampler(t, entry, cfg, ga.(*State), 0)
	sb := gamestest.Sampler(t, entry, cfg, gb.(*State), 0)
	for seed := range uint64(20) {
		da := sa.Sample(rand.New(rand.NewPCG(seed, 0)))
		db := sb.Sample(rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, jsonOf(t, da.View(games.God)), jsonOf(t, db.View(games.God)))
	}
}

// A sample plays on to the end of the match like any state, later rounds
// dealt from the sampler's generator.
func TestSamplePlaysOnToTheEnd(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 3}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	rng := games.NewRand(9)
	require.NoError(t, gamestest.PlayOn(s, rng, 40))
	sample := sampleOf(t, cfg, s, s.turn, rng)
	require.NoError(t, gamestest.PlayOn(sample, rng, 1000))
	assert.True(t, sample.Done())
	require.NoError(t, check(sample))
}

// The finished match samples as itself.
func TestSamplerOfAFinishedMatch(t *testing.T) {
	s := randomMatch(t, nil, 4)
	for seat := range games.Seat(4) {
		d := sampleOf(t, games.Config{Players: 4}, s, seat, games.NewRand(1))
		assert.True(t, d.Done())
		assert.Equal(t, s.Result(), d.Result())
	}
}

func TestSamplerRefusesViewsNoTableShows(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 1}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	require.NoError(t, gamestest.PlayOn(s, rand.New(rand.NewPCG(1, 2)), 42)) // round 2, trick 3
	require.Equal(t, 1, s.round)
	seat := s.turn
	good := func() *View { return s.View(seat).(*View) }
	other := func(v *View) games.Seat { return (v.Seat + 1) % 4 }
	tests := []struct {
		name   string
		mutate func(v *View) games.View
		err    string
	}{
		{"not a King view", func(v *View) games.View { return gamestest.OtherView{} }, "not a King view"},
		{"another seat's view", func(v *View) games.View { v.Seat = other(v); return v }, "is seat"},
		{"options differ", func(v *View) games.View { v.Rounds = v.Rounds[:3]; return v }, "the options 14"},
		{"a card twice", func(v *View) games.View { v.Taken[other(v)] = append(v.Taken[other(v)], v.Hand[0]); return v }, "took"},
		{"a card in hand and taken", func(v *View) games.View {
			for i, tk := range v.Taken {
				if len(tk) > 0 {
					v.Taken[i][0] = v.Hand[0]
					break
				}
			}
			return v
		}, "already played"},
		{"hand size does not add up", func(v *View) games.View { v.HandSizes[other(v)]++; return v }, "by the tricks played"},
		{"own hand one short", func(v *View) games.View { v.Hand = v.Hand[1:]; return v }, "its size is"},
		{"card not in the deck", func(v *View) games.View { v.Hand[0] = "2H"; return v }, "32-card deck"},
		{"unknown card", func(v *View) games.View { v.Hand[0] = "ZZ"; return v }, "unknown card"},
		{"bad trump", func(v *View) games.View { v.Trump = "X"; return v }, `trump "X"`},
		{"trump in an avoiding round", func(v *View) games.View { v.Trump = "H"; return v }, "names no trump"},
		{"round out of range", func(v *View) games.View { v.Round = 99; return v }, "not one of the 14 rounds"},
		{"turn out of order", func(v *View) games.View { v.Turn = (v.Turn + 1) % 4; return v }, "to play after"},
		{"scores missing", func(v *View) games.View { v.Scores = nil; return v }, "for 4 seats"},
		{"total that the rounds do not add up to", func(v *View) games.View { v.Scores[0]++; return v }, "its rounds add up to"},
		{"round score that the tricks do not give", func(v *View) games.View { v.RoundScores[0] -= 2; return v }, "this round, its tricks"},
		{"history that does not sum", func(v *View) games.View { v.History[0].Scores[0]--; return v }, "adds up to"},
		{"over before the end", func(v *View) games.View { v.Done = true; return v }, "over in round 2"},
		{"contract mismatched", func(v *View) games.View { v.Contract = "collecting"; return v }, "in the view"},
		{"void contradicted by the own hand", func(v *View) games.View {
			c, _ := cards.Parse(v.Hand[0])
			v.Voids[v.Seat] = c.Suit().String()
			return v
		}, "voids say it cannot hold"},
		{"voids no deal fits", func(v *View) games.View {
			for i := range v.Voids {
				if games.Seat(i) != v.Seat {
					v.Voids[i] = "CDHS"
					v.NoKingHearts[i] = true
				}
			}
			return v
		}, "no deal fits"},
		{"void in an unknown suit", func(v *View) games.View { v.Voids[0] = "X"; return v }, "voids"},
		{"void written out of order", func(v *View) games.View { v.Voids[other(v)] = "SC"; return v }, "voids"},
		{"last trick to the wrong seat", func(v *View) games.View { v.LastTrick.Winner = (v.LastTrick.Winner + 1) % 4; return v }, "last trick"},
		{"no last trick", func(v *View) games.View { v.LastTrick = nil; return v }, "no last trick"},
		{"a trick of four", func(v *View) games.View { v.Trick = []string{"7C", "8C", "9C", "10C"}; return v }, "up to 3 cards"},
		{"winners while playing", func(v *View) games.View { v.Winners = []games.Seat{1}; return v }, "winners"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.mutate(good())
			_, err := Game{}.NewSampler(cfg, seat, v)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
	_, err := Game{}.NewSampler(games.Config{Players: 4, Options: map[string]string{"collectingRounds": "4"}}, seat, good())
	assert.ErrorContains(t, err, "the options 10", "the table's options are not the view's")
	_, err = Game{}.NewSampler(cfg, games.God, s.View(games.God))
	assert.ErrorContains(t, err, "only seats 0-3 and the spectator")
}

// uniformityCase is a position found by playing random matches, described
// by how many other seats' voids narrow the unseen cards.
type uniformityCase struct {
	name string
	// want says whether the position fits: constrained is the number of
	// other seats whose known exclusions meet the unseen cards, kingOnly
	// tells a K♥ exclusion with no void in hearts among them.
	want func(constrained int, kingOnly bool) bool
	opts map[string]string
}

// TestSamplerIsUniform draws at least 1000 samples per consistent deal and
// measures the total variation distance from uniform. The consistent deals
// are enumerated by brute force without the sampler's reasoning: every way
// to share the unseen cards among the other hands in their sizes, kept when
// the round replayed from its start with those hands (plus the cards each
// seat played) takes every recorded action as legal.
func TestSamplerIsUniform(t *testing.T) {
	kingOpts := map[string]string{"kingDiscardScope": "ALL_AVOIDING", "mustTrumpWhenVoid": "on"}
	cases := []uniformityCase{
		{"no voids", func(c int, _ bool) bool { return c == 0 }, nil},
		{"one void", func(c int, _ bool) bool { return c == 1 }, nil},
		{"two voids", func(c int, _ bool) bool { return c == 2 }, nil},
		{"king of hearts kept out", func(c int, k bool) bool { return c >= 1 && k }, kingOpts},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pos := findPosition(t, tc)
			require.NotNil(t, pos, "no position found")
			deals := pos.enumerate(t)
			require.GreaterOrEqual(t, len(deals), 2)
			sm := gamestest.Sampler(t, entry, pos.cfg, pos.s, pos.seat)
			rng := rand.New(rand.NewPCG(77, 7))
			n := max(2000*len(deals), 20000)
			counts := map[string]int{}
			for range n {
				k := pos.key(sm.Sample(rng).(*State).hands)
				require.True(t, deals[k], "sample %s is not a consistent deal", k)
				counts[k]++
			}
			tv := 0.0
			for k := range deals {
				tv += math.Abs(float64(counts[k])/float64(n) - 1/float64(len(deals)))
			}
			tv /= 2
			t.Logf("uniformity king %s: %d deals, %d samples, TV %.4f", tc.name, len(deals), n, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

type position struct {
	cfg     games.Config
	s       *State
	seat    games.Seat
	start   [4]cards.Set // the round's deal
	actions []string     // "seat:action" since the round started
}

// findPosition plays random matches until seat-to-act's view leaves 5 to 7
// cards unseen in a way tc wants.
func findPosition(t *testing.T, tc uniformityCase) *position {
	for seed := uint64(1); seed < 400; seed++ {
		cfg := games.Config{Players: 4, Seed: seed, Options: tc.opts}
		gs, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := gs.(*State)
		rng := rand.New(rand.NewPCG(seed, 11))
		round, start := -1, [4]cards.Set{}
		var actions []string
		for !s.Done() {
			if s.round != round {
				round, start, actions = s.round, s.hands, nil
			}
			seat := s.turn
			var pool cards.Set
			for o := range 4 {
				if games.Seat(o) != seat {
					pool |= s.hands[o]
				}
			}
			if n := pool.Len(); n >= 5 && n <= 7 && !s.needTrump {
				constrained, kingOnly := 0, false
				for o := range 4 {
					if games.Seat(o) == seat || s.excluded[o]&pool == 0 {
						continue
					}
					constrained++
					if s.excluded[o].Has(kingOfHearts) && !strings.Contains(voidSuits(s.excluded[o]), "H") && pool.Has(kingOfHearts) {
						kingOnly = true
					}
				}
				if tc.want(constrained, kingOnly) {
					return &position{cfg: cfg, s: s, seat: seat, start: start, actions: actions}
				}
			}
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			actions = append(actions, fmt.Sprintf("%d:%s", seat, s.FormatAction(a)))
			require.NoError(t, s.Apply(seat, a))
		}
	}
	return nil
}

func (p *position) key(hands [4]cards.Set) string {
	var b strings.Builder
	for o, h := range hands {
		if games.Seat(o) != p.seat {
			fmt.Fprintf(&b, "%d:%v;", o, h)
		}
	}
	return b.String()
}

// enumerate lists the deals of the unseen cards under which the round's
// recorded actions are all legal.
func (p *position) enumerate(t *testing.T) map[string]bool {
	var others []int
	var pool cards.Set
	for o := range 4 {
		if games.Seat(o) != p.seat {
			others = append(others, o)
			pool |= p.s.hands[o]
		}
	}
	gone := [4]cards.Set{} // what each seat has played this round
	for o := range 4 {
		gone[o] = p.start[o] &^ p.s.hands[o]
	}
	cs := pool.Cards()
	out := map[string]bool{}
	var hands [4]cards.Set
	hands[p.seat] = p.s.hands[p.seat]
	var rec func(i int)
	rec = func(i int) {
		if i == len(cs) {
			for _, o := range others {
				if hands[o].Len() != p.s.hands[o].Len() {
					return
				}
			}
			if p.replays(t, hands, gone) {
				out[p.key(hands)] = true
			}
			return
		}
		for _, o := range others {
			hands[o] = hands[o].With(cs[i])
			rec(i + 1)
			hands[o] = hands[o].Without(cs[i])
		}
	}
	rec(0)
	return out
}

// replays plays the round again from the deal now+gone and tells whether
// every recorded action is legal.
func (p *position) replays(t *testing.T, now, gone [4]cards.Set) bool {
	var deal [4]string
	for o := range 4 {
		deal[o] = (now[o] | gone[o]).String()
	}
	s := at(t, p.cfg.Options, p.s.contract(), deal, p.s.firstLeader(p.s.round))
	for _, step := range p.actions {
		seatText, text, _ := strings.Cut(step, ":")
		var seat games.Seat
		fmt.Sscan(seatText, &seat)
		if gamestest.Act(t, s, seat, text) != nil {
			return false
		}
	}
	return true
}

// FuzzSampler feeds the sampler views it did not make (gamestest.FuzzSampler).
func FuzzSampler(f *testing.F) { gamestest.FuzzSampler(f, entry, sampleConfigs[:2], check) }
