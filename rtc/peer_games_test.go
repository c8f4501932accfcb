package rtc

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// flaky is a peer's end of a link that sometimes sends a message twice and
// sometimes holds one back to send it after the next (reordering).
type flaky struct {
	Conn
	mu   sync.Mutex
	rng  *rand.Rand
	held []byte
}

func (f *flaky) Send(b []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r := f.rng.IntN(16); {
	case r == 0:
		f.Conn.Send(b)
	case r == 1 && f.held == nil:
		f.held = slices.Clone(b)
		time.AfterFunc(3*time.Millisecond, f.flush)
		return nil
	}
	err := f.Conn.Send(b)
	if f.held != nil {
		f.Conn.Send(f.held)
		f.held = nil
	}
	return err
}

func (f *flaky) flush() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.held != nil {
		f.Conn.Send(f.held)
		f.held = nil
	}
}

// playerCounts are the table sizes each game is played at over links:
// the smallest and the largest of 2–6 the game allows.
func playerCounts(info games.Info) []int {
	lo, hi := max(2, info.MinPlayers), min(6, info.MaxPlayers)
	switch {
	case lo > hi:
		return nil // a solo game has no peer play
	case lo == hi:
		return []int{lo}
	}
	return []int{lo, hi}
}

func TestFullMatchesOfEveryGameOverFlakyLinksEqualAReplayAndLeakNothing(t *testing.T) {
	played := 0
	for _, g := range catalog.All() {
		for _, n := range playerCounts(g.Game.Info()) {
			played++
			t.Run(fmt.Sprintf("%s/%dp", g.ID(), n), func(t *testing.T) {
				t.Parallel()
				playFlaky(t, g, n, uint64(100+n))
			})
		}
	}
	require.Positive(t, played)
}

// playFlaky plays one whole match: the host in seat 0, a peer in every
// other seat, each choosing random legal moves; links drop, pages reload,
// the host reloads once from its journal, messages are duplicated,
// reordered and forged. Then the host's record must replay to the same
// match, every peer must hold that record and its own final view, and no
// peer may have been sent a card before it was shown it.
func playFlaky(t *testing.T, g games.Entry, players int, seed uint64) {
	id := g.ID()
	var jmu sync.Mutex
	var journal *Journal
	save := func(j *Journal) {
		jmu.Lock()
		journal = j
		jmu.Unlock()
	}
	notify := make(chan struct{}, 1)
	poke := func(Notice) {
		select {
		case notify <- struct{}{}:
		default:
		}
	}
	hostCfg := HostConfig{
		Game: g, Record: record.New(id, games.Config{Players: players, Seed: seed}),
		Seat: 0, Grace: 30 * time.Millisecond, StandIn: "random",
		Window:  func(d time.Duration) time.Duration { return d / 50 },
		Journal: save, Notify: poke,
	}
	tb := newHostedTable(t, hostCfg)
	rng := rand.New(rand.NewPCG(seed, 99))
	var rmu sync.Mutex
	tb.wrap = func(i int, c Conn) Conn {
		rmu.Lock()
		defer rmu.Unlock()
		return &flaky{Conn: c, rng: rand.New(rand.NewPCG(rng.Uint64(), uint64(i)))}
	}

	// Sessions by peer number; a reloaded page replaces its number's session.
	var smu sync.Mutex
	peers := map[int]*Peer{}
	stops := map[int]context.CancelFunc{}
	seats := map[int]games.Seat{}
	start := func(i int, token string) {
		p, stop := tb.join(i, PeerConfig{Name: fmt.Sprintf("P%d", i), Token: token, Notify: poke})
		smu.Lock()
		peers[i], stops[i] = p, stop
		smu.Unlock()
	}
	for i := 1; i < players; i++ {
		start(i, "")
		smu.Lock()
		p := peers[i]
		smu.Unlock()
		eventually(t, func() bool { return p.Seat() >= 0 }, "peer %d seated", i)
		seats[i] = p.Seat()
	}
	startMatch(t, tb.h())
	tb.run(tb.h())

	ctx, cancel := context.WithTimeout(tb.ctx, slow*50*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()

	// Players: every session (and the host) plays a random legal move now and then.
	wg.Go(func() {
		r := rand.New(rand.NewPCG(seed, 1))
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for ctx.Err() == nil {
			select {
			case <-ctx.Done():
				return
			case <-notify:
			case <-tick.C:
			}
			h := tb.h()
			if ms := h.Snapshot().Legal; len(ms) > 0 && r.IntN(3) > 0 {
				act(h, ms[r.IntN(len(ms))].Text)
			}
			smu.Lock()
			ps := make([]*Peer, 0, len(peers))
			for i := 1; i < players; i++ {
				ps = append(ps, peers[i])
			}
			smu.Unlock()
			for _, p := range ps {
				if ms := p.Snapshot().Legal; len(ms) > 0 && r.IntN(3) > 0 {
					act(p, ms[r.IntN(len(ms))].Text)
				}
			}
		}
	})

	// Trouble: drops, page reloads, forged messages, one host reload.
	hostReloaded := false
	wg.Go(func() {
		r := rand.New(rand.NewPCG(seed, 2))
		for n := 0; n < 40 && ctx.Err() == nil; n++ {
			time.Sleep(time.Duration(5+r.IntN(20)) * time.Millisecond)
			h := tb.h()
			if h.Snapshot().Done {
				return
			}
			i := 1 + r.IntN(players-1)
			switch r.IntN(6) {
			case 0, 1:
				tb.drop(i)
			case 2: // the page reloads: a new session with the stored token
				smu.Lock()
				old, stop := peers[i], stops[i]
				smu.Unlock()
				stop()
				start(i, old.Token())
			case 3: // garbage on a player's own link changes nothing
				tb.mu.Lock()
				c := tb.links[i]
				tb.mu.Unlock()
				if c != nil {
					c.Send([]byte(`{"v":4,"t":"act","id":0,"step":0,"act":"` + strings.Repeat("x", r.IntN(100)) + `"}`))
					c.Send([]byte{0xff, '{'})
				}
			case 4: // a stranger: a forged token, then a spectator trying to act
				c := rawLink(t, h)
				c.Send([]byte(`{"v":4,"t":"hello","token":"` + fmt.Sprintf("%032x", r.Uint64()) + `"}`))
				s := rawLink(t, h)
				s.Send([]byte(`{"v":4,"t":"hello","name":"Mallory"}`))
				s.Send([]byte(`{"v":4,"t":"act","id":1,"step":0,"act":"play AS"}`))
				s.Send([]byte(`{"v":4,"t":"sit","seat":0}`))
			case 5:
				if hostReloaded || h.Snapshot().Step < 10 {
					continue
				}
				hostReloaded = true
				h.Close()
				jmu.Lock()
				j := journal
				jmu.Unlock()
				data, err := json.Marshal(j)
				if !assert.NoError(t, err) {
					return
				}
				var back Journal
				if !assert.NoError(t, json.Unmarshal(data, &back)) {
					return
				}
				cfg := hostCfg
				cfg.Record, cfg.Seats, cfg.Started = back.Record, back.Seats, back.Started
				h2, err := NewHost(cfg)
				if !assert.NoError(t, err) {
					return
				}
				tb.mu.Lock()
				tb.host = h2
				tb.mu.Unlock()
				t.Cleanup(h2.Close)
				tb.run(h2)
			}
		}
	})

	require.Eventually(t, func() bool { return tb.h().Snapshot().Done }, slow*50*time.Second, 5*time.Millisecond, "the match ends")
	h := tb.h()
	final := h.Record()
	smu.Lock()
	ps := map[int]*Peer{}
	for i, p := range peers {
		ps[i] = p
	}
	smu.Unlock()
	for i, p := range ps {
		require.Eventually(t, func() bool { return p.Snapshot().Done && len(p.Record().Actions) == len(final.Actions) },
			slow*20*time.Second, 5*time.Millisecond, "peer %d gets the end and the record", i)
	}
	cancel()
	wg.Wait()

	// The record is the match: a single engine replaying it reaches the same end.
	replayed, err := record.Replay(g.Game, final, nil)
	require.NoError(t, err)
	assert.Equal(t, viewJSON(replayed.View(games.God)), godJSON(h))
	assert.Equal(t, replayed.Result(), h.Snapshot().Result)
	for i, p := range ps {
		assert.Equal(t, final, p.Record(), "peer %d's record", i)
		assert.Equal(t, seats[i], p.Seat(), "peer %d kept its seat", i)
		assert.JSONEq(t, viewOf(h, seats[i]), viewJSON(p.Snapshot().View), "peer %d's final view", i)
		assert.Equal(t, h.Snapshot().Result, p.Snapshot().Result)
	}
	assertSentByEngine(t, tb, g, final, seats)
	t.Logf("%d actions, host reloaded: %v", len(final.Actions), hostReloaded)
}
