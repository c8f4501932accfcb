package mindikot

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
)

// fill deals a whole deck: spec gives cards a seat must hold, voids the suits
// it must not hold otherwise; the rest is spread by a fixed generator.
func fill(t testing.TB, players int, spec map[int]string, voids map[int]string) [][]string {
	t.Helper()
	deck := cards.Deck52
	if players == 6 {
		deck = cards.Deck48
	}
	per := deck.Len() / players
	hands := make([]cards.Set, players)
	sizes := make([]int, players)
	may := make([]cards.Set, players)
	rest := deck
	for p := range players {
		cs, err := cards.ParseList(spec[p])
		require.NoError(t, err)
		hands[p] = cards.SetOf(cs...)
		require.Equal(t, hands[p], rest&hands[p], "seat %d: a card twice", p)
		rest &^= hands[p]
		sizes[p] = per - len(cs)
		may[p] = deck
		for _, l := range strings.Fields(voids[p]) {
			su, err := cards.ParseSuit(l)
			require.NoError(t, err)
			may[p] &^= cards.SuitSet(su)
		}
	}
	dealer, err := cards.NewDealer(rest, sizes, may)
	require.NoError(t, err, "no deal keeps the voids")
	out := dealer.Deal(rand.New(rand.NewPCG(1, 1)))
	res := make([][]string, players)
	for p := range players {
		res[p] = (hands[p] | out[p]).Strings()
		require.Len(t, res[p], per)
	}
	return res
}

// start begins a match whose first deal is spec/voids with seat first leading
// (and, in mode HIDDEN with RANDOM selection, hidden set aside).
func start(t testing.TB, players int, opts map[string]string, first int, hidden string, spec, voids map[int]string) *State {
	t.Helper()
	d := games.Deal{Hands: fill(t, players, spec, voids), First: &first, Hidden: hidden}
	g, err := Game{}.New(games.Config{Players: players, Options: opts, Seed: 1, Deals: []games.Deal{d}})
	require.NoError(t, err)
	return g.(*State)
}

func act(t testing.TB, s *State, seat int, text string) error {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	return s.Apply(games.Seat(seat), a)
}

// do applies steps written "seat:action".
func do(t testing.TB, s *State, steps ...string) {
	t.Helper()
	for _, st := range steps {
		seat, text, _ := strings.Cut(st, ":")
		var n int
		_, err := fmt.Sscan(seat, &n)
		require.NoError(t, err)
		require.NoError(t, act(t, s, n, text), "step %q", st)
	}
}

func legalText(s *State, seat int) []string {
	out := []string{}
	for _, a := range s.Legal(games.Seat(seat), nil) {
		out = append(out, s.FormatAction(a))
	}
	return out
}

func refused(t *testing.T, s *State, seat int, text, reason string) {
	t.Helper()
	before := *s
	err := act(t, s, seat, text)
	require.ErrorContains(t, err, reason)
	require.Equal(t, before, *s, "a refused action changed the state")
}

func view(t testing.TB, s *State, seat games.Seat) *View { return s.View(seat).(*View) }

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

var hiddenOpts = map[string]string{"mode": "HIDDEN"}

func TestA6_1_CutFixesTrumpAndTheCuttingCardIsAlreadyTrump(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5D", 1: "3C", 2: "2C", 3: "AD"}, map[int]string{1: "D", 2: "D"})
	do(t, s, "0:play 5D")
	assert.Equal(t, "", view(t, s, games.Observer).Trump)
	do(t, s, "1:play 3C")
	assert.Equal(t, "C", view(t, s, games.Observer).Trump, "the first card of a void player fixes the trump")
	do(t, s, "2:play 2C", "3:play AD")
	assert.Equal(t, 1, s.lastWinner, "3♣ is the highest trump")
	assert.Equal(t, 1, s.turn)
}

func TestA6_2_PassMarksNonTrumpAndRevealerMustTrump(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "5S 9H", 1: "KH", 2: "4H 3C", 3: "AS"}, map[int]string{1: "S", 2: "S"})
	assert.False(t, s.hands[0].Has(cards.Make(9, cards.Hearts)), "the hidden card is not playable")
	do(t, s, "0:play 5S")
	assert.Equal(t, []string{"reveal", "pass"}, legalText(s, 1))
	do(t, s, "1:pass", "1:play KH", "2:reveal")
	assert.Equal(t, "H", view(t, s, games.Observer).Trump)
	assert.Equal(t, "9H", view(t, s, games.Observer).Hidden, "a revealed card is shown to all")
	assert.True(t, s.hands[0].Has(cards.Make(9, cards.Hearts)), "the revealed card goes back to its owner")
	for _, a := range legalText(s, 2) {
		assert.True(t, strings.HasSuffix(a, "H"), "revealer must trump, got %s", a)
	}
	refused(t, s, 2, "play "+s.hands[2].Of(cards.Clubs).Lowest().String(), "must play a trump (hearts) after revealing")
	do(t, s, "2:play 4H", "3:play AS")
	assert.Equal(t, 2, s.lastWinner, "4♥ is the only trump: K♥ was played after a pass")
	v := view(t, s, games.Observer)
	require.NotNil(t, v.LastTrick)
	assert.Equal(t, Play{Seat: 1, Card: "KH", NonTrump: true}, v.LastTrick.Cards[1])
}

func TestA6_3_RevealerWithoutTrumpPlaysAnyCard(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "5S 9H"}, map[int]string{1: "S H"})
	do(t, s, "0:play 5S", "1:reveal")
	assert.Len(t, s.Legal(1, nil), 13, "no trump in hand: any of the 13 cards")
}

func TestA6_4_OwnerRevealsAndMustPlayTheReturnedCard(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9C",
		map[int]string{0: "2H 9C", 1: "AH 5D", 2: "3H 6D", 3: "4H 7D"}, map[int]string{0: "D C"})
	do(t, s, "0:play 2H", "1:play AH", "2:play 3H", "3:play 4H")
	do(t, s, "1:play 5D", "2:play 6D", "3:play 7D")
	assert.Equal(t, []string{"reveal", "pass"}, legalText(s, 0), "the owner may reveal too")
	do(t, s, "0:reveal")
	assert.Equal(t, []string{"play 9C"}, legalText(s, 0), "the returned 9♣ is the owner's only club")
	do(t, s, "0:play 9C")
	assert.Equal(t, 0, s.lastWinner)
}

func TestA6_5_FollowingSuitComesBeforeTrumping(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5C", 1: "3S 8D", 2: "6C 2D AS", 3: "7C"}, map[int]string{1: "C"})
	do(t, s, "0:play 5C", "1:play 3S", "2:play 6C", "3:play 7C")
	require.Equal(t, "S", view(t, s, games.Observer).Trump)
	do(t, s, "1:play 8D")
	for _, a := range legalText(s, 2) {
		assert.True(t, strings.HasSuffix(a, "D"), "must follow diamonds, got %s", a)
	}
	assert.Contains(t, legalText(s, 2), "play 2D")
	refused(t, s, 2, "play AS", "must follow diamonds")
}

// finish sets the end-of-round counts and scores the round.
func finish(s *State, tens, tricks [2]int, lastWinner int) outcome {
	s.tens, s.tricksWon, s.lastWinner = tens, tricks, lastWinner
	s.endRound()
	return s.lastRound
}

func TestA6_6_TwoTwoTensDecidedByTricks(t *testing.T) {
	s := start(t, 4, nil, 0, "", nil, nil)
	o := finish(s, [2]int{2, 2}, [2]int{7, 6}, 1)
	assert.Equal(t, outcome{Round: 1, Team: 0, Points: 1, Tens: [2]int{2, 2}, Tricks: [2]int{7, 6}, Kind: "tricks"}, o)
	assert.Equal(t, [2]int{1, 0}, s.points)
}

func TestA6_7_SixPlayersFourFourTricksGoesToTheLastTrick(t *testing.T) {
	s := start(t, 6, nil, 0, "", nil, nil)
	o := finish(s, [2]int{2, 2}, [2]int{4, 4}, 3)
	assert.Equal(t, 1, o.Team, "seat 3 won trick 8")
	assert.Equal(t, "lastTrick", o.Kind)
	assert.Equal(t, 1, o.Points)

	s = start(t, 6, map[string]string{"tieBreak44": "DRAW"}, 0, "", nil, nil)
	o = finish(s, [2]int{2, 2}, [2]int{4, 4}, 3)
	assert.Equal(t, -1, o.Team)
	assert.Equal(t, "draw", o.Kind)
	assert.Equal(t, [2]int{0, 0}, s.points)
}

func TestA6_8_MendikotScoresTwoWhitewashThree(t *testing.T) {
	s := start(t, 4, nil, 0, "", nil, nil)
	o := finish(s, [2]int{0, 4}, [2]int{4, 9}, 1)
	assert.Equal(t, 2, o.Points)
	assert.Equal(t, "mendikot", o.Kind)
	o = finish(s, [2]int{4, 0}, [2]int{13, 0}, 0)
	assert.Equal(t, 3, o.Points)
	assert.Equal(t, "whitewash", o.Kind)
	assert.Equal(t, [2]int{3, 2}, s.points)
	o = finish(s, [2]int{3, 1}, [2]int{5, 8}, 1)
	assert.Equal(t, 0, o.Team, "three tens win whatever the tricks")
	assert.Equal(t, 1, o.Points)
}

// lateRound puts a 4-player HIDDEN match at trick 12 with the hidden 9♣ of
// seat 0 still set aside and seat 0 to lead its last playable card.
func lateRound(t *testing.T) *State {
	s := start(t, 4, hiddenOpts, 0, "9C", map[int]string{0: "9C"}, nil)
	h := func(txt string) cards.Set {
		cs, err := cards.ParseList(txt)
		require.NoError(t, err)
		return cards.SetOf(cs...)
	}
	s.hands = [6]cards.Set{h("2H"), h("AH 5D"), h("3H 6D"), h("4H 7D")}
	s.tricksNo = 11
	s.tricksWon = [2]int{6, 5}
	s.played = cards.Deck52 &^ (s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]) &^ h("9C")
	s.tens, s.tensWon = [2]int{2, 2}, [2]cards.Set{h("10C 10D"), h("10H 10S")}
	s.lastTrick, s.lastN, s.lastLeader, s.lastWinner = [6]cards.Card{cards.Make(cards.Ace, cards.Clubs),
		cards.Make(cards.King, cards.Clubs), cards.Make(cards.Queen, cards.Clubs), cards.Make(cards.Jack, cards.Clubs)}, 4, 0, 0
	require.NoError(t, invariants(s))
	return s
}

func TestA6_9_NeverRevealedHiddenCardIsTheOwnersLastCard(t *testing.T) {
	s := lateRound(t)
	do(t, s, "0:play 2H")
	assert.Equal(t, []string{"9C"}, s.hands[0].Strings(), "the hidden card joins the empty hand")
	assert.Equal(t, "lastCard", view(t, s, games.Observer).HiddenState)
	assert.Empty(t, view(t, s, 1).Hidden, "still unknown to the others")
	do(t, s, "1:play AH", "2:play 3H", "3:play 4H", "1:play 5D", "2:play 6D", "3:play 7D")
	assert.Equal(t, []string{"reveal", "pass"}, legalText(s, 0), "it cannot follow: reveal or pass with it")

	r := *s
	do(t, &r, "0:reveal", "0:play 9C")
	assert.Equal(t, 0, r.lastRound.Team, "the revealed 9♣ trumps the last trick: 7 tricks to 6")
	assert.Equal(t, [2]int{7, 6}, r.lastRound.Tricks)
	assert.Equal(t, "9C", view(t, &r, 1).LastTrick.Cards[3].Card)

	p := *s
	do(t, &p, "0:pass", "0:play 9C")
	assert.Equal(t, 1, p.lastRound.Team, "passed, the 9♣ cannot win: 7♦ takes the trick")
	assert.Equal(t, [2]int{6, 7}, p.lastRound.Tricks)
}

func TestHiddenCardPlayedUnrevealedEndsAnyReveal(t *testing.T) {
	s := lateRound(t)
	s.hands[2] = s.hands[2].Without(cards.Make(6, cards.Diamonds)).With(cards.Make(6, cards.Clubs))
	s.played = s.played.Without(cards.Make(6, cards.Clubs)).With(cards.Make(6, cards.Diamonds))
	// Seat 0 wins trick 12 and leads its hidden card; seat 2 is void in clubs.
	s.hands[0] = s.hands[0].Without(cards.Make(2, cards.Hearts)).With(cards.Make(cards.Ace, cards.Hearts))
	s.hands[1] = s.hands[1].Without(cards.Make(cards.Ace, cards.Hearts)).With(cards.Make(2, cards.Hearts))
	do(t, s, "0:play AH", "1:play 2H", "2:play 3H", "3:play 4H", "0:play 9C")
	assert.Equal(t, "played", view(t, s, games.Observer).HiddenState)
	assert.Equal(t, "9C", view(t, s, games.Observer).Hidden)
	assert.Equal(t, []string{"play 5D"}, legalText(s, 1), "no reveal once the hidden card is played")
	do(t, s, "1:play 5D", "2:play 6C")
	assert.Equal(t, []string{"play 7D"}, legalText(s, 3), "no reveal once the hidden card is played")
}

func TestA6_10_LeadingTheHiddenTrumpSuitIsOnlyTheLedSuit(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9S", map[int]string{0: "KS 9S", 1: "2S"}, map[int]string{2: "S"})
	do(t, s, "0:play KS")
	for _, a := range legalText(s, 1) {
		assert.True(t, strings.HasSuffix(a, "S"), "must follow spades, got %s", a)
	}
	refused(t, s, 1, "reveal", "you can follow spades")
	do(t, s, "1:play 2S")
	assert.Equal(t, []string{"reveal", "pass"}, legalText(s, 2))
	do(t, s, "2:reveal")
	assert.Equal(t, "S", view(t, s, games.Observer).Trump)
	assert.Len(t, s.Legal(2, nil), 13, "no spade: any card")
}

func TestChosenHiddenCard(t *testing.T) {
	s := start(t, 4, map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"}, 2, "", map[int]string{2: "9C"}, nil)
	assert.Equal(t, "hide", view(t, s, games.Observer).Phase)
	assert.Len(t, s.Legal(2, nil), 13)
	refused(t, s, 2, "play 9C", "set a card aside first")
	refused(t, s, 1, "hide 9C", "not your turn")
	do(t, s, "2:hide 9C")
	assert.Equal(t, "9C", view(t, s, 2).Hidden)
	for _, seat := range []games.Seat{0, 1, 3, games.Observer} {
		assert.NotContains(t, jsonOf(t, s.View(seat)), "9C", "seat %d must not see the hidden card", seat)
	}
	assert.Equal(t, 12, s.hands[2].Len())
	refused(t, s, 2, "hide 8C", "no card is set aside now")
	refused(t, s, 2, "play 9C", "9C is set aside as the hidden card")
}

func TestChosenIsRefusedAsADealField(t *testing.T) {
	first := 0
	_, err := Game{}.New(games.Config{Players: 4, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"},
		Deals: []games.Deal{{Hands: fill(t, 4, nil, nil), First: &first, Hidden: "2C"}}})
	assert.ErrorContains(t, err, "use a hide action")
}

func TestIllegalActionsSayWhy(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5D", 1: "6D 2C"}, nil)
	refused(t, s, 1, "play 6D", "not your turn")
	refused(t, s, 0, "play 6D", "you do not hold 6D")
	refused(t, s, 0, "reveal", "the leader plays a card")
	do(t, s, "0:play 5D")
	refused(t, s, 1, "pass", "you can follow diamonds")
	refused(t, s, 1, "play "+s.hands[1].Of(cards.Clubs).Lowest().String(), "must follow diamonds")
	assert.ErrorIs(t, act(t, s, 1, "timeout"), games.ErrNoWindow)

	h := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "5S 9H"}, map[int]string{1: "S"})
	do(t, h, "0:play 5S")
	refused(t, h, 1, "play "+h.hands[1].Lowest().String(), "reveal the trump or pass first")
	do(t, h, "1:pass")
	refused(t, h, 1, "reveal", "already chosen")
}

func TestCutModeHasNoRevealAndLaterVoidsDiscardFreely(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5D", 1: "3C", 2: "2H"}, map[int]string{1: "D", 2: "D"})
	do(t, s, "0:play 5D")
	assert.Len(t, s.Legal(1, nil), 13, "void in CUT mode: any card")
	refused(t, s, 1, "reveal", "no hidden card to reveal")
	do(t, s, "1:play 3C", "2:play 2H")
	assert.Equal(t, "C", view(t, s, games.Observer).Trump, "a later void card does not change the trump")
}

func TestRevealerMustTrumpOff(t *testing.T) {
	opts := map[string]string{"mode": "HIDDEN", "revealerMustTrump": "off"}
	s := start(t, 4, opts, 0, "9H", map[int]string{0: "5S 9H", 1: "KH"}, map[int]string{1: "S"})
	do(t, s, "0:play 5S", "1:reveal")
	assert.Len(t, s.Legal(1, nil), 13, "trumping is never compulsory with the option off")
}

func TestMatchEndsAtTargetAndTheWholeTeamWins(t *testing.T) {
	s := start(t, 6, map[string]string{"targetPoints": "3"}, 0, "", nil, nil)
	finish(s, [2]int{1, 3}, [2]int{2, 6}, 1)
	assert.False(t, s.Done())
	finish(s, [2]int{0, 4}, [2]int{1, 7}, 1)
	assert.True(t, s.Done())
	r := s.Result()
	assert.Equal(t, []games.Seat{1, 3, 5}, r.Winners)
	assert.Equal(t, []int{0, 3, 0, 3, 0, 3}, r.Scores)
	assert.Equal(t, []int{0, 3}, r.TeamScores)
	assert.Empty(t, s.Actors(nil))
	assert.ErrorIs(t, act(t, s, 0, "play 2C"), games.ErrDone)
}

func TestFirstLeaderRotates(t *testing.T) {
	s := start(t, 4, nil, 2, "", nil, nil)
	assert.Equal(t, 2, s.turn)
	finish(s, [2]int{3, 1}, [2]int{6, 7}, 0)
	assert.Equal(t, 3, s.firstLeader)
	assert.Equal(t, 3, s.turn)
	finish(s, [2]int{3, 1}, [2]int{6, 7}, 0)
	assert.Equal(t, 0, s.firstLeader)
}

func TestTraditionalDealer(t *testing.T) {
	opts := map[string]string{"nextLeader": "TRADITIONAL", "targetPoints": "21"}
	s := start(t, 4, opts, 1, "", nil, nil)
	assert.Equal(t, 0, s.dealer, "the dealer sits right of the first leader")
	finish(s, [2]int{1, 3}, [2]int{6, 7}, 0) // dealer's team (0) lost
	assert.Equal(t, 0, s.dealer, "lost: the same dealer")
	assert.Equal(t, 1, s.firstLeader)
	finish(s, [2]int{0, 4}, [2]int{0, 13}, 1) // lost with a whitewash
	assert.Equal(t, 2, s.dealer, "whitewashed: the dealer's partner deals")
	assert.Equal(t, 3, s.firstLeader)
	finish(s, [2]int{3, 1}, [2]int{7, 6}, 0) // dealer's team won
	assert.Equal(t, 3, s.dealer, "won: the deal moves on")
	assert.Equal(t, 3, view(t, s, games.Observer).Dealer)
}

func TestBadConfigsAreRefused(t *testing.T) {
	first, bad := 0, 9
	full := fill(t, 4, nil, nil)
	short := fill(t, 4, nil, nil)
	short[0] = short[0][:12]
	dup := fill(t, 4, nil, nil)
	dup[1][0] = dup[0][0]
	six := fill(t, 6, nil, nil)
	six[0][0] = "2C"
	for _, tc := range []struct {
		name    string
		players int
		opts    map[string]string
		deal    games.Deal
		err     string
	}{
		{"five players", 5, nil, games.Deal{}, "4 or 6"},
		{"unknown option", 4, map[string]string{"trumps": "x"}, games.Deal{}, `unknown option "trumps"`},
		{"bad target", 4, map[string]string{"targetPoints": "0"}, games.Deal{}, "targetPoints"},
		{"short hand", 4, nil, games.Deal{Hands: short}, "hand 0 has 12 cards, want 13"},
		{"card twice", 4, nil, games.Deal{Hands: dup}, "dealt twice"},
		{"two in six-player deck", 6, nil, games.Deal{Hands: six}, "2C is not in the 48-card deck"},
		{"bad first", 4, nil, games.Deal{First: &bad}, "first 9 is not a seat"},
		{"hidden in CUT", 4, nil, games.Deal{Hands: full, Hidden: "2C"}, "hidden needs mode HIDDEN"},
		{"hidden not the leader's", 4, hiddenOpts, games.Deal{Hands: full, First: &first, Hidden: full[1][0]}, "not in the hand of the first leader"},
		{"stock", 4, nil, games.Deal{Stock: []string{"2C"}}, "stock is not used"},
		{"upcard", 4, nil, games.Deal{Upcard: "2C"}, "upcard is not used"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game{}.New(games.Config{Players: tc.players, Options: tc.opts, Deals: []games.Deal{tc.deal}})
			assert.ErrorContains(t, err, tc.err)
		})
	}
}

func TestViewsHideTheHiddenCardAndOtherHands(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "9H"}, nil)
	for seat := games.Seat(1); seat < 4; seat++ {
		v := view(t, s, seat)
		assert.Empty(t, v.Hidden)
		assert.Nil(t, v.Hands)
		assert.Equal(t, s.hands[seat].Strings(), v.Hand)
		assert.Equal(t, []int{12, 13, 13, 13}, v.HandSizes)
	}
	assert.Equal(t, "9H", view(t, s, 0).Hidden)
	assert.Equal(t, "aside", view(t, s, games.Observer).HiddenState)
	assert.NotContains(t, jsonOf(t, s.View(games.Observer)), `"hand"`)
	assert.Len(t, view(t, s, games.God).Hands, 4)
}
