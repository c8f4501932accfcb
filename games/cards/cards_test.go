package cards

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFormatRoundTripsEveryCard(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		got, err := Parse(c.String())
		require.NoError(t, err)
		assert.Equal(t, c, got)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Card
		err  string
	}{
		{in: "QH", want: Make(Queen, Hearts)},
		{in: "10S", want: Make(10, Spades)},
		{in: "7c", want: Make(7, Clubs)},
		{in: "ad", want: Make(Ace, Diamonds)},
		{in: "", err: "empty card"},
		{in: "1H", err: `unknown rank "1"`},
		{in: "11H", err: `unknown rank "11"`},
		{in: "QX", err: `unknown suit "X"`},
		{in: "Q", err: "unknown card"},
		{in: "100H", err: "unknown card"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDeckSizesAndContents(t *testing.T) {
	assert.Equal(t, 52, Deck52.Len())
	assert.Equal(t, 48, Deck48.Len())
	assert.Equal(t, 40, Deck40.Len())
	assert.Equal(t, 32, Deck32.Len())
	assert.False(t, Deck48.Has(Make(Two, Spades)))
	assert.True(t, Deck48.Has(Make(3, Spades)))
	assert.Equal(t, "7C 8C 9C 10C JC QC KC AC", Deck32.Of(Clubs).String())
	assert.Equal(t, "2H 3H 4H 5H 6H 7H 8H 9H 10H AH", Deck40.Of(Hearts).String())
}

func TestSetOperations(t *testing.T) {
	s := SetOf(Make(Queen, Hearts), Make(7, Clubs), Make(Ace, Spades))
	assert.Equal(t, 3, s.Len())
	assert.Equal(t, Make(7, Clubs), s.Lowest())
	assert.Equal(t, Make(Ace, Spades), s.Highest())
	assert.Equal(t, Make(Queen, Hearts), s.Nth(1))
	assert.True(t, s.HasSuit(Hearts))
	assert.False(t, s.HasSuit(Diamonds))
	assert.Equal(t, "7C QH AS", s.String())
	assert.Equal(t, 2, s.Without(Make(7, Clubs)).Len())
}

func TestShuffledIsDeterministicPerSeed(t *testing.T) {
	a := Shuffled(rand.New(rand.NewPCG(1, 2)), Deck32)
	b := Shuffled(rand.New(rand.NewPCG(1, 2)), Deck32)
	c := Shuffled(rand.New(rand.NewPCG(3, 4)), Deck32)
	assert.Equal(t, a, b)
	assert.NotEqual(t, a, c)
	assert.Equal(t, Deck32, SetOf(a...))
}

func TestChanceNoneIsHypergeometric(t *testing.T) {
	assert.InDelta(t, 1.0, ChanceNone(10, 0, 5), 1e-12, "nothing to avoid")
	assert.InDelta(t, 0.5, ChanceNone(10, 1, 5), 1e-12, "half the cards drawn, one to avoid")
	assert.InDelta(t, 0.0, ChanceNone(10, 6, 5), 1e-12, "too many to avoid")
	assert.InDelta(t, 6.0/10*5/9, ChanceNone(10, 4, 2), 1e-12)
	assert.InDelta(t, 1.0, ChanceNone(3, 1, 0), 1e-12, "an empty hand holds nothing")
}
