package klondike

import (
	"encoding/json"
	"math"
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

// sample deals one state from the player's view of s, as a peer has it.
func sample(t testing.TB, cfg games.Config, s *State, rng *rand.Rand) *State {
	t.Helper()
	view, err := gamestest.DecodeView(entry, s.View(0))
	require.NoError(t, err)
	sm, err := Game{}.NewSampler(cfg, 0, view)
	require.NoError(t, err)
	return sm.Sample(rng).(*State)
}

func TestSamplerDependsOnlyOnWhatThePlayerKnows(t *testing.T) {
	a := deal(t, [7]string{}, "", "")
	b := a
	b.Tableau = [][]string{a.Tableau[0], a.Tableau[1], slices.Clone(a.Tableau[2]), a.Tableau[3], a.Tableau[4], a.Tableau[5], slices.Clone(a.Tableau[6])}
	b.Tableau[2][0], b.Tableau[6][3] = b.Tableau[6][3], b.Tableau[2][0] // swap two face-down cards
	sa, sb := start(t, nil, a), start(t, nil, b)
	require.Equal(t, jsonOf(t, sa.View(0)), jsonOf(t, sb.View(0)))
	require.NotEqual(t, jsonOf(t, sa.View(games.God)), jsonOf(t, sb.View(games.God)))
	cfg := games.Config{Players: 1}
	for seed := range uint64(20) {
		da := sample(t, cfg, sa, rand.New(rand.NewPCG(seed, 0)))
		db := sample(t, cfg, sb, rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, jsonOf(t, da.View(games.God)), jsonOf(t, db.View(games.God)))
		require.NoError(t, check(da))
	}
}

// Recycling turns the waste over unshuffled (A4.4): the player has seen
// every card of the new stock in order, so the view shows the stock and
// every sample keeps it; only the face-down cards are dealt again.
func TestSamplerKeepsARecycledStock(t *testing.T) {
	s := start(t, nil)
	mustAct(t, s, repeat("draw", 24)...)
	require.Nil(t, s.View(0).(*View).StockCards, "before the recycle the stock's order is unknown")
	mustAct(t, s, "draw")
	stock := s.View(games.God).(*View).StockCards
	require.Len(t, stock, 24)
	assert.Equal(t, stock, s.View(0).(*View).StockCards, "the player knows the recycled stock")
	changed := false
	for seed := range uint64(20) {
		d := sample(t, games.Config{Players: 1}, s, rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, stock, d.View(games.God).(*View).StockCards, "every stock card has been seen")
		changed = changed || jsonOf(t, d.View(games.God)) != jsonOf(t, s.View(games.God))
		require.NoError(t, check(d))
	}
	assert.True(t, changed, "the face-down cards are still redealt")
	mustAct(t, s, "draw", "draw")
	assert.Equal(t, stock[2:], s.View(0).(*View).StockCards, "the stock shrinks from the top")
}

// Random games that do not give up early, the information property checked
// for the player and a spectator every other action (the conformance suite
// checks every seventh of games that mostly end at once).
func TestEverySampleKeepsThePlayersInformation(t *testing.T) {
	configs := []map[string]string{nil, {"drawCount": "3", "redeals": "1"}, {"scoring": "VEGAS", "vegasCumulative": "on", "drawCount": "3"},
		{"timed": "on", "foundationToTableau": "off"}, {"scoring": "NONE"}}
	checked := 0
	for ci, opts := range configs {
		for seed := range uint64(6) {
			cfg := games.Config{Players: 1, Options: opts, Seed: 100 + seed}
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for step := 0; step < 400 && !s.Done(); step++ {
				checked++
				if s.timed && step%4 == 0 {
					require.NoError(t, s.Apply(games.System, actTime+games.Action(s.elapsed+rng.IntN(12))))
				}
				if step%2 == 0 {
					for _, seat := range []games.Seat{0, games.Observer} {
						require.NoError(t, gamestest.CheckSeat(entry, cfg, s, seat, rng, 3), "config %d seed %d step %d", ci, seed, step)
					}
				}
				legal := s.Legal(0, nil)
				a := legal[rng.IntN(len(legal))]
				if (a == actEnd && step < 399) || (a == actDeal && rng.IntN(20) != 0) {
					continue
				}
				require.NoError(t, s.Apply(0, a))
			}
			require.NoError(t, gamestest.CheckSeat(entry, cfg, s, 0, rng, 3))
		}
	}
	assert.Greater(t, checked, 5000, "positions played")
}

// late builds a late position by hand: clubs and diamonds up, hearts and
// spades to the 8; KS QH on one face-down card in t2, KH QS JH on two in
// t3. The ten other cards: waste, stock and the face-down places.
func late(t *testing.T, stock, waste []string, recycles int) *State {
	t.Helper()
	g, err := Game{}.New(games.Config{Players: 1})
	require.NoError(t, err)
	s := g.(*State)
	s.found = [4]int8{13, 13, 8, 8}
	s.cols = [numCols]column{}
	put := func(i int, down, up []string) {
		col := &s.cols[i]
		for _, x := range append(slices.Clone(down), up...) {
			col.cards[col.n] = mustCard(t, x)
			col.n++
		}
		col.down = int8(len(down))
	}
	used := mustSet(t, append(append([]string{"KS", "QH", "KH", "QS", "JH"}, stock...), waste...)...)
	left := (mustSet(t, "9H", "10H", "JH", "QH", "KH", "9S", "10S", "JS", "QS", "KS") &^ used).Strings()
	require.Equal(t, 3, len(left), "three face-down cards")
	put(1, left[:1], []string{"KS", "QH"})
	put(2, left[1:], []string{"KH", "QS", "JH"})
	s.nStock = int8(len(stock))
	for k, x := range stock { // top first
		s.stock[len(stock)-1-k] = mustCard(t, x)
	}
	s.nWaste = int8(len(waste))
	for k, x := range waste {
		s.waste[k] = mustCard(t, x)
	}
	s.recycles = int8(recycles)
	s.seen = cards.Deck52
	for i := range s.cols {
		for _, c := range s.cols[i].cards[:s.cols[i].down] {
			s.seen = s.seen.Without(c)
		}
	}
	if recycles == 0 {
		for _, c := range s.stock[:s.nStock] {
			s.seen = s.seen.Without(c)
		}
	}
	s.score = 400
	require.NoError(t, check(s))
	return s
}

// unseenPlaces lists the places of the cards the player has not seen: the
// face-down cards, then the stock before its first recycle.
func unseenPlaces(s *State) []*cards.Card {
	var out []*cards.Card
	for i := range s.cols {
		for j := range s.cols[i].down {
			out = append(out, &s.cols[i].cards[j])
		}
	}
	if s.recycles == 0 {
		for j := range s.nStock {
			out = append(out, &s.stock[j])
		}
	}
	return out
}

func keyOf(s *State) string {
	var b strings.Builder
	for _, p := range unseenPlaces(s) {
		b.WriteString(p.String() + " ")
	}
	return b.String()
}

// permutations lists every order of cs.
func permutations(cs []cards.Card) [][]cards.Card {
	if len(cs) <= 1 {
		return [][]cards.Card{slices.Clone(cs)}
	}
	var out [][]cards.Card
	for i := range cs {
		rest := append(slices.Clone(cs[:i]), cs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]cards.Card{cs[i]}, p...))
		}
	}
	return out
}

// The sampler deals the unseen cards uniformly: every placement of them
// consistent with the view (here enumerated by brute force: every order of
// the unseen cards over their places, each a distinct state of the same
// view) comes up equally often, and nothing else comes up.
func TestSamplerIsUniform(t *testing.T) {
	cases := []struct {
		name            string
		stock, waste    []string
		recycles, deals int
	}{
		{"three face down, recycled stock", []string{"10S", "9H"}, nil, 1, 6},
		{"three face down, one in an unseen stock", []string{"9H"}, []string{"10S"}, 0, 24},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := late(t, tc.stock, tc.waste, tc.recycles)
			view := jsonOf(t, s.View(0))
			places := unseenPlaces(s)
			var pool []cards.Card
			for _, p := range places {
				pool = append(pool, *p)
			}
			consistent := map[string]bool{}
			for _, perm := range permutations(pool) {
				d := *s
				for i, p := range unseenPlaces(&d) {
					*p = perm[i]
				}
				d.seen = s.seen
				require.Equal(t, view, jsonOf(t, d.View(0)))
				require.NoError(t, check(&d))
				consistent[keyOf(&d)] = true
			}
			require.Len(t, consistent, tc.deals)

			sm, err := Game{}.NewSampler(games.Config{Players: 1}, 0, s.View(0))
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(11, uint64(tc.deals)))
			draws := 2000 * len(consistent)
			counts := map[string]int{}
			for range draws {
				d := sm.Sample(rng).(*State)
				k := keyOf(d)
				require.True(t, consistent[k], "a sample outside the consistent deals: %s", k)
				counts[k]++
			}
			tv := 0.0
			for k := range consistent {
				tv += math.Abs(float64(counts[k])/float64(draws) - 1/float64(len(consistent)))
			}
			tv /= 2
			t.Logf("uniformity klondike %s: %d deals, %d samples, TV %.4f", tc.name, len(consistent), draws, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

// A view no deal fits is refused with an error saying what does not fit.
func TestSamplerRefusesInconsistentViews(t *testing.T) {
	s := start(t, nil, ladder(t))
	mustAct(t, s, "move t7 f", "move t7 f", "draw", "draw")
	cfg := games.Config{Players: 1}
	cases := []struct {
		name, want string
		cfg        games.Config
		edit       func(v *View)
	}{
		{"a card twice", "shown twice", cfg, func(v *View) { v.Columns[0].Up = []string{v.Waste[0]} }},
		{"a face-down card too many", "hides", cfg, func(v *View) { v.Columns[6].Down++ }},
		{"more face-down cards than dealt", "it was dealt 1", cfg, func(v *View) { v.Columns[1].Down = 2 }},
		{"a face-down card on top", "turned at once", cfg, func(v *View) { v.Columns[0].Up = nil; v.Columns[0].Down = 0; v.Columns[2].Up = nil }},
		{"not a run", "not a run", cfg, func(v *View) { v.Columns[0].Up = append(v.Columns[0].Up, v.Waste[1]); v.Waste = v.Waste[:1] }},
		{"stock and waste over 24", "more than the 24", cfg, func(v *View) { v.Stock = 23 }},
		{"a stock order never seen", "never recycled", cfg, func(v *View) { v.StockCards = []string{"KS"} }},
		{"a recycled stock not shown", "its 22 cards are known", cfg, func(v *View) { v.Recycles = 1 }},
		{"a foundation of 14", "holds 14", cfg, func(v *View) { v.Foundations[0].Count = 14 }},
		{"won without the cards", "won is true", cfg, func(v *View) { v.Won = true }},
		{"an unknown phase", "unknown phase", cfg, func(v *View) { v.Phase = "later" }},
		{"a negative standard score", "never goes below 0", cfg, func(v *View) { v.Score = -5; v.Total = -5 }},
		{"another draw count", "the view's drawCount is 1 where a table shows 3", games.Config{Players: 1, Options: map[string]string{"drawCount": "3"}}, func(v *View) {}},
		{"a total that is not the sum", "total is", cfg, func(v *View) { v.Total++ }},
		{"the face-down cards shown", "only to god", cfg, func(v *View) { v.Columns[2].Hidden = []string{"KS", "KH"} }},
		{"six columns", "6 columns", cfg, func(v *View) { v.Columns = v.Columns[:6] }},
		{"an unknown card", "the waste", cfg, func(v *View) { v.Waste[0] = "1X" }},
		{"a game of a single-game match", "only a vegasCumulative", cfg, func(v *View) { v.Game = 2 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var v View
			require.NoError(t, json.Unmarshal([]byte(jsonOf(t, s.View(0))), &v))
			tc.edit(&v)
			_, err := Game{}.NewSampler(tc.cfg, 0, &v)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	vegas := start(t, map[string]string{"scoring": "VEGAS"}, ladder(t))
	v := *vegas.View(0).(*View)
	v.Score, v.Total = 10, 10
	_, err := Game{}.NewSampler(games.Config{Players: 1, Options: map[string]string{"scoring": "VEGAS"}}, 0, &v)
	assert.ErrorContains(t, err, "Vegas score 10 with 0 cards on the foundations: it is -52")

	_, err = Game{}.NewSampler(cfg, 0, gamestest.OtherView{})
	assert.ErrorContains(t, err, "not a Klondike view")
	_, err = Game{}.NewSampler(cfg, games.Observer, s.View(0))
	assert.ErrorContains(t, err, "seat 0's, not seat -2's")
	_, err = Game{}.NewSampler(cfg, 0, s.View(0))
	assert.NoError(t, err)
	_, err = Game{}.NewSampler(cfg, games.Observer, s.View(games.Observer))
	assert.NoError(t, err)
}

// FuzzSampler feeds the sampler views it did not make: arbitrary JSON and
// true views with one byte changed. It may refuse; it never panics, and a
// sample it gives shows the view it was given.
func FuzzSampler(f *testing.F) {
	f.Add(uint64(1), 0, []byte(`{"seat":0}`), 0, byte(0))
	f.Add(uint64(2), 40, []byte(``), 17, byte('9'))
	f.Add(uint64(3), 120, []byte(``), 300, byte('1'))
	f.Add(uint64(4), 0, []byte(`{"seat":0,"columns":[{"down":9,"up":["KS"]}],"stock":-3}`), 0, byte(0))
	f.Fuzz(func(t *testing.T, seed uint64, steps int, data []byte, at int, flip byte) {
		opts := []map[string]string{nil, {"drawCount": "3"}, {"scoring": "VEGAS", "vegasCumulative": "on"}}[seed%3]
		cfg := games.Config{Players: 1, Seed: seed, Options: opts}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 1))
		for range steps % 300 {
			legal := g.Legal(0, nil)
			if len(legal) == 0 {
				break
			}
			if a := legal[rng.IntN(len(legal))]; a != actEnd {
				require.NoError(t, g.Apply(0, a))
			}
		}
		if len(data) == 0 {
			data = []byte(jsonOf(t, g.View(0)))
			if at < 0 {
				at = -at
			}
			data[at%len(data)] = flip
		}
		var v View
		if json.Unmarshal(data, &v) != nil {
			return
		}
		sm, err := Game{}.NewSampler(cfg, 0, &v)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		d := sm.Sample(rng)
		require.JSONEq(t, jsonOf(t, &v), jsonOf(t, d.View(0)), "a sample shows another view")
		require.NoError(t, check(d))
		_ = d.Legal(0, nil)
	})
}

func TestSampleFuzzSeedsAreRefusedOrKept(t *testing.T) {
	// The fuzz target's first seeds, run as a plain test.
	for _, data := range []string{`{"seat":0}`, `{"seat":0,"columns":[{"down":9,"up":["KS"]}],"stock":-3}`, `null`} {
		var v View
		require.NoError(t, json.Unmarshal([]byte(data), &v))
		_, err := Game{}.NewSampler(games.Config{Players: 1}, 0, &v)
		assert.Error(t, err, data)
	}
}

func mustCard(t testing.TB, x string) cards.Card {
	t.Helper()
	c, err := cards.Parse(x)
	require.NoError(t, err)
	return c
}

func mustSet(t testing.TB, xs ...string) cards.Set {
	t.Helper()
	var s cards.Set
	for _, x := range xs {
		s = s.With(mustCard(t, x))
	}
	return s
}
