package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/rtc"
	"cardtable/rtc/wire"
)

// TestTheWorkersMessagesAreReadInTheOrderTheyCame: the worker's handler
// never waits, and its reader gets every message in order; a closed queue
// ends its reader, and a reader whose context ends stops waiting.
func TestTheWorkersMessagesAreReadInTheOrderTheyCame(t *testing.T) {
	q := newQueue()
	for _, m := range []string{"a", "b", "c"} {
		q.put([]byte(m))
	}
	for _, want := range []string{"a", "b", "c"} {
		got, err := q.get(context.Background())
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := q.get(ctx)
	assert.ErrorIs(t, err, context.Canceled)
	got := make(chan error, 1)
	go func() { _, err := q.get(context.Background()); got <- err }()
	q.close()
	assert.ErrorIs(t, <-got, rtc.ErrClosed)
	q.put([]byte("late"))
	_, err = q.get(context.Background())
	assert.ErrorIs(t, err, rtc.ErrClosed, "nothing is read after the close")
}

// TestAPageIsNamedByItsPersonsSeat: the host's page, page 0, holds the
// host's seat and every bot's, and is named by the host's; each other page
// by the one seat it holds.
func TestAPageIsNamedByItsPersonsSeat(t *testing.T) {
	seats := []rtc.SeatStatus{{Kind: rtc.KindBot}, {Kind: rtc.KindHost}, {Kind: rtc.KindPlayer}, {Kind: rtc.KindPlayer}}
	owner := []int{0, 0, 1, 2}
	for _, c := range []struct{ page, seat int }{{0, 1}, {1, 2}, {2, 3}, {3, -1}} {
		assert.Equal(t, c.seat, pageSeat(owner, seats, c.page), "page %d", c.page)
	}
}

// TestTheWorkerStartsWithItsPersonsSeat: the worker's start names the
// room's game and config (the blind start's seed), the owner map, the
// page, whether it orders the room, the person's seat and the lobby's
// seats; the person's name says hello for the table.
func TestTheWorkerStartsWithItsPersonsSeat(t *testing.T) {
	seats := []rtc.SeatStatus{{Kind: rtc.KindHost, Name: "Ann"}, {Kind: rtc.KindPlayer, Name: "Bob"}, {Kind: rtc.KindBot}, {Kind: rtc.KindPlayer, Name: "Cy"}}
	b := wire.BlindStart{Page: 2, Owner: []int{0, 1, 0, 2}, Seed: 7}
	st, name := mentalStart("king", games.Config{Players: 4, Seed: b.Seed}, b, false, 3, seats)
	assert.Equal(t, "Cy", name)
	assert.Equal(t, "king", st.Game)
	assert.Equal(t, uint64(7), st.Cfg.Seed)
	assert.Equal(t, []int{0, 1, 0, 2}, st.Owner)
	assert.Equal(t, 2, st.Page)
	assert.False(t, st.Order)
	require.NotNil(t, st.Person)
	assert.Equal(t, 3, *st.Person)
	assert.Equal(t, seats, st.Seats)
}
