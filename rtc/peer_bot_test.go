package rtc

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/gamestest"
	"cardtable/games/record"
)

// hostSends is what a peer has of what a host sends a seat: its view as
// JSON read by the game's decoder, and its legal moves with their
// notation and descriptions (no action numbers).
func hostSends(t *testing.T, e games.Entry, s games.State, seat games.Seat) (games.View, []Move) {
	t.Helper()
	raw, err := json.Marshal(s.View(seat))
	require.NoError(t, err)
	view, err := bots.DecodeView(e, seat, raw)
	require.NoError(t, err)
	var legal []Move
	for _, a := range s.Legal(seat, nil) {
		legal = append(legal, Move{Text: s.FormatAction(a), Desc: s.Describe(seat, seat, a)})
	}
	return view, legal
}

// playoutMove is a random next action that leaves a match going when it
// can: Klondike's `end` would stop a playout at once.
func playoutMove(s games.State, rng *rand.Rand) (games.Seat, games.Action, bool) {
	for range 8 {
		seat, a, ok := gamestest.RandomMove(s, rng)
		if !ok || s.FormatAction(a) != "end" {
			return seat, a, ok
		}
	}
	return gamestest.RandomMove(s, rng)
}

// TestPeerTurnReadsTheHostsMovesAsTheHostsState plays random matches of
// every game and, at every step, rebuilds each acting seat's Turn from what
// a host sends: its actions are the table's own (Papas writes an interrupt
// of the open window without its number), each paired with the move
// offered for it, and a bot chooses one of the moves offered.
func TestPeerTurnReadsTheHostsMovesAsTheHostsState(t *testing.T) {
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
					raw, legal := hostSends(t, e, s, seat)
					if len(legal) == 0 {
						continue
					}
					turn, offered, err := peerTurn(e, cfg, seat, raw, legal, s.Deadline(), rng)
					require.NoError(t, err)
					want := s.Legal(seat, nil)
					assert.ElementsMatch(t, want, turn.Legal, "step %d: the host's actions", step)
					require.Len(t, offered, len(turn.Legal))
					for i, a := range turn.Legal {
						assert.Equal(t, s.FormatAction(a), offered[i].Text)
					}
					mv, err := choose(e, b, cfg, seat, raw, legal, s.Deadline(), rng)
					if err == nil {
						assert.Contains(t, legal, mv, "the move is one offered")
					} else {
						assert.ErrorIs(t, err, bots.ErrWait, "only a timed window may be let run")
					}
				}
				seat, a, ok := playoutMove(s, rng)
				if !ok {
					break
				}
				require.NoError(t, s.Apply(seat, a))
			}
		})
	}
}

// The hard level plays every game from a joined seat's view.
func TestPeerTurnHardBotPlaysFromTheView(t *testing.T) {
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
					raw, legal := hostSends(t, e, s, seat)
					mv, err := choose(e, b, cfg, seat, raw, legal, 0, rng)
					require.NoError(t, err)
					a, err := s.ParseAction(mv.Text)
					require.NoError(t, err)
					require.NoError(t, s.Apply(seat, a))
					played++
					continue
				}
				seat, a, ok := playoutMove(s, rng)
				if !ok {
					break
				}
				require.NoError(t, s.Apply(seat, a))
			}
			assert.Positive(t, played)
		})
	}
}

// A view of another seat or none, or a move the host offers twice, is an
// error for the joined bot, never a crash (a view the game's decoder
// refuses never reaches it: the Peer reports it).
func TestPeerTurnRefusesWhatNoHostSends(t *testing.T) {
	cfg := games.Config{Players: 4}
	s, err := kingEntry.Game.New(games.Config{Players: 4, Seed: 2})
	require.NoError(t, err)
	seat := s.Actors(nil)[0]
	raw, legal := hostSends(t, kingEntry, s, seat)
	require.NotEmpty(t, legal)
	rng := games.NewRand(1)
	b := bots.NewRandom(1)
	_, err = choose(kingEntry, b, cfg, seat, s.View((seat+1)%4), legal, 0, rng)
	assert.ErrorContains(t, err, "the host's view")
	_, err = choose(kingEntry, b, cfg, seat, nil, legal, 0, rng)
	assert.ErrorContains(t, err, "the host's view")
	_, err = choose(kingEntry, b, cfg, seat, raw, append(slices.Clone(legal), legal[0]), 0, rng)
	assert.ErrorContains(t, err, "twice")
	_, err = choose(kingEntry, b, cfg, seat, raw, []Move{{Text: "dance"}}, 0, rng)
	assert.ErrorContains(t, err, `the host offered "dance"`)
}

// TestPeerBotPlaysItsSeatToTheEnd seats a PeerBot in a hosted King and a
// hosted Papas (timed windows) over in-memory links: it plays its seat from what the host
// sends, every move accepted, ends with the match, and tells that the match
// started; the host's record holds its seat's moves.
func TestPeerBotPlaysItsSeatToTheEnd(t *testing.T) {
	for _, e := range []games.Entry{kingEntry, papasEntry} {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			h, err := NewHost(HostConfig{
				Game: e, Record: record.New(info.ID, games.Config{Players: info.MinPlayers, Seed: 21}), Seat: 0, Name: "Host",
				Window: func(time.Duration) time.Duration { return 30 * time.Millisecond },
			})
			require.NoError(t, err)
			defer h.Close()
			go h.Run(ctx, func() time.Duration { return time.Millisecond })
			seat := games.Seat(1)
			var mu sync.Mutex
			var started []string
			var refused []string
			pb, err := NewPeerBot(PeerBotConfig{
				Peer: PeerConfig{Name: "Bot", Seat: &seat, Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
					Game: catalog.Lookup,
					Dial: func(context.Context) (Conn, error) {
						a, b := Pipe()
						h.Attach(a)
						return b, nil
					}},
				Level:   "normal",
				Started: func(e games.Entry) { mu.Lock(); started = append(started, e.ID()); mu.Unlock() },
				Refused: func(m Move, err error) { mu.Lock(); refused = append(refused, m.Text+": "+err.Error()); mu.Unlock() },
			})
			require.NoError(t, err)
			done := make(chan error, 1)
			go func() { done <- pb.Run(ctx) }()
			eventually(t, func() bool { return h.Seats()[1].Kind == KindPlayer }, "the bot sits")
			for i := 2; i < info.MinPlayers; i++ {
				require.NoError(t, h.SetBot(games.Seat(i), "random"))
			}
			require.NoError(t, h.Start())
			rng := games.NewRand(21)
			for ended := false; !ended; {
				select {
				case err = <-done:
					ended = true
				case <-ctx.Done():
					t.Fatal("no end")
				case <-time.After(3 * time.Millisecond):
					if snap := h.Snapshot(); len(snap.Legal) > 0 && snap.Deadline == 0 {
						_, _ = h.Act(snap.Legal[rng.IntN(len(snap.Legal))].Text)
					}
				}
			}
			require.NoError(t, err)
			assert.True(t, h.Snapshot().Done, "the bot ends with the match")
			assert.True(t, pb.Peer().Snapshot().Done)
			mu.Lock()
			assert.Equal(t, []string{info.ID}, started)
			assert.Empty(t, refused, "every move it chose was sent")
			mu.Unlock()
			mine := 0
			for _, st := range h.Record().Actions {
				if st.Seat == 1 {
					mine++
				}
			}
			assert.Positive(t, mine, "the bot's seat played")
		})
	}
}

// An unknown game ends the bot's Run with the lookup's error.
func TestPeerBotNeedsTheGame(t *testing.T) {
	_, err := NewPeerBot(PeerBotConfig{Level: "random"})
	assert.Error(t, err)
	tb := grabTable(t, 2, HostConfig{})
	h := tb.h()
	seat := games.Seat(1)
	pb, err := NewPeerBot(PeerBotConfig{
		Peer: PeerConfig{Seat: &seat, Dial: func(context.Context) (Conn, error) { a, b := Pipe(); h.Attach(a); return b, nil },
			Game: func(id string) (games.Entry, error) { return games.Entry{}, errUnknown(id) }},
		Level: "random",
	})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- pb.Run(ctx) }() // the host's welcome names the game
	select {
	case err := <-done:
		assert.ErrorContains(t, err, "no game grab here")
	case <-ctx.Done():
		t.Fatal("Run goes on without its game")
	}
}

type errUnknown string

func (e errUnknown) Error() string { return "no game " + strings.ToLower(string(e)) + " here" }
