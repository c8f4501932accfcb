package catte

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
)

func TestAdviseReturnsALegalActionInRandomPositions(t *testing.T) {
	configs := []games.Config{
		{Players: 2},
		{Players: 4, Options: map[string]string{"claimWin": "on", "sidePot": "on", "sidePotClaim": "MANUAL"}},
		{Players: 6, Options: map[string]string{"region": "KHMER", "khmerSecretTrick5": "on"}},
		{Players: 3, Options: map[string]string{"faceUpRule": "OPEN", "region": "LAOS"}},
		{Players: 5, Options: map[string]string{"region": "KHMER", "foldHand": "off", "claimWin": "on"}},
	}
	decisions := 0
	kinds := map[string]int{}
	for ci, cfg := range configs {
		for seed := range uint64(30) {
			cfg.Seed = seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for !s.Done() {
				seat := games.Seat(s.c.turn)
				legal := s.Legal(seat, nil)
				a := Game{}.Advise(s.View(seat), legal, rng)
				require.Contains(t, legal, a, "config %d seed %d: %s", ci, seed, s.FormatAction(a))
				kinds[strings.Fields(s.FormatAction(a))[0]]++
				if rng.IntN(4) == 0 && a != actSidePot { // wander off the advised line too
					a = legal[rng.IntN(len(legal))]
				}
				require.NoError(t, s.Apply(seat, a))
				decisions++
			}
		}
	}
	assert.Greater(t, decisions, 5000)
	for _, k := range []string{"play", "fold", "secret", "claim", "sidepot"} {
		assert.Positive(t, kinds[k], "never advised %s", k)
	}
	assert.Zero(t, kinds["foldhand"], "threw in a hand that could still play")
}

func TestAdviseClaimsOnlySureWins(t *testing.T) {
	claims := 0
	for seed := range uint64(400) {
		cfg := games.Config{Players: 2 + int(seed%5), Seed: seed, Options: map[string]string{"claimWin": "on", "matchRounds": "3"}}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 9))
		for !s.Done() {
			seat := games.Seat(s.c.turn)
			a := Game{}.Advise(s.View(seat), s.Legal(seat, nil), rng)
			round := s.round
			require.NoError(t, s.Apply(seat, a))
			if a == actClaim {
				claims++
				require.True(t, s.hasLast && s.last.round == round, "seed %d: the claim did not end the round", seed)
				assert.Equal(t, howClaim, s.last.how, "seed %d", seed)
				assert.Equal(t, int8(seat), s.last.winner, "seed %d", seed)
			}
		}
	}
	assert.Greater(t, claims, 20)
}

func TestAdviseWithoutAViewPicksALegalAction(t *testing.T) {
	legal := []games.Action{3, 7}
	assert.Contains(t, legal, Game{}.Advise(nil, legal, rand.New(rand.NewPCG(1, 1))))
	assert.Equal(t, games.Action(0), Game{}.Advise(&View{}, nil, rand.New(rand.NewPCG(1, 1))))
}

// scene is a hand-made position seen by seat.
type scene struct {
	seat    int
	players int
	region  string
	hand    string
	trick   int
	plays   string // "0:3S 2:fold 3:9S": face-up cards, and folds the seat cannot see
	seen    string // face-up cards of the finished tricks
	won     []int
	out     []int // eliminated seats
	claim   bool
	side    bool
}

func (sc scene) view(t *testing.T) (*View, []games.Action) {
	t.Helper()
	hand, err := cards.ParseList(sc.hand)
	require.NoError(t, err)
	n := max(sc.players, 2)
	v := &View{Seat: sc.seat, Players: n, Region: "VIETNAMESE", Trick: max(sc.trick, 1), Turn: sc.seat,
		Hand: cards.SetOf(hand...).Strings(), Status: make([]string, n), TricksWon: make([]int, n),
		HandSizes: make([]int, n), Shown: make([][]string, n), Plays: []PlayView{}}
	if sc.region != "" {
		v.Region = sc.region
	}
	copy(v.TricksWon, sc.won)
	acted := map[int]bool{}
	for _, f := range strings.Fields(sc.plays) {
		seat, card, _ := strings.Cut(f, ":")
		p := int(seat[0] - '0')
		pv := PlayView{Seat: p, Kind: "up", Card: card}
		if card == "fold" || card == "secret" {
			pv.Kind, pv.Card = card, ""
		}
		v.Plays = append(v.Plays, pv)
		acted[p] = true
	}
	if sc.seen != "" {
		tv := TrickView{Leader: 0, Winner: 0}
		for _, c := range strings.Fields(sc.seen) {
			tv.Plays = append(tv.Plays, PlayView{Kind: "up", Card: c})
		}
		v.Tricks = []TrickView{tv}
	}
	for p := range n {
		v.Status[p] = "active"
		v.HandSizes[p] = 7 - v.Trick
		if acted[p] {
			v.HandSizes[p]--
		}
	}
	for _, p := range sc.out {
		v.Status[p] = "eliminated"
	}
	h := cards.SetOf(hand...)
	var legal []games.Action
	switch {
	case len(v.Plays) == 0:
		for _, c := range hand {
			legal = append(legal, games.Action(actPlay+int(c)))
		}
	case v.Trick == 5 && v.Region != "KHMER":
		for _, c := range hand {
			legal = append(legal, games.Action(actSecret+int(c)))
		}
	default:
		best, err := cards.Parse(v.Plays[0].Card)
		require.NoError(t, err)
		for _, pv := range v.Plays {
			if c, err := cards.Parse(pv.Card); err == nil && c.Suit() == best.Suit() && c.Rank() > best.Rank() {
				best = c
			}
		}
		for m := h.Of(best.Suit()); m != 0; m &= m - 1 {
			if m.Lowest().Rank() > best.Rank() {
				legal = append(legal, games.Action(actPlay+int(m.Lowest())))
			}
		}
		for _, c := range hand {
			legal = append(legal, games.Action(actFold+int(c)))
		}
	}
	legal = append(legal, actFoldHand)
	if sc.claim {
		legal = append(legal, actClaim)
	}
	if sc.side {
		legal = append(legal, actSidePot)
	}
	return v, legal
}

func (sc scene) advise(t *testing.T) string {
	t.Helper()
	v, legal := sc.view(t)
	a := Game{}.Advise(v, legal, rand.New(rand.NewPCG(1, 1)))
	require.Contains(t, legal, a)
	return (&State{}).FormatAction(a)
}

func TestAdviseSurvivesCheaply(t *testing.T) {
	// Trick 1, no trick won yet: the eight beats the three and holds (seat 1
	// plays last); the ace stays for the end.
	sc := scene{seat: 1, hand: "8S AS KH QD 4C 5C", plays: "0:3S"}
	assert.Equal(t, "play 8S", sc.advise(t))
}

func TestAdviseFoldsTheLeastUsefulCard(t *testing.T) {
	// Trick 2, a trick already won: no need to beat; the two of clubs is
	// the card least likely ever to win.
	sc := scene{seat: 1, players: 4, trick: 2, won: []int{0, 1}, hand: "QS AS KH 9D 2C", plays: "0:3S",
		seen: "5H 6H 9H 7C"}
	assert.Equal(t, "fold 2C", sc.advise(t))
}

func TestAdviseWinsTrickFourToStayIn(t *testing.T) {
	// Trick 4 with no trick won: beat with the card likeliest to hold (the
	// ace; the queen could be topped by the two players after).
	sc := scene{seat: 1, players: 4, trick: 4, won: []int{2, 0, 1, 0}, hand: "QS AS 4H", plays: "0:9S"}
	assert.Equal(t, "play AS", sc.advise(t))
	// Playing last, the queen is enough.
	sc.plays = "2:9S 3:fold 0:fold"
	assert.Equal(t, "play QS", sc.advise(t))
}

func TestAdviseGoesForTheSweep(t *testing.T) {
	// Tricks 1–3 won, leading trick 4: the strongest card.
	sc := scene{seat: 0, players: 4, trick: 4, won: []int{3, 0, 0, 0}, hand: "4C AH 7D"}
	assert.Equal(t, "play AH", sc.advise(t))
}

func TestAdviseLeadsTrickFiveWithTheCardThatHolds(t *testing.T) {
	// The ace of spades wins trick 5 for sure, then the two of clubs leads
	// the showdown, where the two others hold one card each. Leading the two
	// first, almost anyone beats it in trick 5 and the ace then waits for a
	// spade lead.
	sc := scene{seat: 0, players: 3, trick: 5, won: []int{1, 1, 1}, hand: "AS 2C"}
	assert.Equal(t, "play AS", sc.advise(t))
	// The king of diamonds wins trick 5 unless an ace of diamonds is out;
	// led first, the two would almost surely be beaten.
	sc.hand = "2C KD"
	assert.Equal(t, "play KD", sc.advise(t))
}

func TestAdviseChoosesTheSecretCardOfTrickFive(t *testing.T) {
	// Trick 5 led with the nine of hearts: the king of hearts beats it face
	// down and the ace of diamonds then leads the showdown.
	sc := scene{seat: 1, players: 3, trick: 5, won: []int{1, 1, 1}, hand: "KH AD", plays: "0:9H"}
	assert.Equal(t, "secret KH", sc.advise(t))
	// With nothing that beats the lead, the card kept is the one likeliest
	// to beat what the winner leads to the showdown: the ace.
	sc.hand = "2C AD"
	assert.Equal(t, "secret 2C", sc.advise(t))
}

func TestAdviseClaimsWhenSure(t *testing.T) {
	// Leading with the two highest cards left of their suits: claim.
	sc := scene{seat: 0, players: 3, trick: 5, won: []int{1, 1, 1}, hand: "AS AH", claim: true}
	assert.Equal(t, "claim", sc.advise(t))
	// The king of hearts might be topped by an unseen ace: play on.
	sc.hand = "AS KH"
	assert.NotEqual(t, "claim", sc.advise(t))
	// Once the ace of hearts has been seen the king is sure too.
	sc.seen = "AH 2H 3H"
	assert.Equal(t, "claim", sc.advise(t))
}

func TestAdviseTakesTheSidePot(t *testing.T) {
	sc := scene{seat: 1, hand: "8S AS KH QD 4C 5C", plays: "0:3S", side: true}
	assert.Equal(t, "sidepot", sc.advise(t))
}

func TestSolveReturnsALegalMoveFromSampledDeals(t *testing.T) {
	configs := []games.Config{
		{Players: 2},
		{Players: 4, Options: map[string]string{"claimWin": "on", "sidePot": "on", "sidePotClaim": "MANUAL", "matchRounds": "3"}},
		{Players: 5, Options: map[string]string{"region": "KHMER", "matchRounds": "3"}},
	}
	decisions := 0
	for ci, cfg := range configs {
		for seed := range uint64(4) {
			cfg.Seed = seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for !s.Done() {
				seat := games.Seat(s.c.turn)
				legal := s.Legal(seat, nil)
				d := sampleOf(t, cfg, s, seat, rng)
				a, _ := Game{}.Solve(d, seat, 20000)
				require.Contains(t, legal, a, "config %d seed %d", ci, seed)
				require.NotEqual(t, games.Action(actFoldHand), a, "threw in the hand")
				b, _ := Game{}.Solve(d, seat, 20000)
				require.Equal(t, a, b, "the same deal gives the same move")
				require.NoError(t, s.Apply(seat, a))
				decisions++
			}
		}
	}
	assert.Greater(t, decisions, 100)
}

func TestSolveTakesTheSidePotAndSureClaimsAtOnce(t *testing.T) {
	opts := map[string]string{"sidePot": "on", "sidePotClaim": "MANUAL"}
	s := start(t, opts, 0, "7H", "9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H")
	a, _ := Game{}.Solve(sampleOf(t, games.Config{Players: 2, Options: opts}, s, 1, rand.New(rand.NewPCG(1, 1))), 1, 20000)
	assert.Equal(t, "sidepot", s.FormatAction(a))

	opts = map[string]string{"claimWin": "on"}
	s = start(t, opts, 0, "", "AS KS AH KH AD KD", "JS 4D 5C 10C JH 8H")
	a, won := Game{}.Solve(sampleOf(t, games.Config{Players: 2, Options: opts}, s, 0, rand.New(rand.NewPCG(1, 1))), 0, 20000)
	assert.Equal(t, "claim", s.FormatAction(a))
	assert.True(t, won)
}

func TestSolvePlayoutCountsTheRoundsChips(t *testing.T) {
	// Seat 0 leads trick 1 holding the three top spades and hearts; seat 1
	// cannot beat any of them: leading the ace of spades, seat 0 sweeps
	// (two players: no bonus) and gains the pot less the next ante.
	s := start(t, nil, 0, "", "AS KS QS AH KH QH", "2C 3C 4C 2D 3D 9D")
	var buf []games.Action
	w := *s
	gain, won, n := w.playout(0, games.Action(actPlay+int(mustCards(t, "AS")[0])), rand.New(rand.NewPCG(1, 1)), &buf)
	assert.True(t, won)
	assert.Equal(t, 2-1, gain, "the pot of two antes, less the next round's ante")
	assert.Equal(t, 8, n, "four tricks of two cards")
	w = *s
	gain, won, _ = w.playout(1, games.Action(actPlay+int(mustCards(t, "AS")[0])), rand.New(rand.NewPCG(1, 1)), &buf)
	assert.False(t, won, "seat 1 does not hold the ace: the move is refused and nothing is won")
	assert.Zero(t, gain)
}
