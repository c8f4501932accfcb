package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testInfo = Info{
	ID: "test", MinPlayers: 4, MaxPlayers: 6, Gaps: []int{5},
	Options: []Option{
		Switch("fast", "off", "play fast"),
		{Name: "target", Values: []string{"5", "10"}, Default: "10", Help: "points to win"},
	},
}

func TestResolveFillsDefaults(t *testing.T) {
	o, err := testInfo.Resolve(Config{Players: 4, Options: map[string]string{"fast": "on"}})
	require.NoError(t, err)
	assert.Equal(t, Options{"fast": "on", "target": "10"}, o)
	assert.True(t, o.Bool("fast"))
	assert.Equal(t, 10, o.Int("target"))
}

func TestResolveNamesWhatIsWrong(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		err  string
	}{
		{"too few", Config{Players: 3}, "test: 3 players: the game is for 4 to 6"},
		{"gap", Config{Players: 5}, "test: 5 players: not allowed (allowed: 4, 6)"},
		{"unknown key", Config{Players: 4, Options: map[string]string{"speed": "on"}}, `test: unknown option "speed" (options: fast, target)`},
		{"bad value", Config{Players: 6, Options: map[string]string{"target": "7"}}, `test: option target: bad value "7" (allowed: 5, 10)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := testInfo.Resolve(tt.cfg)
			require.EqualError(t, err, tt.err)
		})
	}
}

func TestPlayerCounts(t *testing.T) {
	assert.Equal(t, []int{4, 6}, testInfo.PlayerCounts())
	assert.False(t, testInfo.AllowsPlayers(5))
	assert.True(t, testInfo.AllowsPlayers(6))
}

func TestDealOnlyNamesTheStrayField(t *testing.T) {
	first := 1
	d := Deal{Hands: [][]string{{"7C"}}, First: &first, Upcard: "8H"}
	assert.EqualError(t, d.Only("hands", "first"), "field upcard is not used here: only hands, first are allowed")
	assert.NoError(t, d.Only("hands", "first", "upcard"))
	assert.NoError(t, Deal{}.Only())
}

func TestTopScorersShareTies(t *testing.T) {
	assert.Equal(t, []Seat{1}, TopScorers([]int{3, 9, -2}))
	assert.Equal(t, []Seat{0, 2}, TopScorers([]int{5, -1, 5}))
	assert.Equal(t, []Seat{0, 1}, TopScorers([]int{-4, -4}))
	assert.Nil(t, TopScorers(nil))
}
