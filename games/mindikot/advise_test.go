package mindikot

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
		{Players: 4, Options: map[string]string{"targetPoints": "3"}},
		{Players: 6, Options: map[string]string{"targetPoints": "3"}},
		{Players: 4, Options: map[string]string{"mode": "HIDDEN", "targetPoints": "3"}},
		{Players: 4, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "revealerMustTrump": "off", "targetPoints": "3"}},
		{Players: 6, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "2"}},
	}
	decisions := 0
	kinds := map[string]int{}
	for ci, cfg := range configs {
		for seed := range uint64(12) {
			cfg.Seed = seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for !s.Done() {
				seat := games.Seat(s.turn)
				legal := s.Legal(seat, nil)
				a := Game{}.Advise(s.View(seat), legal, rng)
				require.Contains(t, legal, a, "config %d seed %d: %s", ci, seed, s.FormatAction(a))
				kinds[strings.Fields(s.FormatAction(a))[0]]++
				if rng.IntN(4) == 0 { // wander off the advised line too
					a = legal[rng.IntN(len(legal))]
				}
				require.NoError(t, s.Apply(seat, a))
				decisions++
			}
		}
	}
	assert.Greater(t, decisions, 5000)
	for _, k := range []string{"play", "hide", "reveal", "pass"} {
		assert.Positive(t, kinds[k], "never advised %s", k)
	}
}

func TestAdviseWithoutAViewPicksALegalAction(t *testing.T) {
	legal := []games.Action{3, 7}
	assert.Contains(t, legal, Game{}.Advise(nil, legal, rand.New(rand.NewPCG(1, 1))))
	assert.Equal(t, games.Action(0), Game{}.Advise(&View{}, nil, rand.New(rand.NewPCG(1, 1))))
}

// scene is a hand-made four-player position seen by seat.
type scene struct {
	seat     int
	hand     string
	trick    string // "0:5H 1:10H": seat:card in play order; "p" after a card marks a pass
	played   string // cards of the finished tricks this round
	trump    string
	voids    map[int]string
	mode     string
	hidden   string // the hidden card, seen by its owner
	owner    int
	declared string
	phase    string
}

func (sc scene) view(t *testing.T) (*View, []games.Action) {
	t.Helper()
	hand, err := cards.ParseList(sc.hand)
	require.NoError(t, err)
	played, err := cards.ParseList(sc.played)
	require.NoError(t, err)
	v := &View{Seat: sc.seat, Players: 4, Mode: "CUT", Phase: "play", Turn: sc.seat, Trump: sc.trump,
		Hand: cards.SetOf(hand...).Strings(), HiddenOwner: -1, Declared: sc.declared, Voids: make([]string, 4)}
	if sc.mode != "" {
		v.Mode = sc.mode
	}
	if sc.phase != "" {
		v.Phase = sc.phase
	}
	if sc.hidden != "" {
		v.HiddenOwner, v.HiddenState = sc.owner, "aside"
		if sc.owner == sc.seat {
			v.Hidden = sc.hidden
		}
	}
	all := cards.SetOf(played...)
	var inTrick [4]bool
	for _, f := range strings.Fields(sc.trick) {
		seat, card, _ := strings.Cut(f, ":")
		pass := strings.HasSuffix(card, "p")
		c, err := cards.Parse(strings.TrimSuffix(card, "p"))
		require.NoError(t, err)
		p := int(seat[0] - '0')
		v.Trick = append(v.Trick, Play{Seat: p, Card: c.String(), NonTrump: pass})
		inTrick[p] = true
		all = all.With(c)
	}
	v.Played = all.Strings()
	v.TricksPlayed = len(played) / 4
	v.HandSizes = make([]int, 4)
	for p := range 4 {
		v.HandSizes[p] = 13 - v.TricksPlayed
		if inTrick[p] {
			v.HandSizes[p]--
		}
		v.Voids[p] = sc.voids[p]
	}
	if v.Phase == "hide" {
		var legal []games.Action
		for _, c := range hand {
			legal = append(legal, games.Action(actHide+int(c)))
		}
		return v, legal
	}
	h := cards.SetOf(hand...)
	allowed := h
	if len(v.Trick) > 0 {
		led, _ := cards.Parse(v.Trick[0].Card)
		trump, terr := cards.ParseSuit(sc.trump)
		switch {
		case h.HasSuit(led.Suit()):
			allowed = h.Of(led.Suit())
		case sc.declared == "reveal" && terr == nil && h.HasSuit(trump):
			allowed = h.Of(trump)
		case sc.declared == "" && v.Mode == "HIDDEN" && sc.trump == "" && sc.hidden != "":
			return v, []games.Action{actReveal, actPass}
		}
	}
	var legal []games.Action
	for m := allowed; m != 0; m &= m - 1 {
		legal = append(legal, games.Action(m.Lowest()))
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

func TestAdvisePlaysATenOnThePartnersWinningCard(t *testing.T) {
	// Seat 2's partner leads the ace of hearts; the ten goes under it.
	sc := scene{seat: 2, hand: "3H 10H 5C 9C KD 2S 6S", trick: "0:AH 1:2H",
		played: "AC 3C 4C 7C 2D 4D 8D QD 3S 4S 8S JS"}
	assert.Equal(t, "play 10H", sc.advise(t))
	// Void in hearts with the trump known: a ten of another suit goes too.
	sc.hand, sc.trump = "5C 10C KD 2S 6S", "S"
	assert.Equal(t, "play 10C", sc.advise(t))
}

func TestAdviseDoesNotGiveATenToTheOpponents(t *testing.T) {
	// The opponents lead the ace: the ten stays home.
	sc := scene{seat: 1, hand: "5H 10H KC 9D 2S", trick: "0:AH"}
	assert.Equal(t, "play 5H", sc.advise(t))
}

func TestAdviseWinsATrickThatHoldsATen(t *testing.T) {
	// The opponent leads the ten of hearts: the ace takes it.
	sc := scene{seat: 1, hand: "4H AH KC 9D 2S", trick: "0:10H"}
	assert.Equal(t, "play AH", sc.advise(t))
}

func TestAdviseKeepsHighTrumpsForTricksWithTens(t *testing.T) {
	// No ten in the trick: a low trump will do, the ace of trumps waits.
	sc := scene{seat: 1, hand: "4C AC 7D 9D 8S", trick: "0:5H", trump: "C",
		played: "3H 2C 6H 9H"}
	assert.Equal(t, "play 4C", sc.advise(t))
	// The trick holds a ten and seat 2, still to play, has shown it lacks
	// hearts and may overtrump a low trump: the ace makes sure.
	sc.trick, sc.voids = "0:10H", map[int]string{2: "H"}
	assert.Equal(t, "play AC", sc.advise(t))
}

func TestAdviseLeadsFromStrength(t *testing.T) {
	// A sure winner (the lower of two) is led before the unguarded ten.
	sc := scene{seat: 0, hand: "AC KC 7C 10H 4H 2D 9S"}
	assert.Equal(t, "play KC", sc.advise(t))
	// Once the higher hearts are gone the ten is a winner: lead it.
	sc = scene{seat: 0, hand: "7C 10H 4H 2D 9S", played: "AH KH QH JH 2C 3C 4C 5C 6C 8C 9C QC"}
	assert.Equal(t, "play 10H", sc.advise(t))
}

func TestAdviseCutsIntoItsLongestSuit(t *testing.T) {
	// Mode CUT, no trump yet, void in the led hearts: the card played makes
	// its suit trump, so it comes from the long clubs.
	sc := scene{seat: 1, hand: "2C 5C 9C JC KC 3D 4S", trick: "0:10H"}
	got := sc.advise(t)
	c, err := cards.Parse(strings.TrimPrefix(got, "play "))
	require.NoError(t, err)
	assert.Equal(t, cards.Clubs, c.Suit(), got)
}

func TestAdviseRevealsWhenTheHiddenTrumpTakesATen(t *testing.T) {
	// Seat 1 owns the hidden QS: revealing makes spades trump and its
	// spades take the opponents' ten.
	sc := scene{seat: 1, mode: "HIDDEN", hidden: "QS", owner: 1, hand: "2S 5S 9C KD 3D", trick: "0:10H"}
	assert.Equal(t, "reveal", sc.advise(t))
	// The partner holds the trick with the ace: pass, then give it the ten.
	sc = scene{seat: 1, mode: "HIDDEN", hidden: "QS", owner: 1, hand: "2S 5S 10C KD 3D", trick: "3:AH 0:2H"}
	assert.Equal(t, "pass", sc.advise(t))
	sc.declared = "pass"
	assert.Equal(t, "play 10C", sc.advise(t))
}

func TestAdviseSetsAsideALowCardOfItsLongestSuit(t *testing.T) {
	sc := scene{seat: 0, mode: "HIDDEN", phase: "hide", hand: "3S 10S QS KS AS 5H 9H 2C 6C JC 4D 7D 8D"}
	assert.Equal(t, "hide 3S", sc.advise(t))
}

func TestViewShowsPlayedCardsAndVoids(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5D", 1: "3C", 2: "6D"}, map[int]string{1: "D"})
	do(t, s, "0:play 5D", "1:play 3C")
	v := view(t, s, 2)
	assert.Equal(t, []string{"3C", "5D"}, v.Played)
	assert.Equal(t, []string{"", "D", "", ""}, v.Voids)
	assert.Contains(t, jsonOf(t, v), `"played":["3C","5D"],"voids":["","D","",""]`)
}
