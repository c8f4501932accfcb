package catte

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
)

func describe(t *testing.T, s *State, viewer games.Seat, actor int, text string) games.Description {
	t.Helper()
	a, err := s.ParseAction(text)
	require.NoError(t, err)
	require.Contains(t, s.Legal(games.Seat(actor), nil), a, "%q is not legal for seat %d", text, actor)
	return s.Describe(viewer, games.Seat(actor), a)
}

func TestAFaceDownFoldIsNeverNamedToAnotherSeat(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	do(t, s, "0:play 9S")
	for _, viewer := range []games.Seat{0, 2, 3, games.Observer} {
		assert.Equal(t, games.Description{Seat: 1, Kind: "fold", Hidden: 1}, describe(t, s, viewer, 1, "fold 4D"), "viewer %d", viewer)
		assert.Equal(t, describe(t, s, viewer, 1, "fold 4D"), describe(t, s, viewer, 1, "fold KH"), "viewer %d tells no fold from another", viewer)
	}
	for _, viewer := range []games.Seat{1, games.God} {
		assert.Equal(t, games.Description{Seat: 1, Kind: "fold", Cards: []string{"4D"}}, describe(t, s, viewer, 1, "fold 4D"))
	}
	assert.Equal(t, games.Description{Seat: 1, Kind: "play", Cards: []string{"JS"}}, describe(t, s, 2, 1, "play JS"))

	// Thrown in: the whole hand face down, counted.
	assert.Equal(t, games.Description{Seat: 1, Kind: "foldhand", Hidden: 6}, describe(t, s, 0, 1, "foldhand"))
	assert.Equal(t, games.Description{Seat: 1, Kind: "foldhand", Cards: []string{"5C", "10C", "4D", "JH", "KH", "JS"}},
		describe(t, s, 1, 1, "foldhand"))

	// Nor once the trick is over.
	do(t, s, "1:fold 4D", "2:fold 7D", "3:fold 6D")
	for _, viewer := range []games.Seat{0, 2, games.Observer} {
		assert.Equal(t, "", view(s, viewer).Tricks[0].Plays[1].Card)
	}
	assert.Equal(t, "4D", view(s, 1).Tricks[0].Plays[1].Card, "the folding seat keeps its own folds in its view")
}

func TestATrickIsTakenByItsWinner(t *testing.T) {
	s := start(t, nil, 0, "", basic...)
	do(t, s, "0:play 9S", "1:play JS", "2:play QS")
	for _, viewer := range []games.Seat{0, 2, 3, games.Observer, games.God} {
		d := describe(t, s, viewer, 3, "fold 2H")
		assert.Equal(t, "trick", d.Outcome)
		assert.Equal(t, []games.Seat{2}, d.Winners, "the last face-up card takes the trick")
	}
	d := describe(t, s, 0, 3, "foldhand")
	assert.Equal(t, "trick", d.Outcome, "the last to act throws in its hand: the trick is complete")
	assert.Equal(t, []games.Seat{2}, d.Winners)
}

func TestTheTrickFiveSecretIsSecretUntilTheRevealWhichEndsTheRound(t *testing.T) {
	s := start(t, nil, 0, "",
		"4S 10C 6S AH 8C 5D",
		"7S 4D JD 6C QC 2D",
		"7C 9D 5S 7H 3H KS",
		"2C 3D 4H 8H JS 10H")
	do(t, s,
		"0:play 4S", "1:play 7S", "2:fold 7C", "3:fold 2C",
		"1:play 4D", "2:play 9D", "3:fold 3D", "0:fold 10C",
		"2:play 5S", "3:fold 4H", "0:play 6S", "1:fold 6C",
		"0:play AH", "1:fold JD", "2:fold 7H", "3:fold 8H",
		"0:play 8C")
	// Seat 1 chooses Q♣ face down: the others learn that it chose.
	for _, viewer := range []games.Seat{0, 2, 3, games.Observer} {
		assert.Equal(t, games.Description{Seat: 1, Kind: "secret", Secret: true, Hidden: 1}, describe(t, s, viewer, 1, "secret QC"))
		assert.Equal(t, describe(t, s, viewer, 1, "secret QC"), describe(t, s, viewer, 1, "secret 2D"))
	}
	assert.Equal(t, games.Description{Seat: 1, Kind: "secret", Cards: []string{"QC"}}, describe(t, s, 1, 1, "secret QC"))
	do(t, s, "1:secret QC")

	// Seat 2's choice is the last: the trick is turned up and the showdown
	// follows. Seat 2's card is shown at once; the reveal lists seat 1's
	// secret and every survivor's last card, named where the viewer has
	// seen it. Who wins the showdown rests on cards only God has seen.
	d := describe(t, s, 0, 2, "secret 3H")
	assert.Equal(t, games.Description{Seat: 2, Kind: "secret", Cards: []string{"3H"}, Outcome: "round", Reveals: []games.Reveal{
		{Seat: 1, Kind: "secret"},
		{Seat: 0, Kind: "show", Cards: []string{"5D"}},
		{Seat: 1, Kind: "show"},
		{Seat: 2, Kind: "show"},
	}}, d)
	d = describe(t, s, 1, 2, "secret 3H")
	assert.Equal(t, []games.Reveal{
		{Seat: 1, Kind: "secret", Cards: []string{"QC"}},
		{Seat: 0, Kind: "show"},
		{Seat: 1, Kind: "show", Cards: []string{"2D"}},
		{Seat: 2, Kind: "show"},
	}, d.Reveals)
	assert.Empty(t, d.Winners)
	assert.Equal(t, games.Description{Seat: 2, Kind: "secret", Cards: []string{"3H"}, Outcome: "round", Winners: []games.Seat{0}, Reveals: []games.Reveal{
		{Seat: 1, Kind: "secret", Cards: []string{"QC"}},
		{Seat: 0, Kind: "show", Cards: []string{"5D"}},
		{Seat: 1, Kind: "show", Cards: []string{"2D"}},
		{Seat: 2, Kind: "show", Cards: []string{"KS"}},
	}}, describe(t, s, games.God, 2, "secret 3H"), "God sees the round won by 5♦")

	do(t, s, "2:secret 3H")
	last := view(s, 0).LastRound
	require.NotNil(t, last)
	assert.Equal(t, "QC", last.Tricks[4].Plays[1].Card, "the rules reveal the secret: every view names it now")
	assert.Equal(t, 0, last.Winner)
}

func TestTheLastRoundsShowdownEndsTheMatchWhoeverWins(t *testing.T) {
	s := start(t, map[string]string{"matchRounds": "1"}, 0, "", "AC 2D 9H 7S 8S 4H", "5D KC 3H 6C 10S 4S", "2C 3C 4C 5H 6H JS", "7D 8D 9D 10D JC JH")
	do(t, s,
		"0:play AC", "1:fold 6C", "2:fold 2C", "3:fold JC",
		"0:play 2D", "1:play 5D", "2:fold 3C", "3:fold 7D",
		"1:play KC", "2:fold 4C", "3:fold 8D", "0:fold 7S",
		"1:play 3H", "2:fold 5H", "3:fold 9D", "0:play 9H",
		"0:play 8S")
	assert.Equal(t, "match", describe(t, s, 1, 1, "secret 4S").Outcome)
	assert.Empty(t, describe(t, s, 1, 1, "secret 4S").Winners, "seat 1 has not seen seat 0's last card")
	god := describe(t, s, games.God, 1, "secret 4S")
	assert.Equal(t, "match", god.Outcome)
	assert.Equal(t, []games.Seat{0}, god.Winners)
}

func TestASweepAndTheLastPlayerStandingWinTheRound(t *testing.T) {
	two := []string{"AS KS QS JS 2H 3D", "2C 3C 4C 6H 7H 8H"}
	s := start(t, nil, 0, "", two...)
	do(t, s, "0:play AS", "1:fold 2C", "0:play KS", "1:fold 3C", "0:play QS", "1:fold 4C", "0:play JS")
	for _, viewer := range []games.Seat{0, 1, games.Observer} {
		d := describe(t, s, viewer, 1, "fold 6H")
		assert.Equal(t, games.Description{Seat: 1, Kind: "fold", Hidden: d.Hidden, Cards: d.Cards, Outcome: "round", Winners: []games.Seat{0}}, d, "the sweep")
	}
	s = start(t, map[string]string{"matchRounds": "1"}, 0, "", two...)
	do(t, s, "0:play AS", "1:fold 2C", "0:play KS", "1:fold 3C", "0:play QS", "1:fold 4C", "0:play JS")
	assert.Equal(t, games.Description{Seat: 1, Kind: "fold", Hidden: 1, Outcome: "match", Winners: []games.Seat{0}}, describe(t, s, 0, 1, "fold 6H"))

	s = start(t, nil, 0, "", basic...)
	do(t, s, "0:play 9S", "1:foldhand", "2:foldhand")
	assert.Equal(t, games.Description{Seat: 3, Kind: "foldhand", Hidden: 6, Outcome: "round", Winners: []games.Seat{0}}, describe(t, s, 1, 3, "foldhand"))
	assert.Equal(t, []EventView{{Seat: 1, Kind: "foldhand", Trick: 1, At: 1}, {Seat: 2, Kind: "foldhand", Trick: 1, At: 1}}, view(s, 3).Events,
		"the view lists the throw-ins where they came")
}

func TestAClaimIsJudgedOnCardsOnlyGodHasSeen(t *testing.T) {
	opts := map[string]string{"claimWin": "on"}
	s := start(t, opts, 0, "", "AS KS AH KH AD KD", "JS 4D 5C 10C JH 8H", "2C 3C 4C 6H 7H 8D")
	// Valid, seat 0 wins; invalid, seat 0 is out and play goes on: seat 1
	// cannot tell which before the hand is judged.
	assert.Equal(t, games.Description{Seat: 0, Kind: "claim"}, describe(t, s, 1, 0, "claim"))
	assert.Equal(t, games.Description{Seat: 0, Kind: "claim", Cards: []string{"KD", "AD", "KH", "AH", "KS", "AS"}}, describe(t, s, 0, 0, "claim"))
	assert.Equal(t, games.Description{Seat: 0, Kind: "claim", Cards: []string{"KD", "AD", "KH", "AH", "KS", "AS"}, Outcome: "round",
		Winners: []games.Seat{0}}, describe(t, s, games.God, 0, "claim"))

	// Two players: valid or not, the round ends.
	s = start(t, opts, 0, "", "AS KS AH KH AD KD", "JS 4D 5C 10C JH 8H")
	assert.Equal(t, games.Description{Seat: 0, Kind: "claim", Outcome: "round"}, describe(t, s, 1, 0, "claim"))
	do(t, s, "0:claim")
	assert.Equal(t, "claim", view(s, 1).LastRound.How)
}

func TestTakingTheSidePotShowsItsCard(t *testing.T) {
	opts := map[string]string{"sidePot": "on", "sidePotClaim": "MANUAL"}
	s := start(t, opts, 0, "7H", "9S 2C 3C 2D 6H 8D", "JS 4D 5C 10C JH 8H", "10S QS 9C QD 5H 7D", "2H 3H 8C JC KC 6D")
	for _, viewer := range []games.Seat{0, 1, games.Observer} {
		assert.Equal(t, games.Description{Seat: 1, Kind: "sidepot", Cards: []string{"8H"}}, describe(t, s, viewer, 1, "sidepot"))
	}
}
