package grab

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/gamestest"
)

// TestGrabKeepsTheContract runs the conformance suite over Grab, which the
// catalog lists only under the tag testgames.
func TestGrabKeepsTheContract(t *testing.T) {
	gamestest.Run(t, Entry, gamestest.Suite{Configs: []games.Config{{Players: 2}, {Players: 4, Seed: 1000}}, Playouts: 6})
}

// TestANotationDoesNotDependOnTheState: a bury names its card whoever's
// turn it is, so a record written after the action replays.
func TestANotationDoesNotDependOnTheState(t *testing.T) {
	s, err := Game{}.New(games.Config{Players: 2, Seed: 3})
	require.NoError(t, err)
	a := s.Legal(0, nil)[1]
	text := s.FormatAction(a)
	require.NoError(t, s.Apply(0, a))
	assert.Equal(t, text, s.FormatAction(a))
	back, err := s.ParseAction(text)
	require.NoError(t, err)
	assert.Equal(t, a, back)
	assert.Error(t, s.Apply(1, a), "seat 1 does not hold the card seat 0 buried")
}

// TestTheSamplerRefusesAViewNoDealFits: a hand of the wrong size, a card
// twice or one the game does not have is refused.
func TestTheSamplerRefusesAViewNoDealFits(t *testing.T) {
	cfg := games.Config{Players: 3}
	for name, v := range map[string]View{
		"three cards": {Seat: 0, Hand: []string{"AS", "KS", "QS"}, Winner: -1},
		"twice":       {Seat: 0, Hand: []string{"AS", "AS"}, Winner: -1},
		"no such":     {Seat: 0, Hand: []string{"AS", "2C"}, Winner: -1},
		"not buried":  {Seat: 0, Hand: []string{"AS", "KS"}, Turn: 1, Count: 1, Winner: -1},
		"other seat":  {Seat: 1, Hand: []string{"AS", "KS"}, Winner: -1},
		"a winner":    {Seat: 0, Hand: []string{"AS", "KS"}, Winner: 1},
	} {
		_, err := Game{}.NewSampler(cfg, 0, v)
		assert.Error(t, err, name)
	}
	sm, err := Game{}.NewSampler(cfg, 0, View{Seat: 0, Hand: []string{"AS", "KS"}, Winner: -1})
	require.NoError(t, err)
	d := sm.Sample(rand.New(rand.NewPCG(1, 2)))
	god := d.View(games.God).(View)
	assert.Equal(t, []string{"AS", "KS"}, god.Hands[0])
	assert.Len(t, god.Hands[1], 2)
	assert.Len(t, god.Hands[2], 2)
}
