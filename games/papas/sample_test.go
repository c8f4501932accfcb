package papas

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// position is seat 0's turn in a match of len(hands) players where the
// hands and the deck (top card last) hold exactly the cards listed and
// every other card lies in the discard pile.
func position(t *testing.T, hands [][]string, deck []string) *State {
	t.Helper()
	gs, err := Game{}.New(games.Config{Players: len(hands), Seed: 5})
	require.NoError(t, err)
	s := gs.(*State)
	for p := range hands {
		emptyHand(s, games.Seat(p))
	}
	for s.deckLen > 0 {
		s.deckLen--
		s.toDiscard(s.deck[s.deckLen])
	}
	pull := func(txt string) Card {
		c, err := ParseCard(txt)
		require.NoError(t, err)
		i := slices.Index(s.discard[:s.discardLen], c)
		require.GreaterOrEqual(t, i, 0, "no %s left", c)
		copy(s.discard[i:], s.discard[i+1:s.discardLen])
		s.discardLen--
		return c
	}
	for p, h := range hands {
		for _, txt := range h {
			s.give(p, pull(txt))
		}
	}
	for _, txt := range deck {
		s.deck[s.deckLen] = pull(txt)
		s.deckLen++
	}
	s.active, s.phase, s.played = 0, phaseMain, false
	require.NoError(t, invariants(s))
	return s
}

func kinds(list ...string) [NumKinds]uint8 {
	var n [NumKinds]uint8
	for _, txt := range list {
		c, err := ParseCard(txt)
		if err != nil {
			panic(err)
		}
		n[c]++
	}
	return n
}

// dealKey names the hidden part of a state seen from seat: the other
// hands and the deck in order.
func dealKey(s *State, seat games.Seat) string {
	var b strings.Builder
	for p := range int(s.players) {
		if games.Seat(p) == seat {
			continue
		}
		fmt.Fprintf(&b, "%d:%v ", p, s.handStrings(p))
	}
	for _, c := range s.deck[:s.deckLen] {
		b.WriteString(c.String() + ",")
	}
	return b.String()
}

// consistent is the rule of what seat knows, written out independently of
// the sampler: every bound is met and a reshuffled deck holds only cards of
// the pile it came from that seat did not draw.
func consistent(s *State, seat games.Seat) bool {
	for p := range int(s.players) {
		if games.Seat(p) == seat || s.bound[p] == 0 {
			continue
		}
		n := int(s.hands[p][NoPoh]) + int(s.hands[p][TeDije])
		if s.boundRobo&(1<<p) != 0 {
			n += int(s.hands[p][Robo])
		}
		if n < int(s.bound[p]) {
			return false
		}
	}
	if s.reshuffles > 0 {
		var deck [NumKinds]int
		for _, c := range s.deck[:s.deckLen] {
			deck[c]++
		}
		for c := range Card(NumKinds) {
			mine := 0
			if seat >= 0 {
				mine = int(s.drawn[seat][c])
			}
			if deck[c] > int(s.fromPile[c])-mine {
				return false
			}
		}
	}
	return true
}

// enumerate deals the hidden cards of s (seen from seat) every way there
// is, each copy a card of its own, and counts the consistent deals by the
// state they make.
func enumerate(s *State, seat games.Seat) (map[string]int, int) {
	var cards []Card
	var owners []int // hand per slot, -1 for the deck
	for p := range int(s.players) {
		if games.Seat(p) == seat {
			continue
		}
		for c := range Card(NumKinds) {
			for range s.hands[p][c] {
				cards = append(cards, c)
				owners = append(owners, p)
			}
		}
	}
	for _, c := range s.deck[:s.deckLen] {
		cards = append(cards, c)
		owners = append(owners, -1)
	}
	counts := map[string]int{}
	total := 0
	perm := make([]int, len(cards))
	used := make([]bool, len(cards))
	var rec func(i int)
	rec = func(i int) {
		if i == len(cards) {
			d := *s
			d.deckLen = 0
			for p := range int(s.players) {
				if games.Seat(p) != seat {
					d.hands[p] = [NumKinds]uint8{}
				}
			}
			for slot, j := range perm {
				if owners[slot] < 0 {
					d.deck[d.deckLen] = cards[j]
					d.deckLen++
				} else {
					d.hands[owners[slot]][cards[j]]++
				}
			}
			if consistent(&d, seat) {
				counts[dealKey(&d, seat)]++
				total++
			}
			return
		}
		for j := range cards {
			if !used[j] {
				used[j], perm[i] = true, j
				rec(i + 1)
				used[j] = false
			}
		}
	}
	rec(0)
	return counts, total
}

// The sampler deals uniformly among the deals that fit what the seat knows,
// each copy of a card counted as a card of its own (a hand of three papa1
// out of three papa1 and two papa2 comes up one time in ten): late
// positions with few unseen cards, enumerated by brute force, each state
// drawn about a thousand times per state.
func TestSamplerIsUniformAmongConsistentDeals(t *testing.T) {
	tests := []struct {
		name  string
		seat  games.Seat
		hands [][]string
		deck  []string
		setup func(s *State)
	}{
		{name: "distinct", hands: [][]string{{"papa5"}, {"papa1", "duquesas2"}}, deck: []string{"fritas3", "wild"}},
		{name: "copies", hands: [][]string{{"papa5"}, {"papa1", "papa1", "papa2"}}, deck: []string{"papa1", "papa2"}},
		{name: "bound", hands: [][]string{{"papa5"}, {"nopoh", "nopoh", "papa1"}}, deck: []string{"tedije", "papa2"},
			setup: func(s *State) { s.bound[1] = 2 }},
		{name: "reshuffled", hands: [][]string{{"papa5"}, {"papa2", "papa1"}}, deck: []string{"wild", "fritas1"},
			setup: func(s *State) {
				s.reshuffles = 1
				s.fromPile = kinds("papa1", "wild", "fritas1", "duquesas5", "papa2", "papa2")
				s.drawn[0] = kinds("duquesas5", "papa2", "papa2")
			}},
		{name: "spectator", seat: games.Observer, hands: [][]string{{"papa3"}, {"nopoh"}, {"robo"}}, deck: []string{"wild"},
			setup: func(s *State) { s.bound[2], s.boundRobo = 1, 1<<2 }},
		{name: "bound-and-reshuffled", hands: [][]string{{"papa5"}, {"nopoh", "papa1"}, {"tedije"}}, deck: []string{"papa1", "wild"},
			setup: func(s *State) {
				s.bound[1] = 1
				s.reshuffles = 2
				s.fromPile = kinds("papa1", "papa1", "wild", "tedije", "fritas2")
				s.drawn[0] = kinds("fritas2")
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, tt.hands, tt.deck)
			if tt.setup != nil {
				tt.setup(s)
			}
			cfg := games.Config{Players: len(tt.hands)}
			want, total := enumerate(s, tt.seat)
			require.NotEmpty(t, want)
			require.Contains(t, want, dealKey(s, tt.seat), "the table's own deal fits")
			view, err := gamestest.DecodeView(entry, s.View(tt.seat))
			require.NoError(t, err)
			sm, err := Game{}.NewSampler(cfg, tt.seat, view)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(9, 9))
			draws := 1000 * len(want)
			got := map[string]int{}
			for range draws {
				d := sm.Sample(rng).(*State)
				k := dealKey(d, tt.seat)
				require.Contains(t, want, k, "a sample outside the consistent deals")
				got[k]++
			}
			tv := 0.0
			for k, n := range want {
				tv += math.Abs(float64(got[k])/float64(draws) - float64(n)/float64(total))
			}
			tv /= 2
			t.Logf("uniformity papas %s: %d deals, %d samples, TV %.4f", tt.name, len(want), draws, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

// The deal at the table is always one the sampler may deal: what a seat
// knows is true (bounds met, the reshuffled deck within its pile), checked
// at every step of random matches.
func TestTheTablesDealFitsEverySeatsKnowledge(t *testing.T) {
	for players := 2; players <= MaxPlayers; players++ {
		for seed := range uint64(4) {
			cfg := games.Config{Players: players, Seed: seed}
			gs, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := gs.(*State)
			rng := rand.New(rand.NewPCG(seed, 1))
			for step := 0; !s.Done() && step < 2000; step++ {
				for seat := games.Observer; int(seat) < players; seat++ {
					if seat == games.System {
						continue
					}
					require.True(t, consistent(s, seat), "players %d seed %d step %d seat %d", players, seed, step, seat)
				}
				require.NoError(t, playRandom(s, rng, seed == 3))
			}
		}
	}
}

// TestDeterminizeKeepsWhatSeatKnows, now for the sampler: samples keep the
// seat's hand, every hand size, the discard pile and the golden potatoes,
// deal the other cards elsewhere, and stay playable to the end.
func TestSampleKeepsWhatSeatKnows(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2])
	do(t, s, A, "play papa1")
	timeout(t, s)
	cfg := games.Config{Players: 3}
	sm, err := Game{}.NewSampler(cfg, B, s.View(B))
	require.NoError(t, err)
	changed := false
	rng := rand.New(rand.NewPCG(1, 3))
	for range 20 {
		d := sm.Sample(rng).(*State)
		require.NoError(t, invariants(d))
		assert.Equal(t, s.hands[B], d.hands[B])
		assert.Equal(t, s.handLen, d.handLen)
		assert.Equal(t, s.discard[:s.discardLen], d.discard[:d.discardLen])
		assert.Equal(t, s.gp, d.gp)
		assert.Equal(t, s.deckLen, d.deckLen)
		changed = changed || d.hands[A] != s.hands[A]
		for i := 0; !d.Done() && i < 20000; i++ {
			require.NoError(t, playRandom(d, rng, false))
		}
		assert.True(t, d.Done(), "a sample plays to the end")
	}
	assert.True(t, changed, "the other hands are dealt again")
}

// A seat that ended its turn without a main play holds interrupts: its
// bound shows in every view, samples keep it, and it falls as it plays them.
func TestEndWithoutAPlayShowsInterrupts(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"nopoh", "nopoh", "tedije", "papa1", "papa2"},
		[]string{"papa4", "papa5", "fritas2", "fritas3", "papa3"},
		filler[2])
	keepOnly(t, s, A, NoPoh, NoPoh, TeDije)
	s.gp[C] = 1 // a Robo would have had a target
	do(t, s, A, "end")
	v := s.View(C).(View)
	assert.Equal(t, []Bound{{Seat: 0, AtLeast: 3, Of: []string{"nopoh", "tedije"}}}, v.Holds)
	sm, err := Game{}.NewSampler(games.Config{Players: 3}, C, v)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(2, 2))
	for range 50 {
		d := sm.Sample(rng).(*State)
		assert.GreaterOrEqual(t, d.hands[A][NoPoh]+d.hands[A][TeDije], uint8(3))
	}
	do(t, s, B, "play papa4")
	do(t, s, A, "interrupt nopoh")
	assert.Equal(t, 2, s.View(C).(View).Holds[0].AtLeast, "the No Poh may have been one of them")

	// With no golden potato on the table a Robo has no target: it counts.
	s = newMatch(t, nil, []string{"robo", "nopoh", "papa1", "papa2", "papa3"}, filler[1], filler[2])
	keepOnly(t, s, A, Robo, NoPoh)
	do(t, s, A, "end")
	assert.Equal(t, []string{"nopoh", "tedije", "robo"}, s.View(B).(View).Holds[0].Of)
}

// After a reshuffle every view names the pile the deck came from, and a
// seat's own view what it drew since; samples keep the deck inside it.
func TestReshuffledDeckHoldsOnlyThePile(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2], filler[0])
	for s.deckLen > 0 {
		s.deckLen--
		s.toDiscard(s.deck[s.deckLen])
	}
	do(t, s, A, "play papa1")
	timeout(t, s)
	pile := s.View(B).(View).Discard
	do(t, s, A, "end")
	vb, va := s.View(B).(View), s.View(A).(View)
	want := slices.Clone(pile)
	slices.SortFunc(want, func(x, y string) int {
		a, _ := ParseCard(x)
		b, _ := ParseCard(y)
		return int(a) - int(b)
	})
	assert.Equal(t, want, vb.Reshuffled)
	assert.Nil(t, vb.Drawn, "B drew nothing since")
	require.Len(t, va.Drawn, 1, "A drew one card from the new deck")
	assert.Nil(t, s.View(games.Observer).(View).Drawn)
	sm, err := Game{}.NewSampler(games.Config{Players: 4}, A, va)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(4, 4))
	for range 50 {
		assert.True(t, consistent(sm.Sample(rng).(*State), A))
	}
}

// A view no table could show, or that no deal fits, is refused with what
// does not fit, never a panic.
func TestSamplerRefusesInconsistentViews(t *testing.T) {
	base := func() *State {
		s := newMatch(t, nil,
			[]string{"tedije", "tedije", "papa1", "papa2", "papa3"},
			filler[1], filler[2])
		do(t, s, A, "play papa1")
		return s
	}
	tests := []struct {
		name   string
		seat   games.Seat
		mutate func(v *View)
		err    string
	}{
		{"a card more than the deck holds", A, func(v *View) { v.Hand[0] = "tedije"; v.Discard = append(v.Discard, "tedije") }, "more tedije shown than the deck's 3"},
		{"hand sizes that do not add up", A, func(v *View) { v.HandCounts[1]++ }, "unseen but the other hands and the deck hold"},
		{"a hand that is not its count", A, func(v *View) { v.Hand = v.Hand[:3] }, "hand shows 3 cards, its count 4"},
		{"a bound the unseen cards cannot meet", A, func(v *View) {
			v.Holds = []Bound{{Seat: 1, AtLeast: 4, Of: []string{"nopoh", "tedije"}}}
			for range 8 { // two No Poh and a Te Dije left unseen
				v.Discard = append(v.Discard, "nopoh")
			}
			v.Deck -= 8
		}, "no deal fits: not enough unseen nopoh, tedije and robo"},
		{"a bound the seat's own hand contradicts", A, func(v *View) {
			v.Holds = []Bound{{Seat: 0, AtLeast: 3, Of: []string{"nopoh", "tedije"}}}
		}, "holds: seat 0 holds 2 of the kinds"},
		{"a bound of other kinds", B, func(v *View) {
			v.Holds = []Bound{{Seat: 0, AtLeast: 1, Of: []string{"papa1"}}}
		}, "nopoh, tedije and maybe robo"},
		{"a reshuffled deck too big for its pile", B, func(v *View) {
			v.Reshuffles, v.Reshuffled = 1, []string{"wild"}
		}, "the deck holds"},
		{"draws the pile did not hold", A, func(v *View) {
			v.Reshuffles, v.Reshuffled, v.Drawn = 1, []string{"wild"}, []string{"papa1"}
		}, "drawn: more papa1"},
		{"an unknown card", A, func(v *View) { v.Discard = append(v.Discard, "papa9") }, "unknown card"},
		{"an unknown phase", A, func(v *View) { v.Phase = "lunch" }, "unknown phase"},
		{"a window in the main phase", A, func(v *View) { v.Phase = "main" }, "phase main with window"},
		{"no poh against a threesome", B, func(v *View) {
			v.Window.Chain[0] = Play{Seat: 0, Act: "three papa1 papa1 papa1", Cards: []string{"papa1", "papa1", "papa1"}, Target: -1}
			v.Window.Chain = append(v.Window.Chain, Play{Seat: 1, Act: "interrupt nopoh", Cards: []string{"nopoh"}, Target: -1})
		}, "no poh answers three"},
		{"a last chain resolved against its parity", A, func(v *View) {
			v.Last = &Outcome{Chain: []Play{{Seat: 1, Act: "play papa4", Cards: []string{"papa4"}, Target: -1}}, Resolved: false}
		}, "resolved false"},
		{"a window numbered apart from the windows", A, func(v *View) { v.Window.ID = 9 }, "window 9"},
		{"more players than the table", A, func(v *View) { v.Players = 4 }, "4 players"},
		{"every hand shown", A, func(v *View) { v.Hands = [][]string{{"papa1"}} }, "god's view"},
		{"another seat's view", B, func(v *View) { v.Seat = 2 }, "seat 2's"},
		{"a field the checks do not read", A, func(v *View) { v.Window.Chain[0].Act = "play papa2" }, "the view's window is"},
		{"a spectator with a hand", games.Observer, func(v *View) { v.Hand = []string{"papa1"} }, "spectator"},
		{"a disconnected seat to play", A, func(v *View) { v.Phase, v.Window, v.Zombie[0] = "main", nil, true }, "disconnected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base()
			v := s.View(tt.seat).(View)
			raw, err := json.Marshal(v)
			require.NoError(t, err)
			var copyV View
			require.NoError(t, json.Unmarshal(raw, &copyV))
			tt.mutate(&copyV)
			_, err = Game{}.NewSampler(games.Config{Players: 3}, tt.seat, copyV)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
	t.Run("not a view", func(t *testing.T) {
		_, err := Game{}.NewSampler(games.Config{Players: 3}, A, gamestest.OtherView{})
		require.ErrorContains(t, err, "not a Papas view")
		_, err = Game{}.NewSampler(games.Config{Players: 3}, A, (*View)(nil))
		require.ErrorContains(t, err, "not a Papas view")
	})
	t.Run("god", func(t *testing.T) {
		s := base()
		_, err := Game{}.NewSampler(games.Config{Players: 3}, games.God, s.View(games.God))
		require.ErrorContains(t, err, "only the players' seats and the spectator")
	})
	t.Run("other options", func(t *testing.T) {
		s := base()
		_, err := Game{}.NewSampler(games.Config{Players: 3, Options: map[string]string{"handLimit": "9"}}, A, s.View(A))
		require.ErrorContains(t, err, "hand limit is 7, the options' 9")
	})
}

// FuzzSampler feeds the sampler views it did not make: arbitrary bytes
// decoded as a View, and true views of random positions with a byte
// changed. It may refuse; it may not panic, and a sample it gives shows
// the seat exactly the view it was given and plays on.
func FuzzSampler(f *testing.F) {
	f.Add(uint64(1), 3, byte(0), []byte(`{"seat":0}`), 0, byte(0))
	f.Add(uint64(2), 40, byte(1), []byte{}, 17, byte('9'))
	f.Add(uint64(3), 120, byte(2), []byte{}, 90, byte(']'))
	f.Add(uint64(4), 300, byte(5), []byte{}, 200, byte('1'))
	f.Fuzz(func(t *testing.T, seed uint64, steps int, who byte, data []byte, at int, flip byte) {
		players := 2 + int(who)%5
		cfg := games.Config{Players: players, Seed: seed}
		s, err := Game{}.New(cfg)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 1))
		for range max(0, steps%400) {
			if s.Done() || playRandom(s, rng, true) != nil {
				break
			}
		}
		seat := games.Seat(int(who)/5%(players+1)) - 1
		if seat < 0 {
			seat = games.Observer
		}
		truth, err := json.Marshal(s.View(seat))
		require.NoError(t, err)
		if len(data) == 0 {
			data = slices.Clone(truth)
			if at != 0 {
				data[(at%len(data)+len(data))%len(data)] = flip
			}
		}
		var v View
		if json.Unmarshal(data, &v) != nil {
			return
		}
		sm, err := Game{}.NewSampler(cfg, seat, v)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		d := sm.Sample(rng)
		require.JSONEq(t, mustJSON(v), mustJSON(d.View(seat)))
		for range 30 {
			if d.Done() {
				break
			}
			require.NoError(t, playRandom(d, rng, true))
		}
	})
}
