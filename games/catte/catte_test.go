package catte

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/record"
)

// start begins a match whose first deal is hands (one string of six cards per
// seat) with dealer dealing; upcard is used when the side pot is on.
func start(t testing.TB, opts map[string]string, dealer int, upcard string, hands ...string) *State {
	t.Helper()
	d := games.Deal{First: &dealer, Upcard: upcard}
	for _, h := range hands {
		d.Hands = append(d.Hands, strings.Fields(h))
	}
	g, err := Game{}.New(games.Config{Players: len(hands), Options: opts, Seed: 1, Deals: []games.Deal{d}})
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

func view(s *State, seat games.Seat) *View { return s.View(seat).(*View) }

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

var basic = []string{
	"9S 2C 3C 2D 6H 8D",
	"JS 4D 5C 10C JH KH",
	"10S QS 9C QD 5H 7D",
	"2H 3H 8C JC KC 6D",
}

func TestA1_1_NonLeaderWhoCannotBeatMayOnlyFold(t *testing.T) {
	s := start(t, nil, 0, "", "9S 2C 3C 2D 6H 8D", "7S KH 4D 5C 10C JH", "3S 4S 9C QD 5H 7D", "2H 3H 8C JC KC 6D")
	do(t, s, "0:play 9S")
	assert.Equal(t, []string{"fold 5C", "fold 10C", "fold 4D", "fold JH", "fold KH", "fold 7S", "foldhand"}, legalText(s, 1))
	refused(t, s, 1, "play 7S", "7S does not beat 9S")
	refused(t, s, 1, "play KH", "a face-up card must be of the led suit (spades)")
}

func TestA1_2_FaceUpMustBeatTheBestAndTheLastFaceUpCardWins(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	do(t, s, "0:play 9S", "1:play JS")
	refused(t, s, 2, "play 10S", "10S does not beat JS")
	assert.Contains(t, legalText(s, 2), "play QS")
	do(t, s, "2:play QS", "3:fold 2H")
	assert.Equal(t, int8(2), s.c.hist[0].winner)
	assert.Equal(t, 2, view(s, games.Observer).Leader, "the trick winner leads")
}

func TestA1_3_EveryoneFoldsAndTheLeaderWins(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	do(t, s, "0:play 2D", "1:fold 4D", "2:fold 7D", "3:fold 6D")
	assert.Equal(t, int8(0), s.c.hist[0].winner)
	assert.Equal(t, []int{1, 0, 0, 0}, view(s, games.Observer).TricksWon)
}

func TestA1_4_TheLeaderNeverFolds(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	for _, a := range legalText(s, 0) {
		assert.True(t, strings.HasPrefix(a, "play ") || a == "foldhand", "leader offered %q", a)
	}
	refused(t, s, 0, "fold 9S", "the leader plays face up and never folds")
	refused(t, s, 0, "secret 9S", "the leader plays face up and never folds")
	// Trick 5 too (face down for the others).
	s = trickFive(t, nil)
	for _, a := range legalText(s, 0) {
		assert.True(t, strings.HasPrefix(a, "play ") || a == "foldhand", "leader offered %q", a)
	}
}

// trickFive plays tricks 1–4 so that seats 0 and 1 won two each and seat 0
// leads trick 5 holding 8♠ 4♥; seat 1 holds 10♠ 4♠.
func trickFive(t *testing.T, opts map[string]string) *State {
	s := start(t, opts, 0, "",
		"AC 2D 9H 7S 8S 4H",
		"5D KC 3H 6C 10S 4S",
		"2C 3C 4C 5H 6H JS",
		"7D 8D 9D 10D JC JH")
	do(t, s,
		"0:play AC", "1:fold 6C", "2:fold 2C", "3:fold JC",
		"0:play 2D", "1:play 5D", "2:fold 3C", "3:fold 7D",
		"1:play KC", "2:fold 4C", "3:fold 8D", "0:fold 7S",
		"1:play 3H", "2:fold 5H", "3:fold 9D", "0:play 9H")
	return s
}

func TestA1_5_ZeroTrickPlayersAreEliminatedAfterTrickFour(t *testing.T) {
	s := trickFive(t, nil)
	v := view(s, games.Observer)
	assert.Equal(t, []int{2, 2, 0, 0}, v.TricksWon)
	assert.Equal(t, []string{"active", "active", "eliminated", "eliminated"}, v.Status)
	assert.Equal(t, 5, v.Trick)
	assert.Equal(t, 0, v.Turn, "the winner of trick 4 leads trick 5")
	assert.Empty(t, s.Legal(2, nil))
	assert.ErrorIs(t, act(t, s, 2, "fold 6H"), games.ErrNotYourTurn)

	k := trickFive(t, map[string]string{"region": "KHMER"})
	assert.Equal(t, []string{"active", "active", "active", "active"}, view(k, games.Observer).Status, "KHMER: nobody is eliminated")
}

func TestA1_6_SweepWinsAtOnceWithABonusFromFourPlayers(t *testing.T) {
	sweep := func(t *testing.T, hands ...string) *State {
		s := start(t, nil, 0, "", hands...)
		do(t, s, "0:play AS")
		for p := 1; p < len(hands); p++ {
			do(t, s, fmt.Sprintf("%d:fold %s", p, strings.Fields(hands[p])[0]))
		}
		do(t, s, "0:play KS", "1:foldhand")
		for p := 2; p < len(hands); p++ {
			do(t, s, fmt.Sprintf("%d:fold %s", p, strings.Fields(hands[p])[1]))
		}
		for i, c := range []string{"QS", "JS"} {
			do(t, s, "0:play "+c)
			for p := 2; p < len(hands); p++ {
				do(t, s, fmt.Sprintf("%d:fold %s", p, strings.Fields(hands[p])[2+i]))
			}
		}
		return s
	}
	s := sweep(t, "AS KS QS JS 2H 3D", "2C 3C 4C 6H 7H 8H", "5C 6C 7C 9H 10H JD", "8C 9C 10C QH KH QD")
	v := view(s, games.Observer)
	require.NotNil(t, v.LastRound)
	assert.Equal(t, RoundView{Round: 1, Winner: 0, How: "sweep", Pot: 4, Bonus: 3, Tricks: v.LastRound.Tricks, SideWinner: -1}, *v.LastRound)
	// 20 - 1 + 4 pot + 3 bonus; the others 20 - 1 - 1 (seat 1 folded its hand and still pays); then round 2's ante.
	assert.Equal(t, []int{25, 17, 17, 17}, v.Chips)
	assert.Equal(t, 0, v.Dealer, "the winner deals the next round")
	assert.Equal(t, 2, v.Round)

	s = sweep(t, "AS KS QS JS 2H 3D", "2C 3C 4C 6H 7H 8H", "5C 6C 7C 9H 10H JD")
	v = view(s, games.Observer)
	assert.Equal(t, 0, v.LastRound.Bonus, "three players: the pot only")
	assert.Equal(t, []int{21, 18, 18}, v.Chips)
}

func TestA1_7_KhmerZeroTrickPlayerWinsTheLastTrick(t *testing.T) {
	s := start(t, map[string]string{"region": "KHMER"}, 0, "",
		"AC KC QC JD 10D 2S",
		"2C 7C 8C 9C 10C 3H",
		"3C 4C 5C 6C QD AH",
		"2D 3D 4D 5S 6S 7S")
	for i, c := range []string{"AC", "KC", "QC", "JD"} {
		do(t, s, "0:play "+c,
			"1:fold "+strings.Fields("2C 7C 8C 9C")[i],
			"2:fold "+strings.Fields("3C 4C 5C 6C")[i],
			"3:fold "+strings.Fields("2D 3D 4D 5S")[i])
	}
	assert.Equal(t, []string{"active", "active", "active", "active"}, view(s, games.Observer).Status)
	do(t, s, "0:play 10D", "1:fold 10C")
	assert.Contains(t, legalText(s, 2), "play QD", "KHMER trick 5 is played face up")
	do(t, s, "2:play QD", "3:fold 6S")
	last := view(s, games.Observer).LastRound
	require.NotNil(t, last)
	assert.Equal(t, 2, last.Winner, "seat 2 won no trick of 1–4 and wins trick 6")
	assert.Equal(t, "showdown", last.How)
	show := last.Tricks[5]
	assert.Equal(t, 2, show.Leader)
	assert.Equal(t, PlayView{Seat: 2, Kind: "show", Card: "AH"}, show.Plays[0])
}

func TestA1_8_SecretTrickFiveThenTheShowdown(t *testing.T) {
	s := start(t, nil, 0, "",
		"4S 10C 6S AH 8C 5D",
		"7S 4D JD 6C QC 2D",
		"7C 9D 5S 7H 3H KS",
		"2C 3D 4H 8H JS 10H")
	do(t, s,
		"0:play 4S", "1:play 7S", "2:fold 7C", "3:fold 2C",
		"1:play 4D", "2:play 9D", "3:fold 3D", "0:fold 10C",
		"2:play 5S", "3:fold 4H", "0:play 6S", "1:fold 6C",
		"0:play AH", "1:fold JD", "2:fold 7H", "3:fold 8H")
	require.Equal(t, []string{"active", "active", "active", "eliminated"}, view(s, games.Observer).Status)
	do(t, s, "0:play 8C")
	assert.Equal(t, []string{"secret QC", "secret 2D", "foldhand"}, legalText(s, 1))
	refused(t, s, 1, "play QC", "trick 5 is played face down")
	refused(t, s, 1, "fold QC", "trick 5 is played face down")
	do(t, s, "1:secret QC")
	assert.Equal(t, PlayView{Seat: 1, Kind: "secret", Card: ""}, view(s, 2).Plays[1], "a secret card is hidden until all have chosen")
	assert.Equal(t, "QC", view(s, 1).Plays[1].Card, "its owner sees it")
	do(t, s, "2:secret 3H")
	last := view(s, games.Observer).LastRound
	require.NotNil(t, last)
	assert.Equal(t, PlayView{Seat: 1, Kind: "secret", Card: "QC"}, last.Tricks[4].Plays[1], "shown once everyone has chosen")
	assert.Equal(t, 1, last.Tricks[4].Winner, "Q♣ wins trick 5")
	assert.Equal(t, 1, last.Tricks[5].Leader)
	assert.Equal(t, "2D", last.Tricks[5].Plays[0].Card)
	assert.Equal(t, 0, last.Winner, "5♦ beats the led 2♦: seat 0 wins the round")
}

func TestA1_9_NobodyFollowsTheShowdownLeadSoTheLeaderWins(t *testing.T) {
	s := trickFive(t, nil)
	do(t, s, "0:play 8S", "1:secret 4S")
	last := view(s, games.Observer).LastRound
	require.NotNil(t, last)
	assert.Equal(t, "4H", last.Tricks[5].Plays[0].Card)
	assert.Equal(t, 0, last.Winner, "4♥ led and no survivor holds a heart")
}

func instantRound(t *testing.T, opts map[string]string, hands ...string) *RoundView {
	s := start(t, opts, 0, "", hands...)
	last := view(s, games.Observer).LastRound
	require.NotNil(t, last, "an instant win ends the round before the first lead")
	require.Equal(t, "instant", last.How)
	return last
}

func TestA1_10_FourAcesAlwaysWin(t *testing.T) {
	last := instantRound(t, map[string]string{"instantFourOfAKind": "off"},
		"2H 3H 8C JC KC 6D", "JS 4D 5C 10C JH KH", "AC AD AH AS 2C 3D", "10S QS 9C QD 5H 7D")
	assert.Equal(t, 2, last.Winner)
	assert.Equal(t, []string{"2C", "AC", "3D", "AD", "AH", "AS"}, last.Hand, "the winning hand is shown")
	assert.Equal(t, 4, last.Pot)
}

func TestA1_11_FourOfAKindOutranksAFlush(t *testing.T) {
	last := instantRound(t, nil,
		"2C 3C 8C JC KC 6D", "9C 9D 9H 9S 2D 3D", "JS 4D 5C 10C AS KS", "2H 3H 4H 5H 6H 7H")
	assert.Equal(t, 1, last.Winner)
}

func TestA1_12_LowHandCountsTheAceAsOne(t *testing.T) {
	last := instantRound(t, nil,
		"AS 2H 3H 4C 5D 5S", "JS 4D 5C 10C JH KH", "10S QS 9C QD 9H 7D", "2S 3S 8C JC KC 6D")
	assert.Equal(t, 0, last.Winner)
}

func TestInstantWinTiesAndPayouts(t *testing.T) {
	// Two low hands: the lower total wins; equal hands go to the seat nearest the first leader.
	last := instantRound(t, nil, "AS 2H 3H 4C 5D 5S", "AC 2S 3S 4D 4H 5C", "10S QS 9C QD 9H 7D", "2C 3C 8C JC KC 6D")
	assert.Equal(t, 1, last.Winner, "19 beats 20")
	last = instantRound(t, nil, "10S QS 9C QD 9H 7D", "AS 2H 3H 4C 5D 5S", "AC 2S 3D 4D 5H 5C", "2C 3C 8C JC KC 6D")
	assert.Equal(t, 1, last.Winner, "20 each: seat 1 is nearer the first leader (seat 0)")

	s := start(t, map[string]string{"instantWinPayout": "DOUBLE"}, 0, "",
		"2H 3H 8C JC KC 6D", "JS 4D 5C 10C JH KH", "AC AD AH AS 2C 3D", "10S QS 9C QD 5H 7D")
	v := view(s, games.Observer)
	assert.Equal(t, 3, v.LastRound.Bonus)
	assert.Equal(t, []int{17, 17, 25, 17}, v.Chips, "pot 4 and one ante from each, then round 2's ante")

	flush := instantRound(t, map[string]string{"instantFlush": "off", "instantLowHand": "off"},
		"2H 3H 4H 5H 6H 7H", "JS 4D 5C 10C JH KH", "9C 9D 9H 9S 2D 3D", "10S QS AC QD 5S 7D")
	assert.Equal(t, 2, flush.Winner)
}

func TestA1_13_SidePotGoesToTheNextCardUp(t *testing.T) {
	for _, tc := range []struct{ up, want string }{{"7H", "8H"}, {"KS", "AS"}, {"AS", "2S"}} {
		up, _ := cards.Parse(tc.up)
		assert.Equal(t, tc.want, sideCardFor(up).String())
	}
	on := map[string]string{"sidePot": "on"}
	s := start(t, on, 0, "7H", "9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H", "10S QS 9C QD 5H 7D", "2H 3H 8C JC KC 6D")
	v := view(s, games.Observer)
	assert.Equal(t, 1, v.SideWinner)
	assert.Equal(t, 0, v.SidePot)
	assert.Equal(t, []int{18, 22, 18, 18}, v.Chips, "AUTO: the side pot of 4 is paid at once")
	assert.Equal(t, "8H", v.SideCard)

	// 7♣ undealt in rounds 1 and 2: the side pot carries over.
	s = startDeals(t, on, dealOf("6C", basic...), dealOf("6C", basic...))
	v = view(s, games.Observer)
	assert.Equal(t, -1, v.SideWinner)
	assert.Equal(t, 4, v.SidePot)
	do(t, s, "0:play 9S", "1:foldhand", "2:foldhand", "3:foldhand")
	v = view(s, games.Observer)
	assert.Equal(t, 2, v.Round)
	assert.Equal(t, -1, v.LastRound.SideWinner)
	assert.Equal(t, 8, v.SidePot, "4 carried over and round 2's 4")
}

func dealOf(upcard string, hands ...string) games.Deal {
	d := games.Deal{Upcard: upcard}
	for _, h := range hands {
		d.Hands = append(d.Hands, strings.Fields(h))
	}
	return d
}

// startDeals begins a match with seat 0 dealing and these deals.
func startDeals(t testing.TB, opts map[string]string, deals ...games.Deal) *State {
	t.Helper()
	first := 0
	deals[0].First = &first
	g, err := Game{}.New(games.Config{Players: len(deals[0].Hands), Options: opts, Seed: 1, Deals: deals})
	require.NoError(t, err)
	return g.(*State)
}

func TestManualSidePotClaim(t *testing.T) {
	opts := map[string]string{"sidePot": "on", "sidePotClaim": "MANUAL"}
	s := start(t, opts, 0, "7H", "9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H", "10S QS 9C QD 5H 7D", "2H 3H 8C JC KC 6D")
	assert.Equal(t, -1, view(s, games.Observer).SideWinner)
	assert.Equal(t, []string{"sidepot"}, legalText(s, 1), "the holder may claim out of turn")
	assert.Equal(t, []games.Seat{0}, s.Actors(nil), "Actors does not give the holder away")
	refused(t, s, 2, "sidepot", "you were not dealt 8H")
	do(t, s, "0:play 9S", "1:play JS", "1:sidepot")
	v := view(s, games.Observer)
	assert.Equal(t, 1, v.SideWinner)
	assert.Equal(t, []int{18, 22, 18, 18}, v.Chips)
	refused(t, s, 1, "sidepot", "already taken")

	// Not claimed before the round ends: it carries over.
	hands := []string{"9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H", "10S QS 9C QD 5H 7D", "2H 3H 8C JC KC 6D"}
	s = startDeals(t, opts, dealOf("7H", hands...), dealOf("7H", hands...))
	do(t, s, "0:play 9S", "1:foldhand", "2:foldhand", "3:foldhand")
	v = view(s, games.Observer)
	assert.Equal(t, 2, v.Round)
	assert.Equal(t, -1, v.LastRound.SideWinner)
	assert.Equal(t, 8, v.SidePot, "4 carried over and round 2's 4")
	assert.Equal(t, []string{"sidepot"}, legalText(s, 1))
}

func TestFoldedCardsAreNeverShownToAnotherSeat(t *testing.T) {
	s := trickFive(t, nil)
	do(t, s, "0:play 8S", "1:secret 4S") // the round ends
	folds := map[string]int{"6C": 1, "2C": 2, "JC": 3, "3C": 2, "7D": 3, "4C": 2, "8D": 3, "7S": 0, "5H": 2, "9D": 3}
	for seat := games.God; seat < 4; seat++ {
		if seat == games.System {
			continue
		}
		j := jsonOf(t, view(s, seat).LastRound)
		for c, owner := range folds {
			if seat == games.God || int(seat) == owner {
				assert.Contains(t, j, `"`+c+`"`, "seat %d sees its own fold %s", seat, c)
			} else {
				assert.NotContains(t, j, `"`+c+`"`, "seat %d sees the fold %s of seat %d", seat, c, owner)
			}
		}
	}
	assert.Contains(t, jsonOf(t, view(s, games.Observer).LastRound), `"4S"`, "trick-5 face-down cards are shown")
}

func TestFoldHand(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	do(t, s, "0:foldhand")
	v := view(s, games.Observer)
	assert.Equal(t, "folded", v.Status[0])
	assert.Equal(t, 1, v.Turn, "the next active player leads")
	do(t, s, "1:play JS", "2:play QS", "3:foldhand")
	assert.Equal(t, 2, view(s, games.Observer).Turn, "the trick ended with the players still in; its winner leads")
	do(t, s, "2:play 10S", "1:foldhand")
	last := view(s, games.Observer).LastRound
	assert.Equal(t, 2, last.Winner, "the last active player wins the round")
	assert.Equal(t, "lastStanding", last.How)

	off := start(t, map[string]string{"foldHand": "off"}, 0, "", basic...)
	assert.NotContains(t, legalText(off, 0), "foldhand")
	refused(t, off, 0, "foldhand", "folding the hand is off")
}

func TestClaim(t *testing.T) {
	opts := map[string]string{"claimWin": "on"}
	s := start(t, opts, 0, "", "AS AH AD KS KH KD", "2C 3C 4C 6H 7H 8H", "5C 6C 7C 9H 10H JD", "8C 9C 10C QH 2H QD")
	do(t, s, "0:claim")
	v := view(s, games.Observer)
	assert.Equal(t, RoundView{Round: 1, Winner: 0, How: "claim", Pot: 4, Tricks: []TrickView{}, SideWinner: -1}, *v.LastRound,
		"leading its aces and kings wins every trick: a valid claim takes the pot, no sweep bonus")

	s = start(t, opts, 0, "", basic...)
	do(t, s, "0:claim")
	v = view(s, games.Observer)
	assert.Equal(t, "eliminated", v.Status[0], "a wrong claim eliminates")
	assert.Equal(t, []int{18, 19, 19, 19}, v.Chips, "and costs one more ante")
	assert.Equal(t, 5, v.Pot)
	assert.Equal(t, []string{"2C", "3C", "2D", "8D", "6H", "9S"}, v.Shown[0], "the claimed hand was shown")
	assert.Equal(t, 1, v.Turn)

	refused(t, start(t, nil, 0, "", basic...), 0, "claim", "claiming the round is off")
}

func TestClaimNeedsASureWin(t *testing.T) {
	opts := map[string]string{"claimWin": "on"}
	// A♥ wins a trick, but every other card of seat 0 can be beaten at the showdown.
	s := start(t, opts, 0, "", "10S AH 2C 3C 4D 5D", "JS 6C 7C 8D 9D 2H", "QC 3H 4H 5H 6H 7H", "KC 8H 9H 10H JH 6D")
	do(t, s, "0:claim")
	assert.Equal(t, "eliminated", view(s, games.Observer).Status[0])

	// Trick 5: seat 1 keeps 10♠ for the showdown whatever seat 0 leads.
	s = trickFive(t, opts)
	do(t, s, "0:claim")
	last := view(s, games.Observer).LastRound
	require.NotNil(t, last)
	assert.Equal(t, 1, last.Winner)
	assert.Equal(t, "lastStanding", last.How)

	// Seat 1 to play in trick 5 holding 10♠ 4♠ after 8♠ was led: 10♠ wins
	// trick 5 and 4♠ leads the showdown, which 4♥ cannot beat.
	s = trickFive(t, opts)
	do(t, s, "0:play 8S", "1:claim")
	last = view(s, games.Observer).LastRound
	require.NotNil(t, last)
	assert.Equal(t, 1, last.Winner)
	assert.Equal(t, "claim", last.How)
}

func TestOpenFaceUpRule(t *testing.T) {
	s := start(t, map[string]string{"faceUpRule": "OPEN"}, 0, "", basic...)
	do(t, s, "0:play 9S", "1:play KH", "2:play 10S", "3:play 2H")
	assert.Equal(t, int8(2), s.c.hist[0].winner, "10♠ is the best spade; off-suit cards never win")
}

func TestLeftOfDealerLeadsWithTheOption(t *testing.T) {
	s := start(t, map[string]string{"firstLead": "LEFT_OF_DEALER"}, 3, "", basic...)
	v := view(s, games.Observer)
	assert.Equal(t, 3, v.Dealer)
	assert.Equal(t, 0, v.Turn)
}

func TestMatchEndsAfterMatchRoundsMostChipsWin(t *testing.T) {
	s := start(t, map[string]string{"matchRounds": "1"}, 0, "", basic...)
	do(t, s, "0:play 9S", "1:foldhand", "2:foldhand", "3:foldhand")
	assert.True(t, s.Done())
	r := s.Result()
	assert.Equal(t, []int{23, 19, 19, 19}, r.Scores)
	assert.Equal(t, []games.Seat{0}, r.Winners)
	assert.Empty(t, s.Actors(nil))
	assert.ErrorIs(t, act(t, s, 0, "play 9S"), games.ErrDone)
}

func TestAPlayerWhoCannotPayTheAnteLeaves(t *testing.T) {
	opts := map[string]string{"startingChips": "10", "ante": "5"}
	s := start(t, opts, 0, "", "9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH KH", "10S QS 9C QD 5H 7D")
	do(t, s, "0:play 9S", "1:foldhand", "2:foldhand")
	// Seat 0: 10-5+15 = 20, then 15 after round 2's ante; seats 1 and 2 had 5 and paid it.
	require.Equal(t, []int{15, 0, 0}, view(s, games.Observer).Chips)
	require.Equal(t, games.Seat(0), s.Actors(nil)[0])
	do(t, s, "0:"+legalText(s, 0)[0], "1:foldhand", "2:foldhand")
	assert.True(t, s.Done(), "nobody else can pay the ante")
	assert.Equal(t, 2, s.round)
	assert.Equal(t, []int{30, 0, 0}, s.Result().Scores)
	assert.Equal(t, []games.Seat{0}, s.Result().Winners)
}

func TestBadConfigsAreRefused(t *testing.T) {
	five := [][]string{strings.Fields(basic[0]), strings.Fields(basic[1])[:5], strings.Fields(basic[2]), strings.Fields(basic[3])}
	twice := [][]string{strings.Fields(basic[0]), strings.Fields(basic[0]), strings.Fields(basic[2]), strings.Fields(basic[3])}
	full := [][]string{strings.Fields(basic[0]), strings.Fields(basic[1]), strings.Fields(basic[2]), strings.Fields(basic[3])}
	for _, tc := range []struct {
		name    string
		players int
		opts    map[string]string
		deal    games.Deal
		err     string
	}{
		{"seven players", 7, nil, games.Deal{}, "2 to 6"},
		{"bad region", 4, map[string]string{"region": "THAI"}, games.Deal{}, "region"},
		{"five cards", 4, nil, games.Deal{Hands: five}, "hand 1 has 5 cards, want 6"},
		{"card twice", 4, nil, games.Deal{Hands: twice}, "dealt twice"},
		{"upcard without side pot", 4, nil, games.Deal{Hands: full, Upcard: "AH"}, "upcard needs the side pot"},
		{"upcard in a hand", 4, map[string]string{"sidePot": "on"}, games.Deal{Hands: full, Upcard: "9S"}, "upcard 9S is also in a hand"},
		{"hidden", 4, nil, games.Deal{Hidden: "9S"}, "hidden is not used"},
		{"bad card", 4, nil, games.Deal{Hands: [][]string{{"1S"}}}, "hands for 4 players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game{}.New(games.Config{Players: tc.players, Options: tc.opts, Deals: []games.Deal{tc.deal}})
			assert.ErrorContains(t, err, tc.err)
		})
	}
}

func TestIllegalActionsSayWhy(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	refused(t, s, 1, "play JS", "not your turn")
	refused(t, s, 0, "play JS", "you do not hold JS")
	refused(t, s, 0, "sidepot", "there is no side pot")
	assert.ErrorIs(t, act(t, s, 0, "timeout"), games.ErrNoWindow)
	do(t, s, "0:play 9S")
	refused(t, s, 1, "secret JS", "secret cards are for trick 5 only")
}

func mustCards(t testing.TB, s string) []cards.Card {
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cs
}

func TestClaimTrickFiveChoiceIsMadeWithoutSeeingTheOthers(t *testing.T) {
	// Trick 5, three survivors: seat 0 has led 4♦ and keeps 2♥; seat 1 (K♣ 9♦)
	// chooses before seat 2 (A♣ 5♥), the claimant. If seat 1 puts down 9♦ it
	// wins trick 5 and leads K♣: seat 2 must have kept A♣. If it puts down
	// K♣, 4♦ wins and 2♥ leads: seat 2 must have kept 5♥. Seeing seat 1's
	// choice seat 2 always wins; choosing blind it cannot be sure.
	c := core{n: 3, elim: true, secret5: true, winner: -1, active: 7, won: [6]int8{1, 1, 1}, trick: 5}
	c.hands[0] = cards.SetOf(mustCards(t, "4D 2H")...)
	c.hands[1] = cards.SetOf(mustCards(t, "KC 9D")...)
	c.hands[2] = cards.SetOf(mustCards(t, "AC 5H")...)
	c.begin(0)
	c.do(games.Action(actPlay + int(mustCards(t, "4D")[0])))
	require.Equal(t, int8(1), c.turn)
	assert.False(t, claimHolds(&c, 2))
	for _, q := range []string{"KC", "9D"} {
		n := c
		n.do(games.Action(actSecret + int(mustCards(t, q)[0])))
		assert.True(t, claimHolds(&n, 2), "after seat 1 put down %s", q)
	}
}

func TestALaterDealMustFitTheSeatsStillInWhenItsRoundStarts(t *testing.T) {
	// Seat 0 wins round 1 and seat 1 round 2; seats 2 and 3 then cannot
	// pay the ante of 5 and are out of round 3.
	opts := map[string]string{"startingChips": "10", "ante": "5"}
	hands := func(lists ...string) [][]string {
		var out [][]string
		for _, l := range lists {
			out = append(out, strings.Fields(l))
		}
		return out
	}
	actions := []record.Step{
		{Seat: 0, Act: "play 9S"}, {Seat: 1, Act: "foldhand"}, {Seat: 2, Act: "foldhand"}, {Seat: 3, Act: "foldhand"},
		{Seat: 0, Act: "foldhand"}, {Seat: 1, Act: "play JS"}, {Seat: 2, Act: "foldhand"}, {Seat: 3, Act: "foldhand"},
	}
	first := 0
	for _, tc := range []struct {
		name  string
		third [][]string
		err   string
	}{
		{"cards for a seat that has left", hands(basic...), "round 3: deal 3 lists cards for seat 2, who has left the match"},
		{"no cards for a seat still in", hands(basic[0], "", "", ""), "round 3: deal 3 lists no cards for seat 1, who is still in the match"},
		{"the seats still in", hands(basic[0], basic[1], "", ""), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := record.New(ID, games.Config{Players: 4, Options: opts, Seed: 3, Deals: []games.Deal{
				{First: &first, Hands: hands(basic...)}, {Hands: hands(basic...)}, {Hands: tc.third}}})
			rec.Actions = actions
			gs, err := record.Replay(Game{}, rec, nil)
			s := gs.(*State)
			if tc.err == "" {
				require.NoError(t, err)
				assert.Equal(t, 3, s.round)
				assert.Equal(t, []string{"active", "active", "out", "out"}, view(s, games.Observer).Status)
				assert.Equal(t, strings.Fields("2C 3C 2D 8D 6H 9S"), strings.Fields(strings.Join(view(s, 0).Hand, " ")), "dealt as listed")
				return
			}
			var se *record.StepError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, 7, se.Index, "refused when round 3 starts: the action that ends round 2")
			assert.ErrorContains(t, err, tc.err)
			assert.Equal(t, 2, s.round, "the refused action left the state as it was")
			assert.Equal(t, int8(3), s.c.turn)
			require.NoError(t, invariants(s))
		})
	}
}
