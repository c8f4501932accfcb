package eatpairs

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
)

func TestAdviseReturnsALegalActionInRandomPositions(t *testing.T) {
	configs := []games.Config{
		{Players: 2},
		{Players: 4, Options: map[string]string{"matchRounds": "3"}},
		{Players: 5, Options: map[string]string{"matchPriority": "NEXT_FIRST", "nextDealer": "WINNER", "matchRounds": "2"}},
		{Players: 6, Options: map[string]string{"exhaustion": "FEWEST_CARDS"}},
	}
	choices := 0
	for ci, cfg := range configs {
		for seed := range uint64(150) {
			cfg.Seed = seed
			g, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(ci)))
			for !s.Done() {
				seat := games.Seat(s.actor())
				legal := s.Legal(seat, nil)
				a := Game{}.Advise(s.View(seat), legal, rng)
				require.Contains(t, legal, a, "config %d seed %d: %s", ci, seed, s.FormatAction(a))
				if len(legal) > 1 {
					choices++
				}
				require.NoError(t, s.Apply(seat, a))
			}
		}
	}
	assert.Greater(t, choices, 1000)
}

func TestAdviseWithoutAViewPicksALegalAction(t *testing.T) {
	legal := []games.Action{3, 7}
	assert.Contains(t, legal, Game{}.Advise(nil, legal, rand.New(rand.NewPCG(1, 1))))
	assert.Equal(t, games.Action(0), Game{}.Advise(&View{}, nil, rand.New(rand.NewPCG(1, 1))))
}

func TestAdviseOpensWithTheCardLeastLikelyToBePaired(t *testing.T) {
	// P2 laid 7♦ 7♥: the dealer's 7♣ has one partner left, every other
	// card of the dealer three. It keeps those for its own draws.
	s := start(t, 4, nil, fill(t, 4, 0, []string{"7C", "7D 7H"}, ""))
	legal := s.Legal(0, nil)
	require.Greater(t, len(legal), 1)
	require.NotEqual(t, games.Action(cards.Make(7, cards.Clubs)), legal[0], "a first-legal pick would not pass")
	a := Game{}.Advise(s.View(0), legal, rand.New(rand.NewPCG(1, 1)))
	assert.Equal(t, "play 7C", s.FormatAction(a))
}

func TestAdviseHandPlayShowsTheCardWithFewestPartnersOut(t *testing.T) {
	// Hand play, four players: the 8s were laid as a pair, so one 8 is
	// out; of the threes none was seen.
	v := &View{
		Seat: 1, Players: 4, Lead: 1, Turn: 1, Phase: "hand",
		Hand:      []string{"3C", "8D"},
		HandSizes: []int{3, 2, 4, 3},
		Laid:      [][]string{{}, {}, {"8C", "8S"}, {}},
		Waste:     []string{"KH"},
	}
	legal := []games.Action{games.Action(cards.Make(3, cards.Clubs)), games.Action(cards.Make(8, cards.Diamonds))}
	assert.Equal(t, legal[1], Game{}.Advise(v, legal, rand.New(rand.NewPCG(1, 1))))
}

var openingDeals = flag.Int("opening", 0, "TestOpeningAgainstMonteCarlo: two-player deals to play")

// TestOpeningAgainstMonteCarlo measures the advisor's opening against the
// best opening by Monte Carlo (per candidate card, 1000 deals sampled from
// the dealer's view and played out, the hand-play phase at random)
// and a random opening, on the same deals, every other choice the advisor's:
//
//	go test ./games/eatpairs -run TestOpeningAgainstMonteCarlo -opening 2000 -v
func TestOpeningAgainstMonteCarlo(t *testing.T) {
	if *openingDeals == 0 {
		t.Skip("measurement: pass -opening N")
	}
	const samples = 1000
	monteCarlo := func(s *State, legal []games.Action, rng *rand.Rand) games.Action {
		me := s.dealer
		sm, err := Game{}.NewSampler(games.Config{Players: 2}, games.Seat(me), s.View(games.Seat(me)))
		require.NoError(t, err)
		best, most := legal[0], -1
		for _, x := range legal {
			wins := 0
			for range samples {
				d := sm.Sample(rng).(*State)
				require.NoError(t, d.Apply(games.Seat(me), x))
				for !d.Done() { // draws, and the hand-play phase at random
					seat := games.Seat(d.actor())
					l := d.Legal(seat, nil)
					require.NoError(t, d.Apply(seat, l[rng.IntN(len(l))]))
				}
				if d.points[me] > 0 {
					wins++
				}
			}
			if wins > most {
				best, most = x, wins
			}
		}
		return best
	}
	policies := map[string]func(s *State, legal []games.Action, rng *rand.Rand) games.Action{
		"advisor": func(s *State, legal []games.Action, rng *rand.Rand) games.Action {
			return Game{}.Advise(s.View(games.Seat(s.dealer)), legal, rng)
		},
		"random":      func(s *State, legal []games.Action, rng *rand.Rand) games.Action { return legal[rng.IntN(len(legal))] },
		"monte carlo": monteCarlo,
	}
	for _, name := range []string{"random", "advisor", "monte carlo"} {
		won := 0
		for seed := range uint64(*openingDeals) {
			g, err := Game{}.New(games.Config{Players: 2, Seed: seed})
			require.NoError(t, err)
			s := g.(*State)
			me := s.dealer
			rng := rand.New(rand.NewPCG(seed, 5))
			for !s.Done() {
				seat := games.Seat(s.actor())
				legal := s.Legal(seat, nil)
				a := Game{}.Advise(s.View(seat), legal, rng)
				if s.phase == phaseOpen {
					a = policies[name](s, legal, rng)
				}
				require.NoError(t, s.Apply(seat, a))
			}
			if s.points[me] > 0 {
				won++
			}
		}
		t.Logf("%-11s opening: the dealer wins %d of %d deals (%.1f%%)", name, won, *openingDeals, 100*float64(won)/float64(*openingDeals))
	}
}
