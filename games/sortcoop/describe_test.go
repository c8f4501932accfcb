package sortcoop

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

func describe(t *testing.T, s *State, viewer, actor games.Seat, text string) games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	require.Contains(t, s.Legal(actor, nil), a, text)
	return s.Describe(viewer, actor, a)
}

// A card placed face down is named to its owner alone: the partner and a
// spectator read "a card on slot 7", whichever card it is.
func TestDescribePlaceNeverNamesTheCardToOthers(t *testing.T) {
	s := started(t, nil)
	own := games.Description{Seat: A, Kind: "place", Cards: []string{"2D"}, Targets: []string{"7"}}
	assert.Equal(t, own, describe(t, s, A, A, "place 2D 7"))
	assert.Equal(t, own, describe(t, s, games.God, A, "place 2D 7"))
	hidden := games.Description{Seat: A, Kind: "place", Hidden: 1, Targets: []string{"7"}}
	for _, viewer := range []games.Seat{B, games.Observer} {
		for _, c := range sortedA {
			assert.Equal(t, hidden, describe(t, s, viewer, A, "place "+c+" 7"), "viewer %d, %s", viewer, c)
		}
	}
}

// The preference is a blind choice: secret to the partner and spectators
// while the partner has not picked; the pick that completes the round is
// named, and it reveals the first pick to whoever knew it already (the
// others read it in the view that follows: before, it would tell the
// second picker the partner's pick).
func TestDescribePreferIsSecretThenRevealed(t *testing.T) {
	s := newMatch(t, nil)
	assert.Equal(t, games.Description{Seat: A, Kind: "prefer", Choice: "dont"}, describe(t, s, A, A, "prefer dont"))
	assert.Equal(t, games.Description{Seat: A, Kind: "prefer", Choice: "dont"}, describe(t, s, games.God, A, "prefer dont"))
	for _, p := range []string{"want", "neutral", "dont"} {
		assert.Equal(t, games.Description{Seat: A, Kind: "prefer", Secret: true}, describe(t, s, B, A, "prefer "+p))
		assert.Equal(t, games.Description{Seat: A, Kind: "prefer", Secret: true}, describe(t, s, games.Observer, A, "prefer "+p))
	}
	do(t, s, A, "prefer dont")
	assert.Equal(t, games.Description{Seat: B, Kind: "prefer", Choice: "want", Outcome: "reveal",
		Reveals: []games.Reveal{{Seat: A, Kind: "prefer", Choice: "dont"}}}, describe(t, s, A, B, "prefer want"))
	assert.Equal(t, describe(t, s, A, B, "prefer want"), describe(t, s, games.God, B, "prefer want"))
	assert.Equal(t, games.Description{Seat: B, Kind: "prefer", Choice: "want", Outcome: "reveal"}, describe(t, s, B, B, "prefer want"),
		"B's own move, listed before B picks, does not tell A's pick")
	assert.Equal(t, games.Description{Seat: B, Kind: "prefer", Choice: "want", Outcome: "reveal"}, describe(t, s, games.Observer, B, "prefer want"))
	do(t, s, B, "prefer want")
	assert.Equal(t, [][2]string{{"dont", "want"}}, s.View(B).(View).PickRounds, "the view shows both")
}

func TestDescribeProposalsAndSwaps(t *testing.T) {
	s := started(t, nil)
	placeAll(t, s, 4)
	assert.Equal(t, games.Description{Seat: A, Kind: "propose", Targets: []string{"1", "2"}}, describe(t, s, B, A, "propose 1 2"))
	do(t, s, A, "propose 1 2")
	assert.Equal(t, games.Description{Seat: B, Kind: "accept", Cards: []string{"2H"}, Hidden: 1, Targets: []string{"1", "2"}}, describe(t, s, A, B, "accept"),
		"A knows its own card, not B's")
	assert.Equal(t, games.Description{Seat: B, Kind: "accept", Cards: []string{"9H"}, Hidden: 1, Targets: []string{"1", "2"}}, describe(t, s, B, B, "accept"))
	assert.Equal(t, games.Description{Seat: B, Kind: "accept", Hidden: 2, Targets: []string{"1", "2"}}, describe(t, s, games.Observer, B, "accept"))
	assert.Equal(t, games.Description{Seat: B, Kind: "reject", Targets: []string{"1", "2"}}, describe(t, s, A, B, "reject"))
	assert.Equal(t, games.Description{Seat: A, Kind: "withdraw", Targets: []string{"1", "2"}}, describe(t, s, B, A, "withdraw"))
}

// The action that ends the match turns the board up: Outcome "match". The
// players cannot know the partner's cards before, so only god reads who
// won there; each seat's own cards are the reveal it may name.
func TestDescribeTheEndOfTheMatch(t *testing.T) {
	s := started(t, nil)
	placeAll(t, s, 14)
	do(t, s, A, "done")
	d := describe(t, s, A, B, "done")
	assert.Equal(t, "match", d.Outcome)
	assert.Empty(t, d.Winners)
	require.Len(t, d.Reveals, 1)
	assert.Equal(t, games.Reveal{Seat: A, Kind: "board", Cards: sortedA}, d.Reveals[0])
	g := describe(t, s, games.God, B, "done")
	assert.Equal(t, []games.Seat{0, 1}, g.Winners, "the board sorts")
	assert.Equal(t, []games.Reveal{{Seat: A, Kind: "board", Cards: sortedA}, {Seat: B, Kind: "board", Cards: sortedB}}, g.Reveals)
	o := describe(t, s, games.Observer, B, "done")
	assert.Equal(t, games.Description{Seat: B, Kind: "done", Outcome: "match"}, o)

	// Placing the last card ends the match when both swaps were used.
	s = started(t, nil)
	placeAll(t, s, 13)
	do(t, s, A, "propose 1 2")
	do(t, s, B, "accept")
	do(t, s, B, "propose 1 2")
	do(t, s, A, "accept")
	d = describe(t, s, B, B, "place 10C 15")
	assert.Equal(t, "match", d.Outcome)
	assert.Equal(t, []string{"10C"}, d.Cards)
}
