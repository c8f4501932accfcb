package games

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/cards"
)

// toyView is what seat 0 of the toy game sees: its hand, the size of seat
// 1's (dealt from the four aces, the others set aside) and whether seat 1
// showed void in clubs.
type toyView struct {
	Hand  []string `json:"hand"`
	Other int      `json:"other"`
	Void  string   `json:"void,omitempty"`
	Extra string   `json:"extra,omitempty"` // no table writes it
}

func (toyView) Viewer() Seat { return 0 }

// toy is a two-seat state of which only View is asked.
type toy struct {
	State
	hands [2]cards.Set
	void  cards.Set
	seed  uint64
}

func (t *toy) View(Seat) View {
	v := toyView{Hand: t.hands[0].Strings(), Other: t.hands[1].Len()}
	if t.void != 0 {
		v.Void = "C"
	}
	return v
}

// toyRebuild is the toy's part of NewSampler: seat 1's hand is dealt from
// the aces, off clubs when it showed void in them; the rest are set aside.
func toyRebuild(_ Config, _ Seat, v *toyView) (Sampler, error) {
	own, err := cards.ParseList(v.Hand[0] + " " + v.Hand[1])
	if err != nil {
		return nil, err
	}
	s := toy{hands: [2]cards.Set{cards.SetOf(own...)}}
	may := cards.Deck52
	if v.Void == "C" {
		s.void = cards.SuitSet(cards.Clubs)
		may &^= s.void
	}
	pool := cards.SetOf(cards.Make(cards.Ace, cards.Clubs), cards.Make(cards.Ace, cards.Diamonds),
		cards.Make(cards.Ace, cards.Hearts), cards.Make(cards.Ace, cards.Spades))
	if pool.Len() < v.Other {
		return nil, Errorf("seat 1 holds %d cards of %d unseen", v.Other, pool.Len())
	}
	sm := &Dealing[toy, *toy]{
		Seed: func(s *toy, rng *rand.Rand) { s.seed = rng.Uint64() },
		Put:  func(s *toy, hands []cards.Set) { s.hands[1] = hands[0] },
	}
	parked := pool.Cards()
	sm.Unseen.Hand(cards.SetOf(parked[:v.Other]...), may)
	sm.Unseen.Hand(cards.SetOf(parked[v.Other:]...), cards.Deck52)
	sm.Base = s
	if err := sm.Unseen.Prepare(); err != nil {
		return nil, err
	}
	return sm, nil
}

func newToySampler(view View) (Sampler, error) {
	return SampleView("toy", "a toy view", Config{Players: 2}, 0, view, toyRebuild)
}

// The frame reads the game's view type, wraps the game's errors once with
// its id and refuses a view its own sample does not show.
func TestSampleViewFramesTheGamesPart(t *testing.T) {
	good := toyView{Hand: []string{"2C", "3C"}, Other: 2, Void: "C"}
	for _, view := range []View{good, &good} {
		sm, err := newToySampler(view)
		require.NoError(t, err)
		assert.Equal(t, good, sm.Sample(NewRand(5)).View(0))
	}
	_, err := newToySampler(testView{})
	assert.EqualError(t, err, "toy: games.testView is not a toy view")
	_, err = newToySampler((*toyView)(nil))
	assert.EqualError(t, err, "toy: *games.toyView is not a toy view")
	_, err = newToySampler(toyView{Hand: []string{"2C", "3C"}, Other: 5})
	assert.EqualError(t, err, "toy: seat 1 holds 5 cards of 4 unseen")
	_, err = newToySampler(toyView{Hand: []string{"2C", "ZZ"}, Other: 4})
	assert.EqualError(t, err, `toy: unknown card "ZZ": unknown suit "Z" (suits: C D H S)`, "wrapped once")
	_, err = SampleView("toy", "a toy view", Config{Players: 2}, 0, good, func(Config, Seat, *toyView) (Sampler, error) {
		return nil, Errorf("toy: said by the game")
	})
	assert.EqualError(t, err, "toy: said by the game", "not wrapped twice")
	bad := good
	bad.Extra = "x"
	_, err = newToySampler(bad)
	assert.EqualError(t, err, `toy: the view's extra is "x" where a table shows absent`)
}

// A Dealing deals the Unseen hands uniformly among the deals that keep each
// off the cards it may not hold, seeding each sample's generator first.
func TestDealingDealsEveryConsistentDealAlike(t *testing.T) {
	_, err := newToySampler(toyView{Hand: []string{"2C", "3C"}, Other: 4, Void: "C"})
	assert.EqualError(t, err, "toy: cards: no deal gives every hand only cards it may hold")

	var u Unseen
	pool := cards.SetOf(cards.Make(cards.Ace, cards.Clubs), cards.Make(cards.Ace, cards.Diamonds), cards.Make(cards.King, cards.Clubs))
	u.Hand(pool&^cards.SuitSet(cards.Diamonds), cards.Deck52&^cards.SuitSet(cards.Clubs))
	u.Hand(pool&cards.SuitSet(cards.Diamonds), cards.Deck52)
	require.Error(t, u.Prepare(), "a hand void in clubs cannot take two of three cards when two are clubs")

	sm, err := newToySampler(toyView{Hand: []string{"2C", "3C"}, Other: 3, Void: "C"})
	require.NoError(t, err)
	rng := NewRand(9)
	seeds := map[uint64]bool{}
	for range 50 {
		s := sm.Sample(rng).(*toy)
		require.Equal(t, "AD AH AS", s.hands[1].String(), "the only deal")
		seeds[s.seed] = true
	}
	assert.Len(t, seeds, 50, "every sample has its own generator")

	// Two hands of two from the four aces, the first void in clubs: the
	// first hand is one of the three pairs without the ace of clubs.
	var two Unseen
	aces := cards.SetOf(cards.Make(cards.Ace, cards.Clubs), cards.Make(cards.Ace, cards.Diamonds),
		cards.Make(cards.Ace, cards.Hearts), cards.Make(cards.Ace, cards.Spades))
	two.Hand(aces&^cards.SuitSet(cards.Clubs)&^cards.SuitSet(cards.Spades), cards.Deck52&^cards.SuitSet(cards.Clubs))
	two.Hand(aces&(cards.SuitSet(cards.Clubs)|cards.SuitSet(cards.Spades)), cards.Deck52)
	require.NoError(t, two.Prepare())
	count := map[cards.Set]int{}
	const n = 3000
	for range n {
		h := two.Deal(rng)
		require.Equal(t, aces, h[0]|h[1])
		require.False(t, h[0].HasSuit(cards.Clubs))
		count[h[0]]++
	}
	require.Len(t, count, 3)
	for h, c := range count {
		assert.InDelta(t, n/3, c, n/10, "%v", h)
	}
}

// Errorn says what Errorf says with the same numbers.
func TestErrornIsErrorfOfNumbers(t *testing.T) {
	assert.EqualError(t, Errorn("seat %d holds %d cards, %d by the tricks played", 2, 7, -1), "seat 2 holds 7 cards, -1 by the tricks played")
	assert.Equal(t, Errorf("%d rounds", 3).Error(), Errorn("%d rounds", 3).Error())
	assert.EqualError(t, Errorn("no number"), "no number")
}
