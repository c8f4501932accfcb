package mindikot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

// describeAll reads action text of actor as every seat, the spectator and
// God, and checks that describing changes nothing.
func describeAll(t *testing.T, s *State, actor int, text string) map[games.Seat]games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	require.Contains(t, s.Legal(games.Seat(actor), nil), a, "%q is legal for seat %d", text, actor)
	before := *s
	out := map[games.Seat]games.Description{}
	for v := games.God; int(v) < s.n; v++ {
		if v != games.System {
			out[v] = s.Describe(v, games.Seat(actor), a)
		}
	}
	require.Equal(t, before, *s, "describing changes nothing")
	return out
}

// same requires every viewer to read d.
func same(t *testing.T, got map[games.Seat]games.Description, d games.Description) {
	t.Helper()
	for v, x := range got {
		assert.Equal(t, d, x, "as seat %d reads it", v)
	}
}

func TestDescribeAPlayNamesItsCardToEveryone(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5D", 1: "3C", 2: "2C", 3: "AD"}, map[int]string{1: "D", 2: "D"})
	same(t, describeAll(t, s, 0, "play 5D"), games.Description{Seat: 0, Kind: "play", Cards: []string{"5D"}})
}

func TestDescribeTheTrickGoesToTheHighestTrump(t *testing.T) {
	s := start(t, 4, nil, 0, "", map[int]string{0: "5D", 1: "3C", 2: "2C", 3: "AD"}, map[int]string{1: "D", 2: "D"})
	do(t, s, "0:play 5D", "1:play 3C", "2:play 2C")
	same(t, describeAll(t, s, 3, "play AD"),
		games.Description{Seat: 3, Kind: "play", Cards: []string{"AD"}, Outcome: "trick", Winners: []games.Seat{1}})
}

// CHOSEN: the hidden card is named to its owner (and God) only; every
// other seat and the spectator read any choice alike, as a secret.
func TestDescribeTheChosenHiddenCardIsSecretToTheOthers(t *testing.T) {
	opts := map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"}
	s := start(t, 4, opts, 2, "", map[int]string{2: "9C 2S"}, nil)
	for _, card := range []string{"9C", "2S"} {
		got := describeAll(t, s, 2, "hide "+card)
		mine := games.Description{Seat: 2, Kind: "hide", Cards: []string{card}}
		assert.Equal(t, mine, got[2])
		assert.Equal(t, mine, got[games.God])
		secret := games.Description{Seat: 2, Kind: "hide", Secret: true, Hidden: 1}
		for _, v := range []games.Seat{0, 1, 3, games.Observer} {
			assert.Equal(t, secret, got[v], "seat %d does not learn the hidden card", v)
			assert.NotContains(t, jsonOf(t, got[v]), card)
		}
	}
}

// The reveal says the hidden card is shown; it is named in the description
// only to who knew it already (the description is made before the reveal,
// and the revealer reads it among its legal moves before choosing), and to
// everyone in the view from then on.
func TestDescribeTheRevealAndTheViewThatShowsTheCard(t *testing.T) {
	s := start(t, 4, hiddenOpts, 0, "9H", map[int]string{0: "5S 9H", 1: "KH", 2: "4H"}, map[int]string{1: "S", 2: "S"})
	do(t, s, "0:play 5S")
	same(t, describeAll(t, s, 1, "pass"), games.Description{Seat: 1, Kind: "pass"})
	do(t, s, "1:pass", "1:play KH")
	got := describeAll(t, s, 2, "reveal")
	known := games.Description{Seat: 2, Kind: "reveal", Reveals: []games.Reveal{{Seat: 0, Kind: "hidden", Cards: []string{"9H"}}}}
	assert.Equal(t, known, got[0], "the owner knows its card")
	assert.Equal(t, known, got[games.God])
	for _, v := range []games.Seat{1, 2, 3, games.Observer} {
		assert.Equal(t, games.Description{Seat: 2, Kind: "reveal", Reveals: []games.Reveal{{Seat: 0, Kind: "hidden"}}}, got[v])
	}
	do(t, s, "2:reveal")
	for _, v := range []games.Seat{1, 2, 3, games.Observer} {
		assert.Equal(t, "9H", view(t, s, v).Hidden, "shown to seat %d once revealed", v)
		assert.Equal(t, "H", view(t, s, v).Trump)
	}
}

// The hidden card that joined its owner's hand unrevealed is revealed by
// being played: the play names it to everyone and says so in Reveals.
func TestDescribeTheJoinedHiddenCardPlayedFaceUp(t *testing.T) {
	s := lateRound(t)
	do(t, s, "0:play 2H", "1:play AH", "2:play 3H", "3:play 4H", "1:play 5D", "2:play 6D", "3:play 7D")
	do(t, s, "0:pass")
	same(t, describeAll(t, s, 0, "play 9C"), games.Description{
		Seat: 0, Kind: "play", Cards: []string{"9C"},
		Reveals: []games.Reveal{{Seat: 0, Kind: "hidden", Cards: []string{"9C"}}},
		Outcome: "round", Winners: []games.Seat{1, 3},
	})
}

func TestDescribeTheLastTrickEndsTheRoundOrTheMatch(t *testing.T) {
	s := lateRound(t)
	do(t, s, "0:play 2H", "1:play AH", "2:play 3H", "3:play 4H", "1:play 5D", "2:play 6D", "3:play 7D", "0:reveal")
	same(t, describeAll(t, s, 0, "play 9C"), games.Description{Seat: 0, Kind: "play", Cards: []string{"9C"},
		Outcome: "round", Winners: []games.Seat{0, 2}})
	s.target = 1
	same(t, describeAll(t, s, 0, "play 9C"), games.Description{Seat: 0, Kind: "play", Cards: []string{"9C"},
		Outcome: "match", Winners: []games.Seat{0, 2}})
}

func TestDescribeADrawnRoundHasNoWinners(t *testing.T) {
	s := start(t, 6, map[string]string{"tieBreak44": "DRAW"}, 0, "", nil, nil)
	rng := rand.New(rand.NewPCG(4, 4))
	for tries := 0; tries < 2000; tries++ {
		c := *s
		for c.round == 1 {
			seat := games.Seat(c.turn)
			legal := c.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			d := c.Describe(games.Observer, seat, a)
			round := c.round
			require.NoError(t, c.Apply(seat, a))
			if c.round != round {
				assert.Equal(t, "round", d.Outcome)
				if c.lastRound.Team < 0 {
					assert.Empty(t, d.Winners, "a drawn round favours no one")
					return
				}
				assert.Equal(t, c.teamSeats(c.lastRound.Team), d.Winners)
			}
		}
	}
	t.Skip("no drawn round came up")
}

// Over whole matches, a seat's description of every action and its outcome
// is what applying it does.
func TestDescriptionsMatchWhatHappens(t *testing.T) {
	for ci, cfg := range conformanceConfigs {
		cfg.Seed = uint64(ci) + 7
		gs, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := gs.(*State)
		rng := rand.New(rand.NewPCG(cfg.Seed, 3))
		for !s.Done() {
			seat := games.Seat(s.turn)
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			d := s.Describe(games.Observer, seat, a)
			round, tricks := s.round, s.tricksNo
			require.NoError(t, s.Apply(seat, a))
			assert.Equal(t, s.FormatAction(a)[:len(d.Kind)], d.Kind)
			switch d.Outcome {
			case "trick":
				assert.Equal(t, []games.Seat{games.Seat(s.lastWinner)}, d.Winners)
				assert.Equal(t, tricks+1, s.tricksNo)
			case "round":
				assert.Equal(t, round+1, s.round)
			case "match":
				assert.True(t, s.Done())
				assert.Equal(t, s.Result().Winners, d.Winners)
			default:
				assert.Equal(t, round, s.round)
				assert.True(t, s.tricksNo == tricks)
			}
		}
	}
}
