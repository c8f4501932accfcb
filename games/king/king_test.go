package king

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/gamestest"
)

// at starts a match and jumps to the first round of contract c with the given
// hands (seat 0 first, cards separated by spaces) and first leader.
func at(t testing.TB, opts map[string]string, c Contract, hands [4]string, leader games.Seat) *State {
	t.Helper()
	g, err := Game{}.New(games.Config{Players: 4, Options: opts, Seed: 1})
	require.NoError(t, err)
	s := g.(*State)
	for s.rounds[s.round] != c {
		s.round++
	}
	s.firstLeader0 = (leader - games.Seat(s.round) + 16) % 4
	// The rounds before went to seat 0, their last trick 7C 8C 9C 10C
	// (clubs trump in a collecting round) to seat 3.
	for r := range s.round {
		var h roundResult
		h.scores[0] = RoundTotal(s.rounds[r])
		if h.trump = unnamed; s.rounds[r] == Collecting {
			h.trump = int8(cards.Clubs)
		}
		s.history[r] = h
		s.scores[0] += h.scores[0]
		s.last = lastTrick{ok: true, leader: 0, cards: [4]cards.Card(mustCards(t, "7C 8C 9C 10C")), winner: 3}
	}
	s.startRound()
	for i, h := range hands {
		cs, err := cards.ParseList(h)
		require.NoError(t, err)
		s.hands[i] = cards.SetOf(cs...)
	}
	return s
}

func TestA8_1_HeartsRoundLeadBan(t *testing.T) {
	s := at(t, nil, NoHearts, [4]string{"8H 9C", "7C", "7D", "7S"}, 0)
	assert.Equal(t, []string{"play 9C"}, gamestest.LegalText(s, 0))
	gamestest.RequireRefused(t, s, 0, "play 8H", "you may not lead hearts while you hold another suit")

	s = at(t, nil, NoHearts, [4]string{"8H 10H", "7C", "7D", "7S"}, 0)
	assert.Equal(t, []string{"play 8H", "play 10H"}, gamestest.LegalText(s, 0), "a hand of only hearts may lead a heart")
}

func TestA8_2_KingRoundForcedDiscardWhenVoid(t *testing.T) {
	s := at(t, nil, NoKing, [4]string{"7S 8S", "KH 7D", "9S 8D", "10S 9D"}, 0)
	gamestest.MustAct(t, s, "0:play 7S")
	assert.Equal(t, []string{"play KH"}, gamestest.LegalText(s, 1))
	gamestest.RequireRefused(t, s, 1, "play 7D", "you must throw the king of hearts when you have no spades")
}

func TestA8_3_KingRoundHeartsLedEitherHeart(t *testing.T) {
	hands := [4]string{"AH 8S", "KH 8H", "9S 8D", "10S 9D"}
	s := at(t, nil, NoKing, hands, 0)
	gamestest.MustAct(t, s, "0:play 8S") // the lead ban: seat 0 must lead its spade first
	gamestest.MustAct(t, s, "1:play KH") // void in spades: K♥ forced
	s = at(t, map[string]string{"heartLeadInKingRound": "off"}, NoKing, hands, 0)
	gamestest.MustAct(t, s, "0:play AH")
	assert.Equal(t, []string{"play 8H", "play KH"}, gamestest.LegalText(s, 1), "default kingOnHeartLead=OFF: either heart")

	s = at(t, map[string]string{"heartLeadInKingRound": "off", "kingOnHeartLead": "IF_ACE"}, NoKing, hands, 0)
	gamestest.MustAct(t, s, "0:play AH")
	assert.Equal(t, []string{"play KH"}, gamestest.LegalText(s, 1), "IF_ACE: the ace is down, the King must go")
	gamestest.RequireRefused(t, s, 1, "play 8H", "the king of hearts must go on the ace of hearts")
}

func TestA8_4_HeartsRoundEndsWhenTheEighthHeartIsTaken(t *testing.T) {
	s := at(t, nil, NoHearts, [4]string{
		"7C 8C 9C 10C JC QC KC AC",
		"7D 8D 7H 8H 9H 10H 7S 8S",
		"9D 10D JH QH KH AH 9S 10S",
		"JD QD KD AD JS QS KS AS",
	}, 0)
	discards := [][3]string{{"7D", "9D", "JD"}, {"8D", "10D", "QD"}, {"7H", "JH", "KD"}, {"8H", "QH", "AD"}, {"9H", "KH", "JS"}, {"10H", "AH", "QS"}}
	clubs := []string{"7C", "8C", "9C", "10C", "JC", "QC"}
	for i, d := range discards {
		require.Equal(t, 1, s.round, "round 2 still running before trick %d", i+1)
		gamestest.MustAct(t, s, "0:play "+clubs[i], "1:play "+d[0], "2:play "+d[1], "3:play "+d[2])
	}
	assert.Equal(t, 2, s.round, "the round ended after trick 6")
	assert.Equal(t, [4]int{-16, 0, 0, 0}, s.history[1].scores)
}

func TestA8_5_QueensRoundEndsWhenAllQueensAreTaken(t *testing.T) {
	s := at(t, nil, NoQueens, [4]string{
		"7C 8C 9C 10C JC QC KC AC",
		"QD QH 7H 8H 9H 10H 7S 8S",
		"QS 10D JH 9D KH AH 9S 10S",
		"JD 7D KD AD JS 8D KS AS",
	}, 0)
	steps := [][4]string{{"7C", "7H", "JH", "JD"}, {"8C", "8H", "KH", "7D"}, {"9C", "9H", "AH", "KD"}, {"10C", "QD", "QS", "AD"}}
	for _, st := range steps {
		gamestest.MustAct(t, s, "0:play "+st[0], "1:play "+st[1], "2:play "+st[2], "3:play "+st[3])
	}
	require.Equal(t, 3, s.round, "two queens taken: the round goes on")
	gamestest.MustAct(t, s, "0:play QC", "1:play QH", "2:play 9D", "3:play JS")
	assert.Equal(t, 4, s.round, "all four queens taken by trick 5: the round ended")
	assert.Equal(t, [4]int{-16, 0, 0, 0}, s.history[3].scores)
}

func TestA8_6_BoysRoundPenalisesJacksAndKingsNotQueens(t *testing.T) {
	assert.Equal(t, -4, penalty(NoBoys, 0, cards.SetOf(mustCards(t, "JH QS KD 7C")...)))
	assert.Equal(t, 0, penalty(NoBoys, 0, cards.SetOf(mustCards(t, "QH QS 7D 7C")...)))

	s := at(t, nil, NoBoys, [4]string{"AC", "QC", "JC", "KD"}, 0)
	gamestest.MustAct(t, s, "0:play AC", "1:play QC", "2:play JC", "3:play KD")
	assert.Equal(t, [4]int{-4, 0, 0, 0}, s.roundScores)
}

func TestA8_7_LastTwoRoundBothTricksCostSixteen(t *testing.T) {
	s := at(t, nil, NoLastTwo, [4]string{
		"7C 8C 9C 10C JC QC KC AC",
		"7D 8D 9D 10D JD QD KD AD",
		"7H 8H 9H 10H JH QH KH AH",
		"7S 8S 9S 10S JS QS KS AS",
	}, 0)
	for i, c := range []string{"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"} {
		r := []string{"7", "8", "9", "10", "J", "Q", "K", "A"}[i]
		gamestest.MustAct(t, s, "0:play "+c, "1:play "+r+"D", "2:play "+r+"H", "3:play "+r+"S")
	}
	assert.Equal(t, [4]int{-16, 0, 0, 0}, s.history[4].scores)
}

func TestA8_8_AnythingRoundLastTrickWithKingOfHearts(t *testing.T) {
	assert.Equal(t, -38, penalty(NoAnything, 7, cards.SetOf(mustCards(t, "KH 7H QS JD")...)))
}

func TestA8_9_CollectingVoidPlayerTrumpsAndWins(t *testing.T) {
	s := at(t, nil, Collecting, [4]string{"AC 8S", "7D 8D", "7C 9S", "8C 10S"}, 0)
	gamestest.RequireRefused(t, s, 0, "play AC", "name the trump suit first")
	gamestest.MustAct(t, s, "0:trump D", "0:play AC", "1:play 7D", "2:play 7C", "3:play 8C")
	assert.Equal(t, games.Seat(1), s.last.winner)
	assert.Equal(t, [4]int{0, 3, 0, 0}, s.roundScores)
}

func TestA8_10_RoundTotals(t *testing.T) {
	tests := []struct {
		opts  map[string]string
		total int
	}{
		{nil, 96}, // the seed's defaults: 6 avoiding + 8 collecting
		{map[string]string{"collectingRounds": "4"}, 0},
		{map[string]string{"includeAnything": "on"}, 0},
		{map[string]string{"includeAnything": "on", "collectingRounds": "4"}, -96},
	}
	for _, tt := range tests {
		for seed := range uint64(50) {
			s := randomMatch(t, tt.opts, seed)
			require.NoError(t, check(s)) // every round's own total
			total := 0
			for _, v := range s.scores {
				total += v
			}
			require.Equal(t, tt.total, total, "options %v seed %d", tt.opts, seed)
		}
	}
}

func TestA8_11_FirstLeaderRotatesAndEveryoneNamesTrumpTwice(t *testing.T) {
	first := 2
	g, err := Game{}.New(games.Config{Players: 4, Seed: 9, Deals: []games.Deal{{Hands: sortedDeal(), First: &first}}})
	require.NoError(t, err)
	s := g.(*State)
	named := map[games.Seat]int{}
	bot := rand.New(rand.NewPCG(1, 2))
	round := -1
	for !s.Done() {
		if s.round != round {
			round = s.round
			require.Equal(t, games.Seat((first+round)%4), s.turn, "round %d first leader", round+1)
		}
		seat := s.Actors(nil)[0]
		legal := s.Legal(seat, nil)
		a := legal[bot.IntN(len(legal))]
		if a >= trumpBase {
			named[seat]++
		}
		require.NoError(t, s.Apply(seat, a))
	}
	assert.Equal(t, map[games.Seat]int{0: 2, 1: 2, 2: 2, 3: 2}, named)
}

func TestScoresSumToNinetySixUnderDefaults(t *testing.T) {
	s := randomMatch(t, nil, 42)
	assert.True(t, s.Done())
	r := s.Result()
	assert.Equal(t, 96, r.Scores[0]+r.Scores[1]+r.Scores[2]+r.Scores[3])
	assert.NotEmpty(t, r.Winners)
}

func TestBadConfigIsRefusedWithAClearError(t *testing.T) {
	dup := sortedDeal()
	dup[1][0] = "7C"
	three := 3
	tests := []struct {
		name string
		cfg  games.Config
		err  string
	}{
		{"players", games.Config{Players: 3}, "exactly 4"},
		{"unknown option", games.Config{Players: 4, Options: map[string]string{"jokers": "on"}}, `unknown option "jokers"`},
		{"bad value", games.Config{Players: 4, Options: map[string]string{"collectingRounds": "5"}}, `collectingRounds: bad value "5" (allowed: 4, 8)`},
		{"short hand", games.Config{Players: 4, Deals: []games.Deal{{Hands: [][]string{{"7C"}, {}, {}, {}}}}}, "seat 0 has 1 cards, want 8"},
		{"duplicate", games.Config{Players: 4, Deals: []games.Deal{{Hands: dup}}}, "7C is dealt twice"},
		{"not in deck", games.Config{Players: 4, Deals: []games.Deal{{Hands: [][]string{{"2C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"}, {}, {}, {}}}}}, "2C is not in the 32-card deck"},
		{"unknown card", games.Config{Players: 4, Deals: []games.Deal{{Hands: [][]string{{"ZZ", "8C", "9C", "10C", "JC", "QC", "KC", "AC"}, {}, {}, {}}}}}, `unknown card "ZZ"`},
		{"first later", games.Config{Players: 4, Deals: []games.Deal{{Hands: sortedDeal()}, {Hands: sortedDeal(), First: &three}}}, "first is given in the first deal only"},
		{"foreign field", games.Config{Players: 4, Deals: []games.Deal{{Hands: sortedDeal(), Upcard: "7C"}}}, "field upcard is not used here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Game{}.New(tt.cfg)
			require.ErrorContains(t, err, tt.err)
		})
	}
}

func TestIllegalActionsSayWhy(t *testing.T) {
	s := at(t, nil, NoTricks, [4]string{"7C 8D", "9C 10D", "JC QD", "KC AD"}, 0)
	gamestest.RequireRefused(t, s, 1, "play 9C", "not your turn")
	gamestest.RequireRefused(t, s, 0, "play AS", "you do not hold AS")
	gamestest.RequireRefused(t, s, 0, "trump H", "the trump is named only by the first leader of a collecting round")
	gamestest.RequireRefused(t, s, games.System, "timeout", "no timed window")
	gamestest.MustAct(t, s, "0:play 7C")
	gamestest.RequireRefused(t, s, 1, "play 10D", "must follow clubs")
	_, err := s.ParseAction("play 6C")
	assert.ErrorContains(t, err, "not in the 32-card deck")
	_, err = s.ParseAction("jump")
	assert.ErrorContains(t, err, `unknown action "jump"`)
}

func TestMustTrumpWhenVoidOption(t *testing.T) {
	s := at(t, map[string]string{"mustTrumpWhenVoid": "on"}, Collecting, [4]string{"AC", "7D 8H", "7C", "8C"}, 0)
	gamestest.MustAct(t, s, "0:trump D", "0:play AC")
	assert.Equal(t, []string{"play 7D"}, gamestest.LegalText(s, 1))
	gamestest.RequireRefused(t, s, 1, "play 8H", "you must trump when you have no clubs")
}

func TestNoTrumpOnlyWithTheOption(t *testing.T) {
	s := at(t, nil, Collecting, [4]string{"AC", "7D", "7C", "8C"}, 0)
	gamestest.RequireRefused(t, s, 0, "trump none", "name a trump suit")
	s = at(t, map[string]string{"allowNoTrump": "on"}, Collecting, [4]string{"AC", "7D", "7C", "8C"}, 0)
	gamestest.MustAct(t, s, "0:trump none", "0:play AC", "1:play 7D", "2:play 7C", "3:play 8C")
	assert.Equal(t, games.Seat(0), s.last.winner, "no trump: the 7D discard does not win")
}

func TestKingDiscardScopeAllAvoiding(t *testing.T) {
	hands := [4]string{"7S", "KH 7D", "9S", "10S"}
	s := at(t, nil, NoTricks, hands, 0)
	gamestest.MustAct(t, s, "0:play 7S")
	assert.Equal(t, []string{"play 7D", "play KH"}, gamestest.LegalText(s, 1), "default: round 1 has no forced discard")
	s = at(t, map[string]string{"kingDiscardScope": "ALL_AVOIDING"}, NoTricks, hands, 0)
	gamestest.MustAct(t, s, "0:play 7S")
	assert.Equal(t, []string{"play KH"}, gamestest.LegalText(s, 1))
}

func TestConformance(t *testing.T) {
	gamestest.Run(t, entry, gamestest.Suite{
		Configs: []games.Config{
			{Players: 4},
			{Players: 4, Seed: 1000, Options: map[string]string{"includeAnything": "on", "collectingRounds": "4"}},
			{Players: 4, Seed: 2000, Options: map[string]string{"kingDiscardScope": "ALL_AVOIDING", "heartLeadInKingRound": "off",
				"allowNoTrump": "on", "mustTrumpWhenVoid": "on", "kingOnHeartLead": "IF_ACE", "includeAnything": "on"}},
		},
		Playouts: 8,
		Check:    check,
	})
}

func FuzzKing(f *testing.F) {
	gamestest.Fuzz(f, Game{}, games.Config{Players: 4, Options: map[string]string{"includeAnything": "on"}}, check)
}

// check is the engine's invariants: the 32 cards accounted for, every
// finished round summing to its total, the match total matching the history.
func check(g games.State) error {
	s := g.(*State)
	var all cards.Set
	n := s.played.Len()
	for _, h := range s.hands {
		all |= h
		n += h.Len()
	}
	all |= s.played
	if !s.done && (all != cards.Deck32 || n != 32) {
		return fmt.Errorf("cards: %d held or played, union %v", n, all)
	}
	var totals [4]int
	for i, h := range s.history[:s.round] {
		sum := 0
		for seat, v := range h.scores {
			sum += v
			totals[seat] += v
		}
		if want := RoundTotal(s.rounds[i]); sum != want {
			return fmt.Errorf("round %d (%s) sums to %d, want %d", i+1, s.rounds[i], sum, want)
		}
	}
	if totals != s.scores {
		return fmt.Errorf("scores %v but rounds add to %v", s.scores, totals)
	}
	return nil
}

func randomMatch(t testing.TB, opts map[string]string, seed uint64) *State {
	g, err := Game{}.New(games.Config{Players: 4, Options: opts, Seed: seed})
	require.NoError(t, err)
	s := g.(*State)
	rng := rand.New(rand.NewPCG(seed, 99))
	var legal []games.Action
	for !s.Done() {
		legal = s.Legal(s.turn, legal[:0])
		require.NoError(t, s.Apply(s.turn, legal[rng.IntN(len(legal))]))
	}
	return s
}

func sortedDeal() [][]string {
	deck := cards.Deck32.Strings()
	return [][]string{deck[0:8], deck[8:16], deck[16:24], deck[24:32]}
}

func mustCards(t testing.TB, s string) []cards.Card {
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cs
}

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func TestTheRoundsLastTrickStaysOnShowWhenTheNextDealStarts(t *testing.T) {
	s := at(t, nil, NoKing, [4]string{"KH", "7H", "8H", "9H"}, 0)
	gamestest.MustAct(t, s, "0:play KH", "1:play 7H", "2:play 8H", "3:play 9H")
	require.Equal(t, 6, s.round, "the King of Hearts is taken: the round is over")
	v := s.View(1).(*View)
	require.NotNil(t, v.LastTrick)
	assert.Equal(t, []string{"KH", "7H", "8H", "9H"}, v.LastTrick.Cards)
	assert.Equal(t, games.Seat(0), v.LastTrick.Winner)
}
