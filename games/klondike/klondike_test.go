package klondike

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
	"cardtable/games/record"
)

// deal builds a fixed deal. cols[i] names the top cards of column i+1,
// bottom to top (the last is face up); stockTop and stockBottom name the
// first and last cards of the stock. Unnamed cards fill the columns from the
// bottom and the middle of the stock in ascending order.
func deal(t testing.TB, cols [7]string, stockTop, stockBottom string) games.Deal {
	t.Helper()
	var used cards.Set
	take := func(s string) []string {
		cs, err := cards.ParseList(s)
		require.NoError(t, err)
		out := []string{}
		for _, c := range cs {
			require.False(t, used.Has(c), "%s named twice", c)
			used = used.With(c)
			out = append(out, c.String())
		}
		return out
	}
	named := make([][]string, 7)
	for i, c := range cols {
		named[i] = take(c)
		require.LessOrEqual(t, len(named[i]), i+1, "column t%d", i+1)
	}
	top, bottom := take(stockTop), take(stockBottom)
	rest := (cards.Deck52 &^ used).Strings()
	d := games.Deal{Tableau: make([][]string, 7)}
	for i := range 7 {
		k := i + 1 - len(named[i])
		d.Tableau[i] = append(slices.Clone(rest[:k]), named[i]...)
		rest = rest[k:]
	}
	d.Stock = append(append(top, rest...), bottom...)
	require.Len(t, d.Stock, 24)
	return d
}

func start(t testing.TB, opts map[string]string, deals ...games.Deal) *State {
	t.Helper()
	g, err := Game{}.New(games.Config{Players: 1, Options: opts, Seed: 1, Deals: deals})
	require.NoError(t, err)
	s := g.(*State)
	require.NoError(t, check(s))
	return s
}

// act applies one action: `time …` as the system, the rest as the player.
func act(t testing.TB, s *State, text string) error {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	seat := games.Seat(0)
	if strings.HasPrefix(text, "time ") {
		seat = games.System
	}
	return s.Apply(seat, a)
}

func mustAct(t testing.TB, s *State, steps ...string) {
	t.Helper()
	for _, st := range steps {
		require.NoError(t, act(t, s, st), "step %q", st)
		require.NoError(t, check(s), "after %q", st)
	}
}

func repeat(text string, n int) []string { return slices.Repeat([]string{text}, n) }

func requireRefused(t *testing.T, s *State, text, reason string) {
	t.Helper()
	before := *s
	err := act(t, s, text)
	require.ErrorContains(t, err, reason)
	require.Equal(t, before, *s, "a refused action changed the state")
}

func legalText(s *State) []string {
	var out []string
	for _, a := range s.Legal(0, nil) {
		out = append(out, s.FormatAction(a))
	}
	return out
}

func TestA4_1_EmptyColumnTakesOnlyAKing(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"AS", "QH", "KC"}, "", ""))
	mustAct(t, s, "move t1 f")
	requireRefused(t, s, "move t2 t1", "only a king can go to the empty column 1")
	assert.NotContains(t, legalText(s), "move t2 t1")
	assert.Contains(t, legalText(s), "move t3 t1")
	mustAct(t, s, "move t3 t1")
	assert.Equal(t, []string{"KC"}, s.View(0).(*View).Columns[0].Up)
}

func TestA4_2_RunsGoDownInAlternateColours(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"7H", "7C 6S", "5D", "8C", "8D", "8S", "7D"}, "", ""))
	mustAct(t, s, "move t2 t1", "move t3 t1")
	require.Equal(t, []string{"7H", "6S", "5D"}, s.View(0).(*View).Columns[0].Up)
	legal := legalText(s)
	assert.Contains(t, legal, "move t1 t4 3", "7♥-6♠-5♦ onto 8♣")
	assert.Contains(t, legal, "move t1 t6 3", "onto 8♠")
	assert.NotContains(t, legal, "move t1 t5 3")
	requireRefused(t, s, "move t1 t5 3", "7H cannot go on 8D: same colour")
	assert.Contains(t, legal, "move t1 t7 2", "6♠-5♦ onto 7♦")
	requireRefused(t, s, "move t1 t2 2", "6S cannot go on 7C: same colour")
	requireRefused(t, s, "move t1 t4 2", "6S cannot go on 8C: it needs a card one rank higher")
	requireRefused(t, s, "move t1 t4 4", "column 1 has only 3 face-up cards")
	mustAct(t, s, "move t1 t7 2")
	assert.Equal(t, []string{"7D", "6S", "5D"}, s.View(0).(*View).Columns[6].Up)
	assert.Equal(t, []string{"7H"}, s.View(0).(*View).Columns[0].Up)
}

func TestA4_3_DrawThreeWithTwoLeft(t *testing.T) {
	s := start(t, map[string]string{"drawCount": "3"}, deal(t, [7]string{}, "3C 4C AC", "2C KD"))
	mustAct(t, s, "draw", "move w f")
	mustAct(t, s, repeat("draw", 7)...)
	mustAct(t, s, "draw") // recycle
	mustAct(t, s, repeat("draw", 7)...)
	require.Equal(t, int8(2), s.nStock)
	mustAct(t, s, "draw")
	v := s.View(0).(*View)
	assert.Equal(t, 0, v.Stock)
	assert.Equal(t, []string{"2C", "KD"}, v.Waste[len(v.Waste)-2:], "both turned, KD on top")
	assert.NotContains(t, legalText(s), "move w f", "2♣ is under K♦: not playable")
	requireRefused(t, s, "move w f", "KD can go to its foundation only onto QD")
}

func TestA4_4_RecyclingTurnsTheWasteOverUnshuffled(t *testing.T) {
	s := start(t, nil)
	stock := s.View(games.God).(*View).StockCards
	for pass := 1; pass <= 3; pass++ {
		mustAct(t, s, repeat("draw", 24)...)
		assert.Equal(t, stock, s.View(0).(*View).Waste, "the waste holds the stock in the order drawn")
		mustAct(t, s, "draw")
		assert.Equal(t, stock, s.View(games.God).(*View).StockCards, "pass %d: same order", pass)
	}
	assert.Equal(t, int8(3), s.recycles, "draw-1 standard: unlimited")

	s = start(t, map[string]string{"scoring": "VEGAS"})
	mustAct(t, s, repeat("draw", 24)...)
	assert.NotContains(t, legalText(s), "draw")
	requireRefused(t, s, "draw", "no redeals left")

	s = start(t, map[string]string{"scoring": "VEGAS", "drawCount": "3"})
	for range 2 {
		mustAct(t, s, repeat("draw", 8)...)
		mustAct(t, s, "draw")
	}
	mustAct(t, s, repeat("draw", 8)...)
	requireRefused(t, s, "draw", "no redeals left")
	assert.Equal(t, 0, s.View(0).(*View).RecyclesLeft)
}

func TestA4_5_FoundationBackToTableau(t *testing.T) {
	d := deal(t, [7]string{"AH", "2H", "3H", "4H", "5H", "6C"}, "", "")
	s := start(t, nil, d)
	mustAct(t, s, "move t1 f", "move t2 f", "move t3 f", "move t4 f", "move t5 f")
	require.Equal(t, 70, s.score)
	assert.Contains(t, legalText(s), "move fH t6")
	mustAct(t, s, "move fH t6")
	assert.Equal(t, 55, s.score, "standard: -15")
	assert.Equal(t, []string{"6C", "5H"}, s.View(0).(*View).Columns[5].Up)

	s = start(t, map[string]string{"foundationToTableau": "off"}, d)
	mustAct(t, s, "move t1 f", "move t2 f", "move t3 f", "move t4 f", "move t5 f")
	assert.NotContains(t, legalText(s), "move fH t6")
	requireRefused(t, s, "move fH t6", "moving cards back from the foundations is off")
}

func TestA4_6_UncoveredCardFlipsAtOnce(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"AS", "9D 2S"}, "", ""))
	mustAct(t, s, "move t1 f", "move t2 f")
	assert.Equal(t, Column{Down: 0, Up: []string{"9D"}}, s.View(0).(*View).Columns[1])
	assert.Equal(t, 25, s.score, "+10 +10 and +5 for the flip")
}

func TestA4_7_TwoOfSpadesOnlyOntoTheAce(t *testing.T) {
	s := start(t, nil, deal(t, [7]string{"2S", "AS"}, "", ""))
	assert.NotContains(t, legalText(s), "move t1 f")
	requireRefused(t, s, "move t1 f", "2S can go to its foundation only onto AS")
	mustAct(t, s, "move t2 f", "move t1 f")
	assert.Equal(t, "2S", s.View(0).(*View).Foundations[cards.Spades].Top)
}

// ladder puts clubs A-7 in column 7 and diamonds A-6 in column 6, ace on
// top: 13 foundation moves and 11 flips, 185 standard points.
func ladder(t testing.TB) games.Deal {
	return deal(t, [7]string{"8H", "", "", "", "", "6D 5D 4D 3D 2D AD", "7C 6C 5C 4C 3C 2C AC"}, "", "")
}

var climb = []string{
	"move t7 f", "move t7 f", "move t7 f", "move t7 f", "move t7 f", "move t7 f", "move t7 f",
	"move t6 f", "move t6 f", "move t6 f", "move t6 f", "move t6 f", "move t6 f",
}

func TestA4_8_StandardRecycleCosts(t *testing.T) {
	s := start(t, nil, ladder(t))
	mustAct(t, s, climb...)
	require.Equal(t, 185, s.score)
	mustAct(t, s, repeat("draw", 24)...)
	mustAct(t, s, "draw")
	assert.Equal(t, 85, s.score, "draw-1: -100")
	mustAct(t, s, repeat("draw", 24)...)
	mustAct(t, s, "draw")
	assert.Equal(t, 0, s.score, "never below 0")

	s = start(t, map[string]string{"drawCount": "3"}, ladder(t))
	mustAct(t, s, climb...)
	want := []int{185, 185, 165, 145}
	for i, w := range want {
		mustAct(t, s, repeat("draw", 8)...)
		mustAct(t, s, "draw")
		assert.Equal(t, w, s.score, "draw-3 recycle %d", i+1)
	}
}

func TestA4_9_VegasScoring(t *testing.T) {
	s := start(t, map[string]string{"scoring": "VEGAS"}, ladder(t))
	assert.Equal(t, -52, s.score)
	mustAct(t, s, "move t7 f")
	assert.Equal(t, -47, s.score, "+5 a card to a foundation, flips score nothing")
	mustAct(t, s, climb[1:]...)
	assert.Equal(t, -52+13*5, s.score)
	mustAct(t, s, "move fC t1")
	assert.Equal(t, -52+12*5, s.score, "-5 a card leaving a foundation")
	assert.Equal(t, []int{8}, s.Result().Scores)
}

// winnable: A-6 of every suit in the stock in foundation order, 7-K in the
// tableau, each column one suit descending to its top.
func winnable(t testing.TB) games.Deal {
	return deal(t, [7]string{"7D", "8H 7H", "9S 8S 7S", "KS QS JS 10S", "KH QH JH 10H 9H", "KD QD JD 10D 9D 8D", "KC QC JC 10C 9C 8C 7C"},
		"AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S", "")
}

func drawAll(t *testing.T, s *State) {
	t.Helper()
	for range 24 {
		mustAct(t, s, "draw", "move w f")
	}
}

// toFoundations plays column cards to the foundations while stop is false.
func toFoundations(t *testing.T, s *State, stop func() bool) {
	t.Helper()
	for !stop() {
		i := slices.IndexFunc(legalText(s), func(a string) bool { return strings.HasPrefix(a, "move t") && strings.HasSuffix(a, " f") })
		require.GreaterOrEqual(t, i, 0, "no foundation move")
		mustAct(t, s, legalText(s)[i])
	}
}

func TestA4_10_WinAndAutoComplete(t *testing.T) {
	s := start(t, nil, winnable(t))
	drawAll(t, s)
	assert.False(t, s.View(0).(*View).CanAuto, "face-down cards remain")
	requireRefused(t, s, "auto", "auto-complete needs the stock and waste empty and every card face up")
	toFoundations(t, s, func() bool { return !s.faceDown() })
	assert.True(t, s.View(0).(*View).CanAuto)
	assert.Contains(t, legalText(s), "auto")
	require.False(t, s.Done())
	mustAct(t, s, "auto")
	assert.True(t, s.Done())
	assert.True(t, s.won)
	assert.Equal(t, [4]int8{13, 13, 13, 13}, s.found)
	assert.Equal(t, []games.Seat{0}, s.Result().Winners)
	assert.Equal(t, []int{625}, s.Result().Scores, "52 cards x 10 and 21 flips x 5")

	s = start(t, nil, winnable(t))
	drawAll(t, s)
	toFoundations(t, s, s.Done)
	assert.Equal(t, []games.Seat{0}, s.Result().Winners, "won by hand as well")
}

func TestEndWithoutWinning(t *testing.T) {
	s := start(t, nil)
	mustAct(t, s, "end")
	assert.True(t, s.Done())
	assert.Empty(t, s.Result().Winners)
	assert.Empty(t, s.Legal(0, nil))
	requireRefused(t, s, "draw", "the match is over")
}

func TestTimedScoring(t *testing.T) {
	timed := map[string]string{"timed": "on"}
	s := start(t, timed, ladder(t))
	mustAct(t, s, climb...)
	mustAct(t, s, "time 25")
	assert.Equal(t, 181, s.score, "two 10-second steps: -4")
	mustAct(t, s, "time 31")
	assert.Equal(t, 179, s.score, "one more step")
	requireRefused(t, s, "time 20", "time cannot go back")
	a, err := s.ParseAction("time 40")
	require.NoError(t, err)
	before := *s
	require.ErrorContains(t, s.Apply(0, a), "time is given by the session's clock")
	require.Equal(t, before, *s)

	s = start(t, timed, winnable(t))
	drawAll(t, s)
	mustAct(t, s, "time 100")
	toFoundations(t, s, s.Done)
	assert.Equal(t, []int{625 - 20 + 7000}, s.Result().Scores, "-2 per 10 s, +700000/100 for the win")

	s = start(t, timed, winnable(t))
	drawAll(t, s)
	mustAct(t, s, "time 29")
	toFoundations(t, s, s.Done)
	assert.Equal(t, []int{625 - 4}, s.Result().Scores, "no bonus under 30 s")

	s = start(t, nil)
	requireRefused(t, s, "time 10", "the game is not timed")
}

func TestVegasCumulative(t *testing.T) {
	opts := map[string]string{"scoring": "VEGAS", "vegasCumulative": "on"}
	s := start(t, opts, winnable(t))
	drawAll(t, s)
	mustAct(t, s, "move t1 f")
	toFoundations(t, s, func() bool { return !s.faceDown() })
	mustAct(t, s, "auto")
	require.False(t, s.Done(), "the match goes on")
	assert.Equal(t, "over", s.View(0).(*View).Phase)
	assert.Equal(t, []string{"deal", "end"}, legalText(s))
	requireRefused(t, s, "draw", "the game is won: deal the next one or end")
	assert.Equal(t, 208, s.score, "-52 + 52 x 5")
	mustAct(t, s, "deal")
	assert.Equal(t, 1, s.game)
	assert.Equal(t, 208, s.balance)
	assert.Equal(t, -52, s.score)
	assert.Contains(t, legalText(s), "deal", "a game can be abandoned for the next")
	mustAct(t, s, "deal", "end")
	assert.Equal(t, []int{208 - 52 - 52}, s.Result().Scores)
	assert.Equal(t, []games.Seat{0}, s.Result().Winners, "ahead at the end")

	s = start(t, opts)
	mustAct(t, s, "deal", "end")
	assert.Equal(t, []int{-104}, s.Result().Scores)
	assert.Empty(t, s.Result().Winners)

	s = start(t, map[string]string{"scoring": "VEGAS"})
	requireRefused(t, s, "deal", "deal is for vegasCumulative matches")
}

func TestNoneScoring(t *testing.T) {
	s := start(t, map[string]string{"scoring": "NONE"}, ladder(t))
	mustAct(t, s, climb...)
	mustAct(t, s, "move fC t1")
	assert.Equal(t, 0, s.score)
}

func TestRedealLimitOption(t *testing.T) {
	s := start(t, map[string]string{"redeals": "1"})
	mustAct(t, s, repeat("draw", 24)...)
	mustAct(t, s, "draw")
	mustAct(t, s, repeat("draw", 24)...)
	requireRefused(t, s, "draw", "no redeals left")
}

func TestOptionsValidation(t *testing.T) {
	for want, opts := range map[string]map[string]string{
		"VEGAS scoring plays with VEGAS_LIMITS": {"scoring": "VEGAS", "redeals": "UNLIMITED"},
		"vegasCumulative needs scoring VEGAS":   {"vegasCumulative": "on"},
		`option drawCount: bad value "2"`:       {"drawCount": "2"},
		`unknown option "draws"`:                {"draws": "1"},
	} {
		_, err := Game{}.New(games.Config{Players: 1, Options: opts})
		assert.ErrorContains(t, err, want)
	}
	_, err := Game{}.New(games.Config{Players: 2})
	assert.ErrorContains(t, err, "the game is for exactly 1")
	_, err = Game{}.New(games.Config{Players: 1, Options: map[string]string{"scoring": "VEGAS", "redeals": "VEGAS_LIMITS"}})
	assert.NoError(t, err)
}

func TestBadDealsAreRefused(t *testing.T) {
	good := deal(t, [7]string{}, "", "")
	cases := map[string]func(d *games.Deal){
		"column t3 has 2 cards, want 3": func(d *games.Deal) { d.Tableau[2] = d.Tableau[2][1:] },
		"stock has 23 cards, want 24":   func(d *games.Deal) { d.Stock = d.Stock[1:] },
		"tableau has 6 columns":         func(d *games.Deal) { d.Tableau = d.Tableau[:6] },
		"dealt twice":                   func(d *games.Deal) { d.Stock[0] = d.Tableau[0][0] },
		"field hands is not used here":  func(d *games.Deal) { d.Hands = [][]string{{"2C"}} },
	}
	for want, breakIt := range cases {
		d := good
		d.Tableau = nil
		for _, c := range good.Tableau {
			d.Tableau = append(d.Tableau, slices.Clone(c))
		}
		d.Stock = slices.Clone(good.Stock)
		breakIt(&d)
		_, err := Game{}.New(games.Config{Players: 1, Deals: []games.Deal{d}})
		assert.ErrorContains(t, err, want)
	}
}

func TestParseAndFormat(t *testing.T) {
	s := start(t, nil)
	for _, text := range []string{"draw", "end", "auto", "deal", "time 125", "move w t5", "move w f", "move t2 f", "move t2 t6", "move t2 t6 3", "move fH t4"} {
		a, err := s.ParseAction(text)
		require.NoError(t, err, text)
		assert.Equal(t, text, s.FormatAction(a))
	}
	a, err := s.ParseAction("move t2 t6 1")
	require.NoError(t, err)
	assert.Equal(t, "move t2 t6", s.FormatAction(a))
	for _, bad := range []string{"move t8 f", "move f t1", "move t1 w", "move t1 fH", "move fX t1", "move t1 t2 0", "time -1", "flip"} {
		_, err := s.ParseAction(bad)
		assert.Error(t, err, bad)
	}
}

func TestViewHidesFaceDownCardsAndTheStockOrder(t *testing.T) {
	s := start(t, nil)
	v := s.View(0).(*View)
	for i, c := range v.Columns {
		assert.Equal(t, i, c.Down)
		assert.Len(t, c.Up, 1)
		assert.Nil(t, c.Hidden)
	}
	assert.Equal(t, 24, v.Stock)
	assert.Nil(t, v.StockCards)
	o := s.View(games.Observer).(*View)
	o.Seat = 0
	assert.Equal(t, v, o, "a spectator sees what the player sees")
	g := s.View(games.God).(*View)
	assert.Len(t, g.Columns[6].Hidden, 6)
	assert.Len(t, g.StockCards, 24)
}

// TestLongRandomPlayouts plays random games that do not give up early (the
// conformance suite's uniform choice ends most games within a few actions),
// checking the invariants after every action, that the states sampled from
// the player's view keep what the player sees, may do and reads (CheckSeat),
// and that the record replays to the same end.
func TestLongRandomPlayouts(t *testing.T) {
	configs := []map[string]string{nil, {"drawCount": "3"}, {"scoring": "VEGAS", "drawCount": "3"}, {"timed": "on", "redeals": "2"}}
	for ci, opts := range configs {
		for seed := range uint64(25) {
			cfg := games.Config{Players: 1, Options: opts, Seed: seed}
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rec := record.New(ID, cfg)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for step := 0; step < 600 && !s.Done(); step++ {
				if s.timed && step%5 == 0 {
					text := fmt.Sprintf("time %d", s.elapsed+rng.IntN(15))
					require.NoError(t, act(t, s, text))
					rec.Actions = append(rec.Actions, record.Step{Seat: games.System, Act: text})
				}
				if step%10 == 0 {
					require.NoError(t, gamestest.CheckSeat(entry, cfg, s, 0, rng, 2), "config %d seed %d step %d", ci, seed, step)
					require.NoError(t, check(sample(t, cfg, s, rng)))
				}
				legal := s.Legal(0, nil)
				a := legal[rng.IntN(len(legal))]
				if (a == actEnd || a == actDeal) && step < 599 {
					continue
				}
				require.NoError(t, s.Apply(0, a))
				rec.Actions = append(rec.Actions, record.Step{Seat: 0, Act: s.FormatAction(a)})
				require.NoError(t, check(s), "config %d seed %d step %d after %s", ci, seed, step, s.FormatAction(a))
			}
			r, err := record.Replay(Game{}, rec, nil)
			require.NoError(t, err)
			require.Equal(t, jsonOf(t, s.View(games.God)), jsonOf(t, r.View(games.God)))
		}
	}
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{
		Configs: []games.Config{
			{Players: 1},
			{Players: 1, Seed: 1000, Options: map[string]string{"drawCount": "3", "foundationToTableau": "off"}},
			{Players: 1, Seed: 2000, Options: map[string]string{"scoring": "VEGAS", "vegasCumulative": "on"}},
			{Players: 1, Seed: 3000, Options: map[string]string{"timed": "on", "redeals": "0"}},
		},
		Playouts: 10,
		Check:    check,
	})
}

func FuzzKlondike(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 1, Options: map[string]string{"drawCount": "3"}}, check)
}

// check is the engine's invariants: the 52 cards each in exactly one place,
// face-up cards in valid runs with a face-up top, never-seen cards only face
// down or in the stock, the recycle limit kept, STANDARD never below zero.
func check(g games.State) error {
	s := g.(*State)
	var all cards.Set
	n := 0
	add := func(c cards.Card, faceUp bool) error {
		if faceUp && !s.seen.Has(c) {
			return fmt.Errorf("%s is face up but not marked seen", c)
		}
		all = all.With(c)
		n++
		return nil
	}
	for i := range s.cols {
		col := &s.cols[i]
		if col.down < 0 || col.n < 0 || (col.n > 0 && col.down >= col.n) || (col.n == 0 && col.down != 0) {
			return fmt.Errorf("t%d: %d cards, %d face down", i+1, col.n, col.down)
		}
		for k := range col.n {
			if err := add(col.cards[k], k >= col.down); err != nil {
				return err
			}
			if k > col.down {
				a, b := col.cards[k-1], col.cards[k]
				if rank(a) != rank(b)+1 || a.Suit().Red() == b.Suit().Red() {
					return fmt.Errorf("t%d: %s on %s is not a run", i+1, b, a)
				}
			}
		}
	}
	for _, c := range s.stock[:s.nStock] {
		_ = add(c, false)
	}
	for _, c := range s.waste[:s.nWaste] {
		if err := add(c, true); err != nil {
			return err
		}
	}
	for su := range 4 {
		for r := int8(1); r <= s.found[su]; r++ {
			if err := add(cardOf(r, cards.Suit(su)), true); err != nil {
				return err
			}
		}
	}
	if all != cards.Deck52 || n != 52 {
		return fmt.Errorf("cards: %d placed, missing %v", n, cards.Deck52&^all)
	}
	if s.recycleLimit != unlimited && s.recycles > s.recycleLimit {
		return fmt.Errorf("%d recycles with a limit of %d", s.recycles, s.recycleLimit)
	}
	if s.scoring == scoreStandard && s.score < 0 {
		return fmt.Errorf("standard score %d", s.score)
	}
	return nil
}

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
