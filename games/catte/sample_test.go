package catte

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
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
	view, err := gamestest.DecodeView(entry, s.View(seat))
	require.NoError(t, err)
	sm, err := Game{}.NewSampler(cfg, seat, view)
	require.NoError(t, err)
	return sm.Sample(rng).(*State)
}

// TestEverySeatsSamplesKeepTheSeatBoundary plays random matches under
// every conformance config and checks the information property for every
// seat and the spectator at every step (gamestest.Run does every seventh).
func TestEverySeatsSamplesKeepTheSeatBoundary(t *testing.T) {
	for ci, cfg := range conformanceConfigs {
		for seed := range uint64(3) {
			cfg := cfg
			cfg.Seed += 1000 + seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for step := 0; !s.Done() && step < 400; step++ {
				for seat := games.Observer; int(seat) < cfg.Players; seat++ {
					if seat == games.System {
						continue
					}
					require.NoError(t, gamestest.CheckSeat(entry, cfg, s, seat, rng, 2), "config %d seed %d step %d", ci, cfg.Seed, step)
				}
				seat := games.Seat(s.c.turn)
				legal := s.Legal(seat, nil)
				require.NoError(t, s.Apply(seat, legal[rng.IntN(len(legal))]))
			}
		}
	}
}

// sixHands is a six-player deal in which seat 0 leads its top spades to
// tricks 1–4 and everyone else plays face up (faceUpRule OPEN); seat 0
// leads 2♥ to trick 5, seats 1–4 claim the round in turn and fail, and
// seat 5, whose last two cards only it has seen, is to act.
var sixHands = []string{
	"AS KS QS JS 2H 3D",
	"2C 3C 4C 5C 6H 7D",
	"6C 7C 8C 9C 8H 9D",
	"10C JC QC KC 10H JD",
	"2D 4D 5D 6D QH KD",
	"8D 10D 2S 3S KH AH",
}

var sixScript = []string{
	"0:play AS", "1:play 2C", "2:play 6C", "3:play 10C", "4:play 2D", "5:play 8D",
	"0:play KS", "1:play 3C", "2:play 7C", "3:play JC", "4:play 4D", "5:play 10D",
	"0:play QS", "1:play 4C", "2:play 8C", "3:play QC", "4:play 5D", "5:play 2S",
	"0:play JS", "1:play 5C", "2:play 9C", "3:play KC", "4:play 6D", "5:play 3S",
	"0:play 2H", "1:claim", "2:claim", "3:claim", "4:claim",
}

var sixOpts = map[string]string{"region": "KHMER", "faceUpRule": "OPEN", "claimWin": "on"}

func withOpts(base map[string]string, more ...string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i+1 < len(more); i += 2 {
		out[more[i]] = more[i+1]
	}
	return out
}

// uniformCase is a position of a round and the seat whose samples are
// measured.
type uniformCase struct {
	name   string
	opts   map[string]string
	upcard string
	hands  []string
	script []string
	viewer games.Seat
}

func (uc uniformCase) config() games.Config {
	return games.Config{Players: len(uc.hands), Options: uc.opts}
}

// play deals the case's hands with seat 0 dealing and plays script, whose
// face-down folds by seats other than the viewer may be replaced (fold
// index i by folds[i]).
func (uc uniformCase) play(hands []string, script []string) (*State, error) {
	dealer := 0
	d := games.Deal{First: &dealer, Upcard: uc.upcard}
	for _, h := range hands {
		d.Hands = append(d.Hands, strings.Fields(h))
	}
	cfg := uc.config()
	cfg.Seed = 1
	cfg.Deals = []games.Deal{d}
	g, err := Game{}.New(cfg)
	if err != nil {
		return nil, err
	}
	s := g.(*State)
	for _, st := range script {
		seat, text, _ := strings.Cut(st, ":")
		p, err := strconv.Atoi(seat)
		if err != nil {
			return nil, err
		}
		a, err := s.ParseAction(text)
		if err != nil {
			return nil, err
		}
		if err := s.Apply(games.Seat(p), a); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// dealKey is what a sample deals in the round being played: every seat's
// dealt hand and every card put down, in play order.
func dealKey(s *State) string {
	var b strings.Builder
	for p := range s.n {
		fmt.Fprintf(&b, "%x/", uint64(s.dealt[p]))
	}
	for _, tr := range s.c.hist[:s.c.finished] {
		for _, pl := range tr.plays[:tr.n] {
			b.WriteString(pl.card.String())
		}
	}
	for _, pl := range s.c.plays[:s.c.np] {
		b.WriteString(pl.card.String())
	}
	return b.String()
}

// consistentDeals enumerates, by brute force and through the rules alone,
// the deals of the round that show the viewer the view it has: every way
// to put the cards it has not seen into the places it has not seen (the
// other seats' hands and face-down folds), each deal played again with
// the same actions and kept when it gives the viewer the same view.
func consistentDeals(t *testing.T, uc uniformCase) map[string]bool {
	t.Helper()
	truth, err := uc.play(uc.hands, uc.script)
	require.NoError(t, err)
	want := jsonOf(t, truth.View(uc.viewer))
	v := view(truth, uc.viewer)
	seen := cards.SetOf(mustCards(t, strings.Join(v.Hand, " "))...)
	named := func(list ...string) {
		for _, c := range list {
			if c != "" {
				seen = seen.With(mustCards(t, c)[0])
			}
		}
	}
	for _, sh := range v.Shown {
		named(sh...)
	}
	named(v.Upcard)
	for _, tr := range v.Tricks {
		for _, pl := range tr.Plays {
			named(pl.Card)
		}
	}
	for _, pl := range v.Plays {
		named(pl.Card)
	}
	unseen := (cards.Deck52 &^ seen).Cards()
	// The places the viewer has not seen: the unseen cards of each hand,
	// then the folds of the others, in script order.
	type place struct {
		seat int
		fold int // script index, -1 for a hand card
	}
	var places []place
	hands := make([]cards.Set, len(uc.hands))
	for p, h := range uc.hands {
		hands[p] = cards.SetOf(mustCards(t, h)...)
		if games.Seat(p) == uc.viewer {
			continue
		}
		for range (hands[p] & cards.Deck52 &^ seen & truth.c.hands[p]).Len() {
			places = append(places, place{p, -1})
		}
	}
	for i, st := range uc.script {
		seat, text, _ := strings.Cut(st, ":")
		if strings.HasPrefix(text, "fold ") && seat != strconv.Itoa(int(uc.viewer)) {
			p, _ := strconv.Atoi(seat)
			places = append(places, place{p, i})
		}
	}
	out := map[string]bool{}
	pick := make([]cards.Card, len(places))
	var rec func(k int, used cards.Set)
	rec = func(k int, used cards.Set) {
		if k < len(places) {
			for _, c := range unseen {
				if !used.Has(c) {
					pick[k] = c
					rec(k+1, used.With(c))
				}
			}
			return
		}
		dealt := slices.Clone(hands)
		script := slices.Clone(uc.script)
		for p := range dealt {
			if games.Seat(p) != uc.viewer {
				dealt[p] &= seen
			}
		}
		for i, pl := range places {
			dealt[pl.seat] = dealt[pl.seat].With(pick[i])
			if pl.fold >= 0 {
				script[pl.fold] = fmt.Sprintf("%d:fold %s", pl.seat, pick[i])
			}
		}
		texts := make([]string, len(dealt))
		for p, h := range dealt {
			texts[p] = h.String()
		}
		s, err := uc.play(texts, script)
		if err != nil || jsonOf(t, s.View(uc.viewer)) != want {
			return
		}
		out[dealKey(s)] = true
	}
	rec(0, 0)
	return out
}

// measureUniformity draws 1000 samples per consistent deal from the
// viewer's sampler; every sample must be one of them.
func measureUniformity(t *testing.T, uc uniformCase, deals map[string]bool) (tv float64, draws int) {
	t.Helper()
	truth, err := uc.play(uc.hands, uc.script)
	require.NoError(t, err)
	viewOf, err := gamestest.DecodeView(entry, truth.View(uc.viewer))
	require.NoError(t, err)
	sm, err := Game{}.NewSampler(uc.config(), uc.viewer, viewOf)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(11, 13))
	draws = 1000 * len(deals)
	counts := map[string]int{}
	for i := range draws {
		if i%64 == 0 {
			// WebAssembly runs one goroutine at a time and this loop never
			// waits: yield now and then, or the collector's background
			// worker never runs and a cycle's allocations pile up (a
			// mark phase of minutes and gigabytes seen under load).
			runtime.Gosched()
		}
		k := dealKey(sm.Sample(rng).(*State))
		require.True(t, deals[k], "a sample outside the consistent deals: %s", k)
		counts[k]++
	}
	for k := range deals {
		tv += math.Abs(float64(counts[k])/float64(draws) - 1/float64(len(deals)))
	}
	return tv / 2, draws
}

func TestSamplerDealsUniformlyAmongTheConsistentDeals(t *testing.T) {
	side := withOpts(sixOpts, "sidePot", "on")
	sideHands := slices.Clone(sixHands)
	sideHands[4] = "2D 4D 5D 6D JH KD" // the side card K♥ is seat 5's: it took the side pot
	folded := slices.Clone(sixScript)
	folded[17] = "5:fold 2S" // seat 5 put 2♠ face down in trick 3
	lowHands := slices.Clone(sixHands)
	lowHands[4], lowHands[5] = "2D 8D 5D 6D QH KD", "AD 4D 2S 3S KH AH"
	lowScript := slices.Clone(sixScript)
	lowScript[4], lowScript[5], lowScript[10], lowScript[11] = "4:play 2D", "5:play AD", "4:play 8D", "5:play 4D"
	for _, uc := range []uniformCase{
		// Seat 5's last two cards: the failed claims say it can beat seat
		// 4's Q♥ or K♦ (it holds K♥, A♥ or A♦).
		{name: "failed claims", opts: sixOpts, hands: sixHands, script: sixScript},
		// Seat 5 took the side pot: K♥ is one of its two cards.
		{name: "side pot holder", opts: side, upcard: "QH", hands: sideHands, script: sixScript},
		// Nobody took the side pot (AUTO): 5♠ is undealt.
		{name: "side card undealt", opts: side, upcard: "4S", hands: sixHands, script: sixScript},
		// Seat 5's face-down card and its two last cards, K♥ among them.
		{name: "fold and side pot holder", opts: side, upcard: "QH", hands: sideHands, script: folded},
		// Seat 5 showed A♦ 4♦ 2♠ 3♠: two more cards of A–5 would have been
		// a low hand, which wins at once.
		{name: "no hand wins at once", opts: sixOpts, hands: lowHands, script: lowScript},
	} {
		t.Run(uc.name, func(t *testing.T) {
			deals := consistentDeals(t, uc)
			require.Greater(t, len(deals), 1)
			tv, draws := measureUniformity(t, uc, deals)
			t.Logf("uniformity catte %s: %d deals, %d samples, TV %.4f", uc.name, len(deals), draws, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

func TestSamplerKeepsOwnCardsAndRedealsTheOthersFolds(t *testing.T) {
	s := trickFive(t, nil)
	cfg := games.Config{Players: 4}
	folds := cards.SetOf(mustCards(t, "6C 2C JC 3C 7D 4C 8D 5H 9D")...)
	moved := false
	rng := rand.New(rand.NewPCG(1, 1))
	for range 100 {
		d := sampleOf(t, cfg, s, 0, rng)
		assert.Equal(t, s.c.hands[0], d.c.hands[0])
		assert.Equal(t, s.dealt[0], d.dealt[0], "own folds kept")
		var theirFolds cards.Set
		for _, tr := range d.c.hist[:d.c.finished] {
			for _, pl := range tr.plays[:tr.n] {
				if pl.kind == kindFold && pl.seat != 0 {
					theirFolds = theirFolds.With(pl.card)
				}
			}
		}
		moved = moved || theirFolds != folds
		for p := range 4 {
			assert.Equal(t, s.c.hands[p].Len(), d.c.hands[p].Len())
			cl, _ := d.instant(d.dealt[p])
			assert.Zero(t, cl, "nobody was dealt an instant win")
		}
		require.NoError(t, invariants(d))
	}
	assert.True(t, moved)
}

func TestSamplerKeepsTheSidePotHolder(t *testing.T) {
	on := map[string]string{"sidePot": "on"}
	cfg := games.Config{Players: 4, Options: on}
	s := start(t, on, 0, "7H", "9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H", "10S QS 9C QD 5H 7D", "2H 3H 8C JC KC 6D")
	do(t, s, "0:play 9S", "1:fold 8H")
	eight := cards.Make(8, cards.Hearts)
	rng := rand.New(rand.NewPCG(2, 1))
	for range 50 {
		d := sampleOf(t, cfg, s, 2, rng)
		assert.True(t, d.dealt[1].Has(eight), "seat 1 took the side pot: it was dealt 8♥")
		assert.Equal(t, int8(1), d.sideHolder)
	}
	s = start(t, on, 0, "6C", basic...)
	seven := cards.Make(7, cards.Clubs)
	for range 50 {
		d := sampleOf(t, cfg, s, 2, rng)
		for p := range 4 {
			assert.False(t, d.dealt[p].Has(seven), "nobody took the side pot: 7♣ is undealt")
		}
	}
}

func TestSamplerDependsOnlyOnWhatTheSeatKnows(t *testing.T) {
	a := start(t, nil, 0, "", basic...)
	b := start(t, nil, 0, "", basic[0], basic[2], basic[1], basic[3])
	do(t, a, "0:play 2D")
	do(t, b, "0:play 2D")
	require.Equal(t, jsonOf(t, a.View(3)), jsonOf(t, b.View(3)))
	cfg := games.Config{Players: 4}
	for seed := range uint64(20) {
		da := sampleOf(t, cfg, a, 3, rand.New(rand.NewPCG(seed, 0)))
		db := sampleOf(t, cfg, b, 3, rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, jsonOf(t, da.View(games.God)), jsonOf(t, db.View(games.God)))
	}
}

func TestSamplerRebuildsTheRoundsThrowInsAndClaims(t *testing.T) {
	opts := map[string]string{"claimWin": "on", "matchRounds": "3"}
	cfg := games.Config{Players: 4, Options: opts}
	s := start(t, opts, 0, "", basic...)
	do(t, s, "0:play 9S", "1:fold 4D", "2:claim", "3:foldhand")
	require.Equal(t, []string{"active", "active", "eliminated", "folded"}, view(s, games.Observer).Status)
	rng := rand.New(rand.NewPCG(3, 3))
	for seat := range games.Seat(4) {
		d := sampleOf(t, cfg, s, seat, rng)
		assert.Equal(t, jsonOf(t, s.View(seat)), jsonOf(t, d.View(seat)))
		assert.Equal(t, s.shown[2], d.c.hands[2], "seat 2's failed claim showed its hand")
		require.NoError(t, invariants(d))
	}
}

func TestSamplerRefusesViewsNoDealFits(t *testing.T) {
	on := map[string]string{"sidePot": "on"}
	cfg := games.Config{Players: 4, Options: on}
	hands := []string{"9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H", "10S QS 9C QD 5H 7D", "2H 3H 8C JC KC 6D"}
	s := start(t, on, 0, "7H", hands...)
	do(t, s, "0:play 9S", "1:play JS", "2:fold 7D")
	for _, tc := range []struct {
		name   string
		seat   games.Seat
		mutate func(v *View)
		err    string
	}{
		{"a card twice", 3, func(v *View) { v.Hand[0] = "JS" }, "JS is shown twice"},
		{"a hand one card short", 3, func(v *View) { v.Hand = v.Hand[1:] }, "make 5 cards, not 6"},
		{"a shown card in the hand", 3, func(v *View) { v.Shown[2] = strings.Fields("AS KS AD KD AC KC")[:6] }, "KC is shown twice"},
		{"a seat with seven cards", 3, func(v *View) { v.Shown[2] = strings.Fields("AS KS AD KD AC QC") }, "seat 2 has 6 cards seen and 1 face down: more than 6"},
		{"the side pot taken without its card", 3, func(v *View) { v.SideWinner = 3 }, "no deal fits the view"},
		{"an unknown status", 3, func(v *View) { v.Status[0] = "asleep" }, `seat 0's status "asleep"`},
		{"chips that do not add up", 3, func(v *View) { v.Chips[0]++ }, "chips in play"},
		{"a play out of turn", 3, func(v *View) { v.Plays[0], v.Plays[1] = v.Plays[1], v.Plays[0] }, "seat 1 acts in trick 1 when it is seat 0's turn"},
		{"a face-up card that does not beat", 3, func(v *View) { v.Plays[1].Card = "2S" }, "2S does not beat 9S"},
		{"another seat's fold named", 3, func(v *View) { v.Plays[2].Card = "7D" }, "plays is"},
		{"its own fold unnamed", 2, func(v *View) { v.Plays[2].Card = "" }, "seat 2's fold card is not named, though seat 2 sees it"},
		{"a throw-in out of place", 3, func(v *View) { v.Events = []EventView{{Seat: 2, Kind: "foldhand", Trick: 1, At: 0}} }, "seat 2 acts in trick 1 when it is seat 0's turn"},
		{"a claim with claiming off", 3, func(v *View) { v.Events = []EventView{{Seat: 3, Kind: "claim", Trick: 1, At: 3}} }, "claiming is off"},
		{"a hand that wins at once", 3, func(v *View) { v.Hand = strings.Fields("AC AD AH AS 4C 5C") }, "wins at once"},
		{"the side card dealt but not paid", 1, func(v *View) { v.SideWinner = -1; v.Chips[1] -= 4; v.SidePot += 4 }, "seat 1 was dealt 8H, but nobody took the side pot"},
		{"another region", 3, func(v *View) { v.Region = "KHMER" }, `region "KHMER"`},
		{"another table", 3, func(v *View) { v.Players = 5 }, "the view is of 5 players, the table of 4"},
		{"the match over", 3, func(v *View) { v.Winners = []int{0} }, games.ErrDone.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dv, err := gamestest.DecodeView(entry, s.View(tc.seat))
			require.NoError(t, err)
			v := dv.(*View)
			tc.mutate(v)
			_, err = Game{}.NewSampler(cfg, tc.seat, v)
			require.ErrorContains(t, err, tc.err)
			assert.True(t, strings.HasPrefix(err.Error(), "catte: "), err.Error())
		})
	}
	_, err := Game{}.NewSampler(cfg, 2, s.View(3))
	assert.ErrorContains(t, err, "the view is seat 3's, not seat 2's")
	_, err = Game{}.NewSampler(cfg, 0, gamestest.OtherView{})
	assert.ErrorContains(t, err, "gamestest.OtherView is not a Cat Te view")
	_, err = Game{}.NewSampler(games.Config{Players: 4, Options: map[string]string{"sidePot": "maybe"}}, 0, s.View(0))
	assert.ErrorContains(t, err, "sidePot")
}

// FuzzSampler feeds the sampler views it did not make: arbitrary JSON
// read as a View, and true views of random positions with one byte
// changed. It may refuse them; it may not panic, and its samples must show
// the seat the view it was given.
func FuzzSampler(f *testing.F) {
	cfgs := []games.Config{
		{Players: 4, Options: map[string]string{"sidePot": "on", "sidePotClaim": "MANUAL", "claimWin": "on"}},
		{Players: 6, Options: map[string]string{"region": "KHMER", "faceUpRule": "OPEN", "sidePot": "on", "claimWin": "on"}},
		{Players: 2, Options: map[string]string{"khmerSecretTrick5": "on", "region": "KHMER"}},
	}
	f.Add(uint8(0), uint64(1), 5, []byte(`{"seat":0}`), 0, byte(0))
	f.Add(uint8(1), uint64(2), 17, []byte(``), 40, byte('x'))
	f.Add(uint8(2), uint64(3), 9, []byte(``), 120, byte('1'))
	f.Add(uint8(0), uint64(4), 30, []byte(``), 300, byte('"'))
	f.Fuzz(func(t *testing.T, pick uint8, seed uint64, steps int, data []byte, at int, flip byte) {
		cfg := cfgs[int(pick)%len(cfgs)]
		cfg.Seed = seed
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 1))
		for range abs(steps) % 60 {
			if s.Done() {
				break
			}
			seat := games.Seat(s.c.turn)
			legal := s.Legal(seat, nil)
			require.NoError(t, s.Apply(seat, legal[rng.IntN(len(legal))]))
		}
		seat := games.Seat(int(pick/3) % (cfg.Players + 1))
		if int(seat) == cfg.Players {
			seat = games.Observer
		}
		if len(data) == 0 {
			data = []byte(jsonOf(t, s.View(seat)))
			data[abs(at)%len(data)] = flip
		}
		dv, err := DecodeView(data)
		if err != nil {
			return
		}
		sm, err := Game{}.NewSampler(cfg, seat, dv)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		want := jsonOf(t, dv)
		for range 3 {
			d := sm.Sample(rng)
			require.Equal(t, want, jsonOf(t, d.View(seat)))
			require.NoError(t, invariants(d))
		}
	})
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
