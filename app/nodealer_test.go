package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/rtc"
	"cardtable/rtc/mentalwire"
	"cardtable/rtc/wire"
)

// TestTheWorkersMessagesAreReadInTheOrderTheyCame: the worker's handler
// never waits: the table reads the worker's messages in order, and one
// that finds no room stops the match with the reason; a table whose
// context ends stops reading.
func TestTheWorkersMessagesAreReadInTheOrderTheyCame(t *testing.T) {
	told := 0
	m := &mentalRun{table: make(chan []byte, 2), notify: func() { told++ }}
	for _, s := range []string{"a", "b"} {
		m.put(m.table, s)
	}
	_, failed, _ := m.state()
	assert.Empty(t, failed)
	m.put(m.table, "c")
	_, failed, _ = m.state()
	assert.Equal(t, "the worker's messages were not read", failed)
	assert.Equal(t, 1, told, "the page is told the match stopped")
	link := (*workerLink)(m)
	for _, want := range []string{"a", "b"} {
		got, err := link.Recv(context.Background())
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := link.Recv(ctx)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestTheFirstEndStays: a match that ended (checked, or stopped by a
// fault or an error) keeps that end; what the worker says after it does
// not change it.
func TestTheFirstEndStays(t *testing.T) {
	f := &mentalwire.Fault{Page: 2, Part: "its shuffle is wrong"}
	for _, c := range []struct {
		name   string
		ends   []func(m *mentalRun)
		fault  *mentalwire.Fault
		failed string
		done   bool
	}{
		{"done", []func(*mentalRun){func(m *mentalRun) { m.end(nil, "", true) }, func(m *mentalRun) { m.end(f, "", false) }}, nil, "", true},
		{"a fault", []func(*mentalRun){func(m *mentalRun) { m.end(f, "", false) }, func(m *mentalRun) { m.end(nil, "no", false) }}, f, "", false},
		{"an error", []func(*mentalRun){func(m *mentalRun) { m.end(nil, "no", false) }, func(m *mentalRun) { m.end(nil, "", true) }}, nil, "no", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &mentalRun{notify: func() {}}
			for _, e := range c.ends {
				e(m)
			}
			fault, failed, done := m.state()
			assert.Equal(t, c.fault, fault)
			assert.Equal(t, c.failed, failed)
			assert.Equal(t, c.done, done)
		})
	}
}

// TestAStoppedMatchSaysWhichPageInWords: a fault names the page by its
// person's name ("your page" for the reader's own), with the worker's
// part as a second line, its cards named; the worker's error says so; a
// checked match says "Deal and play verified"; a match under way says
// nothing.
func TestAStoppedMatchSaysWhichPageInWords(t *testing.T) {
	seats := []rtc.SeatStatus{{Kind: rtc.KindHost, Name: "Ann"}, {Kind: rtc.KindPlayer, Name: "Bob"}, {Kind: rtc.KindBot}, {Kind: rtc.KindPlayer, Name: "Cy"}}
	names := []string{"Ann", "You", "Bot 3", "Cy"}
	owner := []int{0, 1, 0, 2}
	for _, c := range []struct {
		name  string
		end   func(m *mentalRun)
		ok    bool
		lines []string
	}{
		{"under way", func(*mentalRun) {}, false, nil},
		{"checked", func(m *mentalRun) { m.end(nil, "", true) }, true,
			[]string{"Deal and play verified: every page shuffled the deck in turn, every card opened with its holder's proof, and every play follows the rules."}},
		{"another page", func(m *mentalRun) { m.end(&mentalwire.Fault{Page: 2, Part: "its shuffle is wrong"}, "", false) }, false,
			[]string{"The match stopped: what Cy's page sent does not check out.", "Its shuffle is wrong."}},
		{"the host's page", func(m *mentalRun) { m.end(&mentalwire.Fault{Page: 0, Part: "a share is wrong"}, "", false) }, false,
			[]string{"The match stopped: what Ann's page sent does not check out.", "A share is wrong."}},
		{"this page", func(m *mentalRun) { m.end(&mentalwire.Fault{Page: 1, Part: "p"}, "", false) }, false,
			[]string{"The match stopped: what your page sent does not check out.", "P."}},
		{"a revoke, its card named", func(m *mentalRun) {
			m.end(&mentalwire.Fault{Page: 2, Part: `round 2: seat 4's "play 9C" was not legal: must follow hearts`}, "", false)
		}, false, []string{"The match stopped: what Cy's page sent does not check out.", `Round 2: seat 4's "play the 9 of clubs" was not legal: must follow hearts.`}},
		{"another page stalled", func(m *mentalRun) {
			m.end(&mentalwire.Fault{Page: 2, Part: "it sent nothing for 30s while the room waited on its shuffle", Stall: true}, "", false)
		}, false, []string{"The match stopped: Cy's page stopped answering.", "It sent nothing for 30s while the room waited on its shuffle."}},
		{"this page stalled", func(m *mentalRun) { m.end(&mentalwire.Fault{Page: 1, Part: "p", Stall: true}, "", false) }, false,
			[]string{"The match stopped: your page stopped answering.", "P."}},
		{"an error", func(m *mentalRun) { m.end(nil, "mental.wasm: no", false) }, false,
			[]string{"The match stopped: this page could not go on with the deal.", "mental.wasm: no"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &mentalRun{owner: owner, notify: func() {}}
			c.end(m)
			ok, lines := mentalLines(nil, m, seats, names, 1)
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.lines, lines)
		})
	}
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
