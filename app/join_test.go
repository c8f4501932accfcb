//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/rtc"
)

// hostSends is what a host sends a seat: its view as JSON and its legal
// moves with their notation and descriptions (no action numbers).
func hostSends(t *testing.T, s games.State, seat games.Seat) ([]byte, []rtc.Move) {
	t.Helper()
	raw, err := json.Marshal(s.View(seat))
	require.NoError(t, err)
	var legal []rtc.Move
	for _, a := range s.Legal(seat, nil) {
		legal = append(legal, rtc.Move{Text: s.FormatAction(a), Desc: s.(games.Describer).Describe(seat, seat, a)})
	}
	return raw, legal
}

// TestJoinReadsTheHostsMovesAsTheHostsState plays random matches of every
// game and, at every step, rebuilds each acting seat's Turn from what a host
// sends: its actions are the table's own (Papas writes an interrupt of the
// open window without its number), and a bot chooses one of the moves
// offered.
func TestJoinReadsTheHostsMovesAsTheHostsState(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			cfg := games.Config{Players: info.MinPlayers, Seed: 5}
			s, err := e.Game.New(cfg)
			require.NoError(t, err)
			cfg.Seed = 0
			rng := games.NewRand(5)
			b, err := bots.New("normal", e, 9)
			require.NoError(t, err)
			for step := 0; step < 200 && !s.Done(); step++ {
				for _, seat := range s.Actors(nil) {
					raw, legal := hostSends(t, s, seat)
					if len(legal) == 0 {
						continue
					}
					turn, texts, err := joinTurn(e, cfg, seat, raw, legal, s.Deadline(), rng)
					require.NoError(t, err)
					want := s.Legal(seat, nil)
					assert.ElementsMatch(t, want, turn.Legal, "step %d: the host's actions", step)
					for _, a := range want {
						assert.Equal(t, s.FormatAction(a), texts[a])
					}
					text, err := choose(e, b, cfg, seat, raw, legal, s.Deadline(), rng)
					if err == nil {
						assert.True(t, slices.ContainsFunc(legal, func(m rtc.Move) bool { return m.Text == text }), "%q is offered", text)
					} else {
						assert.ErrorIs(t, err, bots.ErrWait, "only a timed window may be let run")
					}
				}
				seat, a, ok := randomMove(s, rng)
				if !ok {
					break
				}
				require.NoError(t, s.Apply(seat, a))
			}
		})
	}
}

// The hard level plays every game from a joined seat's view.
func TestJoinHardBotPlaysFromTheView(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			cfg := games.Config{Players: info.MinPlayers, Seed: 3}
			s, err := e.Game.New(cfg)
			require.NoError(t, err)
			cfg.Seed = 0
			rng := games.NewRand(3)
			b, err := bots.New("hard", e, 4)
			require.NoError(t, err)
			if is, ok := b.(*bots.ISMCTS); ok {
				is.Iterations = 200 // enough to search; the test measures nothing
			}
			played := 0
			for step := 0; step < 400 && !s.Done() && played < 2; step++ {
				actors := s.Actors(nil)
				if len(actors) > 0 && s.Deadline() == 0 {
					seat := actors[0]
					raw, legal := hostSends(t, s, seat)
					text, err := choose(e, b, cfg, seat, raw, legal, 0, rng)
					require.NoError(t, err)
					a, err := s.ParseAction(text)
					require.NoError(t, err)
					require.NoError(t, s.Apply(seat, a))
					played++
					continue
				}
				seat, a, ok := randomMove(s, rng)
				if !ok {
					break
				}
				require.NoError(t, s.Apply(seat, a))
			}
			assert.Positive(t, played)
		})
	}
}
