package rtc

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/rtctest"
	"cardtable/rtc/wire"
)

// handHost is a host's page written by hand, as a modified page could be:
// it speaks the host's side of the protocol to real peers over pipes and
// draws the deal as its lie says. Seat 0 is the host's, seats 1..pages
// the pages' (a page of nil is a person whose page stays silent: the test
// speaks for it), the others bots.
type handHost struct {
	t     *testing.T
	room  string
	n     int
	links []Conn  // the host's end of each page's link, by seat (nil for the host's and the bots')
	peers []*Peer // by seat
	seats []wire.SeatStatus
	// The shares the host's page drew for its seat and the bots', and
	// every seat's commitment as the host holds it.
	shares  [][]byte
	commits []string
}

// newHandHost seats the peers of pages real pages (true) or silent ones
// (false) at a table of n seats.
func newHandHost(t *testing.T, n int, pages ...bool) *handHost {
	t.Helper()
	h := &handHost{t: t, room: "LIEROOM", n: n, links: make([]Conn, n), peers: make([]*Peer, n),
		shares: make([][]byte, n), commits: make([]string, n)}
	ctx, cancel := context.WithTimeout(context.Background(), slow*60*time.Second)
	t.Cleanup(cancel)
	for i := range n {
		st := wire.SeatStatus{Seat: games.Seat(i), Kind: KindBot, Name: "random bot", Bot: "random", BotPlays: true, Connected: false}
		switch {
		case i == 0:
			st = wire.SeatStatus{Seat: 0, Kind: KindHost, Name: "Host", Connected: true}
		case i <= len(pages):
			st = wire.SeatStatus{Seat: games.Seat(i), Kind: KindPlayer, Name: fmt.Sprintf("P%d", i), Connected: true}
		}
		h.seats = append(h.seats, st)
		if st.Kind != KindPlayer {
			h.shares[i] = newShare()
			c := record.Commitment(h.shares[i], h.room, games.Seat(i))
			h.commits[i] = hex.EncodeToString(c[:])
		}
	}
	info := rtctest.Grab{}.Info()
	for i, real := range pages {
		seat := games.Seat(i + 1)
		hostEnd, pageEnd := Pipe()
		h.links[seat] = hostEnd
		t.Cleanup(func() { hostEnd.Close() })
		if !real {
			continue
		}
		dialed := false
		p := NewPeer(PeerConfig{Game: rtctest.Lookup, Name: fmt.Sprintf("P%d", seat), Room: h.room, Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
			Dial: func(context.Context) (Conn, error) {
				if dialed {
					return nil, errors.New("the hand-written host takes one link per page")
				}
				dialed = true
				return pageEnd, nil
			}})
		h.peers[seat] = p
		pctx, pcancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			p.Run(pctx)
		}()
		t.Cleanup(func() {
			pcancel()
			<-done
		})
		require.Equal(t, wire.MsgHello, h.recv(seat, wire.MsgHello).T)
		h.send(seat, wire.ToPeer{T: wire.MsgWelcome, Seat: &seat, Game: "grab", Info: &info, Players: n})
	}
	return h
}

func (h *handHost) send(seat games.Seat, m wire.ToPeer) {
	h.t.Helper()
	m.V = wire.Version
	b, err := json.Marshal(m)
	require.NoError(h.t, err)
	require.NoError(h.t, h.links[seat].Send(b))
}

// recv reads seat's link until a message of type typ.
func (h *handHost) recv(seat games.Seat, typ string) wire.ToHost {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), slow*10*time.Second)
	defer cancel()
	for {
		b, err := h.links[seat].Recv(ctx)
		require.NoError(h.t, err, "seat %d says %s", seat, typ)
		m, err := wire.ParseToHost(b)
		require.NoError(h.t, err)
		if m.T == typ {
			return m
		}
	}
}

// lobby shows the draw to the real pages among seats.
func (h *handHost) lobby(d wire.DrawStatus, seats ...games.Seat) {
	h.t.Helper()
	for _, s := range seats {
		if h.peers[s] != nil {
			h.send(s, wire.ToPeer{T: wire.MsgLobby, Seats: h.seats, Draw: &d})
		}
	}
}

// pages is every seat of a real page.
func (h *handHost) pages() []games.Seat {
	var out []games.Seat
	for i, p := range h.peers {
		if p != nil {
			out = append(out, games.Seat(i))
		}
	}
	return out
}

// commitPhase opens draw 1 and takes the commitment of every real page.
func (h *handHost) commitPhase() {
	h.t.Helper()
	h.lobby(wire.DrawStatus{Draw: 1, Phase: wire.PhaseCommit, Commits: h.commits, Revealed: make([]bool, h.n)}, h.pages()...)
	for _, s := range h.pages() {
		h.commits[s] = h.recv(s, wire.MsgCommit).Commit
	}
}

// revealPhase asks the pages of seats for their shares, showing the
// host's own and the bots' as revealed, and returns what they reveal.
func (h *handHost) revealPhase(commits []string, seats ...games.Seat) map[games.Seat]string {
	h.t.Helper()
	revealed := make([]bool, h.n)
	for i, s := range h.seats {
		revealed[i] = s.Kind != KindPlayer
	}
	h.lobby(wire.DrawStatus{Draw: 1, Phase: wire.PhaseReveal, Commits: commits, Revealed: revealed}, seats...)
	out := map[games.Seat]string{}
	for _, s := range seats {
		out[s] = h.recv(s, wire.MsgReveal).Share
	}
	return out
}

// finish seeds the match with the draw as the host's page records it
// (its seed set here from its reveals), plays it to the end, and sends
// every real page the end of the draw, saying left, and the finished
// match.
func (h *handHost) finish(d record.Draw, left []wire.LeftOut) {
	h.t.Helper()
	var shares [][]byte
	revealed := make([]bool, h.n)
	for i, r := range d.Reveals {
		if r != "" {
			b, err := hex.DecodeString(r)
			require.NoError(h.t, err)
			shares = append(shares, b)
			revealed[i] = true
		}
	}
	js := record.JointSeed(shares)
	d.Seed = hex.EncodeToString(js[:])
	rec := record.New("grab", games.Config{Players: h.n, Seed: record.SeedOf(js)})
	rec.Fair = &record.Fair{Room: h.room, Draws: []record.Draw{d}}
	g := rtctest.Grab{}
	s, err := g.New(rec.Config())
	require.NoError(h.t, err)
	rng := mrand.New(mrand.NewPCG(7, 8))
	for !s.Done() {
		actors := s.Actors(nil)
		seat := actors[rng.IntN(len(actors))]
		legal := s.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
		require.NoError(h.t, s.Apply(seat, a))
	}
	res := s.Result()
	h.lobby(wire.DrawStatus{Draw: 1, Phase: wire.PhaseDone, Commits: d.Commits, Revealed: revealed, Left: left}, h.pages()...)
	for _, seat := range h.pages() {
		view := mustJSON(s.View(seat))
		h.send(seat, wire.ToPeer{T: wire.MsgUpdate, Step: len(rec.Actions), View: view, Hash: wire.ViewHash(view),
			Seats: h.seats, Started: true, Done: true, Result: &res, Record: rec})
	}
	for _, seat := range h.pages() {
		p := h.peers[seat]
		eventually(h.t, func() bool { return p.Snapshot().Done && len(p.Record().Actions) > 0 }, "page %d has the record", seat)
	}
}

// draw is a record.Draw of the commitments and shares given.
func draw(commits []string, reveals []string) record.Draw {
	return record.Draw{Commits: append([]string(nil), commits...), Reveals: append([]string(nil), reveals...)}
}

// hostReveals is every share the host's page drew, in hexadecimal.
func (h *handHost) hostReveals() []string {
	out := make([]string, h.n)
	for i, s := range h.shares {
		if s != nil {
			out[i] = hex.EncodeToString(s)
		}
	}
	return out
}

// grind draws the host's own shares and the bots' again after the fact,
// with commitments to match, as a host that chooses its deal does.
func (h *handHost) grind(commits, reveals []string) {
	for i, s := range h.seats {
		if s.Kind != KindPlayer {
			share := newShare()
			c := record.Commitment(share, h.room, games.Seat(i))
			commits[i], reveals[i] = hex.EncodeToString(c[:]), hex.EncodeToString(share)
		}
	}
}

func TestAHandWrittenHostPageThatLeavesOutSharesItCannotBeLateWithIsCaughtByEveryPage(t *testing.T) {
	tests := []struct {
		name string
		// lie draws the deal from the pages' shares (by seat) and says
		// whom it left out.
		lie  func(h *handHost, shares map[games.Seat]string) (record.Draw, []wire.LeftOut)
		want map[games.Seat][2]any // each page's kind and seat named
	}{
		{"it leaves out its own share, saying it was not revealed in time", func(h *handHost, shares map[games.Seat]string) (record.Draw, []wire.LeftOut) {
			r := h.hostReveals()
			r[1], r[2] = shares[1], shares[2]
			r[0] = ""
			return draw(h.commits, r), []wire.LeftOut{{Seat: 0, Why: wire.LeftNoReveal}}
		}, map[games.Seat][2]any{1: {record.FairHostShare, games.Seat(0)}, 2: {record.FairHostShare, games.Seat(0)}}},
		{"it leaves out a bot's share, saying it was not revealed in time", func(h *handHost, shares map[games.Seat]string) (record.Draw, []wire.LeftOut) {
			r := h.hostReveals()
			r[1], r[2] = shares[1], shares[2]
			r[3] = ""
			return draw(h.commits, r), []wire.LeftOut{{Seat: 3, Why: wire.LeftNoReveal}}
		}, map[games.Seat][2]any{1: {record.FairHostShare, games.Seat(3)}, 2: {record.FairHostShare, games.Seat(3)}}},
		{"it leaves out a bot's share and its commitment, saying it sent none", func(h *handHost, shares map[games.Seat]string) (record.Draw, []wire.LeftOut) {
			r := h.hostReveals()
			r[1], r[2] = shares[1], shares[2]
			r[3] = ""
			d := draw(h.commits, r)
			d.Commits[3] = ""
			return d, []wire.LeftOut{{Seat: 3, Why: wire.LeftNoCommit}}
		}, map[games.Seat][2]any{1: {record.FairCommits, games.Seat(3)}, 2: {record.FairCommits, games.Seat(3)}}},
		{"it leaves out a page's share the lobby showed revealed", func(h *handHost, shares map[games.Seat]string) (record.Draw, []wire.LeftOut) {
			r := h.hostReveals()
			r[1] = shares[1]
			h.lobby(wire.DrawStatus{Draw: 1, Phase: wire.PhaseReveal, Commits: h.commits, Revealed: []bool{true, true, true, true}}, 1, 2)
			return draw(h.commits, r), []wire.LeftOut{{Seat: 2, Why: wire.LeftNoReveal}}
		}, map[games.Seat][2]any{1: {record.FairShown, games.Seat(2)}, 2: {record.FairOwnShare, games.Seat(2)}}},
		{"it leaves out a page's share, saying it did not match", func(h *handHost, shares map[games.Seat]string) (record.Draw, []wire.LeftOut) {
			r := h.hostReveals()
			r[1] = shares[1]
			return draw(h.commits, r), []wire.LeftOut{{Seat: 2, Why: wire.LeftMismatch}}
		}, map[games.Seat][2]any{2: {record.FairOwnShare, games.Seat(2)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHandHost(t, 4, true, true)
			h.commitPhase()
			shares := h.revealPhase(h.commits, 1, 2)
			d, left := tt.lie(h, shares)
			h.finish(d, left)
			for _, seat := range h.pages() {
				v := h.peers[seat].Verify(rtctest.Grab{})
				want, ok := tt.want[seat]
				if !ok {
					// A page that cannot tell a lie from a real mismatch of
					// another's share: the lobby said so, and its own share
					// is in.
					assert.NoError(t, v.Err, "page %d", seat)
					continue
				}
				var fe *record.FairError
				require.ErrorAs(t, v.Err, &fe, "page %d", seat)
				assert.Equal(t, want[0], fe.Kind, "page %d: %v", seat, fe)
				assert.Equal(t, want[1], fe.Seat, "page %d names the seat: %v", seat, fe)
				t.Logf("page %d: %v", seat, fe)
			}
		})
	}
}

func TestAHandWrittenHostPageThatNeverAsksAPageToRevealIsCaught(t *testing.T) {
	for _, why := range []string{wire.LeftNoReveal, wire.LeftNoCommit} {
		for _, pages := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d pages, it says %s", pages, why), func(t *testing.T) {
				real := make([]bool, pages)
				for i := range real {
					real[i] = true
				}
				h := newHandHost(t, 4, real...)
				h.commitPhase()
				// It never asks: it draws its own shares and the bots'
				// again until it likes the deal, and says the pages were
				// silent.
				d := draw(h.commits, make([]string, 4))
				h.grind(d.Commits, d.Reveals)
				var left []wire.LeftOut
				for _, s := range h.pages() {
					left = append(left, wire.LeftOut{Seat: s, Why: why})
					if why == wire.LeftNoCommit {
						d.Commits[s] = ""
					}
				}
				h.finish(d, left)
				for _, seat := range h.pages() {
					var fe *record.FairError
					require.ErrorAs(t, h.peers[seat].Verify(rtctest.Grab{}).Err, &fe, "page %d", seat)
					assert.Equal(t, record.FairNotAsked, fe.Kind, "page %d: %v", seat, fe)
					assert.Equal(t, seat, fe.Seat)
				}
			})
		}
	}
}

func TestAHonestHandWrittenHostPageVerifiesAndASilentPageIsLeftOutAsTheLobbySaid(t *testing.T) {
	for _, tt := range []struct {
		name    string
		commits bool // the silent page's commitment came in
	}{
		{"the silent page promised its share and never revealed it", true},
		{"the silent page never promised one", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHandHost(t, 4, true, false) // seat 2's page stays silent
			h.commitPhase()
			why := wire.LeftNoCommit
			if tt.commits {
				c := record.Commitment(newShare(), h.room, 2)
				h.commits[2] = hex.EncodeToString(c[:])
				why = wire.LeftNoReveal
			}
			shares := h.revealPhase(h.commits, 1)
			r := h.hostReveals()
			r[1] = shares[1]
			h.finish(draw(h.commits, r), []wire.LeftOut{{Seat: 2, Why: why}})
			v := h.peers[1].Verify(rtctest.Grab{})
			assert.NoError(t, v.Err)
			assert.Equal(t, []wire.LeftOut{{Seat: 2, Why: why}}, v.Left)
			assert.Equal(t, 1, v.Draws)
		})
	}
}

func TestAReloadedPageHoldsTheDealToWhatItSawOfTheDrawBeforeTheReload(t *testing.T) {
	for _, tt := range []struct {
		name   string
		memory func(m []DrawMemory) []DrawMemory // what the new page is given
		kind   string                            // "" when the deal verifies
	}{
		{"it kept what it saw", func(m []DrawMemory) []DrawMemory { return m }, ""},
		{"it lost what it saw", func([]DrawMemory) []DrawMemory { return nil }, record.FairNoShare},
		{"its share was changed in its storage", func(m []DrawMemory) []DrawMemory {
			m[0].Share = newShare()
			return m
		}, record.FairNoShare},
		{"its memory is cut short", func(m []DrawMemory) []DrawMemory {
			m[0].Revealed = m[0].Revealed[:2]
			return m
		}, record.FairNoShare},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tb := grabTable(t, 4, HostConfig{DrawTimeout: slow * 5 * time.Second, Window: func(d time.Duration) time.Duration { return d / 10 }})
			h := tb.h()
			tb.run(h)
			first, reload := tb.join(1, PeerConfig{Name: "P1"})
			eventually(t, func() bool { return first.Seat() == 1 }, "P1 seated")
			second, _ := tb.join(2, PeerConfig{Name: "P2"})
			eventually(t, func() bool { return second.Seat() == 2 }, "P2 seated")
			require.NoError(t, h.SetBot(3, "random"))
			startMatch(t, h)
			eventually(t, func() bool { d := first.Draw(); return d != nil && d.Phase == wire.PhaseDone }, "P1 sees the draw end")
			mem, token := first.Draws(), first.Token()
			require.Len(t, mem, 1)
			reload()
			again, _ := tb.join(1, PeerConfig{Name: "P1", Token: token, Draws: tt.memory(mem)})
			eventually(t, func() bool { return again.Seat() == 1 }, "the reloaded page takes its seat back")
			watcher, _ := tb.join(3, PeerConfig{Name: "W"})
			eventually(t, func() bool { return watcher.Started() }, "a spectator watches")
			playToTheEnd(t, h, []*Peer{again, second, watcher})
			assert.NoError(t, second.Verify(rtctest.Grab{}).Err, "the page that was not reloaded")
			var fe *record.FairError
			require.ErrorAs(t, watcher.Verify(rtctest.Grab{}).Err, &fe, "a spectator had no share: it cannot vouch")
			assert.Equal(t, record.FairNoShare, fe.Kind)
			v := again.Verify(rtctest.Grab{})
			if tt.kind == "" {
				assert.NoError(t, v.Err)
				return
			}
			require.ErrorAs(t, v.Err, &fe)
			assert.Equal(t, tt.kind, fe.Kind, "%v", fe)
		})
	}
}

// FuzzRestoredDrawMemory: whatever a page's storage holds, the peer takes
// back only what holds together, and its check of a deal never panics.
func FuzzRestoredDrawMemory(f *testing.F) {
	share := make([]byte, record.ShareLen)
	c := record.Commitment(share, "R", 1)
	good, _ := json.Marshal([]DrawMemory{{Draw: 1, Seat: 1, Share: share, Commit: hex.EncodeToString(c[:]),
		Relayed: []string{"", hex.EncodeToString(c[:])}, Revealed: []bool{true, false}, HostDrawn: []bool{true, false}}})
	f.Add(good)
	f.Add([]byte(`[{"draw":0,"seat":-1}]`))
	f.Add([]byte(`[{"draw":3,"seat":5,"share":"AAAA","revealed":[true],"hostDrawn":[]}]`))
	honest := record.Draw{Commits: []string{"", hex.EncodeToString(c[:])}, Reveals: []string{"", hex.EncodeToString(share)}}
	f.Fuzz(func(t *testing.T, data []byte) {
		var mem []DrawMemory
		if json.Unmarshal(data, &mem) != nil {
			return
		}
		p := NewPeer(PeerConfig{Game: rtctest.Lookup, Room: "R", Draws: mem})
		got := p.Draws()
		draws := map[int]DrawMemory{}
		for _, m := range got {
			require.Len(t, m.Share, record.ShareLen)
			draws[m.Draw] = m
		}
		f := &record.Fair{Room: "R", Draws: []record.Draw{honest, honest}}
		checkDraw(f, 1, draws, nil)
	})
}

func TestAPageRemembersOnlyTheLatestDrawsOfAHostThatStartsTheShuffleAgainAndAgain(t *testing.T) {
	h := newHandHost(t, 3, true)
	const draws = 3 * maxRemembered
	for n := 1; n <= draws; n++ {
		h.lobby(wire.DrawStatus{Draw: n, Phase: wire.PhaseCommit, Commits: h.commits, Revealed: make([]bool, 3)}, 1)
		h.recv(1, wire.MsgCommit)
	}
	mem := h.peers[1].Draws()
	require.Len(t, mem, maxRemembered)
	assert.Equal(t, draws-maxRemembered+1, mem[0].Draw)
	assert.Equal(t, draws, mem[len(mem)-1].Draw, "the latest draw is kept")
	many := make([]DrawMemory, 0, draws)
	for n := 1; n <= draws; n++ {
		m := mem[0]
		m.Draw = n
		many = append(many, m)
	}
	assert.Len(t, NewPeer(PeerConfig{Game: rtctest.Lookup, Room: h.room, Draws: many}).Draws(), maxRemembered, "nor does it take back more from its storage")
	slices.Reverse(many)
	back := NewPeer(PeerConfig{Game: rtctest.Lookup, Room: h.room, Draws: many}).Draws()
	require.Len(t, back, maxRemembered)
	for i, m := range back {
		assert.Equal(t, draws-maxRemembered+1+i, m.Draw, "the draws come back in their order, whatever the order they were stored in")
	}
}
