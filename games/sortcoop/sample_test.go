package sortcoop

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// sample deals one state from seat's view of s, as a peer has it.
func sample(t testing.TB, cfg games.Config, s *State, seat games.Seat, rng *rand.Rand) *State {
	t.Helper()
	view, err := gamestest.DecodeView(entry, s.View(seat))
	require.NoError(t, err)
	sm, err := Game{}.NewSampler(cfg, seat, view)
	require.NoError(t, err)
	return sm.Sample(rng).(*State)
}

// placeAll places both hands alternately on the slots 1, 2, 4, 5 … (slot 3
// stays empty), A's cards on the odd turns: the board of TestWinSkipsEmptySlot.
func placeAll(t *testing.T, s *State, upTo int) {
	t.Helper()
	slotsA := []int{1, 4, 6, 8, 10, 12, 14}
	slotsB := []int{2, 5, 7, 9, 11, 13, 15}
	for i := range upTo {
		if i%2 == 0 {
			do(t, s, A, "place "+sortedA[i/2]+" "+itoa(slotsA[i/2]))
		} else {
			do(t, s, B, "place "+sortedB[i/2]+" "+itoa(slotsB[i/2]))
		}
	}
}

func TestSamplerKeepsOwnSlotsAfterASwap(t *testing.T) {
	s := started(t, map[string]string{"showOwners": "off"})
	placeAll(t, s, 4)
	do(t, s, A, "propose 1 2")
	do(t, s, B, "accept") // A's 2H is now in slot 2, B's 9H in slot 1
	cfg := games.Config{Players: 2, Options: map[string]string{"showOwners": "off"}}
	for i := range uint64(20) {
		d := sample(t, cfg, s, A, rand.New(rand.NewPCG(i, 3)))
		require.NoError(t, invariants(d))
		assert.Equal(t, s.board[1], d.board[1], "A's card follows the swap and stays known")
		assert.Equal(t, s.owner, d.owner, "A knows the partner owns every slot that is not A's")
		assert.Equal(t, s.hands[A], d.hands[A])
	}
	// A spectator sees no owner: the owners are dealt, two slots each.
	owners := map[[Slots]int8]bool{}
	for i := range uint64(200) {
		d := sample(t, cfg, s, games.Observer, rand.New(rand.NewPCG(i, 4)))
		require.NoError(t, invariants(d))
		owners[d.owner] = true
	}
	assert.Len(t, owners, 6, "every way to share four slots two and two")
}

// Random matches, the information property checked for both seats and a
// spectator at every step (the conformance suite checks every seventh).
func TestEverySampleKeepsTheSeatsInformation(t *testing.T) {
	configs := []map[string]string{nil, {"tieBreak": "REPICK_THEN_COIN", "maxRepicks": "3", "maxRejectedProposals": "2"},
		{"showOwners": "off", "maxRejectedProposals": "1"}, {"showOwners": "off", "maxRejectedProposals": "0", "tieBreak": "REPICK_THEN_COIN"}}
	steps := 0
	for ci, opts := range configs {
		for seed := range uint64(8) {
			cfg := games.Config{Players: 2, Options: opts, Seed: 50 + seed}
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for step := 0; ; step++ {
				for _, seat := range []games.Seat{0, 1, games.Observer} {
					require.NoError(t, gamestest.CheckSeat(entry, cfg, s, seat, rng, 2), "config %d seed %d step %d", ci, seed, step)
				}
				if s.Done() || step > 300 {
					break
				}
				actors := s.Actors(nil)
				seat := actors[rng.IntN(len(actors))]
				legal := s.Legal(seat, nil)
				a := legal[rng.IntN(len(legal))]
				if v, _, _ := decode(a); v == verbPropose && rng.IntN(4) != 0 {
					continue // mostly play on: random proposals would fill the match
				}
				require.NoError(t, s.Apply(seat, a))
				steps++
			}
		}
	}
	assert.Greater(t, steps, 500)
}

// uniform draws samples and measures the total variation distance of the
// projection key from the uniform distribution over want, which lists every
// value a consistent deal can give (enumerated by brute force).
func uniform(t *testing.T, name string, sm games.Sampler, want map[string]bool, key func(*State) string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(want)), 9))
	draws := max(1000*len(want), 20000)
	counts := map[string]int{}
	for range draws {
		k := key(sm.Sample(rng).(*State))
		require.True(t, want[k], "a sample outside the consistent deals: %s", k)
		counts[k]++
	}
	tv := 0.0
	for k := range want {
		tv += math.Abs(float64(counts[k])/float64(draws) - 1/float64(len(want)))
	}
	tv /= 2
	t.Logf("uniformity sortcoop %s: %d deals, %d samples, TV %.4f", name, len(want), draws, tv)
	assert.LessOrEqual(t, tv, 0.02)
}

// The partner's cards are dealt uniformly. The whole deal is too large to
// enumerate (the partner's seven cards among the 33 the seat does not hold:
// about 2·10¹⁰ deals), so each case enumerates by brute force every value a
// consistent deal gives to a part of it, and requires each to come up
// equally often: one slot, two slots together, the partner's last hand
// card, the partner's hidden pick, and the owners a spectator cannot see.
func TestSamplerIsUniform(t *testing.T) {
	cfg := games.Config{Players: 2}
	known := func(s *State, seat games.Seat) hand {
		k := s.hands[seat]
		for i, o := range s.owner {
			if o == int8(seat) {
				k |= 1 << s.board[i]
			}
		}
		return k
	}
	unseen := func(s *State, seat games.Seat) []Card {
		var out []Card
		for c := range Card(NumCards) {
			if !known(s, seat).has(c) {
				out = append(out, c)
			}
		}
		return out
	}

	s := started(t, nil)
	placeAll(t, s, 14)
	require.Equal(t, phaseSwap, s.phase)
	sm, err := Game{}.NewSampler(cfg, A, s.View(A))
	require.NoError(t, err)
	one, two := map[string]bool{}, map[string]bool{}
	for _, x := range unseen(s, A) {
		one[x.String()] = true
		for _, y := range unseen(s, A) {
			if x != y {
				two[x.String()+" "+y.String()] = true
			}
		}
	}
	uniform(t, "partner's slot 2", sm, one, func(d *State) string { return Card(d.board[1]).String() })
	uniform(t, "partner's slots 2 and 15", sm, two, func(d *State) string {
		return Card(d.board[1]).String() + " " + Card(d.board[14]).String()
	})

	s = started(t, nil)
	placeAll(t, s, 12)
	require.Equal(t, 1, s.hands[B].len())
	sm, err = Game{}.NewSampler(cfg, A, s.View(A))
	require.NoError(t, err)
	uniform(t, "partner's last hand card", sm, one, func(d *State) string { return d.hands[B].strings()[0] })

	s = newMatch(t, nil)
	do(t, s, A, "prefer dont")
	sm, err = Game{}.NewSampler(cfg, B, s.View(B))
	require.NoError(t, err)
	uniform(t, "partner's hidden pick", sm, map[string]bool{"want": true, "neutral": true, "dont": true},
		func(d *State) string { return d.picks[A].String() })

	off := games.Config{Players: 2, Options: map[string]string{"showOwners": "off"}}
	s = started(t, off.Options)
	placeAll(t, s, 4)
	sm, err = Game{}.NewSampler(off, games.Observer, s.View(games.Observer))
	require.NoError(t, err)
	ownerKey := func(d *State) string {
		k := ""
		for _, o := range d.owner {
			if o >= 0 {
				k += itoa(int(o))
			}
		}
		return k
	}
	shares := map[string]bool{}
	for m := range 16 { // four filled slots, two of them seat 0's
		k, zeros := "", 0
		for i := range 4 {
			k += itoa(m >> i & 1)
			zeros += 1 - m>>i&1
		}
		if zeros == 2 {
			shares[k] = true
		}
	}
	uniform(t, "owners a spectator cannot see", sm, shares, ownerKey)
}

// A view no deal fits is refused with an error saying what does not fit.
func TestSamplerRefusesInconsistentViews(t *testing.T) {
	s := started(t, nil)
	placeAll(t, s, 5)
	cfg := games.Config{Players: 2}
	cases := []struct {
		name, want string
		seat       games.Seat
		edit       func(v *View)
	}{
		{"a card twice", "shown twice", A, func(v *View) { v.Hand[0] = v.Slots[0].Card }},
		{"a hand that does not match its count", "the counts say", A, func(v *View) { v.HandCounts[0]-- }},
		{"hands that do not add up", "were dealt", A, func(v *View) { v.Hand = v.Hand[:len(v.Hand)-1]; v.HandCounts[0]-- }},
		{"the partner's face-down card shown", "face-down card is shown", A, func(v *View) { v.Slots[1].Card = "10C" }},
		{"an own card hidden", "not shown", A, func(v *View) { v.Slots[0].Card = "" }},
		{"an unknown card", "unknown card", A, func(v *View) { v.Hand[0] = "11H" }},
		{"an owner hidden with showOwners on", "hides its owner", A, func(v *View) { v.Slots[1].Owner = -1 }},
		{"a pick round that contradicts the first player", "first player 1, the picks say 0", A, func(v *View) { v.First = 1 }},
		{"a coin never flipped", "coinFlip is true", A, func(v *View) { v.CoinFlip = true }},
		{"seven pick rounds", "pick rounds", A, func(v *View) {
			v.PickRounds = [][2]string{{"want", "want"}, {"want", "want"}, {"want", "want"}, {"want", "want"}, {"want", "want"}, {"want", "want"}, {"want", "dont"}}
		}},
		{"an unknown pick", "unknown preference", A, func(v *View) { v.PickRounds[0][1] = "maybe" }},
		{"the turn to a seat without cards", "holds a card", A, func(v *View) { v.Turn = 7 }},
		{"two accepted swaps for one seat", "accepted proposals", A, func(v *View) { v.Accepted[0] = 2 }},
		{"a swap of an empty slot", "two filled slots", A, func(v *View) { v.Swaps = []Proposal{{By: 0, A: 1, B: 3}}; v.Accepted[0] = 1 }},
		{"a pending proposal of one slot", "the smaller first", A, func(v *View) { v.Pending = &Proposal{By: 1, A: 2, B: 2} }},
		{"an unknown phase", "unknown phase", A, func(v *View) { v.Phase = "sort" }},
		{"done without the reveal", "done is true", A, func(v *View) { v.Done = true }},
		{"both hands shown", "only to god", A, func(v *View) { v.Hands = [][]string{{"1H"}, {"2H"}} }},
		{"another rejection cap", "maxRejected", A, func(v *View) { v.MaxRejected = 3 }},
		{"a spectator's hand", "a spectator holds no hand", games.Observer, func(v *View) { v.Hand = []string{"1H"} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var v View
			require.NoError(t, json.Unmarshal([]byte(mustJSON(t, s.View(tc.seat))), &v))
			tc.edit(&v)
			_, err := Game{}.NewSampler(cfg, tc.seat, v)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := Game{}.NewSampler(cfg, A, gamestest.OtherView{})
	assert.ErrorContains(t, err, "not a Sort Co-op view")
	_, err = Game{}.NewSampler(cfg, B, s.View(A))
	assert.ErrorContains(t, err, "seat 0's, not seat 1's")
	_, err = Game{}.NewSampler(cfg, games.God, s.View(games.God))
	assert.ErrorContains(t, err, "only seats 0 and 1")
	for _, seat := range []games.Seat{A, B, games.Observer} {
		_, err = Game{}.NewSampler(cfg, seat, s.View(seat))
		assert.NoError(t, err)
	}
}

// FuzzSampler feeds the sampler views it did not make: arbitrary JSON and
// true views with one byte changed. It may refuse; it never panics, and a
// sample it gives shows the view it was given.
func FuzzSampler(f *testing.F) {
	f.Add(uint64(1), 0, []byte(`{"seat":0}`), 0, byte(0))
	f.Add(uint64(2), 12, []byte(``), 40, byte('9'))
	f.Add(uint64(3), 30, []byte(``), 200, byte('1'))
	f.Add(uint64(4), 0, []byte(`{"seat":1,"phase":"place","turn":5,"pickRounds":[["a","b"]]}`), 0, byte(0))
	f.Fuzz(func(t *testing.T, seed uint64, steps int, data []byte, at int, flip byte) {
		opts := []map[string]string{nil, {"showOwners": "off", "maxRejectedProposals": "2"}, {"tieBreak": "REPICK_THEN_COIN"}}[seed%3]
		cfg := games.Config{Players: 2, Seed: seed, Options: opts}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 1))
		_ = gamestest.PlayOn(g, rng, steps%120)
		seat := []games.Seat{0, 1, games.Observer}[seed/3%3]
		if len(data) == 0 {
			data = []byte(mustJSON(t, g.View(seat)))
			if at < 0 {
				at = -at
			}
			data[at%len(data)] = flip
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
		require.JSONEq(t, mustJSON(t, v), mustJSON(t, d.View(seat)), "a sample shows another view")
		require.NoError(t, invariants(d))
		for p := range games.Seat(2) {
			_ = d.Legal(p, nil)
		}
	})
}
