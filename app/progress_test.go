package main

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
)

// playedSave is a saved match of game after n random moves (or fewer, when
// it ends first), with the round the state reached.
func playedSave(t *testing.T, game string, players, n int) (Save, games.State) {
	t.Helper()
	g, ok := lookupGame(game)
	require.True(t, ok, game)
	cfg := games.Config{Players: players, Seed: 7}
	rec := record.New(game, cfg)
	s, err := g.Game.New(cfg)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		seat, a, ok := randomMove(s, rng)
		if !ok || s.Done() {
			break
		}
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
		require.NoError(t, s.Apply(seat, a))
	}
	return Save{Record: rec, Bots: make([]string, players)}, s
}

// A match in progress is told by its round (as the table numbers it) and the
// moves played; a game not played in rounds by its moves alone.
func TestLossWarningSaysHowFarTheMatchGot(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		moves   int
		round   bool
		add     int // the engine's round count to the table's "Round n"
	}{
		{"king", 4, 14, true, 1},
		{"king", 4, 40, true, 1},
		{"mindikot", 4, 60, true, 0},
		{"catte", 4, 30, true, 0},
		{"eatreds", 2, 20, true, 1},
		{"eatpairs", 2, 10, true, 1},
		{"klondike", 1, 25, false, 0},
		{"sortcoop", 2, 6, false, 0},
	} {
		t.Run(fmt.Sprintf("%s after %d moves", tc.game, tc.moves), func(t *testing.T) {
			save, st := playedSave(t, tc.game, tc.players, tc.moves)
			p := progressOf(save)
			played := 0
			for _, s := range save.Record.Actions {
				if s.Seat != games.System {
					played++
				}
			}
			assert.Equal(t, played, p.moves)
			if !tc.round {
				assert.Zero(t, p.round)
				assert.Regexp(t, `^Your match of Klondike \([0-9]+ moves?\) will be lost\.$`, lossWarning(nil, "Klondike", p))
				return
			}
			assert.Equal(t, st.(games.Rounder).Round()+tc.add, p.round, "the round the table shows")
			assert.Regexp(t, `^Your match of Mindikot \(round [0-9]+, [0-9]+ moves?\) will be lost\.$`, lossWarning(nil, "Mindikot", p))
		})
	}
}

// Only a match that is not over and has had a move is in progress; a record
// that no longer replays is still told by its moves.
func TestInProgressIsAMatchWithMovesNotOver(t *testing.T) {
	save, _ := playedSave(t, "king", 4, 5)
	fresh, _ := playedSave(t, "king", 4, 0)
	done := save
	done.Done = true
	broken := save
	broken.Record = &record.Record{Game: "king", Players: 4, Seed: 7, Actions: []record.Step{{Seat: 0, Act: "nonsense"}, {Seat: games.System, Act: "timeout"}}}
	for _, tc := range []struct {
		name  string
		save  Save
		found bool
		want  bool
	}{
		{"moves played", save, true, true},
		{"no move yet", fresh, true, false},
		{"over", done, true, false},
		{"nothing saved", Save{}, false, false},
		{"a record that does not replay", broken, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, inProgress(tc.save, tc.found)) })
	}
	p := progressOf(broken)
	assert.Equal(t, progress{round: 0, moves: 1}, p, "the system's timeout is no move")
	assert.Equal(t, "Your match of The King (1 move) will be lost.", lossWarning(nil, "The King", p))
}
