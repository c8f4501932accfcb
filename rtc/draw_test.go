package rtc

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/rtctest"
	"cardtable/rtc/wire"
)

// fairTable is a Grab room of four seats: the host in seat 0, two peers'
// pages in seats 1 and 2, and a bot in seat 3.
func fairTable(t *testing.T, cfg HostConfig) (*hostedTable, []*Peer) {
	t.Helper()
	if cfg.Window == nil {
		cfg.Window = func(d time.Duration) time.Duration { return d / 10 }
	}
	if cfg.DrawTimeout == 0 {
		cfg.DrawTimeout = slow * 5 * time.Second // every page here answers: no timeout is reached
	}
	tb := grabTable(t, 4, cfg)
	ps := seatedPeers(t, tb, 2)
	require.NoError(t, tb.h().SetBot(3, "random"))
	return tb, ps
}

// playToTheEnd plays random legal moves for the host and the peers until
// every page has the match's end.
func playToTheEnd(t *testing.T, h *Host, ps []*Peer) {
	t.Helper()
	rng := mrand.New(mrand.NewPCG(5, 6))
	eventually(t, func() bool {
		if ms := h.Snapshot().Legal; len(ms) > 0 && !h.Snapshot().Done {
			act(h, ms[rng.IntN(len(ms))].Text)
		}
		done := h.Snapshot().Done
		for _, p := range ps {
			if ms := p.Snapshot().Legal; len(ms) > 0 {
				act(p, ms[rng.IntN(len(ms))].Text)
			}
			done = done && p.Snapshot().Done && len(p.Record().Actions) > 0
		}
		return done
	}, "the match ends on every page")
}

// shareOf is a peer's own share in draw n.
func shareOf(p *Peer, n int) []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if d := p.draws[n]; d != nil {
		return slices.Clone(d.Share)
	}
	return nil
}

func TestRoomOfThreePagesAndABotPlaysAMatchSeededByTheHashOfTheReveals(t *testing.T) {
	tb, ps := fairTable(t, HostConfig{})
	h := tb.h()
	tb.run(h)
	begin := time.Now()
	startMatch(t, h)
	t.Logf("the draw took %v over in-memory links", time.Since(begin))
	for _, p := range ps {
		eventually(t, func() bool { d := p.Draw(); return d != nil && d.Phase == wire.PhaseDone }, "every page sees the draw end")
		assert.Empty(t, p.Draw().Left, "nobody was left out")
	}
	playToTheEnd(t, h, ps)

	rec := h.Record()
	require.NotNil(t, rec.Fair)
	require.Len(t, rec.Fair.Draws, 1)
	d := rec.Fair.Draws[0]
	assert.Equal(t, "TESTROOM", rec.Fair.Room)
	var shares [][]byte
	for i, r := range d.Reveals {
		require.NotEmpty(t, r, "seat %d's share is in", i)
		b, err := hex.DecodeString(r)
		require.NoError(t, err)
		c := record.Commitment(b, "TESTROOM", games.Seat(i))
		assert.Equal(t, hex.EncodeToString(c[:]), d.Commits[i], "seat %d's share matches its commitment", i)
		shares = append(shares, b)
	}
	// The peers' shares are the ones their pages drew.
	assert.Equal(t, hex.EncodeToString(shareOf(ps[0], 1)), d.Reveals[1])
	assert.Equal(t, hex.EncodeToString(shareOf(ps[1], 1)), d.Reveals[2])
	js := record.JointSeed(shares)
	assert.Equal(t, hex.EncodeToString(js[:]), d.Seed)
	assert.Equal(t, record.SeedOf(js), rec.Seed, "the match is dealt from the hash of the reveals")
	// The deal is that seed's: a replay from it reaches the host's end.
	replayed, err := record.Replay(rtctest.Grab{}, rec, nil)
	require.NoError(t, err)
	assert.Equal(t, viewJSON(replayed.View(games.God)), godJSON(h))

	v := h.Verify(rtctest.Grab{})
	assert.NoError(t, v.Err)
	for i, p := range ps {
		v := p.Verify(rtctest.Grab{})
		assert.NoError(t, v.Err, "peer %d's own check", i+1)
		assert.Equal(t, 1, v.Draws)
	}
	// No share reached a peer before the end: only commitments did.
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for i := 1; i <= 2; i++ {
		for _, b := range tb.sent[i] {
			m, err := wire.ParseToPeer(b)
			require.NoError(t, err)
			if m.Done {
				continue
			}
			for _, r := range d.Reveals {
				assert.NotContains(t, string(b), r, "peer %d was sent a share before the end", i)
			}
		}
	}
}

// cheat changes the host's match after the draw, as a modified host's
// page could, and deals it again from the seed the change leaves.
func cheat(t *testing.T, h *Host, change func(rec *record.Record)) {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	rec := h.t.record()
	fair := *rec.Fair
	fair.Draws = slices.Clone(fair.Draws)
	for i := range fair.Draws {
		fair.Draws[i].Commits = slices.Clone(fair.Draws[i].Commits)
		fair.Draws[i].Reveals = slices.Clone(fair.Draws[i].Reveals)
	}
	rec.Fair = &fair
	change(rec)
	require.NoError(t, h.t.replace(rec))
	h.trackLegal()
}

func newShare() []byte {
	b := make([]byte, record.ShareLen)
	rand.Read(b)
	return b
}

// reseed sets the draw's seed and the match's from its shares.
func reseed(rec *record.Record) {
	d := &rec.Fair.Draws[len(rec.Fair.Draws)-1]
	var shares [][]byte
	for _, r := range d.Reveals {
		if r != "" {
			b, _ := hex.DecodeString(r)
			shares = append(shares, b)
		}
	}
	js := record.JointSeed(shares)
	d.Seed, rec.Seed = hex.EncodeToString(js[:]), record.SeedOf(js)
}

func TestAHostThatLiesAboutTheDrawIsCaughtByEveryPeer(t *testing.T) {
	other := record.JointSeed([][]byte{[]byte("a seed the host liked better")})
	tests := []struct {
		name   string
		change func(rec *record.Record)
		kinds  []string
		seat   games.Seat
		left   []wire.LeftOut // what the lobby then says it left out
	}{
		{"it lies about its own share", func(rec *record.Record) {
			rec.Fair.Draws[0].Reveals[0] = hex.EncodeToString(newShare())
			reseed(rec)
		}, []string{record.FairReveal}, 0, nil},
		{"it lies about the bot's share", func(rec *record.Record) {
			rec.Fair.Draws[0].Reveals[3] = hex.EncodeToString(newShare())
			reseed(rec)
		}, []string{record.FairReveal}, 3, nil},
		{"it changes the seed", func(rec *record.Record) {
			rec.Seed = record.SeedOf(other)
		}, []string{record.FairMatchSeed}, -1, nil},
		{"it changes the draw's seed too", func(rec *record.Record) {
			rec.Fair.Draws[0].Seed = hex.EncodeToString(other[:])
			rec.Seed = record.SeedOf(other)
		}, []string{record.FairSeed}, -1, nil},
		{"it leaves a peer's share out", func(rec *record.Record) {
			rec.Fair.Draws[0].Reveals[2] = ""
			reseed(rec)
		}, []string{record.FairOwnShare, record.FairShown}, 2, nil},
		{"it swaps its commitment once it has seen the shares", func(rec *record.Record) {
			s := newShare()
			c := record.Commitment(s, rec.Fair.Room, 0)
			rec.Fair.Draws[0].Commits[0] = hex.EncodeToString(c[:])
			rec.Fair.Draws[0].Reveals[0] = hex.EncodeToString(s)
			reseed(rec)
		}, []string{record.FairCommits}, 0, nil},
		{"it deals from another seed and keeps the honest record", func(rec *record.Record) {
			rec.Seed = record.SeedOf(other)
		}, []string{record.FairView, record.FairReplay, record.FairScores}, -2, nil},
		{"it leaves its own share out once the lobby showed it, saying it was late", func(rec *record.Record) {
			rec.Fair.Draws[0].Reveals[0] = ""
			reseed(rec)
		}, []string{record.FairHostShare}, 0, []wire.LeftOut{{Seat: 0, Why: wire.LeftNoReveal}}},
		{"it leaves the bot's share out, saying it was late", func(rec *record.Record) {
			rec.Fair.Draws[0].Reveals[3] = ""
			reseed(rec)
		}, []string{record.FairHostShare}, 3, []wire.LeftOut{{Seat: 3, Why: wire.LeftNoReveal}}},
		{"it leaves a peer's revealed share out, saying it was late", func(rec *record.Record) {
			rec.Fair.Draws[0].Reveals[2] = ""
			reseed(rec)
		}, []string{record.FairShown, record.FairOwnShare}, 2, []wire.LeftOut{{Seat: 2, Why: wire.LeftNoReveal}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb, ps := fairTable(t, HostConfig{})
			h := tb.h()
			tb.run(h)
			startMatch(t, h)
			cheat(t, h, tt.change)
			if tt.left != nil {
				h.mu.Lock()
				h.draw.left = tt.left
				h.lobbyChangedLocked()
				h.unlock()
				for i, p := range ps {
					eventually(t, func() bool { d := p.Draw(); return slices.Equal(d.Left, tt.left) }, "peer %d's lobby says it", i+1)
				}
			}
			if tt.name == "it deals from another seed and keeps the honest record" {
				// The state is dealt from the other seed; the record says
				// the honest one.
				h.mu.Lock()
				d := h.t.rec.Fair.Draws[0]
				seed, _ := hex.DecodeString(d.Seed)
				h.t.rec.Seed = record.SeedOf([32]byte(seed))
				h.mu.Unlock()
			}
			playToTheEnd(t, h, ps)
			for i, p := range ps {
				v := p.Verify(rtctest.Grab{})
				var fe *record.FairError
				require.True(t, errors.As(v.Err, &fe), "peer %d: %v", i+1, v.Err)
				assert.Contains(t, tt.kinds, fe.Kind, "peer %d: %v", i+1, fe)
				if tt.seat >= 0 {
					assert.Equal(t, tt.seat, fe.Seat, "peer %d names the seat: %v", i+1, fe)
				}
				t.Logf("peer %d: %v", i+1, fe)
			}
		})
	}
}

// silentPage is a seat's page that speaks the protocol by hand: it commits
// when told to unless silent at commit, and reveals share (the true one
// unless lie) unless silent at reveal.
type silentPage struct {
	c      Conn
	seat   games.Seat
	share  []byte
	commit string
}

func sitSilent(t *testing.T, h *Host, room string) *silentPage {
	c := rawLink(t, h)
	sendRaw(t, c, `{"v":4,"t":"hello","name":"Bob"}`)
	w := recvType(t, c, wire.MsgWelcome)
	sp := &silentPage{c: c, seat: *w.Seat, share: newShare()}
	cm := record.Commitment(sp.share, room, sp.seat)
	sp.commit = hex.EncodeToString(cm[:])
	return sp
}

// drawPhase reads the link until a lobby shows the draw in phase.
func drawPhase(t *testing.T, c Conn, phase string) *wire.DrawStatus {
	t.Helper()
	for {
		m := recvMsg(t, c)
		if m.T == wire.MsgLobby && m.Draw != nil && m.Draw.Phase == phase {
			return m.Draw
		}
	}
}

func TestAPageThatNeverRevealsGetsTheMatchStartedWithoutItOnlyAfterTheTimeout(t *testing.T) {
	const timeout = slow * 400 * time.Millisecond
	for _, tt := range []struct {
		name    string
		commits bool
		why     string
	}{
		{"it commits and never reveals", true, wire.LeftNoReveal},
		{"it never commits", false, wire.LeftNoCommit},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tb := grabTable(t, 4, HostConfig{DrawTimeout: timeout, Grace: 50 * time.Millisecond, Window: func(d time.Duration) time.Duration { return d / 10 }})
			h := tb.h()
			tb.run(h)
			ps := seatedPeers(t, tb, 1)
			bob := sitSilent(t, h, "TESTROOM")
			require.Equal(t, games.Seat(2), bob.seat)
			require.NoError(t, h.SetBot(3, "random"))
			begin := time.Now()
			require.NoError(t, h.Start())
			drawPhase(t, bob.c, wire.PhaseCommit)
			if tt.commits {
				sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q}`, bob.commit))
				st := drawPhase(t, bob.c, wire.PhaseReveal)
				assert.Equal(t, bob.commit, st.Commits[2], "the host relays Bob's commitment to every page")
			}
			eventually(t, h.Started, "the match starts without Bob's share")
			took := time.Since(begin)
			// One wait runs out: for the shares, or for the commitments
			// (the shares of the others then come at once).
			assert.GreaterOrEqual(t, took, timeout, "not before the timeout")
			t.Logf("started after %v (timeout %v)", took, timeout)
			eventually(t, func() bool { d := ps[0].Draw(); return d != nil && d.Phase == wire.PhaseDone }, "the peer's lobby shows the end of the draw")
			assert.Equal(t, []wire.LeftOut{{Seat: 2, Why: tt.why}}, ps[0].Draw().Left, "the lobby says whose share is missing and why")
			assert.Equal(t, []wire.LeftOut{{Seat: 2, Why: tt.why}}, h.Draw().Left)

			rec := h.Record()
			d := rec.Fair.Draws[0]
			assert.Empty(t, d.Reveals[2])
			assert.Equal(t, map[bool]string{true: bob.commit, false: ""}[tt.commits], d.Commits[2])
			// Bob's page never says more: play it out with the host, the
			// peer and the bot, and a stand-in for Bob once his link goes.
			bob.c.Close()
			playToTheEnd(t, h, ps)
			v := ps[0].Verify(rtctest.Grab{})
			assert.NoError(t, v.Err, "the deal made without Bob still verifies")
			assert.Equal(t, []wire.LeftOut{{Seat: 2, Why: tt.why}}, v.Left)
		})
	}
}

func TestAShareThatDoesNotMatchItsCommitmentIsRefusedNamingTheSeat(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{DrawTimeout: slow * 5 * time.Second})
	h := tb.h()
	ps := seatedPeers(t, tb, 1)
	bob := sitSilent(t, h, "TESTROOM")
	require.NoError(t, h.Start())
	drawPhase(t, bob.c, wire.PhaseCommit)
	sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q}`, bob.commit))
	drawPhase(t, bob.c, wire.PhaseReveal)
	sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"reveal","draw":1,"share":%q}`, hex.EncodeToString(newShare())))
	assert.Equal(t, "seat 2's share does not match its commitment: the deal is drawn without it", recvType(t, bob.c, wire.MsgError).Error)
	eventually(t, h.Started, "the others' shares are in: the match starts at once")
	assert.Equal(t, []wire.LeftOut{{Seat: 2, Why: wire.LeftMismatch}}, h.Draw().Left)
	eventually(t, func() bool { d := ps[0].Draw(); return d != nil && d.Phase == wire.PhaseDone }, "the peer's lobby")
	assert.Equal(t, []wire.LeftOut{{Seat: 2, Why: wire.LeftMismatch}}, ps[0].Draw().Left)
	assert.Empty(t, h.Record().Fair.Draws[0].Reveals[2])
	assert.NoError(t, h.Record().CheckFair())
}

func TestBadDrawMessagesAreRefusedAndChangeNothing(t *testing.T) {
	tb := grabTable(t, 3, HostConfig{DrawTimeout: slow * 5 * time.Second})
	h := tb.h()
	seatedPeers(t, tb, 1)
	bob := sitSilent(t, h, "TESTROOM")
	hex64 := strings.Repeat("ab", 32)
	sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q}`, hex64))
	assert.Equal(t, "draw 1 is not under way", recvType(t, bob.c, wire.MsgError).Error, "before the start")
	require.NoError(t, h.Start())
	drawPhase(t, bob.c, wire.PhaseCommit)
	tests := []struct{ name, msg, says string }{
		{"a share before every commitment", fmt.Sprintf(`{"v":4,"t":"reveal","draw":1,"share":%q}`, hex64), "draw 1 is not revealing: every commitment first"},
		{"another draw", fmt.Sprintf(`{"v":4,"t":"commit","draw":2,"commit":%q}`, hex64), "draw 2 is not under way"},
		{"a malformed commitment", `{"v":4,"t":"commit","draw":1,"commit":"abc"}`, "a commitment is 64 lowercase hexadecimal characters"},
		{"a commitment with a share", fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q,"share":%q}`, hex64, hex64), "commit takes no share"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := h.Journal()
			sendRaw(t, bob.c, tt.msg)
			assert.Equal(t, tt.says, strings.TrimPrefix(recvType(t, bob.c, wire.MsgError).Error, "bad message: "))
			assert.Equal(t, before.Record.Fair, h.Journal().Record.Fair, "nothing changed")
		})
	}
	sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q}`, bob.commit))
	drawPhase(t, bob.c, wire.PhaseReveal)
	sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q}`, hex64))
	assert.Equal(t, "draw 1 takes no more commitments", recvType(t, bob.c, wire.MsgError).Error)
}

func TestADrawGivenUpAfterTheSharesCameInShowsToEveryoneAndInTheRecord(t *testing.T) {
	tb := grabTable(t, 4, HostConfig{DrawTimeout: slow * 5 * time.Second, Window: func(d time.Duration) time.Duration { return d / 10 }})
	h := tb.h()
	tb.run(h)
	ps := seatedPeers(t, tb, 2)
	bob := sitSilent(t, h, "TESTROOM")
	require.NoError(t, h.Start())
	drawPhase(t, bob.c, wire.PhaseCommit)
	sendRaw(t, bob.c, fmt.Sprintf(`{"v":4,"t":"commit","draw":1,"commit":%q}`, bob.commit))
	eventually(t, func() bool {
		d := h.Draw()
		return d.Phase == wire.PhaseReveal && d.Revealed[1] && d.Revealed[2]
	}, "the peers' shares are in, Bob's is not")
	// The host gives the draw up: here by removing Bob; a modified page
	// could do it because it disliked the deal. Either way it shows.
	require.NoError(t, h.Kick(3))
	require.NoError(t, h.SetBot(3, "random"))
	for i, p := range ps {
		eventually(t, func() bool {
			d := p.Draw()
			return d != nil && d.Phase == wire.PhaseIdle && len(d.Earlier) == 1
		}, "peer %d's lobby shows the draw given up", i+1)
		assert.Equal(t, wire.EarlierDraw{Draw: 1, Revealed: 3}, p.Draw().Earlier[0], "after the host's and both peers' shares were revealed")
	}
	startMatch(t, h)
	for _, p := range ps {
		eventually(t, func() bool { d := p.Draw(); return d != nil && d.Draw == 2 && d.Phase == wire.PhaseDone }, "the second draw")
		assert.Len(t, p.Draw().Earlier, 1)
	}
	playToTheEnd(t, h, ps)
	rec := h.Record()
	require.Len(t, rec.Fair.Draws, 2, "the record keeps both draws")
	assert.Empty(t, rec.Fair.Draws[0].Seed, "the first was given up before its seed")
	for i, p := range ps {
		v := p.Verify(rtctest.Grab{})
		assert.NoError(t, v.Err, "peer %d", i+1)
		assert.Equal(t, 2, v.Draws, "peer %d's result says the deal was drawn twice", i+1)
	}

	// A host that hid the first draw from the record is caught.
	tb2, ps2 := fairTable(t, HostConfig{})
	h2 := tb2.h()
	tb2.run(h2)
	require.NoError(t, h2.Start())
	eventually(t, h2.Started, "first draw")
	cheat(t, h2, func(rec *record.Record) {})
	h2.mu.Lock()
	h2.started = false // a modified host draws again after the shares
	h2.beginDrawLocked()
	h2.unlock()
	eventually(t, h2.Started, "second draw")
	eventually(t, func() bool { d := ps2[0].Draw(); return d != nil && d.Draw == 2 && d.Phase == wire.PhaseDone }, "the peers see the second draw")
	cheat(t, h2, func(rec *record.Record) { rec.Fair.Draws = rec.Fair.Draws[1:] })
	playToTheEnd(t, h2, ps2)
	var fe *record.FairError
	require.ErrorAs(t, ps2[0].Verify(rtctest.Grab{}).Err, &fe)
	assert.Equal(t, record.FairMissedDraw, fe.Kind)
	assert.Equal(t, 2, fe.Draw)
}
