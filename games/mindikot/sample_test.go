package mindikot

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

// The information property at every step of whole matches, for every seat
// and the spectator, in both modes and at both table sizes: a state sampled
// from a seat's view shows the seat the same view, offers the same moves and
// describes every next action alike (gamestest.Run checks every 7th step;
// this checks them all).
func TestSamplesKeepTheSeatBoundaryAtEveryStep(t *testing.T) {
	configs := []games.Config{
		{Players: 4, Options: map[string]string{"targetPoints": "2"}},
		{Players: 6, Options: map[string]string{"mode": "HIDDEN", "targetPoints": "2"}},
		{Players: 4, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "nextLeader": "TRADITIONAL", "targetPoints": "2"}},
		{Players: 6, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "revealerMustTrump": "off", "tieBreak44": "DRAW", "targetPoints": "1"}},
	}
	for ci, cfg := range configs {
		cfg.Seed = uint64(ci) + 20
		gs, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := gs.(*State)
		rng := rand.New(rand.NewPCG(cfg.Seed, 5))
		for step := 0; !s.Done(); step++ {
			for seat := games.Observer; int(seat) < cfg.Players; seat++ {
				if seat == games.System {
					continue
				}
				require.NoError(t, gamestest.CheckSeat(entry, cfg, s, seat, rng, 2), "config %d step %d", ci, step)
			}
			require.NoError(t, gamestest.PlayOn(s, rng, 1))
		}
	}
}

// Every sample keeps each hand's size and shown voids, the seat's own hand
// and what it knows of the hidden card, and the spectator's view.
func TestSamplesKeepHandsVoidsAndTheHiddenCard(t *testing.T) {
	for ci, cfg := range conformanceConfigs {
		cfg.Seed = uint64(ci)
		gs, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := gs.(*State)
		rng := games.NewRand(uint64(ci) + 50)
		for step := 0; !s.Done() && step < 500; step++ {
			seat := games.Seat(s.turn)
			d := gamestest.Sampler(t, entry, cfg, s, seat).Sample(rng).(*State)
			require.NoError(t, invariants(d), "config %d step %d", ci, step)
			require.Equal(t, jsonOf(t, s.View(games.Observer)), jsonOf(t, d.View(games.Observer)))
			assert.Equal(t, s.hands[seat], d.hands[seat])
			for p := range s.n {
				assert.Equal(t, s.hands[p].Len(), d.hands[p].Len())
				for _, c := range d.hands[p].Cards() {
					if d.hidState == hidRevealed && p == d.hidOwner && c == d.hidden {
						continue // known to be there whatever the voids
					}
					assert.Zero(t, s.voids[p]&suitBit(c.Suit()), "config %d step %d: seat %d holds %s, a suit it showed void in", ci, step, p, c)
				}
			}
			if s.knowsHidden(seat) {
				assert.Equal(t, s.hidden, d.hidden, "the seat knows the hidden card")
			}
			require.NoError(t, gamestest.PlayOn(s, rng, 1))
		}
	}
}

func TestSamplerKeepsVoidsAndTheRevealedCard(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "5S 9H", 1: "KH", 2: "4H"}, map[int]string{1: "S", 2: "S"})
	do(t, s, "0:play 5S", "1:pass", "1:play KH", "2:reveal")
	nine := cards.Make(9, cards.Hearts)
	sm := gamestest.Sampler(t, entry, games.Config{Players: 4, Options: hiddenOpts}, s, 3)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		d := sm.Sample(rng).(*State)
		assert.Equal(t, s.hands[3], d.hands[3])
		assert.True(t, d.hands[0].Has(nine), "the revealed card stays with its owner")
		assert.Zero(t, d.hands[1].Of(cards.Spades), "seat 1 showed a void in spades")
		assert.Zero(t, d.hands[2].Of(cards.Spades), "seat 2 showed a void in spades")
		for p := range 4 {
			assert.Equal(t, s.hands[p].Len(), d.hands[p].Len())
		}
		assert.Equal(t, cards.Deck52, d.hands[0]|d.hands[1]|d.hands[2]|d.hands[3]|d.played)
	}
}

func TestSamplerRedealsTheHiddenCardExceptForItsOwner(t *testing.T) {
	cfg := games.Config{Players: 4, Options: hiddenOpts}
	s := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "9H"}, nil)
	owner, other := gamestest.Sampler(t, entry, cfg, s, 0), gamestest.Sampler(t, entry, cfg, s, 1)
	rng := rand.New(rand.NewPCG(1, 1))
	moved := false
	for range 50 {
		d := owner.Sample(rng).(*State)
		assert.Equal(t, s.hidden, d.hidden, "the owner knows its hidden card")
		assert.Equal(t, s.hands[0], d.hands[0])
		o := other.Sample(rng).(*State)
		moved = moved || o.hidden != s.hidden
		assert.Equal(t, cards.Deck52, o.hands[0]|o.hands[1]|o.hands[2]|o.hands[3]|cards.SetOf(o.hidden))
		assert.Equal(t, 12, o.hands[0].Len())
	}
	assert.True(t, moved, "for the others the hidden card is any unseen card")
}

func TestSamplerKeepsTheChosenHiddenCardToItsOwner(t *testing.T) {
	opts := map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"}
	cfg := games.Config{Players: 4, Options: opts}
	s := start(t, 4, opts, 2, "", map[int]string{2: "9C"}, nil)
	do(t, s, "2:hide 9C")
	nine := cards.Make(9, cards.Clubs)
	rng := rand.New(rand.NewPCG(2, 2))
	owner := gamestest.Sampler(t, entry, cfg, s, 2)
	other := gamestest.Sampler(t, entry, cfg, s, 1)
	hidSeen := map[cards.Card]bool{}
	for range 300 {
		assert.Equal(t, nine, owner.Sample(rng).(*State).hidden)
		hidSeen[other.Sample(rng).(*State).hidden] = true
	}
	assert.Greater(t, len(hidSeen), 10, "the others do not know the hidden card")
}

func TestSamplerDependsOnlyOnWhatTheSeatKnows(t *testing.T) {
	a := fill(t, 4, map[int]string{0: "9H"}, nil)
	b := fill(t, 4, map[int]string{0: "9H"}, nil)
	b[2], b[3] = b[3], b[2]
	// Seat 1 cannot tell a from b; it cannot see seat 0's hidden card either.
	first := 0
	cfg := games.Config{Players: 4, Options: hiddenOpts, Seed: 5}
	ga, err := Game{}.New(games.Config{Players: 4, Options: hiddenOpts, Seed: 5, Deals: []games.Deal{{Hands: a, First: &first, Hidden: "9H"}}})
	require.NoError(t, err)
	hid := b[0][0]
	gb, err := Game{}.New(games.Config{Players: 4, Options: hiddenOpts, Seed: 5, Deals: []games.Deal{{Hands: b, First: &first, Hidden: hid}}})
	require.NoError(t, err)
	require.Equal(t, jsonOf(t, ga.View(1)), jsonOf(t, gb.View(1)))
	sa, sb := gamestest.Sampler(t, entry, cfg, ga.(*State), 1), gamestest.Sampler(t, entry, cfg, gb.(*State), 1)
	for seed := range uint64(20) {
		da := sa.Sample(rand.New(rand.NewPCG(seed, 0)))
		db := sb.Sample(rand.New(rand.NewPCG(seed, 0)))
		assert.Equal(t, jsonOf(t, da.View(games.God)), jsonOf(t, db.View(games.God)))
	}
}

func TestSamplerTreatsTheJoinedHiddenCardAsUnseen(t *testing.T) {
	cfg := games.Config{Players: 4, Options: hiddenOpts}
	s := lateRound(t)
	do(t, s, "0:play 2H", "1:play AH", "2:play 3H", "3:play 4H", "1:play 5D")
	require.Equal(t, "lastCard", view(t, s, games.Observer).HiddenState)
	sm := gamestest.Sampler(t, entry, cfg, s, 1)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 50 {
		d := sm.Sample(rng).(*State)
		assert.Equal(t, 1, d.hands[0].Len())
		assert.Equal(t, d.hands[0].Lowest(), d.hidden, "the owner's last card is the hidden card")
		assert.Equal(t, s.hands[1], d.hands[1])
		assert.Equal(t, jsonOf(t, s.View(1)), jsonOf(t, d.View(1)))
	}
	// Its owner passes: it is then known not to be a diamond.
	do(t, s, "2:play 6D", "3:play 7D", "0:pass")
	sm = gamestest.Sampler(t, entry, cfg, s, 1)
	for range 50 {
		d := sm.Sample(rng).(*State)
		assert.NotEqual(t, cards.Diamonds, d.hidden.Suit())
		assert.Equal(t, d.hands[0].Lowest(), d.hidden)
	}
}

// A sample plays on to the end of the match like any state, later rounds
// dealt from the sampler's generator.
func TestSamplePlaysOnToTheEnd(t *testing.T) {
	for _, cfg := range conformanceConfigs {
		gs, _ := Game{}.New(cfg)
		s := gs.(*State)
		rng := games.NewRand(9)
		require.NoError(t, gamestest.PlayOn(s, rng, 30))
		d := gamestest.Sampler(t, entry, cfg, s, games.Seat(s.turn)).Sample(rng)
		for !d.Done() {
			require.NoError(t, gamestest.PlayOn(d, rng, 1))
			require.NoError(t, invariants(d))
		}
	}
}

// The finished match samples as itself.
func TestSamplerOfAFinishedMatch(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 3, Options: map[string]string{"targetPoints": "2", "mode": "HIDDEN"}}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	require.NoError(t, gamestest.PlayOn(s, games.NewRand(1), 10000))
	require.True(t, s.Done())
	for seat := range games.Seat(4) {
		d := gamestest.Sampler(t, entry, cfg, s, seat).Sample(games.NewRand(1))
		assert.True(t, d.Done())
		assert.Equal(t, s.Result(), d.Result())
	}
}

func TestSamplerRefusesViewsNoTableShows(t *testing.T) {
	cfg := games.Config{Players: 4, Seed: 1, Options: hiddenOpts}
	gs, _ := Game{}.New(cfg)
	s := gs.(*State)
	rng := rand.New(rand.NewPCG(1, 2))
	require.NoError(t, gamestest.PlayOn(s, rng, 6))
	for s.trickN == 0 || s.hidOwner == s.turn {
		require.NoError(t, gamestest.PlayOn(s, rng, 1))
	}
	seat := games.Seat(s.turn)
	good := func() *View { return s.View(seat).(*View) }
	other := func(v *View) int { return (v.Seat + 1) % 4 }
	tests := []struct {
		name   string
		mutate func(v *View) games.View
		err    string
	}{
		{"not a Mindikot view", func(v *View) games.View { return gamestest.OtherView{} }, "not a Mindikot view"},
		{"another seat's view", func(v *View) games.View { v.Seat = other(v); return v }, "is seat"},
		{"other table size", func(v *View) games.View { v.Players = 6; return v }, "is not the options'"},
		{"other mode", func(v *View) games.View { v.Mode = "CUT"; return v }, "is not the options'"},
		{"bad phase", func(v *View) games.View { v.Phase = "dance"; return v }, "not a state of the game"},
		{"unknown card", func(v *View) games.View { v.Hand[0] = "ZZ"; return v }, "not in the 52-card deck"},
		{"a card in hand and played", func(v *View) games.View { v.Hand[0] = v.Played[0]; return v }, "already played"},
		{"a card played twice", func(v *View) games.View { v.Played[1] = v.Played[0]; return v }, "twice"},
		{"hand size does not add up", func(v *View) games.View { v.HandSizes[other(v)]++; return v }, "by the tricks played"},
		{"own hand one short", func(v *View) games.View { v.Hand = v.Hand[1:]; return v }, "its size is"},
		{"void in an unknown suit", func(v *View) games.View { v.Voids[1] = "X"; return v }, "voids"},
		{"void contradicted by the own hand", func(v *View) games.View {
			c, _ := cards.Parse(v.Hand[0])
			v.Voids[v.Seat] = c.Suit().String()
			return v
		}, "voids say it cannot hold"},
		{"voids no deal fits", func(v *View) games.View {
			for p := range v.Voids {
				if p != v.Seat {
					v.Voids[p] = "CDHS"
				}
			}
			return v
		}, "no deal fits"},
		{"the hidden card shown to another seat", func(v *View) games.View { v.Hidden = "2C"; return v }, "hidden card"},
		{"the hidden card of another seat than the first leader", func(v *View) games.View { v.HiddenOwner = other(v); return v }, "first leader"},
		{"trump without a reveal", func(v *View) games.View { v.Trump = "S"; return v }, "trump"},
		{"turn out of order", func(v *View) games.View { v.Turn = (v.Turn + 1) % 4; return v }, "to play after"},
		{"tricks that do not add up", func(v *View) games.View { v.Tricks[0]++; return v }, "do not add up"},
		{"a ten not taken", func(v *View) games.View { v.TensCards[0] = append(v.TensCards[0], "10C"); v.Tens[0]++; return v }, "tens"},
		{"points past the target", func(v *View) games.View { v.Points[1] = 7; return v }, "points of 7"},
		{"the match is over mid-round", func(v *View) games.View { v.Phase = "over"; v.Turn = -1; return v }, "a trick of"},
		{"a trick of four", func(v *View) games.View {
			for len(v.Trick) < 4 {
				v.Trick = append(v.Trick, Play{Seat: (v.Leader + len(v.Trick)) % 4, Card: v.Played[len(v.Trick)]})
			}
			return v
		}, "a trick of 4"},
		{"a declaration without a void", func(v *View) games.View { v.Declared = "pass"; return v }, "declared"},
		{"a field written otherwise", func(v *View) games.View { v.Played[0] = strings.ToLower(v.Played[0]); return v }, "played"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Game{}.NewSampler(cfg, seat, tt.mutate(good()))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
	_, err := Game{}.NewSampler(games.Config{Players: 4}, seat, good())
	assert.ErrorContains(t, err, "is not the options'", "the table's options are not the view's")
	_, err = Game{}.NewSampler(cfg, games.God, s.View(games.God))
	assert.ErrorContains(t, err, "only the players and the spectator")
}

// uniformityCase is a position of round 1 found by playing random matches.
type uniformityCase struct {
	name string
	cfg  games.Config
	// fits tells whether seat's view at s is the case: pool is the cards
	// the seat does not see.
	fits func(s *State, seat int, pool cards.Set) bool
}

// constrained counts the other seats whose shown voids meet pool.
func constrained(s *State, seat int, pool cards.Set) int {
	k := 0
	for p := range s.n {
		if p != seat && voidCards(s.voids[p])&pool != 0 {
			k++
		}
	}
	return k
}

// TestSamplerIsUniform draws at least 1000 samples per consistent deal and
// measures the total variation distance from uniform. The consistent deals
// are enumerated by brute force without the sampler's reasoning: every way
// to share the cards the seat does not see among the other hands in their
// sizes (and the hidden card, while set aside), kept when round 1 replayed
// from the deal it implies takes every recorded action and shows the seat
// the same view.
func TestSamplerIsUniform(t *testing.T) {
	hidden := games.Config{Players: 4, Options: map[string]string{"mode": "HIDDEN", "targetPoints": "1"}}
	cases := []uniformityCase{
		{"cut, no voids", games.Config{Players: 4, Options: map[string]string{"targetPoints": "1"}},
			func(s *State, seat int, pool cards.Set) bool { return constrained(s, seat, pool) == 0 }},
		{"cut, voids", games.Config{Players: 4, Options: map[string]string{"targetPoints": "1"}},
			func(s *State, seat int, pool cards.Set) bool { return constrained(s, seat, pool) >= 2 }},
		{"six players, voids", games.Config{Players: 6, Options: map[string]string{"targetPoints": "1"}},
			func(s *State, seat int, pool cards.Set) bool { return constrained(s, seat, pool) >= 1 }},
		{"hidden card set aside", hidden,
			func(s *State, seat int, pool cards.Set) bool {
				return s.hidState == hidAside && seat != s.hidOwner && constrained(s, seat, pool) >= 1
			}},
		{"hidden card revealed in its owner's hand", hidden,
			func(s *State, seat int, pool cards.Set) bool {
				return s.hidState == hidRevealed && seat != s.hidOwner && s.hands[s.hidOwner].Has(s.hidden)
			}},
		{"hidden card joined its owner's hand", hidden,
			func(s *State, seat int, pool cards.Set) bool { return s.hidState == hidJoined && seat != s.hidOwner }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pos := findPosition(t, tc)
			require.NotNil(t, pos, "no position found")
			deals := pos.enumerate(t)
			require.GreaterOrEqual(t, len(deals), 2)
			sm := gamestest.Sampler(t, entry, pos.cfg, pos.s, games.Seat(pos.seat))
			rng := rand.New(rand.NewPCG(77, 7))
			n := max(2000*len(deals), 20000)
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
			t.Logf("uniformity mindikot %s: %d deals, %d samples, TV %.4f", tc.name, len(deals), n, tv)
			assert.LessOrEqual(t, tv, 0.02)
		})
	}
}

type position struct {
	cfg     games.Config
	s       *State
	seat    int
	first   int
	start   [6]cards.Set // round 1's deal, the hidden card included
	actions []string     // "seat:action" from the start
}

// findPosition plays round 1 of random matches until a seat's view leaves
// 4 to 7 cards unseen in the way tc wants.
func findPosition(t *testing.T, tc uniformityCase) *position {
	for seed := uint64(1); seed < 600; seed++ {
		cfg := tc.cfg
		cfg.Seed = seed
		gs, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := gs.(*State)
		start := s.hands
		if s.hidState == hidAside {
			start[s.hidOwner] = start[s.hidOwner].With(s.hidden)
		}
		first := s.firstLeader
		rng := rand.New(rand.NewPCG(seed, 11))
		var actions []string
		for s.round == 1 && !s.Done() {
			for seat := range s.n {
				pool := s.deck() &^ s.hands[seat] &^ s.played
				if s.knowsHidden(games.Seat(seat)) {
					pool = pool.Without(s.hidden)
					if s.hidState == hidRevealed && seat != s.hidOwner && s.hands[s.hidOwner].Has(s.hidden) {
						pool = pool.With(s.hidden) // known, but dealt like the rest by the brute force
					}
				}
				if n := pool.Len(); n >= 4 && n <= 7 && tc.fits(s, seat, pool) {
					return &position{cfg: cfg, s: s, seat: seat, first: first, start: start, actions: actions}
				}
			}
			seat := games.Seat(s.turn)
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			actions = append(actions, fmt.Sprintf("%d:%s", seat, s.FormatAction(a)))
			require.NoError(t, s.Apply(seat, a))
		}
	}
	return nil
}

// key is a sample's unseen part: the other hands and the hidden card.
func (p *position) key(d *State) string {
	var b strings.Builder
	for o := range d.n {
		if o != p.seat {
			fmt.Fprintf(&b, "%d:%v;", o, d.hands[o])
		}
	}
	if d.hidState != hidNone {
		fmt.Fprintf(&b, "hidden:%v", d.hidden)
	}
	return b.String()
}

// enumerate lists the deals of the unseen cards that round 1 replays into
// the same view for the seat.
func (p *position) enumerate(t *testing.T) map[string]bool {
	s := p.s
	pool := s.deck() &^ s.hands[p.seat] &^ s.played
	slots := []int{}
	var caps []int
	for o := range s.n {
		if o != p.seat {
			slots = append(slots, o)
			caps = append(caps, s.hands[o].Len())
		}
	}
	aside := s.hidState == hidAside && p.seat != s.hidOwner
	if aside {
		slots = append(slots, -1)
		caps = append(caps, 1)
	} else if s.hidState == hidAside {
		pool = pool.Without(s.hidden) // the seat's own hidden card
	}
	want := jsonOf(t, s.View(games.Seat(p.seat)))
	cs := pool.Cards()
	out := map[string]bool{}
	got := make([]cards.Set, len(slots))
	var rec func(i int)
	rec = func(i int) {
		if i == len(cs) {
			d := *s
			for k, o := range slots {
				if o >= 0 {
					d.hands[o] = got[k]
				} else {
					d.hidden = got[k].Lowest()
				}
			}
			if s.hidState == hidJoined && p.seat != s.hidOwner {
				d.hidden = d.hands[s.hidOwner].Lowest()
			}
			if p.replays(t, &d, want) {
				out[p.key(&d)] = true
			}
			return
		}
		for k := range slots {
			if got[k].Len() < caps[k] {
				got[k] = got[k].With(cs[i])
				rec(i + 1)
				got[k] = got[k].Without(cs[i])
			}
		}
	}
	rec(0)
	return out
}

// replays deals round 1 as d has it (each hand: what it holds now, what its
// seat played, and the hidden card for its owner while set aside) and tells
// whether the recorded actions all play and leave the seat the view want.
func (p *position) replays(t *testing.T, d *State, want string) bool {
	s := p.s
	hands := make([][]string, s.n)
	for o := range s.n {
		h := d.hands[o] | p.start[o]&s.played
		if s.hidState == hidAside && o == s.hidOwner {
			h = h.With(d.hidden)
		}
		hands[o] = h.Strings()
	}
	deal := games.Deal{Hands: hands, First: &p.first}
	if s.hidState != hidNone {
		deal.Hidden = d.hidden.String()
	}
	cfg := p.cfg
	cfg.Deals = []games.Deal{deal}
	gs, err := Game{}.New(cfg)
	if err != nil {
		return false
	}
	for _, step := range p.actions {
		seatText, text, _ := strings.Cut(step, ":")
		var seat games.Seat
		fmt.Sscan(seatText, &seat)
		a, err := gs.ParseAction(text)
		require.NoError(t, err)
		if gs.Apply(seat, a) != nil {
			return false
		}
	}
	return jsonOf(t, gs.View(games.Seat(p.seat))) == want
}

// FuzzSampler feeds the sampler views it did not make (gamestest.FuzzSampler).
func FuzzSampler(f *testing.F) { gamestest.FuzzSampler(f, entry, conformanceConfigs, nil) }
