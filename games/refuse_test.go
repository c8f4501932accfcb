package games_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/king"
)

// A card that does not follow the led suit is refused with the engine's
// reason; a card that does is not refused; with no verb to play a card the
// seat may not act.
func TestWhyNotGivesTheEnginesReason(t *testing.T) {
	s, err := king.Game{}.New(games.Config{Players: 4, Seed: 7})
	require.NoError(t, err)
	// Play until the second card of a trick, where following is required.
	for len(s.Legal(s.Actors(nil)[0], nil)) == 0 || !followsRequired(s) {
		seat := s.Actors(nil)[0]
		require.NoError(t, s.Apply(seat, s.Legal(seat, nil)[0]))
	}
	seat := s.Actors(nil)[0]
	legal := s.Legal(seat, nil)
	hand := s.View(seat).(*king.View).Hand
	refused := 0
	for _, c := range hand {
		err := games.WhyNot(s, seat, c, []string{"play"})
		isLegal := false
		for _, a := range legal {
			if s.FormatAction(a) == "play "+c {
				isLegal = true
			}
		}
		if isLegal {
			assert.NoError(t, err, c)
			continue
		}
		refused++
		require.Error(t, err, c)
		assert.Contains(t, err.Error(), "follow", c)
	}
	assert.Positive(t, refused, "some card of the hand does not follow")
	assert.ErrorIs(t, games.WhyNot(s, seat, hand[0], nil), games.ErrNotYourTurn)
}

// followsRequired: the trick has a card led and the seat to play holds the
// led suit and another suit.
func followsRequired(s games.State) bool {
	seat := s.Actors(nil)[0]
	v := s.View(seat).(*king.View)
	return len(v.Trick) > 0 && len(s.Legal(seat, nil)) < len(v.Hand)
}
