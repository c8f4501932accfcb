package papas

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
)

// The seats of the hard cases: A plays first.
const (
	A games.Seat = 0
	B games.Seat = 1
	C games.Seat = 2
	D games.Seat = 3
)

// newMatch deals the given hands (seat 0 first), shuffles the rest into the
// deck and lets A begin.
func newMatch(t *testing.T, opts map[string]string, hands ...[]string) *State {
	t.Helper()
	first := 0
	s, err := Game{}.New(games.Config{Players: len(hands), Seed: 11, Options: opts,
		Deals: []games.Deal{{Hands: hands, First: &first}}})
	require.NoError(t, err)
	return s.(*State)
}

var filler = [][]string{
	{"papa1", "duquesas2", "fritas3", "papa4", "duquesas5"},
	{"papa2", "duquesas3", "fritas4", "papa5", "duquesas1"},
	{"papa3", "duquesas4", "fritas5", "papa1", "duquesas2"},
}

func do(t *testing.T, s *State, seat games.Seat, txt ...string) {
	t.Helper()
	for _, x := range txt {
		require.NoError(t, record.ApplyText(s, record.Step{Seat: seat, Act: x}), "seat %d %q", seat, x)
		require.NoError(t, invariants(s))
	}
}

func timeout(t *testing.T, s *State) {
	t.Helper()
	require.Equal(t, 3*time.Second, s.Deadline())
	require.NoError(t, s.Apply(games.System, games.Timeout))
	require.NoError(t, invariants(s))
}

// deny requires the action to be refused with a reason containing want and
// the state to stay exactly as it was.
func deny(t *testing.T, s *State, seat games.Seat, txt, want string) {
	t.Helper()
	a, err := s.ParseAction(txt)
	require.NoError(t, err, txt)
	assert.NotContains(t, s.Legal(seat, nil), a, "%q listed as legal", txt)
	refuse(t, s, seat, a, want)
}

func refuse(t *testing.T, s *State, seat games.Seat, a games.Action, want string) {
	t.Helper()
	before := *s
	err := s.Apply(seat, a)
	require.Error(t, err, "%q by %d accepted", s.FormatAction(a), seat)
	assert.Contains(t, err.Error(), want)
	assert.Equal(t, before, *s, "refused %q changed the state", s.FormatAction(a))
}

func legalText(s *State, seat games.Seat) []string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.FormatAction(a))
	}
	return out
}

func hasCard(s *State, seat games.Seat, c Card) int { return int(s.hands[seat][c]) }

// emptyHand moves every card of seat p to the discard pile.
func emptyHand(s *State, p games.Seat) {
	for c := range Card(NumKinds) {
		for s.hands[p][c] > 0 {
			s.take(int(p), c)
			s.toDiscard(c)
		}
	}
}

// keepOnly moves every card of seat p but the listed ones to the discard pile.
func keepOnly(t *testing.T, s *State, p games.Seat, keep ...Card) {
	t.Helper()
	emptyHand(s, p)
	for _, c := range keep {
		i := slices.Index(s.discard[:s.discardLen], c)
		require.GreaterOrEqual(t, i, 0, "no %s left to hand out", c)
		copy(s.discard[i:], s.discard[i+1:s.discardLen])
		s.discardLen--
		s.give(int(p), c)
	}
}

// A7.1: {papa, papa, wildcard} is a type threesome worth 1 GP, {fritas,
// wildcard, wildcard} 3 GP, and three wildcards are no threesome.
func TestThreesomeTypeWithWildcards(t *testing.T) {
	tests := []struct {
		cards string
		gp    int
		err   string
	}{
		{"papa1 papa4 wild", 1, ""},
		{"fritas2 wild wild", 3, ""},
		{"duquesas5 duquesas1 wild", 2, ""},
		{"wild wild wild", 0, "three wildcards"},
		{"papa1 fritas1 wild", 0, "wildcards only complete"},
		{"papa1 papa2 nopoh", 0, "nopoh cannot be part"},
	}
	for _, tt := range tests {
		t.Run(tt.cards, func(t *testing.T) {
			cs := strings.Fields(tt.cards)
			hand := append(slices.Clone(cs), "papa2", "papa3")
			s := newMatch(t, nil, hand, filler[0], filler[1], filler[2])
			if tt.err != "" {
				deny(t, s, A, "three "+tt.cards, tt.err)
				return
			}
			do(t, s, A, "three "+tt.cards)
			assert.Equal(t, "window", s.View(A).(View).Phase)
			timeout(t, s)
			assert.Equal(t, int16(tt.gp), s.gp[A])
			assert.Equal(t, A, games.Seat(s.active), "a threesome is no alarm: the turn goes on")
		})
	}
}

// A7.2: {papa 3, duquesas 3, fritas 3} is a value threesome (1 GP);
// {papa 3, duquesas 3, wildcard} is nothing.
func TestThreesomeValue(t *testing.T) {
	s := newMatch(t, nil, []string{"papa3", "duquesas3", "fritas3", "wild", "papa5"}, filler[0], filler[1], filler[2])
	deny(t, s, A, "three papa3 duquesas3 wild", "wildcards only complete")
	deny(t, s, A, "three papa3 duquesas3 papa5", "one name or one value")
	do(t, s, A, "three fritas3 papa3 duquesas3")
	timeout(t, s)
	assert.Equal(t, int16(1), s.gp[A])
	r, why := threeReward(sort3(Papa1+2, Duquesas1+2, Duquesas1+2))
	require.Equal(t, threeOK, why)
	assert.Equal(t, 1, r, "two names are enough for a value threesome")
}

// A7.3: {duquesas 2 ×3} counts as a type threesome (2 GP), not a value one.
func TestThreesomeOverlapCountsAsType(t *testing.T) {
	s := newMatch(t, nil, []string{"duquesas2", "duquesas2", "duquesas2", "papa1", "papa2"}, filler[0], filler[1], filler[2])
	do(t, s, A, "three duquesas2 duquesas2 duquesas2")
	timeout(t, s)
	assert.Equal(t, int16(2), s.gp[A])
}

// A7.4: against a threesome B's No Poh is refused and stays in hand; Te Dije is legal.
func TestNoPohCannotCancelThreesome(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"papa1", "papa2", "papa3", "wild", "fritas1"},
		[]string{"nopoh", "tedije", "papa4", "papa5", "fritas2"},
		filler[1], filler[2])
	do(t, s, A, "three papa1 papa2 papa3")
	deny(t, s, B, "interrupt nopoh", "No Poh cannot cancel a threesome")
	assert.Equal(t, 1, hasCard(s, B, NoPoh))
	assert.Equal(t, []string{"interrupt tedije"}, legalText(s, B))
	assert.Equal(t, []games.Seat{B}, s.Actors(nil))
	do(t, s, B, "interrupt tedije")
	timeout(t, s)
	assert.Equal(t, int16(0), s.gp[A], "one interrupt: the threesome is cancelled")
	assert.False(t, s.View(C).(View).Last.Resolved)
}

// A7.5: A plays Robo on B, B answers No Poh, A answers No Poh, the window
// expires: two interrupts, so Robo resolves and B loses 1 GP. Robo is an
// alarm: A's turn ends with the end-of-turn draw.
func TestRoboTwoInterruptsResolves(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"robo", "nopoh", "papa1", "papa2", "fritas1"},
		[]string{"nopoh", "papa4", "papa5", "fritas2", "fritas3"},
		filler[1], filler[2])
	s.gp[B] = 2
	do(t, s, A, "play robo 1")
	assert.NotContains(t, s.Actors(nil), A, "A played the card on top")
	do(t, s, B, "interrupt nopoh")
	assert.Contains(t, s.Actors(nil), A, "A may answer B's No Poh")
	do(t, s, A, "interrupt nopoh")
	deck := s.deckLen
	timeout(t, s)
	assert.Equal(t, int16(1), s.gp[B])
	assert.Equal(t, int16(1), s.gp[A])
	assert.True(t, s.View(C).(View).Last.Resolved)
	assert.Equal(t, B, games.Seat(s.active), "the resolved alarm ended A's turn")
	assert.Equal(t, deck-1, s.deckLen, "with the end-of-turn draw")
	assert.Equal(t, uint8(4), s.handLen[A])
	v := s.View(D).(View)
	assert.Equal(t, []string{"robo", "nopoh", "nopoh"}, v.Discard[len(v.Discard)-3:])
	assert.Equal(t, []Play{
		{Seat: 0, Act: "play robo 1", Cards: []string{"robo"}, Target: 1},
		{Seat: 1, Act: "interrupt nopoh", Cards: []string{"nopoh"}, Target: -1},
		{Seat: 0, Act: "interrupt nopoh", Cards: []string{"nopoh"}, Target: -1},
	}, v.Last.Chain)
}

// A7.6: C cancels A's Papa Dorada: no GP, and A's turn continues.
func TestCancelledAlarmTurnContinues(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"dorada", "dorada", "papa1", "papa2", "fritas1"},
		filler[0],
		[]string{"nopoh", "papa4", "papa5", "fritas2", "fritas3"},
		filler[2])
	do(t, s, A, "play dorada")
	do(t, s, C, "interrupt nopoh")
	timeout(t, s)
	assert.Equal(t, int16(0), s.gp[A])
	assert.Equal(t, A, games.Seat(s.active))
	assert.Equal(t, "main", s.View(A).(View).Phase)
	assert.Contains(t, legalText(s, A), "end", "a cancelled play counts as played")
	// The second Dorada resolves and ends the turn at once.
	do(t, s, A, "play dorada")
	timeout(t, s)
	assert.Equal(t, int16(1), s.gp[A])
	assert.Equal(t, B, games.Seat(s.active))
}

// A7.7: a turn that starts with no cards draws three and ends: no window, no
// end-of-turn draw.
func TestEmptyHandDrawsThreeAndEnds(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2], []string{"papa1", "papa2", "papa3", "papa4", "papa5"})
	emptyHand(s, B)
	deck := s.deckLen
	windows := s.window
	do(t, s, A, "play papa1")
	timeout(t, s)
	do(t, s, A, "end")
	assert.Equal(t, uint8(3), s.handLen[B])
	assert.Equal(t, deck-1-3, s.deckLen, "A drew one, B three, nothing more")
	assert.Equal(t, C, games.Seat(s.active), "B's turn is over")
	assert.Equal(t, windows+1, s.window, "only A's play opened a window")
	assert.Equal(t, uint16(2), s.turns)
}

// A7.8: a turn that starts with one card may discard it and draw three (the
// turn ends), or be played normally.
func TestOneCardTurnMayRedraw(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2], filler[0])
	keepOnly(t, s, A, Fritas1+2)
	require.Equal(t, []string{"redraw", "play fritas3"}, legalText(s, A))
	deck := s.deckLen
	do(t, s, A, "redraw")
	assert.Equal(t, uint8(3), s.handLen[A])
	assert.Equal(t, deck-3, s.deckLen, "no end-of-turn draw")
	assert.Equal(t, "fritas3", s.View(B).(View).Discard[s.discardLen-1])
	assert.Equal(t, B, games.Seat(s.active))

	s = newMatch(t, nil, filler[0], filler[1], filler[2], filler[0])
	keepOnly(t, s, A, Fritas1+2)
	do(t, s, A, "play fritas3")
	timeout(t, s)
	deny(t, s, A, "redraw", "start of the turn")
	do(t, s, A, "end")
	assert.Equal(t, uint8(1), s.handLen[A])
}

// A7.9: the end-of-turn draw with an empty deck shuffles the discard pile into
// a new deck, then draws.
func TestEmptyDeckReshufflesDiscard(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2], filler[0])
	for s.deckLen > 0 {
		s.deckLen--
		s.toDiscard(s.deck[s.deckLen])
	}
	do(t, s, A, "play papa1")
	timeout(t, s)
	pile := s.discardLen
	do(t, s, A, "end")
	assert.Equal(t, uint16(1), s.reshuffles)
	assert.Equal(t, uint8(0), s.discardLen)
	assert.Equal(t, pile-1, s.deckLen)
	assert.Equal(t, uint8(5), s.handLen[A])
	assert.Equal(t, 1, s.View(A).(View).Reshuffles)
}

func TestEmptyDeckAndPileSkipsDraws(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2], filler[0])
	s.deckLen = 0 // the cards vanish for this test only
	s.draw(0, 3)
	assert.Equal(t, uint8(5), s.handLen[A])
}

// A7.10: with 3 players A reaches 8 GP in the middle of the turn and wins
// when the turn ends, after the draw and the discard.
func TestWinAtEndOfTurn(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"fritas1", "fritas2", "wild", "papa1", "papa2"},
		filler[1], filler[2])
	s.gp[A] = 5
	do(t, s, A, "three fritas1 fritas2 wild")
	timeout(t, s)
	assert.Equal(t, int16(8), s.gp[A])
	assert.False(t, s.Done(), "no win in the middle of the turn")
	do(t, s, A, "play papa1")
	timeout(t, s)
	assert.False(t, s.Done())
	do(t, s, A, "end")
	require.True(t, s.Done())
	assert.Equal(t, games.Result{Scores: []int{8, 0, 0}, Winners: []games.Seat{A}}, s.Result())
	assert.Empty(t, s.Actors(nil))
	assert.Empty(t, s.Legal(games.System, nil))
	deny(t, s, B, "end", "the match is over")
}

func TestWinCheckAfterDiscard(t *testing.T) {
	s := newMatch(t, map[string]string{"handLimit": "5"},
		[]string{"nopoh", "nopoh", "nopoh", "tedije", "tedije"},
		filler[1], filler[2])
	s.gp[A] = 8 // as if reached earlier in this turn
	assert.Equal(t, []string{"end"}, legalText(s, A), "only interrupts: end is allowed without a play")
	do(t, s, A, "end")
	assert.False(t, s.Done(), "the discard comes before the win check")
	assert.Equal(t, "discard", s.View(A).(View).Phase)
	deny(t, s, A, "play papa1", "discard down to 5")
	deny(t, s, B, "discard papa2", "not your turn")
	c := s.nthCard(0, 0)
	do(t, s, A, "discard "+c.String())
	assert.True(t, s.Done())
	assert.Equal(t, []games.Seat{A}, s.Result().Winners)
}

// A7.11: B and C both send No Poh in the same window: the first applied
// counts; C's is refused, C keeps the card and may react in the new window.
func TestFirstInterruptWinsSecondKeepsCard(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"papa1", "papa2", "papa3", "fritas1", "fritas2"},
		[]string{"nopoh", "papa4", "papa5", "fritas3", "fritas4"},
		[]string{"nopoh", "duquesas1", "duquesas2", "duquesas3", "duquesas4"},
		filler[2])
	do(t, s, A, "play papa1")
	assert.Equal(t, []games.Seat{B, C}, s.Actors(nil), "both may react at once")
	fromB, err := s.ParseAction("interrupt nopoh")
	require.NoError(t, err)
	fromC, err := s.ParseAction("interrupt nopoh")
	require.NoError(t, err)
	require.NoError(t, s.Apply(B, fromB))
	refuse(t, s, C, fromC, "too late")
	assert.Equal(t, 1, hasCard(s, C, NoPoh), "C keeps its No Poh")
	assert.Equal(t, uint8(2), s.chainLen, "exactly one interrupt applied")
	assert.Equal(t, "interrupt nopoh @1", s.FormatAction(fromC))
	assert.Contains(t, s.Actors(nil), C)
	do(t, s, C, "interrupt nopoh") // against B's No Poh now
	timeout(t, s)
	assert.True(t, s.View(A).(View).Last.Resolved, "two interrupts: papa1 resolves")
}

// A7.12: Robo is illegal while no opponent has a golden potato.
func TestRoboNeedsATargetWithGP(t *testing.T) {
	s := newMatch(t, nil, []string{"robo", "papa1", "papa2", "papa3", "papa4"}, filler[0], filler[1])
	s.gp[A] = 3
	deny(t, s, A, "play robo 1", "seat 1 has no golden potato")
	deny(t, s, A, "play robo 0", "seat 0 is not an opponent")
	for _, txt := range legalText(s, A) {
		assert.NotContains(t, txt, "robo")
	}
	s.gp[C] = 1
	assert.Contains(t, legalText(s, A), "play robo 2")
	assert.NotContains(t, legalText(s, A), "play robo 1")
}

func TestTeDijeChain(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"papa1", "tedije", "papa3", "fritas1", "fritas2"},
		[]string{"tedije", "nopoh", "papa5", "fritas3", "fritas4"},
		[]string{"nopoh", "tedije", "duquesas2", "duquesas3", "duquesas4"})
	do(t, s, A, "play papa1")
	do(t, s, B, "interrupt tedije")
	deny(t, s, C, "interrupt nopoh", "No Poh cannot cancel Te Dije")
	deny(t, s, B, "interrupt nopoh", "you played the card on top")
	do(t, s, C, "interrupt tedije")
	do(t, s, A, "interrupt tedije")
	v := s.View(B).(View)
	require.NotNil(t, v.Window)
	assert.Equal(t, uint32(4), v.Window.ID, "every interrupt opens a new window")
	assert.Len(t, v.Window.Chain, 4)
	timeout(t, s)
	assert.False(t, s.View(A).(View).Last.Resolved, "three interrupts cancel")
}

func TestWindowDeadlineAndTimeout(t *testing.T) {
	s := newMatch(t, map[string]string{"reactionSeconds": "5"}, filler[0], filler[1])
	assert.Zero(t, s.Deadline())
	assert.ErrorIs(t, s.Apply(games.System, games.Timeout), games.ErrNoWindow)
	do(t, s, A, "play papa1")
	assert.Equal(t, 5*time.Second, s.Deadline())
	assert.Empty(t, s.Actors(nil), "nobody holds an interrupt, the window runs anyway")
	deny(t, s, A, "end", "reaction window is open")
	deny(t, s, A, "play papa4", "reaction window is open")
	refuse(t, s, B, games.Timeout, "system")
	require.NoError(t, s.Apply(games.System, games.Timeout))
	assert.Zero(t, s.Deadline())
}

func TestEndNeedsAPlayFirst(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1])
	deny(t, s, A, "end", "play at least one card")
	deny(t, s, B, "play papa2", "not your turn")
	deny(t, s, A, "play papa2", "no papa2 in your hand")
	deny(t, s, A, "interrupt nopoh", "no reaction window")
	deny(t, s, A, "discard papa1", "discard is only for")
	s2 := newMatch(t, nil, []string{"nopoh", "nopoh", "papa1", "papa2", "papa3"}, filler[1])
	keepOnly(t, s2, A, NoPoh, NoPoh)
	deny(t, s2, A, "play nopoh", "only as an interrupt")
	assert.Equal(t, []string{"end"}, legalText(s2, A))
}

func TestZombieSeat(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"papa1", "papa2", "fritas4", "fritas1", "fritas2"},
		[]string{"nopoh", "papa4", "papa5", "fritas3", "wild"},
		filler[1])
	do(t, s, games.System, "zombie 1 on")
	deny(t, s, games.System, "zombie 1 on", "already marked")
	deny(t, s, A, "zombie 2 on", "applied by the system")
	do(t, s, A, "play papa1")
	assert.Empty(t, s.Actors(nil), "a zombie never reacts")
	deny(t, s, B, "interrupt nopoh", "disconnected")
	timeout(t, s)
	do(t, s, A, "end")
	// B's turn: the engine plays one single for B and opens the window.
	require.Equal(t, "window", s.View(C).(View).Phase)
	assert.Equal(t, B, games.Seat(s.chain[0].seat))
	assert.False(t, s.chain[0].three)
	timeout(t, s)
	assert.Equal(t, C, games.Seat(s.active), "the zombie ended its turn after one play")
	assert.Equal(t, uint8(5), s.handLen[B], "played one, drew one")

	do(t, s, games.System, "zombie 1 off")
	assert.Equal(t, []string{"zombie 0 on", "zombie 1 on", "zombie 2 on"}, legalText(s, games.System))
}

func TestZombieActiveTakesOverAtOnce(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2])
	keepOnly(t, s, A, Fritas1+2)
	do(t, s, games.System, "zombie 0 on")
	assert.Equal(t, B, games.Seat(s.active), "one card: the zombie redraws and the turn ends")
	assert.Equal(t, uint8(3), s.handLen[A])

	s = newMatch(t, nil, filler[0], filler[1], filler[2])
	do(t, s, A, "play papa1")
	do(t, s, games.System, "zombie 0 on")
	timeout(t, s)
	assert.Equal(t, B, games.Seat(s.active), "after the window the zombie ends its turn")
}

func TestAllZombiesPlayToTheEnd(t *testing.T) {
	s := newMatch(t, map[string]string{"turnLimit": "100"}, filler[0], filler[1], filler[2])
	for p := range 3 {
		do(t, s, games.System, "zombie "+string(rune('0'+p))+" on")
	}
	for steps := 0; !s.Done(); steps++ {
		require.Less(t, steps, 1000)
		require.Empty(t, s.Actors(nil))
		timeout(t, s)
	}
	assert.NotEmpty(t, s.Result().Winners)
}

func TestTurnLimitMostGPWinsTiesShare(t *testing.T) {
	s := newMatch(t, map[string]string{"turnLimit": "10"}, filler[0], filler[1], filler[2])
	s.gp = [MaxPlayers]int16{2, 0, 2}
	for !s.Done() {
		seat := games.Seat(s.active)
		switch {
		case s.phase == phaseWindow:
			timeout(t, s)
		case slices.Contains(legalText(s, seat), "end"):
			do(t, s, seat, "end")
		default:
			do(t, s, seat, legalText(s, seat)[0])
		}
	}
	assert.Equal(t, uint16(10), s.turns)
	assert.Equal(t, []games.Seat{A, C}, s.Result().Winners)
	assert.Equal(t, 10, s.View(B).(View).Turn)
}

// Several runs with zombies switched on and off at random still end, and the
// invariants hold at every step.
func TestRandomPlayoutsWithZombies(t *testing.T) {
	for seed := range uint64(30) {
		s, err := Game{}.New(games.Config{Players: 2 + int(seed%5), Seed: seed})
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 9))
		for steps := 0; !s.Done(); steps++ {
			require.Less(t, steps, 100000)
			seat, a := games.System, games.Timeout
			actors := s.Actors(nil)
			switch {
			case rng.IntN(40) == 0:
				sys := s.Legal(games.System, nil)
				a = sys[rng.IntN(len(sys))]
			case len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(4) != 0):
				seat = actors[rng.IntN(len(actors))]
				legal := s.Legal(seat, nil)
				a = legal[rng.IntN(len(legal))]
			}
			require.NoError(t, s.Apply(seat, a), "seed %d step %d %q", seed, steps, s.FormatAction(a))
			require.NoError(t, invariants(s), "seed %d step %d", seed, steps)
		}
	}
}

func TestDealsRefusedWhenTheyDoNotFit(t *testing.T) {
	five := func(c string) []string { return []string{c, c, c, c, c} }
	bad := 4
	tests := []struct {
		name string
		cfg  games.Config
		err  string
	}{
		{"hand count", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{filler[0]}}}}, "1 hands for 2 players"},
		{"short hand", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{filler[0], filler[1][:4]}}}}, "hand 1 has 4 cards"},
		{"too many", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{five("tedije"), filler[1]}}}}, "more tedije than the deck's 3"},
		{"legacy robo", games.Config{Players: 2, Options: map[string]string{"deck": "LEGACY_103"},
			Deals: []games.Deal{{Hands: [][]string{{"robo", "papa1", "papa1", "papa1", "papa1"}, filler[1]}}}}, "robo is not in this deck"},
		{"unknown", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{{"papa6", "papa1", "papa1", "papa1", "papa1"}, filler[1]}}}}, "unknown card"},
		{"first", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{filler[0], filler[1]}, First: &bad}}}, "first 4"},
		{"stock size", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{filler[0], filler[1]}, Stock: []string{"papa1"}}}}, "stock has 1 cards"},
		{"layout", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{filler[0], filler[1]}, Layout: []string{"papa1"}}}}, "field layout is not used here"},
		{"two deals", games.Config{Players: 2, Deals: []games.Deal{{Hands: [][]string{filler[0], filler[1]}}, {}}}, "one deal"},
		{"start over limit", games.Config{Players: 2, Options: map[string]string{"handLimit": "5", "startHand": "6"}}, "startHand 6 is over handLimit 5"},
		{"players", games.Config{Players: 7}, "2 to 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Game{}.New(tt.cfg)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
}

func TestDealStockIsDrawnTopFirst(t *testing.T) {
	comp := composition(true)
	for _, h := range filler[:2] {
		for _, txt := range h {
			c, err := ParseCard(txt)
			require.NoError(t, err)
			comp[c]--
		}
	}
	var stock []string
	for c := range Card(NumKinds) {
		for range comp[c] {
			stock = append(stock, c.String())
		}
	}
	slices.Reverse(stock) // top card: the last kind, tedije
	first := 1
	s, err := Game{}.New(games.Config{Players: 2, Options: map[string]string{"deck": "LEGACY_103"},
		Deals: []games.Deal{{Hands: [][]string{filler[0], filler[1]}, Stock: stock, First: &first}}})
	require.NoError(t, err)
	st := s.(*State)
	assert.Equal(t, B, games.Seat(st.active))
	do(t, st, B, "play papa2")
	timeout(t, st)
	do(t, st, B, "end")
	assert.Equal(t, 1, hasCard(st, B, TeDije), "the stock's first card was drawn")
	assert.Equal(t, 103-10-1, st.View(A).(View).Deck)
}

func TestParseFormatRoundTrip(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1])
	for _, txt := range []string{"play papa3", "play robo 2", "play dorada", "three papa1 papa3 wild", "interrupt nopoh @3",
		"interrupt tedije @0", "redraw", "end", "discard fritas5", "timeout", "zombie 2 on", "zombie 5 off"} {
		a, err := s.ParseAction(txt)
		require.NoError(t, err, txt)
		assert.Equal(t, txt, s.FormatAction(a))
	}
	a, err := s.ParseAction("three wild papa3 papa1")
	require.NoError(t, err)
	assert.Equal(t, "three papa1 papa3 wild", s.FormatAction(a), "threesomes print in card order")
	for _, bad := range []string{"", "play", "play papa0", "play papa3 2", "play robo", "play robo 6", "three papa1 papa2",
		"interrupt papa1", "interrupt nopoh 3", "interrupt nopoh @x", "zombie 1", "zombie 1 maybe", "draw", "play robo 01"} {
		_, err := s.ParseAction(bad)
		assert.Error(t, err, "%q parsed", bad)
	}
	assert.Error(t, s.Apply(A, games.Action(0x7fffffff)))
	assert.Error(t, s.Apply(games.System, playAct(Papa1, noTarget)))
	assert.Error(t, s.Apply(9, playAct(Papa1, noTarget)))
}

func TestViewsShowOnlyOwnHand(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2])
	va := s.View(A).(View)
	assert.Equal(t, []string{"papa1", "papa4", "duquesas2", "duquesas5", "fritas3"}, va.Hand, "in card order")
	assert.Nil(t, va.Hands)
	assert.Equal(t, []int{5, 5, 5}, va.HandCounts)
	assert.Equal(t, 8, va.Target)
	obs := s.View(games.Observer).(View)
	assert.Nil(t, obs.Hand)
	god := s.View(games.God).(View)
	assert.Len(t, god.Hands, 3)
	assert.Equal(t, va.Hand, god.Hands[0])
}
