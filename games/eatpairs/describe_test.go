package eatpairs

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

func describe(t *testing.T, s *State, viewer, actor games.Seat, text string) games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	return s.Describe(viewer, actor, a)
}

func TestDescribe(t *testing.T) {
	// Seat 0 deals; seat 1 holds a 7, seat 3 a 7 too; seat 2 none.
	sevens := fill(t, 4, 0, []string{"7C", "7D", "", "7H"}, "5S")
	cases := []struct {
		name          string
		deal          games.Deal
		opts          map[string]string
		before        []string
		viewer, actor games.Seat
		action        string
		want          games.Description
	}{
		{"the opening card is named; who pairs it is not known to a seat that cannot tell",
			sevens, nil, nil, 2, 0, "play 7C",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"7C"}}},
		{"the seat that pairs it knows, being checked first",
			sevens, nil, nil, 1, 0, "play 7C",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"7C"}, Outcome: "pair", Winners: []games.Seat{1}}},
		{"god knows who pairs it",
			sevens, nil, nil, games.God, 0, "play 7C",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"7C"}, Outcome: "pair", Winners: []games.Seat{1}}},
		{"a rank nobody can hold is dead for everyone (seat 1 laid 4D 4H, so 4S was never its)",
			fill(t, 2, 0, []string{"4C", "4D 4H"}, "4S"), nil, nil, games.Observer, 0, "play 4C",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"4C"}, Outcome: "dead"}},
		{"a drawn card is counted, not named",
			sevens, nil, []string{"0:play 7C"}, 1, 1, "draw",
			games.Description{Seat: 1, Kind: "draw", Hidden: 1}},
		{"god reads the drawn card and who pairs it",
			fill(t, 4, 0, []string{"7C", "7D", "5C"}, "5S"), nil, []string{"0:play 7C"}, games.God, 1, "draw",
			games.Description{Seat: 1, Kind: "draw", Cards: []string{"5S"}, Outcome: "pair", Winners: []games.Seat{2}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, len(tc.deal.Hands), tc.opts, tc.deal)
			mustAct(t, s, tc.before...)
			assert.Equal(t, tc.want, describe(t, s, tc.viewer, tc.actor, tc.action))
		})
	}
}

func TestDescribeTheLastCardOfTheHandPlayPhaseWins(t *testing.T) {
	s := start(t, 4, nil, exhaustionDeal(false))
	drawOut(t, s)
	mustAct(t, s, "2:play 5C", "0:play JS")
	require.Equal(t, "9D", s.hands[2].String())
	for v := games.God; v < 4; v++ {
		if v == games.System {
			continue
		}
		d := describe(t, s, v, 2, "play 9D")
		assert.Equal(t, games.Description{Seat: 2, Kind: "play", Cards: []string{"9D"}, Outcome: "match", Winners: []games.Seat{2}}, d, "viewer %d", v)
	}
}

func TestDescribeTheLastDrawEndsTheRoundUnderFewestCards(t *testing.T) {
	opts := map[string]string{"exhaustion": "FEWEST_CARDS", "matchRounds": "2"}
	s := start(t, 4, opts, exhaustionDeal(true))
	mustAct(t, s, "0:play KC")
	for s.stockLen-s.stockPos > 1 {
		mustAct(t, s, "2:draw")
	}
	d := describe(t, s, 1, 2, "draw")
	assert.Equal(t, games.Description{Seat: 2, Kind: "draw", Hidden: 1, Outcome: "round"}, d, "the round ends whoever pairs the card; who wins is not known yet")
	d = describe(t, s, games.God, 2, "draw")
	assert.Equal(t, games.Description{Seat: 2, Kind: "draw", Cards: []string{"QC"}, Outcome: "round", Winners: []games.Seat{1}}, d)
}

// A description tells only what then happens: in random matches, an
// outcome told to any viewer is what the table shows after the action.
func TestDescriptionsMatchWhatHappens(t *testing.T) {
	told := map[string]int{}
	for seed := range uint64(60) {
		n := 2 + int(seed%5)
		g, err := Game{}.New(games.Config{Players: n, Seed: seed, Options: map[string]string{"matchRounds": "2"}})
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 2))
		for !s.Done() {
			seat := games.Seat(s.actor())
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			ds := map[games.Seat]games.Description{}
			for v := games.God; int(v) < n; v++ {
				if v != games.System {
					ds[v] = s.Describe(v, seat, a)
				}
			}
			round := s.round
			require.NoError(t, s.Apply(seat, a))
			for v, d := range ds {
				switch d.Outcome {
				case "pair":
					told["pair"]++
					assert.Equal(t, []games.Seat{games.Seat(s.last.pairedBy)}, d.Winners, "viewer %d", v)
				case "dead":
					told["dead"]++
					assert.Equal(t, int8(-1), s.last.pairedBy)
				case "round", "match":
					told["end"]++
					assert.Greater(t, s.roundsDone, round)
				default:
					require.NotEqual(t, games.God, v, "god always knows what follows")
				}
				if v == games.God && d.Kind == "draw" && s.round == round {
					assert.Equal(t, []string{s.last.card.String()}, d.Cards)
				}
			}
		}
	}
	assert.Positive(t, told["pair"])
	assert.Positive(t, told["dead"])
	assert.Positive(t, told["end"])
}
