package king

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// viewers are every seat, the spectator and God.
var viewers = []games.Seat{0, 1, 2, 3, games.Observer, games.God}

func describe(t *testing.T, s *State, actor games.Seat, text string) games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	require.Contains(t, s.Legal(actor, nil), a, "%q is legal for seat %d", text, actor)
	d := s.Describe(0, actor, a)
	for _, v := range viewers {
		require.Equal(t, d, s.Describe(v, actor, a), "everything in The King is face up: seat %d reads %q alike", v, text)
	}
	return d
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		name  string
		state func(t *testing.T) *State
		actor games.Seat
		act   string
		want  games.Description
	}{
		{
			name: "a lead names its card",
			state: func(t *testing.T) *State {
				return at(t, nil, NoTricks, [4]string{"7C 8D", "9C 10D", "JC QD", "KC AD"}, 0)
			},
			actor: 0, act: "play 7C",
			want: games.Description{Seat: 0, Kind: "play", Cards: []string{"7C"}},
		},
		{
			name: "the trump choice is public",
			state: func(t *testing.T) *State {
				return at(t, nil, Collecting, [4]string{"AC 8S", "7D 8D", "7C 9S", "8C 10S"}, 2)
			},
			actor: 2, act: "trump H",
			want: games.Description{Seat: 2, Kind: "trump", Choice: "H"},
		},
		{
			name: "no trump",
			state: func(t *testing.T) *State {
				return at(t, map[string]string{"allowNoTrump": "on"}, Collecting, [4]string{"AC", "7D", "7C", "8C"}, 0)
			},
			actor: 0, act: "trump none",
			want: games.Description{Seat: 0, Kind: "trump", Choice: "none"},
		},
		{
			name: "the fourth card completes the trick: the trumping seat takes it",
			state: func(t *testing.T) *State {
				s := at(t, nil, Collecting, [4]string{"AC 8S", "7D 8D", "7C 9S", "8C 10S"}, 0)
				gamestest.MustAct(t, s, "0:trump D", "0:play AC", "1:play 7D", "2:play 7C")
				return s
			},
			actor: 3, act: "play 8C",
			want: games.Description{Seat: 3, Kind: "play", Cards: []string{"8C"}, Outcome: "trick", Winners: []games.Seat{1}},
		},
		{
			name: "taking the King of Hearts ends the round: the others scored best",
			state: func(t *testing.T) *State {
				s := at(t, nil, NoKing, [4]string{"KH", "7H", "8H", "9H"}, 0)
				gamestest.MustAct(t, s, "0:play KH", "1:play 7H", "2:play 8H")
				return s
			},
			actor: 3, act: "play 9H",
			want: games.Description{Seat: 3, Kind: "play", Cards: []string{"9H"}, Outcome: "round", Winners: []games.Seat{1, 2, 3}},
		},
		{
			name: "the eighth trick of the last round ends the match",
			state: func(t *testing.T) *State {
				s := at(t, map[string]string{"collectingRounds": "4"}, Collecting, [4]string{"AC", "7D", "7C", "8C"}, 0)
				s.round = s.nRounds - 1
				s.trickNo = 7
				s.trump = int8(unnamed)
				s.scores = [4]int{}
				gamestest.MustAct(t, s, "0:trump S", "0:play AC", "1:play 7D", "2:play 7C")
				return s
			},
			actor: 3, act: "play 8C",
			want: games.Description{Seat: 3, Kind: "play", Cards: []string{"8C"}, Outcome: "match", Winners: []games.Seat{0}},
		},
		{
			name: "a card that does not end the trick has no outcome",
			state: func(t *testing.T) *State {
				s := at(t, nil, NoTricks, [4]string{"7C 8D", "9C 10D", "JC QD", "KC AD"}, 0)
				gamestest.MustAct(t, s, "0:play 7C", "1:play 9C")
				return s
			},
			actor: 2, act: "play JC",
			want: games.Description{Seat: 2, Kind: "play", Cards: []string{"JC"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.state(t)
			before := *s
			assert.Equal(t, tt.want, describe(t, s, tt.actor, tt.act))
			assert.Equal(t, before, *s, "describing changes nothing")
		})
	}
}

// Over whole matches, every action reads the same to every seat, the
// spectator and God, and its outcome is what applying it does.
func TestDescriptionsMatchWhatHappens(t *testing.T) {
	for seed := range uint64(5) {
		gs, err := Game{}.New(games.Config{Players: 4, Seed: seed, Options: map[string]string{"includeAnything": "on"}})
		require.NoError(t, err)
		s := gs.(*State)
		rng := rand.New(rand.NewPCG(seed, 3))
		tricks, rounds, matches := 0, 0, 0
		for !s.Done() {
			seat := s.turn
			legal := s.Legal(seat, nil)
			a := legal[rng.IntN(len(legal))]
			d := describe(t, s, seat, s.FormatAction(a))
			round, trickNo := s.round, s.trickNo
			require.NoError(t, s.Apply(seat, a))
			switch d.Outcome {
			case "trick":
				tricks++
				assert.Equal(t, []games.Seat{s.last.winner}, d.Winners)
				assert.Equal(t, trickNo+1, s.trickNo)
			case "round":
				rounds++
				assert.Equal(t, round+1, s.round)
				assert.Equal(t, games.TopScorers(s.history[round].scores[:]), d.Winners)
			case "match":
				matches++
				assert.True(t, s.Done())
				assert.Equal(t, s.Result().Winners, d.Winners)
			default:
				assert.Equal(t, trickNo, s.trickNo, "no outcome: the trick goes on")
				assert.Equal(t, round, s.round)
			}
		}
		assert.Equal(t, 1, matches)
		assert.Equal(t, 15, rounds+matches)
		assert.Greater(t, tricks, 15*5)
	}
}
