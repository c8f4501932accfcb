package sortcoop

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
)

// A and B are the seats of the hard cases: A = seat 0, B = seat 1.
const (
	A games.Seat = 0
	B games.Seat = 1
)

// Hands that sort when A lays its cards on the odd slots 1, 5, 7 … and B on
// the even ones 2, 4, 6 …, slot 3 staying empty (see TestWinSkipsEmptySlot).
var (
	sortedA = []string{"2H", "1S", "2D", "6D", "1C", "4C", "8C"}
	sortedB = []string{"9H", "7S", "5D", "9D", "3C", "6C", "10C"}
)

func newMatch(t *testing.T, opts map[string]string, hands ...[]string) *State {
	t.Helper()
	cfg := games.Config{Players: 2, Seed: 7, Options: opts}
	if len(hands) > 0 {
		cfg.Deals = []games.Deal{{Hands: hands}}
	}
	s, err := Game{}.New(cfg)
	require.NoError(t, err)
	return s.(*State)
}

// started is a match in which A wanted to go first and B did not.
func started(t *testing.T, opts map[string]string) *State {
	t.Helper()
	s := newMatch(t, opts, sortedA, sortedB)
	do(t, s, A, "prefer want")
	do(t, s, B, "prefer dont")
	require.Equal(t, int8(0), s.first)
	return s
}

func do(t *testing.T, s *State, seat games.Seat, txt ...string) {
	t.Helper()
	for _, x := range txt {
		require.NoError(t, record.ApplyText(s, record.Step{Seat: seat, Act: x}), "seat %d %q", seat, x)
	}
}

// deny requires the action to be refused with a reason containing want and
// the state to stay exactly as it was.
func deny(t *testing.T, s *State, seat games.Seat, txt, want string) {
	t.Helper()
	before := *s
	a, err := s.ParseAction(txt)
	require.NoError(t, err)
	assert.NotContains(t, s.Legal(seat, nil), a, "%q listed as legal", txt)
	err = s.Apply(seat, a)
	require.Error(t, err, "%q by %d accepted", txt, seat)
	assert.Contains(t, err.Error(), want)
	assert.Equal(t, before, *s, "refused %q changed the state", txt)
}

func legalText(s *State, seat games.Seat) []string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.FormatAction(a))
	}
	return out
}

func TestPreferMoreEagerGoesFirst(t *testing.T) {
	tests := []struct {
		a, b  string
		first int8
	}{
		{"want", "neutral", 0},
		{"neutral", "want", 1},
		{"neutral", "dont", 0},
		{"dont", "neutral", 1},
		{"dont", "want", 1},
	}
	for _, tt := range tests {
		t.Run(tt.a+"-"+tt.b, func(t *testing.T) {
			s := newMatch(t, nil)
			do(t, s, A, "prefer "+tt.a)
			do(t, s, B, "prefer "+tt.b)
			assert.Equal(t, tt.first, s.first)
			assert.False(t, s.coin)
			assert.Equal(t, "place", s.View(A).(View).Phase)
			assert.Equal(t, []games.Seat{games.Seat(tt.first)}, s.Actors(nil))
		})
	}
}

func TestPreferEqualPicksFlipACoin(t *testing.T) {
	for _, pick := range []string{"neutral", "want", "dont"} {
		t.Run(pick, func(t *testing.T) {
			firsts := map[int8]int{}
			for seed := range uint64(40) {
				s, err := Game{}.New(games.Config{Players: 2, Seed: seed})
				require.NoError(t, err)
				st := s.(*State)
				do(t, st, B, "prefer "+pick)
				do(t, st, A, "prefer "+pick)
				require.True(t, st.coin)
				require.Equal(t, phasePlace, st.phase)
				firsts[st.first]++
			}
			assert.Len(t, firsts, 2, "the coin never fell both ways in 40 seeds: %v", firsts)
		})
	}
}

func TestPreferRepickThenCoin(t *testing.T) {
	s := newMatch(t, map[string]string{"tieBreak": "REPICK_THEN_COIN", "maxRepicks": "2"})
	for round := range 3 {
		require.Equal(t, phasePrefer, s.phase, "round %d", round)
		do(t, s, A, "prefer want")
		do(t, s, B, "prefer want")
	}
	assert.True(t, s.coin, "after two re-picks the coin decides")
	assert.Equal(t, phasePlace, s.phase)
	v := s.View(B).(View)
	assert.Equal(t, [][2]string{{"want", "want"}, {"want", "want"}, {"want", "want"}}, v.PickRounds)

	// A re-pick that breaks the tie decides without a coin.
	s = newMatch(t, map[string]string{"tieBreak": "REPICK_THEN_COIN"})
	do(t, s, A, "prefer dont")
	do(t, s, B, "prefer dont")
	require.Equal(t, phasePrefer, s.phase)
	do(t, s, B, "prefer neutral")
	do(t, s, A, "prefer dont")
	assert.False(t, s.coin)
	assert.Equal(t, int8(1), s.first)
}

func TestPreferIsSecretUntilBothChose(t *testing.T) {
	s := newMatch(t, nil)
	do(t, s, A, "prefer dont")
	assert.Equal(t, [2]string{"dont", ""}, s.View(A).(View).Picks)
	vb := s.View(B).(View)
	assert.Equal(t, [2]string{"", ""}, vb.Picks)
	assert.Equal(t, [2]bool{true, false}, vb.Picked)
	assert.NotContains(t, mustJSON(t, s.View(games.Observer)), "dont")
	deny(t, s, A, "prefer want", "already chose")
	assert.Equal(t, []games.Seat{B}, s.Actors(nil))

	// B's samples may not keep A's real pick: it must vary.
	seen := map[Pref]bool{}
	for i := range uint64(30) {
		d := sample(t, games.Config{Players: 2}, s, B, rand.New(rand.NewPCG(i, 1)))
		seen[d.picks[A]] = true
	}
	assert.Len(t, seen, 3, "B's samples must deal A's hidden pick")

	do(t, s, B, "prefer want")
	assert.Equal(t, [][2]string{{"dont", "want"}}, s.View(A).(View).PickRounds)
}

// A5.3: A places, B places, A passes, B places: B placed twice in a row.
func TestPassGivesPartnerTwoTurnsInARow(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, A, "pass")
	assert.Equal(t, int8(1), s.turn)
	do(t, s, B, "place 7S 5")
	assert.Equal(t, int8(0), s.turn, "after B's second placement the turn is A's again")
	assert.True(t, s.passUsed[A])
	do(t, s, A, "place 1S 4")
	do(t, s, B, "place 5D 7")
	deny(t, s, A, "pass", "already used your pass")
}

// A5.5: a second pass by the same player is illegal.
func TestSecondPassIllegal(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "pass")
	do(t, s, B, "place 9H 2")
	deny(t, s, A, "pass", "already used your pass")
	assert.NotContains(t, legalText(s, A), "pass")
}

// A5.4: A has placed all seven, B still holds two: B places both and may not pass.
func TestPartnerEmptyTakesAllTurnsAndNoPass(t *testing.T) {
	s := started(t, nil)
	// B passes once so that A runs out of cards first.
	for i := range 5 {
		do(t, s, A, "place "+sortedA[i]+" "+itoa(2*i+1))
		do(t, s, B, "place "+sortedB[i]+" "+itoa(2*i+2))
	}
	do(t, s, A, "place "+sortedA[5]+" 11")
	do(t, s, B, "pass")
	do(t, s, A, "place "+sortedA[6]+" 13")
	require.Equal(t, 0, s.hands[A].len())
	require.Equal(t, 2, s.hands[B].len())
	assert.Equal(t, int8(1), s.turn)
	deny(t, s, B, "pass", "partner holds no cards")
	deny(t, s, A, "place 6C 12", "not your turn")
	do(t, s, B, "place 6C 12")
	assert.Equal(t, int8(1), s.turn, "B keeps the turn while A holds nothing")
	deny(t, s, B, "pass", "partner holds no cards")
	do(t, s, B, "place 10C 15")
	assert.Equal(t, phaseSwap, s.phase)
}

func TestPassIllegalWhenPartnerHoldsNothingEvenUnused(t *testing.T) {
	s := started(t, nil)
	for i := range 6 {
		do(t, s, A, "place "+sortedA[i]+" "+itoa(2*i+1))
		do(t, s, B, "place "+sortedB[i]+" "+itoa(2*i+2))
	}
	do(t, s, A, "place 8C 13")
	// B holds one card, its pass unused, but A holds none.
	deny(t, s, B, "pass", "partner holds no cards")
}

// A5.6: a proposal using the empty slot is illegal; two cards of the same owner are fine.
func TestProposalEmptySlotIllegalSameOwnerLegal(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	deny(t, s, B, "propose 1 2", "a swap needs two cards on the board")
	do(t, s, B, "place 9H 2")
	do(t, s, A, "place 1S 4")
	deny(t, s, B, "propose 1 3", "slot 3 is empty")
	deny(t, s, A, "propose 3 4", "slot 3 is empty")
	do(t, s, B, "propose 1 4") // both A's cards
	assert.Equal(t, &Proposal{By: 1, A: 1, B: 4}, s.View(A).(View).Pending)
	do(t, s, A, "accept")
	assert.Equal(t, int8(Card(10)), s.board[0], "1S moved to slot 1")
	assert.Equal(t, int8(Card(1)), s.board[3], "2H moved to slot 4")
	assert.Equal(t, uint8(1), s.accepted[B])
}

// A5.7: A's swap was accepted during placement: A may not propose again and
// is skipped in the swap phase.
func TestAcceptedSwapUsesItUp(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, A, "propose 1 2")
	do(t, s, B, "accept")
	deny(t, s, A, "propose 1 2", "already had a swap accepted")
	for _, txt := range legalText(s, A) {
		assert.False(t, strings.HasPrefix(txt, "propose"), "A may still %q", txt)
	}
	do(t, s, B, "propose 1 2") // B's own swap is still free: swap them back
	do(t, s, A, "accept")
	fill(t, s)
	assert.Equal(t, phaseDone, s.phase, "both swaps used: the swap phase is skipped")

	s = started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, A, "propose 1 2")
	do(t, s, B, "accept")
	do(t, s, A, "place 1S 4")
	fill(t, s)
	require.Equal(t, phaseSwap, s.phase)
	assert.Equal(t, int8(1), s.turn, "A, the first player, is skipped")
	assert.Equal(t, []games.Seat{B}, s.Actors(nil))
	do(t, s, B, "done")
	assert.True(t, s.Done())
}

// fill lets the seat to move place its lowest card on the leftmost free slot
// but slot 3 until placement is over.
func fill(t *testing.T, s *State) {
	t.Helper()
	for s.phase == phasePlace {
		seat := games.Seat(s.turn)
		c := Card(0)
		for ; !s.hands[seat].has(c); c++ {
		}
		slot := -1
		for i := range Slots {
			if i != 2 && s.board[i] < 0 {
				slot = i
				break
			}
		}
		do(t, s, seat, "place "+c.String()+" "+itoa(slot+1))
	}
}

// A5.8: rejected proposals don't count: B may still get one accepted.
func TestRejectedProposalsDoNotCount(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, B, "propose 1 2")
	do(t, s, A, "reject")
	do(t, s, B, "propose 1 2")
	do(t, s, A, "reject")
	assert.Equal(t, uint8(2), s.rejected[B])
	assert.Equal(t, uint8(0), s.accepted[B])
	do(t, s, B, "propose 1 2")
	do(t, s, A, "accept")
	assert.Equal(t, uint8(1), s.accepted[B])
}

func TestRejectedProposalCap(t *testing.T) {
	s := started(t, map[string]string{"maxRejectedProposals": "1"})
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, B, "propose 1 2")
	do(t, s, A, "reject")
	deny(t, s, B, "propose 1 2", "limit of 1 rejected proposals")
	do(t, s, A, "propose 1 2") // A's own count is untouched
	do(t, s, A, "withdraw")
	assert.Equal(t, uint8(0), s.rejected[A], "a withdrawn proposal is not a rejected one")

	s = started(t, map[string]string{"maxRejectedProposals": "0"})
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	deny(t, s, A, "propose 1 2", "limit of 0 rejected proposals")
}

// A5.11: a proposal while another is pending is rejected; the game waits for the answer.
func TestProposalWhilePendingIllegal(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, A, "place 1S 4")
	do(t, s, B, "propose 1 2")
	deny(t, s, A, "propose 2 4", "already pending")
	deny(t, s, B, "propose 1 4", "already pending")
	deny(t, s, B, "place 7S 5", "pending")
	deny(t, s, B, "accept", "your own proposal")
	deny(t, s, A, "withdraw", "only the proposer")
	assert.ElementsMatch(t, []string{"accept", "reject"}, legalText(s, A))
	assert.Equal(t, []string{"withdraw"}, legalText(s, B))
	assert.Equal(t, []games.Seat{A}, s.Actors(nil), "the game waits on the answer; withdrawing is optional")
	do(t, s, B, "withdraw")
	deny(t, s, A, "accept", "no proposal is pending")
	do(t, s, B, "place 7S 5")
}

func TestProposingIsOptionalAtAnyMoment(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	assert.Equal(t, []games.Seat{A}, s.Actors(nil), "only the seat to place is waited on")
	assert.Contains(t, legalText(s, B), "propose 1 2", "the partner may still propose")
	do(t, s, B, "propose 1 2")
	assert.Equal(t, []games.Seat{A}, s.Actors(nil))
	do(t, s, A, "reject")
	do(t, s, A, "place 1S 4")
	assert.Equal(t, []games.Seat{B}, s.Actors(nil))
}

// Random play in which any seat with a legal action may take it, so off-turn
// proposals and withdrawals are exercised too.
func TestRandomPlayAnySeat(t *testing.T) {
	for seed := range uint64(200) {
		opts := map[string]string{"maxRejectedProposals": []string{"unlimited", "0", "2"}[seed%3]}
		if seed%2 == 1 {
			opts["tieBreak"] = "REPICK_THEN_COIN"
		}
		g, err := Game{}.New(games.Config{Players: 2, Seed: seed, Options: opts})
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 5))
		for steps := 0; !s.Done(); steps++ {
			require.Less(t, steps, 10000)
			seat := games.Seat(rng.IntN(2))
			legal := s.Legal(seat, nil)
			if len(legal) == 0 {
				require.NotContains(t, s.Actors(nil), seat)
				continue
			}
			a := legal[rng.IntN(len(legal))]
			require.NoError(t, s.Apply(seat, a), "seed %d: %q by %d", seed, s.FormatAction(a), seat)
			require.NoError(t, invariants(s))
		}
	}
}

func TestOwnershipFollowsCardAfterSwap(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	do(t, s, A, "propose 1 2")
	do(t, s, B, "accept")
	va, vb := s.View(A).(View), s.View(B).(View)
	assert.Equal(t, Slot{Filled: true, Owner: 0, Card: "2H"}, va.Slots[1], "A still sees its 2H, now in slot 2")
	assert.Equal(t, Slot{Filled: true, Owner: 1}, va.Slots[0], "A does not see B's card")
	assert.Equal(t, Slot{Filled: true, Owner: 1, Card: "9H"}, vb.Slots[0])
	assert.Equal(t, Slot{Filled: true, Owner: 0}, vb.Slots[1])
	assert.Equal(t, []Proposal{{By: 0, A: 1, B: 2}}, va.Swaps)
	obs := s.View(games.Observer).(View)
	assert.Equal(t, Slot{Filled: true, Owner: 1}, obs.Slots[0])
	assert.Empty(t, obs.Hand)
	assert.Equal(t, [2]int{6, 6}, obs.HandCounts)
}

func TestShowOwnersOff(t *testing.T) {
	s := started(t, map[string]string{"showOwners": "off"})
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	va := s.View(A).(View)
	assert.Equal(t, Slot{Filled: true, Owner: 0, Card: "2H"}, va.Slots[0])
	assert.Equal(t, Slot{Filled: true, Owner: -1}, va.Slots[1])
	obs := s.View(games.Observer).(View)
	assert.Equal(t, Slot{Filled: true, Owner: -1}, obs.Slots[0])
}

// A5.9: the 14 cards increase left to right around the empty slot 3: a win.
func TestWinSkipsEmptySlot(t *testing.T) {
	s := started(t, nil)
	slotsA := []int{1, 4, 6, 8, 10, 12, 14}
	slotsB := []int{2, 5, 7, 9, 11, 13, 15}
	for i := range HandSize {
		do(t, s, A, "place "+sortedA[i]+" "+itoa(slotsA[i]))
		do(t, s, B, "place "+sortedB[i]+" "+itoa(slotsB[i]))
	}
	require.Equal(t, phaseSwap, s.phase)
	assert.Equal(t, int8(0), s.turn, "the first player opens the swap phase")
	do(t, s, A, "done")
	assert.Equal(t, int8(1), s.turn)
	do(t, s, B, "done")
	require.True(t, s.Done())
	assert.True(t, s.won)
	assert.Equal(t, games.Result{Scores: []int{1, 1}, Winners: []games.Seat{0, 1}, TeamScores: []int{1}}, s.Result())
	v := s.View(games.Observer).(View)
	assert.Equal(t, "2H", v.Slots[0].Card, "the reveal shows every card")
	assert.False(t, v.Slots[2].Filled)
	assert.Empty(t, s.Actors(nil))
	deny(t, s, A, "done", games.ErrDone.Error())
}

// A5.10: S1 anywhere left of H10 loses, with no partial score.
func TestOneCardOutOfOrderLoses(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"1S", "2S", "3S", "4S", "5S", "6S", "7S"},
		[]string{"10H", "8S", "9S", "10S", "1D", "2D", "3D"})
	do(t, s, A, "prefer want")
	do(t, s, B, "prefer dont")
	// Every card in order except 1S (slot 1) before 10H (slot 2).
	order := []struct {
		seat games.Seat
		card string
		slot int
	}{
		{A, "1S", 1}, {B, "10H", 2}, {A, "2S", 3}, {B, "8S", 9}, {A, "3S", 4}, {B, "9S", 10},
		{A, "4S", 5}, {B, "10S", 11}, {A, "5S", 6}, {B, "1D", 12}, {A, "6S", 7}, {B, "2D", 13},
		{A, "7S", 8}, {B, "3D", 14},
	}
	for _, o := range order {
		do(t, s, o.seat, "place "+o.card+" "+itoa(o.slot))
	}
	do(t, s, A, "done")
	do(t, s, B, "done")
	require.True(t, s.Done())
	assert.False(t, s.won)
	assert.Equal(t, games.Result{Scores: []int{0, 0}, Winners: []games.Seat{}, TeamScores: []int{0}}, s.Result())
}

func TestSwapPhaseProposeUntilAccepted(t *testing.T) {
	s := started(t, nil)
	fill(t, s)
	require.Equal(t, phaseSwap, s.phase)
	deny(t, s, B, "propose 1 2", "not your turn")
	deny(t, s, B, "done", "not your turn")
	do(t, s, A, "propose 1 2")
	deny(t, s, A, "done", "withdraw it first")
	do(t, s, B, "reject")
	assert.Equal(t, int8(0), s.turn, "a rejection leaves the opportunity with A")
	do(t, s, A, "propose 1 2")
	do(t, s, B, "accept")
	assert.Equal(t, int8(1), s.turn, "an accepted swap ends A's opportunity")
	do(t, s, B, "propose 4 5")
	do(t, s, A, "accept")
	assert.True(t, s.Done())
}

func TestPlacementRejections(t *testing.T) {
	s := started(t, nil)
	deny(t, s, B, "place 9H 2", "not your turn")
	deny(t, s, A, "place 9H 2", "9H is not in your hand")
	deny(t, s, A, "prefer want", "already chosen")
	do(t, s, A, "place 2H 2")
	deny(t, s, B, "place 9H 2", "slot 2 is taken")
	deny(t, s, B, "done", "swap phase")
	assert.ErrorIs(t, s.Apply(games.System, games.Timeout), games.ErrNoWindow)
	assert.Error(t, s.Apply(A, games.Timeout))
	assert.Error(t, s.Apply(2, act(verbPass, 0, 0)))
	assert.Error(t, s.Apply(A, games.Action(0xdeadbeef)))
	assert.Zero(t, s.Deadline())
}

func TestDealsRefusedWhenTheyDoNotFit(t *testing.T) {
	one := 1
	tests := []struct {
		name string
		deal games.Deal
		err  string
	}{
		{"one hand", games.Deal{Hands: [][]string{sortedA}}, "1 hands"},
		{"short hand", games.Deal{Hands: [][]string{sortedA[:6], sortedB}}, "hand 0 has 6 cards"},
		{"card twice", games.Deal{Hands: [][]string{sortedA, append(sortedB[:6:6], "2H")}}, "2H is dealt twice"},
		{"not in deck", games.Deal{Hands: [][]string{sortedA, append(sortedB[:6:6], "QH")}}, "unknown value"},
		{"first", games.Deal{Hands: [][]string{sortedA, sortedB}, First: &one}, "only hands"},
		{"stock", games.Deal{Hands: [][]string{sortedA, sortedB}, Stock: []string{"1H"}}, "only hands"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Game{}.New(games.Config{Players: 2, Deals: []games.Deal{tt.deal}})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
	_, err := Game{}.New(games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{sortedA, sortedB}}, {Hands: [][]string{sortedA, sortedB}}}})
	assert.ErrorContains(t, err, "one deal")
	_, err = Game{}.New(games.Config{Players: 3})
	assert.ErrorContains(t, err, "exactly 2")
	_, err = Game{}.New(games.Config{Players: 2, Options: map[string]string{"maxRejectedProposals": "11"}})
	assert.ErrorContains(t, err, "maxRejectedProposals")
}

func TestDealFixesHands(t *testing.T) {
	s := newMatch(t, nil, sortedA, sortedB)
	assert.Equal(t, []string{"2H", "1S", "2D", "6D", "1C", "4C", "8C"}, s.View(A).(View).Hand, "hand in global order")
}

func TestParseFormatRoundTrip(t *testing.T) {
	s := newMatch(t, nil)
	for _, txt := range []string{"prefer want", "prefer neutral", "prefer dont", "place 1H 1", "place 10C 15", "pass",
		"propose 3 9", "accept", "reject", "withdraw", "done", "timeout"} {
		a, err := s.ParseAction(txt)
		require.NoError(t, err, txt)
		assert.Equal(t, txt, s.FormatAction(a))
	}
	a, err := s.ParseAction("propose 9 3")
	require.NoError(t, err)
	assert.Equal(t, "propose 3 9", s.FormatAction(a), "the smaller slot comes first")
	for _, bad := range []string{"", "place", "place 11H 1", "place 1H 16", "place 1H 0", "propose 3 3", "prefer first",
		"pass 1", "swap 3 9", "place 1X 2", "place 01H 2"} {
		_, err := s.ParseAction(bad)
		assert.Error(t, err, "%q parsed", bad)
	}
}

func TestSamplerKeepsOwnCardsAndRedealsPartners(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	do(t, s, B, "place 9H 2")
	changed := false
	for i := range uint64(20) {
		d := sample(t, games.Config{Players: 2}, s, A, rand.New(rand.NewPCG(i, 2)))
		require.NoError(t, invariants(d))
		assert.Equal(t, s.hands[A], d.hands[A])
		assert.Equal(t, s.board[0], d.board[0], "A's own card stays")
		assert.Equal(t, s.owner, d.owner)
		assert.Equal(t, 6, d.hands[B].len())
		changed = changed || d.hands[B] != s.hands[B] || d.board[1] != s.board[1]
	}
	assert.True(t, changed)
}

func TestRecordReplay(t *testing.T) {
	s := started(t, nil)
	do(t, s, A, "place 2H 1")
	rec := &record.Record{Game: ID, Players: 2, Seed: 7, Deals: []games.Deal{{Hands: [][]string{sortedA, sortedB}}},
		Actions: []record.Step{{Seat: 0, Act: "prefer want"}, {Seat: 1, Act: "prefer dont"}, {Seat: 0, Act: "place 2H 1"}, {Seat: 0, Act: "pass"}}}
	got, err := record.Replay(Game{}, rec, nil)
	var se *record.StepError
	require.True(t, errors.As(err, &se))
	assert.Equal(t, 3, se.Index)
	assert.ErrorIs(t, err, games.ErrNotYourTurn)
	assert.Equal(t, s.View(games.God), got.View(games.God))
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func itoa(n int) string {
	return [...]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"}[n]
}
