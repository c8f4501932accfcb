//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
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
		legal = append(legal, rtc.Move{Text: s.FormatAction(a), Desc: s.Describe(seat, seat, a)})
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

// TestJoinerPlaysAWholeMatch seats `app join`'s joiner in a hosted match of
// every game for two or more players, over an in-memory link: it plays its
// seat from what the host sends to the end, every move accepted. The host
// plays its own seat at random and lets every timed window run.
func TestJoinerPlaysAWholeMatch(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		if info.MaxPlayers < 2 {
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			players := max(2, info.MinPlayers)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			h, err := rtc.NewHost(rtc.HostConfig{
				Game: e, Record: record.New(info.ID, games.Config{Players: players, Seed: 21}), Seat: 0, Name: "Host",
				Window: func(time.Duration) time.Duration { return 50 * time.Millisecond },
			})
			require.NoError(t, err)
			defer h.Close()
			go h.Run(ctx, func() time.Duration { return 5 * time.Millisecond })
			var out strings.Builder
			j := &joiner{level: "hard", out: &out, wake: make(chan rtc.Notice, 64)}
			seat := games.Seat(1)
			j.peer = rtc.NewPeer(rtc.PeerConfig{Name: "Pion", Seat: &seat,
				Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
				Dial: func(context.Context) (rtc.Conn, error) {
					a, b := rtc.Pipe()
					h.Attach(a)
					return b, nil
				},
				Notify: func(n rtc.Notice) {
					select {
					case j.wake <- n:
					default:
					}
				}})
			done := make(chan error, 1)
			go func() { done <- j.run(ctx) }()
			require.Eventually(t, func() bool { return h.Seats()[1].Kind == rtc.KindPlayer }, time.Minute, 5*time.Millisecond)
			for i := 2; i < players; i++ {
				require.NoError(t, h.SetBot(games.Seat(i), "random"))
			}
			require.NoError(t, h.Start())
			rng := games.NewRand(21)
			for ended := false; !ended; {
				select {
				case err = <-done:
					ended = true
				case <-ctx.Done():
					t.Fatalf("no end: %s", out.String())
				case <-time.After(5 * time.Millisecond):
					if legal := h.Legal(); len(legal) > 0 && h.Deadline() == 0 {
						_ = h.Act(legal[rng.IntN(len(legal))].Text)
					}
				}
			}
			require.NoError(t, err, out.String())
			assert.True(t, h.Done(), "the joiner ends with the match")
			said := out.String()
			assert.Contains(t, said, "the match of "+info.Title+" has started")
			assert.Contains(t, said, "the match is over")
			assert.Contains(t, said, "deal verified: ", "the joiner's own check of the deal holds")
			assert.NotEmpty(t, h.Record().Fair.Draws[0].Reveals[1], "the joiner's share is in the deal")
			mine := 0
			for _, st := range h.Record().Actions {
				if st.Seat == 1 {
					mine++
				}
			}
			assert.Positive(t, mine, "the joiner's seat played")
		})
	}
}
