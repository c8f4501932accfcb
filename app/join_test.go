//go:build !(js && wasm)

package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
)

// TestJoinerPlaysAWholeMatch seats `app join`'s bot in a hosted match of
// every game for two or more players, over an in-memory link: it plays its
// seat from what the host sends to the end, every move accepted. The host
// plays its own seat at random and lets every timed window run. The deal is
// drawn jointly, so it differs from run to run, and a deal may end before
// the joiner's seat has a turn (Eat Pairs' dealer may lay down or pair
// every card): the table then deals again, at most five times, until the
// joiner has played.
func TestJoinerPlaysAWholeMatch(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		if info.MaxPlayers < 2 {
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			for deal := 1; ; deal++ {
				if joinerPlaysAMatch(t, e) > 0 {
					return
				}
				require.Less(t, deal, 5, "five deals in a row ended before the joiner's seat had a turn")
				t.Logf("deal %d ended before the joiner's seat had a turn: dealing again", deal)
			}
		})
	}
}

// joinerPlaysAMatch plays one match of e with `app join`'s bot at seat 1
// and checks what it says; it returns how many actions seat 1 played.
func joinerPlaysAMatch(t *testing.T, e games.Entry) int {
	info := e.Game.Info()
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
	var out lockedBuffer
	seat := games.Seat(1)
	pc := rtc.PeerConfig{Name: "Pion", Seat: &seat,
		Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
		Dial: func(context.Context) (rtc.Conn, error) {
			a, b := rtc.Pipe()
			h.Attach(a)
			return b, nil
		},
	}
	done := make(chan error, 1)
	go func() { done <- playJoined(nil, ctx, pc, "hard", &out) }()
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
			if snap := h.Snapshot(); len(snap.Legal) > 0 && snap.Deadline == 0 {
				_, _ = h.Act(snap.Legal[rng.IntN(len(snap.Legal))].Text)
			}
		}
	}
	require.NoError(t, err, out.String())
	assert.True(t, h.Snapshot().Done, "the joiner ends with the match")
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
	return mine
}
