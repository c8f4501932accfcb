package papas

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

// describe is seat actor's action txt as viewer reads it, before it is applied.
func describe(t *testing.T, s *State, viewer, actor games.Seat, txt string) games.Description {
	t.Helper()
	a, err := s.ParseAction(txt)
	require.NoError(t, err)
	if actor != games.System {
		require.Contains(t, s.Legal(actor, nil), a, "%q is legal", txt)
	}
	return s.Describe(viewer, actor, a)
}

var everyone = []games.Seat{A, B, C, games.Observer, games.God}

// Main plays and interrupts name their cards to everyone (they are played
// face up) and open a window; an interrupt names the seat it answers.
func TestDescribePlaysAndInterrupts(t *testing.T) {
	s := newMatch(t, nil,
		[]string{"robo", "fritas1", "fritas2", "wild", "papa2"},
		[]string{"nopoh", "papa4", "papa5", "fritas3", "fritas4"},
		filler[2])
	s.gp[B] = 1
	for _, v := range everyone {
		assert.Equal(t, games.Description{Seat: A, Kind: "play", Cards: []string{"robo"}, Targets: []string{"1"}, Outcome: "window"},
			describe(t, s, v, A, "play robo 1"))
		assert.Equal(t, games.Description{Seat: A, Kind: "three", Cards: []string{"fritas1", "fritas2", "wild"}, Choice: "type", Outcome: "window"},
			describe(t, s, v, A, "three wild fritas2 fritas1"))
		assert.Equal(t, games.Description{Seat: A, Kind: "play", Cards: []string{"papa2"}, Outcome: "window"},
			describe(t, s, v, A, "play papa2"))
	}
	do(t, s, A, "play robo 1")
	assert.Equal(t, games.Description{Seat: B, Kind: "interrupt", Cards: []string{"nopoh"}, Targets: []string{"0"}, Outcome: "window"},
		describe(t, s, C, B, "interrupt nopoh"))

	v := newMatch(t, nil, []string{"papa3", "duquesas3", "fritas3", "papa1", "papa2"}, filler[1], filler[2])
	assert.Equal(t, "value", describe(t, v, B, A, "three papa3 duquesas3 fritas3").Choice)
}

// A redraw discards the seat's one card face up, but nobody else knows
// that card before it is discarded: only the seat itself (and God) read
// it. The three cards drawn are counted, never named, to everyone.
func TestDescribeRedrawNamesTheCardOnlyToItsOwner(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2])
	keepOnly(t, s, A, Fritas1+2)
	for _, v := range everyone {
		d := describe(t, s, v, A, "redraw")
		assert.Equal(t, "redraw", d.Kind)
		assert.Equal(t, 3, d.Hidden, "the cards drawn are never named")
		assert.Equal(t, "turn", d.Outcome)
		if v == A || v == games.God {
			assert.Equal(t, []string{"fritas3"}, d.Cards)
		} else {
			assert.Empty(t, d.Cards, "seat %d does not know the card before it is discarded", v)
		}
	}
	// Another card in the same position reads the same to the others.
	o := newMatch(t, nil, filler[0], filler[1], filler[2])
	keepOnly(t, o, A, Duquesas1+4)
	for _, v := range []games.Seat{B, C, games.Observer} {
		assert.Equal(t, describe(t, s, v, A, "redraw"), describe(t, o, v, A, "redraw"))
	}
}

// The window's timeout tells the main play, whether it resolved (Choice
// and Outcome), who had the last word (Winners), and the card the active
// player draws when a resolved alarm ends the turn.
func TestDescribeTimeoutTellsTheWindowsVerdict(t *testing.T) {
	t.Run("robo resolves after two interrupts (A7.5)", func(t *testing.T) {
		s := newMatch(t, nil,
			[]string{"robo", "nopoh", "papa1", "papa2", "fritas1"},
			[]string{"nopoh", "papa4", "papa5", "fritas2", "fritas3"},
			filler[1], filler[2])
		s.gp[B] = 2
		do(t, s, A, "play robo 1")
		do(t, s, B, "interrupt nopoh")
		do(t, s, A, "interrupt nopoh")
		for _, v := range everyone {
			assert.Equal(t, games.Description{Seat: games.System, Kind: "timeout", Cards: []string{"robo"}, Targets: []string{"1"},
				Choice: "resolved", Outcome: "resolved", Winners: []games.Seat{A}, Hidden: 1}, describe(t, s, v, games.System, "timeout"))
		}
	})
	t.Run("a cancelled threesome", func(t *testing.T) {
		s := newMatch(t, nil,
			[]string{"duquesas1", "duquesas2", "wild", "papa1", "papa2"},
			[]string{"tedije", "papa4", "papa5", "fritas2", "fritas3"},
			filler[1])
		do(t, s, A, "three duquesas1 duquesas2 wild")
		do(t, s, B, "interrupt tedije")
		assert.Equal(t, games.Description{Seat: games.System, Kind: "timeout", Cards: []string{"duquesas1", "duquesas2", "wild"},
			Choice: "cancelled", Outcome: "cancelled", Winners: []games.Seat{B}}, describe(t, s, C, games.System, "timeout"))
	})
	t.Run("a cancelled alarm leaves the turn going (A7.6)", func(t *testing.T) {
		s := newMatch(t, nil,
			[]string{"dorada", "papa1", "papa2", "papa3", "fritas1"},
			filler[0],
			[]string{"nopoh", "papa4", "papa5", "fritas2", "fritas3"})
		do(t, s, A, "play dorada")
		do(t, s, C, "interrupt nopoh")
		d := describe(t, s, B, games.System, "timeout")
		assert.Equal(t, "cancelled", d.Outcome)
		assert.Zero(t, d.Hidden, "no end-of-turn draw")
	})
	t.Run("a resolved dorada that wins the match", func(t *testing.T) {
		s := newMatch(t, nil, []string{"dorada", "papa1", "papa2", "papa3", "fritas1"}, filler[0], filler[1])
		s.gp[A] = 7
		do(t, s, A, "play dorada")
		d := describe(t, s, B, games.System, "timeout")
		assert.Equal(t, "match", d.Outcome)
		assert.Equal(t, "resolved", d.Choice)
		assert.Equal(t, []games.Seat{A}, d.Winners)
		timeout(t, s)
		assert.True(t, s.Done())
	})
}

// Ending the turn draws a card nobody is told, then the turn passes, the
// player discards down to the limit, or the match ends.
func TestDescribeEndTellsTheTurnsOutcome(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2])
	do(t, s, A, "play papa1")
	timeout(t, s)
	assert.Equal(t, games.Description{Seat: A, Kind: "end", Hidden: 1, Outcome: "turn"}, describe(t, s, B, A, "end"))

	// A7.10: the target reached earlier in the turn wins when it ends.
	s = newMatch(t, nil, []string{"fritas1", "fritas2", "wild", "papa1", "papa2"}, filler[1], filler[2])
	s.gp[A] = 5
	do(t, s, A, "three fritas1 fritas2 wild")
	timeout(t, s)
	assert.Equal(t, games.Description{Seat: A, Kind: "end", Hidden: 1, Outcome: "match", Winners: []games.Seat{A}},
		describe(t, s, C, A, "end"))

	// Over the hand limit: the player discards first, and the discard
	// that brings the hand down ends the turn.
	s = newMatch(t, map[string]string{"handLimit": "5"}, []string{"nopoh", "nopoh", "nopoh", "tedije", "tedije"}, filler[1], filler[2])
	assert.Equal(t, "discard", describe(t, s, B, A, "end").Outcome)
	do(t, s, A, "end")
	c := s.nthCard(0, 0).String()
	assert.Equal(t, games.Description{Seat: A, Kind: "discard", Cards: []string{c}, Outcome: "turn"}, describe(t, s, B, A, "discard "+c))

	// The turn limit ends the match, here through the next seat's turn,
	// which plays itself (no cards: it draws three).
	s = newMatch(t, map[string]string{"turnLimit": "10"}, filler[0], filler[1], filler[2])
	s.turns = 8
	emptyHand(s, B)
	s.gp[C] = 2
	do(t, s, A, "play papa1")
	timeout(t, s)
	assert.Equal(t, games.Description{Seat: A, Kind: "end", Hidden: 1, Outcome: "match", Winners: []games.Seat{C}}, describe(t, s, B, A, "end"))
	do(t, s, A, "end")
	assert.True(t, s.Done())
	assert.Equal(t, []games.Seat{C}, s.Result().Winners)
}

func TestDescribeZombieSwitch(t *testing.T) {
	s := newMatch(t, nil, filler[0], filler[1], filler[2])
	assert.Equal(t, games.Description{Seat: games.System, Kind: "zombie", Targets: []string{"2"}, Choice: "on"},
		describe(t, s, A, games.System, "zombie 2 on"))
}

// In whole random matches (zombies switched on and off), everything a
// description names to a seat is in that seat's view just before or just
// after the action, nothing is secret, and every forecast outcome comes
// true: a match ends exactly when its description says so.
func TestDescriptionsNameOnlyWhatTheSeatSees(t *testing.T) {
	for players := 2; players <= MaxPlayers; players++ {
		for seed := range uint64(3) {
			cfg := games.Config{Players: players, Seed: seed}
			if seed == 2 {
				cfg.Options = map[string]string{"turnLimit": "20"}
			}
			gs, err := Game{}.New(cfg)
			require.NoError(t, err)
			s := gs.(*State)
			rng := rand.New(rand.NewPCG(seed, 5))
			for step := 0; !s.Done() && step < 4000; step++ {
				actors := s.Actors(nil)
				seat, a := games.System, games.Timeout
				switch {
				case seed == 1 && rng.IntN(50) == 0:
					sys := s.Legal(games.System, nil)
					a = sys[rng.IntN(len(sys))]
				case len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(3) != 0):
					seat = actors[rng.IntN(len(actors))]
					legal := s.Legal(seat, nil)
					a = legal[rng.IntN(len(legal))]
				}
				viewers := append([]games.Seat{games.Observer}, make([]games.Seat, players)...)
				for p := range players {
					viewers[p+1] = games.Seat(p)
				}
				before := map[games.Seat]View{}
				descs := map[games.Seat]games.Description{}
				for _, v := range viewers {
					before[v] = s.View(v).(View)
					descs[v] = s.Describe(v, seat, a)
				}
				require.NoError(t, s.Apply(seat, a))
				for _, v := range viewers {
					d := descs[v]
					assert.False(t, d.Secret)
					assert.NotEqual(t, "unknown", d.Kind)
					for _, c := range d.Cards {
						assert.True(t, shows(before[v], c) || shows(s.View(v).(View), c), "seat %d told of %s", v, c)
					}
					if d.Kind != "zombie" {
						assert.Equal(t, s.Done(), d.Outcome == "match", "step %d %q: %+v", step, s.FormatAction(a), d)
					}
					if d.Outcome == "match" {
						assert.Equal(t, s.Result().Winners, d.Winners)
					}
				}
			}
		}
	}
}

// shows tells whether view v shows card c anywhere.
func shows(v View, c string) bool {
	has := func(list []string) bool {
		for _, x := range list {
			if x == c {
				return true
			}
		}
		return false
	}
	if has(v.Hand) || has(v.Discard) {
		return true
	}
	for _, w := range []*Window{v.Window} {
		if w != nil {
			for _, p := range w.Chain {
				if has(p.Cards) {
					return true
				}
			}
		}
	}
	if v.Last != nil {
		for _, p := range v.Last.Chain {
			if has(p.Cards) {
				return true
			}
		}
	}
	return false
}
