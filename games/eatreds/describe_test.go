package eatreds

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

func describe(t *testing.T, s *State, viewer, actor games.Seat, text string) games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	return s.Describe(viewer, actor, a)
}

func TestDescribe(t *testing.T) {
	// Seat 3 deals; seat 0 holds 3D, the stock's top card is 2C.
	layoutSevens := fill(t, 4, 3, []string{"3D"}, "7H 7S KC QD", "2C")
	cases := []struct {
		name          string
		deal          games.Deal
		opts          map[string]string
		before        []string
		viewer, actor games.Seat
		action        string
		want          games.Description
	}{
		{"a capture names the hand card and its target to everyone; the stock card is counted, not named",
			layoutSevens, nil, nil, 2, 0, "play 3D take 7H",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"3D"}, Targets: []string{"7H"}, Hidden: 1,
				Outcome: "capture", Winners: []games.Seat{0}}},
		{"the turn owner does not know the stock card either",
			layoutSevens, nil, nil, 0, 0, "play 3D take 7S",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"3D"}, Targets: []string{"7S"}, Hidden: 1,
				Outcome: "capture", Winners: []games.Seat{0}}},
		{"god sees the stock card turned",
			layoutSevens, nil, nil, games.God, 0, "play 3D take 7H",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"3D"}, Targets: []string{"7H"},
				Outcome: "capture", Winners: []games.Seat{0},
				Reveals: []games.Reveal{{Seat: 0, Kind: "stock", Cards: []string{"2C"}}}}},
		{"a card that takes nothing is laid",
			fill(t, 4, 3, []string{"4C"}, "7H 7S KC QD", "2C"), nil, nil, games.Observer, 0, "play 4C",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"4C"}, Hidden: 1}},
		{"the fourth card takes the three flagged",
			fill(t, 4, 3, []string{"10D"}, "10H 10C 10S 4D", "2C"), nil, nil, 1, 0, "play 10D take 10C 10H 10S",
			games.Description{Seat: 0, Kind: "play", Cards: []string{"10D"}, Targets: []string{"10C", "10H", "10S"}, Hidden: 1,
				Outcome: "capture", Winners: []games.Seat{0}}},
		{"the stock card's target, chosen",
			fill(t, 4, 3, []string{"2C"}, "9D 9C JS QS", "AC"), nil, []string{"0:play 2C"}, 1, 0, "take 9D",
			games.Description{Seat: 0, Kind: "take", Cards: []string{"AC"}, Targets: []string{"9D"},
				Outcome: "capture", Winners: []games.Seat{0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, 4, tc.opts, tc.deal)
			gamestest.MustAct(t, s, tc.before...)
			assert.Equal(t, tc.want, describe(t, s, tc.viewer, tc.actor, tc.action))
		})
	}
}

// The last turn of a deal ends it: its stock card is the one card the
// viewer has not seen besides the hand card played, so every seat reads
// the end and who won.
func TestDescribeTheLastTurnEndsTheDealAndTheMatch(t *testing.T) {
	for _, target := range []string{"0", "200"} {
		cfg := games.Config{Players: 2, Seed: 12, Options: map[string]string{"matchTarget": target}}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(12, 1))
		rounds, matches := 0, 0
		for !s.Done() {
			seat := games.Seat(s.turn)
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			d := s.Describe(1-seat, seat, a)
			deal := s.dealsDone
			require.NoError(t, s.Apply(seat, a))
			switch {
			case s.Done():
				matches++
				assert.Equal(t, "match", d.Outcome)
				assert.Equal(t, s.Result().Winners, d.Winners)
			case s.dealsDone > deal:
				rounds++
				assert.Equal(t, "round", d.Outcome)
				assert.Equal(t, games.TopScorers(s.lastPoints[:2]), d.Winners)
			default:
				assert.NotContains(t, []string{"round", "match"}, d.Outcome)
			}
		}
		assert.Equal(t, 1, matches)
		if target != "0" {
			assert.Positive(t, rounds)
		}
	}
}

// What a description names is what the view shows after the action: the
// hand card and its targets in the turn's events, for every seat.
func TestDescriptionsMatchWhatHappens(t *testing.T) {
	for seed := range uint64(10) {
		cfg := games.Config{Players: 3, Seed: seed}
		g, err := Game{}.New(cfg)
		require.NoError(t, err)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(seed, 2))
		for !s.Done() {
			seat := games.Seat(s.turn)
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			ds := map[games.Seat]games.Description{}
			for v := games.God; v < 3; v++ {
				if v != games.System {
					ds[v] = s.Describe(v, seat, a)
				}
			}
			k, _, _ := decode(a)
			require.NoError(t, s.Apply(seat, a))
			if s.stockPos == 0 || s.Done() {
				continue // a new deal or the end: the turn's events moved on
			}
			for v, d := range ds {
				require.NotEmpty(t, s.thisTurn.view(), "seed %d", seed)
				e := s.thisTurn.view()[0]
				if k == actTake {
					e = s.thisTurn.view()[len(s.thisTurn.view())-1]
				}
				assert.Equal(t, []string{e.Card}, d.Cards, "viewer %d", v)
				assert.Equal(t, e.Took, d.Targets, "viewer %d", v)
				if v == games.God && k != actTake {
					stock := s.pending.String() // waiting for its target
					if evs := s.thisTurn.view(); len(evs) > 1 {
						stock = evs[1].Card
					}
					assert.Equal(t, stock, d.Reveals[0].Cards[0], "god reads the stock card")
				}
			}
		}
	}
}
