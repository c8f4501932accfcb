//go:build !(js && wasm)

package blindroom

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
)

// syncRoom is a room in one goroutine: the host's Sequencer and the other
// pages, each message delivered in turn, so that the test holds the room's
// clock and no message crosses a link on its own time.
type syncRoom struct {
	t       testing.TB
	seq     *Sequencer
	pages   []*Page // by link; pages[0] is the host's
	errs    []error // by link: what its page stopped with
	queue   []func()
	held    []func()
	ordered []Message
	// drop swallows a page's message on its way to the host; hold keeps it
	// until release.
	drop, hold func(link int, m Message) bool
}

// newSyncRoom is a room of game whose seat s page owner[s] holds, each
// page's seats played by the game's heuristic; set, if any, is given each
// page; start starts them.
func newSyncRoom(t testing.TB, game string, owner []int, opts map[string]string, seed uint64, set ...func(link int, p *Page)) *syncRoom {
	t.Helper()
	room := Room{Game: game, Cfg: games.Config{Players: len(owner), Options: opts, Seed: seed}, Owner: owner}
	e, _, err := Supported(game, room.Cfg)
	require.NoError(t, err)
	n := room.Pages()
	r := &syncRoom{t: t, pages: make([]*Page, n), errs: make([]error, n)}
	r.seq, err = NewSequencer(room, bots.NewHeuristic(e.Advisor, 0.1, seed), frameSize)
	require.NoError(t, err)
	r.pages[0] = r.seq.Page
	// What the host orders goes to every page still reading the room, the
	// one it dealt around included, as a page's app sends it.
	r.seq.Send = func(m Message, _ []byte) {
		r.ordered = append(r.ordered, m)
		for link := 1; link < n; link++ {
			r.queue = append(r.queue, func() {
				if r.errs[link] == nil {
					r.errs[link] = r.pages[link].Handle(m)
				}
			})
		}
	}
	for link := 1; link < n; link++ {
		r.pages[link], err = NewPage(room, link, bots.NewHeuristic(e.Advisor, 0.1, seed+uint64(link)), func(m Message) { r.sent(link, m) })
		require.NoError(t, err)
	}
	for link, p := range r.pages {
		for _, f := range set {
			f(link, p)
		}
	}
	return r
}

// start starts every page: the host's page's key is ordered, the others'
// are on their way.
func (r *syncRoom) start() {
	for _, p := range r.pages[1:] {
		p.Start()
	}
	r.errs[0] = r.seq.Start()
}

// sent carries page link's message to the host in frames, unless the
// test swallows or holds it.
func (r *syncRoom) sent(link int, m Message) {
	raw, err := Encode(m)
	require.NoError(r.t, err)
	frames, err := Frames(raw, frameSize)
	require.NoError(r.t, err)
	deliver := func() {
		for _, f := range frames {
			if r.errs[0] == nil {
				r.errs[0] = r.seq.Frame(link, f)
			}
		}
	}
	switch {
	case r.drop != nil && r.drop(link, m):
	case r.hold != nil && r.hold(link, m):
		r.held = append(r.held, deliver)
	default:
		r.queue = append(r.queue, deliver)
	}
}

// run delivers everything on its way until nothing is left.
func (r *syncRoom) run() {
	for len(r.queue) > 0 {
		d := r.queue[0]
		r.queue = r.queue[1:]
		d()
	}
}

// release sends on what was held, and runs.
func (r *syncRoom) release() {
	r.queue, r.held = append(r.queue, r.held...), nil
	r.run()
}

// look is the host's look at the room's clock at t0+d; what it ordered
// is delivered.
func (r *syncRoom) look(t0 time.Time, d time.Duration) error {
	err := r.seq.Stalled(t0.Add(d))
	if r.errs[0] == nil {
		r.errs[0] = err
	}
	r.run()
	return err
}

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func hidden(selection string) map[string]string {
	return map[string]string{"mode": "HIDDEN", "hiddenCardSelection": selection, "targetPoints": "1"}
}

// TestAPageThatStallsTheRoomIsNamed: a page that withholds a message its
// program owes the room (its key, its shuffle, its shares of the deal, its
// end shares, its share of the hidden card for a reveal) is named once the
// room has waited StallTimeout on it, and not a moment before: the host
// says so in the room's order, and every page, the silent one included,
// stops with the same *Fault. Outside a deal, or with no third page to
// deal with the host's, the match ends.
func TestAPageThatStallsTheRoomIsNamed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		owner []int
		opts  map[string]string
		seed  uint64
		drop  func(link int, m Message) bool
		page  int // the page named, -1: the one whose message was dropped
		want  string
		wait  time.Duration // before it is named: StallTimeout when 0
	}{
		{"a key withheld, two pages", []int{0, 1, 0, 0}, nil, 3,
			func(link int, m Message) bool { return link == 1 && m.Kind == KindKey }, 1, "its key", FirstStallTimeout},
		{"a shuffle withheld, two pages", []int{0, 1, 0, 0}, nil, 3,
			func(link int, m Message) bool { return link == 1 && m.Kind == KindShuffle }, 1, "its shuffle", 0},
		{"shares withheld, two pages", []int{0, 0, 1, 0}, nil, 3,
			func(link int, m Message) bool { return link == 1 && m.Kind == KindShares }, 1, "its shares of the deal", 0},
		{"end shares withheld, three pages: play has begun", []int{0, 1, 2, 0}, nil, 3,
			func(link int, m Message) bool { return link == 2 && m.Kind == KindEnd }, 2, "its end shares", 0},
		{"a reveal's share withheld, four pages", nil, hidden("RANDOM"), 8,
			func(link int, m Message) bool { return m.Kind == KindReveal }, -1, "its share of the hidden card for the reveal of action", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && raceEnabled && tc.opts != nil {
				t.Skip("under the race detector: the other cases name a silent page as this one does")
			}
			opts := tc.opts
			if opts == nil {
				opts = map[string]string{"targetPoints": "1"}
			}
			owner := tc.owner
			if owner == nil {
				owner = []int{0, 1, 2, 3}
			}
			dropped := -1
			r := newSyncRoom(t, "mindikot", owner, opts, tc.seed)
			r.drop = func(link int, m Message) bool {
				if dropped < 0 && tc.drop(link, m) {
					dropped = link
				}
				return dropped == link && tc.drop(link, m)
			}
			r.start()
			r.run()
			require.NoError(t, errors.Join(r.errs...), "the room waits, no page at fault")
			require.GreaterOrEqual(t, dropped, 0, "a page withheld its message")
			page := tc.page
			if page < 0 {
				page = dropped
			}
			assert.Contains(t, r.seq.Page.Owed(), page, "the room waits on page %d", page+1)
			n := len(r.ordered)
			wait := tc.wait
			if wait == 0 {
				wait = StallTimeout
			}
			require.NoError(t, r.look(t0, 0))
			require.NoError(t, r.look(t0, wait-time.Second))
			require.NoError(t, r.look(t0, wait-time.Nanosecond))
			require.Len(t, r.ordered, n, "nothing is named before the room waited %v", wait)
			err := r.look(t0, wait)
			var f *Fault
			require.ErrorAs(t, err, &f)
			assert.Equal(t, page, f.Page)
			assert.Contains(t, f.Part, fmt.Sprintf("it sent nothing for %v while the room waited on %s", wait, tc.want))
			assert.True(t, f.Stall, "a stall, not a wrong message")
			require.Len(t, r.ordered, n+1)
			stall := r.ordered[n]
			assert.Equal(t, KindStall, stall.Kind)
			assert.Equal(t, 0, stall.Page)
			assert.Equal(t, page, stall.Stalled)
			for link, err := range r.errs {
				require.Equal(t, f, err, "page %d names the page the host named", link+1)
			}
			assert.Equal(t, err, r.seq.Stalled(t0.Add(time.Hour)), "the room has stopped")
			assert.Len(t, r.ordered, n+1)
		})
	}
}

// TestAPageThatStallsADealIsDealtAround: in a room of three pages,
// a page that withholds its shuffle is named once the room has waited
// StallTimeout, and dealt around as a page that leaves: its own page stops
// with the *Fault naming it, the two others deal the round again without
// it (its seat passes to the host's page's bots) and play to the end; the
// record notes the deal it abandoned, and verifies.
func TestAPageThatStallsADealIsDealtAround(t *testing.T) {
	if testing.Short() && raceEnabled {
		t.Skip("under the race detector: a whole match; TestAPageThatStallsTheRoomIsNamed names a silent page")
	}
	r := newSyncRoom(t, "mindikot", []int{0, 1, 2, 0}, map[string]string{"targetPoints": "1"}, 5)
	r.drop = func(link int, m Message) bool { return link == 2 && m.Kind == KindShuffle }
	r.start()
	r.run()
	require.NoError(t, errors.Join(r.errs...))
	require.Equal(t, []int{2}, r.seq.Page.Owed())
	require.NoError(t, r.look(t0, 0))
	n := len(r.ordered)
	require.NoError(t, r.look(t0, StallTimeout), "the room goes on without it")
	require.Greater(t, len(r.ordered), n)
	assert.Equal(t, Message{Kind: KindStall, Round: 1, Page: 0, Stalled: 2}, r.ordered[n])
	assert.False(t, r.seq.Live(2), "its link is read no more")
	var f *Fault
	require.ErrorAs(t, r.errs[2], &f)
	assert.Equal(t, 2, f.Page)
	assert.Contains(t, f.Part, "it sent nothing for 30s while the room waited on its shuffle; the others deal the round again without it")
	require.NoError(t, r.errs[0])
	require.NoError(t, r.errs[1])
	assert.True(t, r.pages[0].Done())
	assert.True(t, r.pages[1].Done())
	assert.Equal(t, r.pages[0].Table().State().Result(), r.pages[1].Table().State().Result())
	checkRecords(t, r.pages[:2])
	rec := r.pages[0].Record()
	assert.Equal(t, []int{2}, rec.Mental[0].Abandoned)
	assert.Equal(t, []int{0, 1, 0, 0}, rec.Mental[0].Owner)
}

// TestTheStallClockStartsAgainWhenAMessageIsOrdered: the room waits
// StallTimeout from the first look after its last message, even on the
// same page: a page slow with its key, then silent over its shuffle, is
// named StallTimeout after its key came.
func TestTheStallClockStartsAgainWhenAMessageIsOrdered(t *testing.T) {
	r := newSyncRoom(t, "mindikot", []int{0, 1, 0, 0}, map[string]string{"targetPoints": "1"}, 3)
	r.hold = func(link int, m Message) bool { return m.Kind == KindKey }
	r.drop = func(link int, m Message) bool { return m.Kind == KindShuffle }
	r.start()
	r.run()
	require.Equal(t, []int{1}, r.seq.Page.Owed(), "its key")
	require.NoError(t, r.look(t0, 0))
	require.NoError(t, r.look(t0, StallTimeout-time.Second))
	r.release()
	require.Equal(t, []int{1}, r.seq.Page.Owed(), "its shuffle")
	n := len(r.ordered)
	require.NoError(t, r.look(t0, StallTimeout+5*time.Second), "the key came: the clock starts again")
	require.NoError(t, r.look(t0, 2*StallTimeout+4*time.Second))
	require.Len(t, r.ordered, n)
	var f *Fault
	require.ErrorAs(t, r.look(t0, 2*StallTimeout+5*time.Second), &f)
	assert.Equal(t, 1, f.Page)
	assert.Contains(t, f.Part, "its shuffle")
}

// TestNoStallIsNamedWhileAPersonMoves: a person's move is never owed (no
// bot can stand in for a hand only their page holds): the room waits on
// it as long as it takes, and goes on when it comes.
func TestNoStallIsNamedWhileAPersonMoves(t *testing.T) {
	for _, person := range []int{0, 1} {
		t.Run([]string{"the host's person", "another page's person"}[person], func(t *testing.T) {
			r := newSyncRoom(t, "mindikot", []int{0, 1, 0, 0}, map[string]string{"targetPoints": "1"}, 3, func(link int, p *Page) {
				if link == person {
					p.Person = person // seat 0 is page 0's, seat 1 page 1's
				}
			})
			r.start()
			r.run()
			require.NoError(t, errors.Join(r.errs...))
			p := r.pages[person]
			require.True(t, p.Waiting(), "the room waits on the person's move")
			assert.Empty(t, r.seq.Page.Owed())
			n := len(r.ordered)
			for _, d := range []time.Duration{0, StallTimeout, time.Hour, 24 * time.Hour} {
				require.NoError(t, r.look(t0, d))
			}
			assert.Len(t, r.ordered, n, "nothing is named")
			st := p.TableOf(person).State()
			require.NoError(t, p.Move(person, st.FormatAction(st.Legal(games.Seat(person), nil)[0])))
			require.NoError(t, r.seq.Flush())
			r.run()
			require.NoError(t, errors.Join(r.errs...))
			assert.Greater(t, len(r.ordered), n, "the move is ordered and play goes on")
		})
	}
}

// TestOnlyTheHostNamesAStall: a page that says another stalled the room
// is at fault (the host alone keeps the room's clock), and so is the host
// when it names a page the room does not wait on, or no other page of the
// room; every page checks it.
func TestOnlyTheHostNamesAStall(t *testing.T) {
	t.Run("a page that names a stall", func(t *testing.T) {
		r := newSyncRoom(t, "mindikot", []int{0, 1, 2, 0}, map[string]string{"targetPoints": "1"}, 3)
		r.drop = func(link int, m Message) bool { return link == 2 && m.Kind == KindShuffle }
		r.start()
		r.run()
		require.Equal(t, []int{2}, r.seq.Page.Owed())
		raw, err := Encode(Message{Kind: KindStall, Round: 1, Page: 1, Stalled: 2})
		require.NoError(t, err)
		err = r.seq.Frame(1, append([]byte{whole}, raw...))
		r.run()
		var f *Fault
		require.ErrorAs(t, err, &f)
		assert.Equal(t, 1, f.Page)
		assert.Contains(t, f.Part, "only the host keeps the room's clock")
		for link := 1; link < 3; link++ {
			assert.Equal(t, f, r.errs[link], "page %d", link+1)
		}
	})
	r := newSyncRoom(t, "mindikot", []int{0, 1, 0, 0}, map[string]string{"targetPoints": "1"}, 3, func(link int, p *Page) {
		if link == 1 {
			p.Person = 1
		}
	})
	r.start()
	r.run()
	require.True(t, r.pages[1].Waiting())
	for _, tc := range []struct {
		name    string
		stalled int
		want    string
	}{
		{"a page the room does not wait on", 1, "page 2 sent nothing, though the room waits on nothing of it"},
		{"the host's own page", 0, "not another page of the room"},
		{"a page not in the room", 2, "not another page of the room"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for link, p := range r.pages {
				err := p.Handle(Message{Kind: KindStall, Round: 1, Page: 0, Stalled: tc.stalled})
				var f *Fault
				require.ErrorAs(t, err, &f, "page %d", link+1)
				assert.Equal(t, 0, f.Page)
				assert.Contains(t, f.Part, tc.want)
			}
		})
	}
}

// TestWhatAStallWaitsOnFollowsTheDeal: the pages the room waits on, step by step of a
// deal of three pages: every key, then each shuffle in turn, then the
// shares; none in play while a person thinks.
func TestWhatAStallWaitsOnFollowsTheDeal(t *testing.T) {
	r := newSyncRoom(t, "mindikot", []int{0, 1, 2, 0}, map[string]string{"targetPoints": "1"}, 3)
	var owed [][]int
	r.seq.Send = func(send func(Message, []byte)) func(Message, []byte) {
		return func(m Message, raw []byte) {
			send(m, raw)
			owed = append(owed, slices.Clone(r.seq.Page.Owed()))
		}
	}(r.seq.Send)
	r.hold = func(link int, m Message) bool { return m.Kind == KindShares }
	r.start()
	r.run()
	assert.Equal(t, []int{1, 2}, r.seq.Page.Owed(), "the shares held")
	r.release()
	// Owed as each message is ordered, before the host's page reads it:
	// every key, each page's shuffle in turn, the shares, then play.
	want := [][]int{{0, 1, 2}, {1, 2}, {2}, {0}, {1}, {2}, {0, 1, 2}, {1, 2}, {2}, nil}
	require.GreaterOrEqual(t, len(owed), len(want))
	assert.Equal(t, want, owed[:len(want)])
}
