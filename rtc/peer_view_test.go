package rtc

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/rtc/rtctest"
	"cardtable/rtc/wire"
)

// welcomeOf is a host's welcome to seat of game.
func welcomeOf(t testing.TB, game string, seat games.Seat) []byte {
	t.Helper()
	info := rtctest.Grab{}.Info()
	b, err := json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgWelcome, Seat: &seat, Info: &info, Players: 2, Game: game})
	require.NoError(t, err)
	return b
}

// updateOf is a host's update at step with view, its hash right: what the
// wire checks holds, the view is the host's word alone.
func updateOf(step int, view []byte) ([]byte, error) {
	return json.Marshal(wire.ToPeer{V: wire.Version, T: wire.MsgUpdate, Step: step, View: view, Hash: wire.ViewHash(view), Started: true})
}

// fedPeer is a peer of seat 1 that a test hands the host's messages to
// itself; host is the host's end of its link.
func fedPeer(t testing.TB, lookup func(string) (games.Entry, error)) (p *Peer, peerEnd, host Conn) {
	t.Helper()
	host, peerEnd = Pipe()
	t.Cleanup(func() { host.Close() })
	p = NewPeer(PeerConfig{Game: lookup, Dial: func(context.Context) (Conn, error) { return peerEnd, nil }})
	return p, peerEnd, host
}

// sent is the next message the peer sent the host, or "" for none.
func sent(t testing.TB, host Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	b, err := host.Recv(ctx)
	if err != nil {
		return ""
	}
	return string(b)
}

// A joiner's snapshot holds the host's view as the game's own type, read
// once by the game's decoder; a view the decoder refuses, or one made for
// another seat, is reported (LastError, an error notice) and the whole
// state asked for again, and the last good update stays shown.
func TestPeerReadsTheHostsViewAsTheGamesType(t *testing.T) {
	p, conn, host := fedPeer(t, rtctest.Lookup)
	var notices []Notice
	p.cfg.Notify = func(n Notice) { notices = append(notices, n) }
	fatal, bye, _ := p.handle(conn, welcomeOf(t, "grab", 1))
	require.NoError(t, fatal)
	require.NoError(t, bye)
	good := []byte(`{"seat":1,"hand":["AS","KS"],"buriedCount":0,"turn":0,"winner":-1,"over":false}`)
	u, err := updateOf(2, good)
	require.NoError(t, err)
	p.handle(conn, u)
	require.Empty(t, p.LastError())
	snap := p.Snapshot()
	require.IsType(t, rtctest.GrabView{}, snap.View, "the game's own type")
	assert.Equal(t, []string{"AS", "KS"}, snap.View.(rtctest.GrabView).Hand)
	assert.Equal(t, games.Seat(1), snap.View.Viewer())
	assert.Equal(t, 2, snap.Step)
	e, ok := p.Game()
	assert.True(t, ok)
	assert.Equal(t, "grab", e.ID())

	for _, tt := range []struct{ name, view, why string }{
		{"an unknown field", `{"seat":1,"hand":["AS"],"secret":["QS"]}`, "unknown field"},
		{"a wrong type", `{"seat":1,"hand":"AS"}`, "the view"},
		{"another seat's view", `{"seat":0,"hand":["QS"]}`, "seat 0 where seat 1"},
		{"the spectator's view", `{"seat":-2}`, "seat -2 where seat 1"},
		{"no view", `null`, "the view"},
		{"not an object", `[1,2]`, "the view"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			notices = nil
			u, err := updateOf(3, []byte(tt.view))
			require.NoError(t, err)
			p.handle(conn, u)
			assert.JSONEq(t, `{"v":4,"t":"sync"}`, sent(t, host), "the peer asks for the whole state again")
			assert.Contains(t, p.LastError(), "the host's view")
			assert.Contains(t, p.LastError(), tt.why)
			require.Len(t, notices, 1)
			assert.Equal(t, NoticeError, notices[0].Kind)
			after := p.Snapshot()
			assert.Equal(t, 2, after.Step, "nothing of the bad update is shown")
			assert.Equal(t, snap.View, after.View)
		})
	}
}

// A peer that cannot find the game its host names ends Run with the
// reason: no lookup, one that fails, or one that answers another game.
func TestPeerEndsWhenItCannotFindTheGame(t *testing.T) {
	for _, tt := range []struct {
		name   string
		lookup func(string) (games.Entry, error)
		why    string
	}{
		{"no lookup", nil, `the host's game "grab": no way to find it`},
		{"an unknown game", func(id string) (games.Entry, error) { return games.Entry{}, errUnknown(id) }, `the host's game "grab": no game grab here`},
		{"another game", func(string) (games.Entry, error) { return kingEntry, nil }, `the host's game "grab": not found`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, _, host := fedPeer(t, tt.lookup)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- p.Run(ctx) }()
			hello, err := host.Recv(ctx)
			require.NoError(t, err)
			require.Contains(t, string(hello), `"t":"hello"`)
			require.NoError(t, host.Send(welcomeOf(t, "grab", 1)))
			select {
			case err := <-done:
				assert.EqualError(t, err, tt.why)
				assert.False(t, errors.Is(err, context.DeadlineExceeded))
			case <-ctx.Done():
				t.Fatal("Run goes on without its game")
			}
			assert.Equal(t, tt.why, p.LastError())
			assert.Equal(t, StatusClosed, p.Status())
			assert.Nil(t, p.Snapshot().View)
		})
	}
}

// FuzzPeerView is a hostile host: after its welcome it sends any view at
// all. The peer either shows a view of its own seat that the game's
// decoder reads, or reports the view and shows nothing of it; it never
// panics.
func FuzzPeerView(f *testing.F) {
	f.Add(false, []byte(`{"seat":1,"hand":["AS"],"buriedCount":0,"turn":0,"winner":-1,"over":false}`))
	f.Add(false, []byte(`{"seat":1,"hands":[["AS"],["KS"]],"buried":["QS","JS"]}`))
	f.Add(false, []byte(`{"seat":0}`))
	f.Add(false, []byte(`{"seat":1,"seat":0}`))
	f.Add(false, []byte(`{"seat":1,"turn":1e99}`))
	f.Add(true, []byte(`{"seat":1,"round":1,"hand":["AS"],"handSizes":[13,13,13,13]}`))
	f.Add(true, []byte(`{"seat":1,"round":"one"}`))
	f.Add(true, []byte(`{"seat":1,"lastTrick":{"cards":null}}`))
	f.Add(true, []byte(`null`))
	f.Fuzz(func(t *testing.T, king bool, view []byte) {
		u, err := updateOf(1, view)
		if err != nil {
			t.Skip("not JSON: the wire never carries it")
		}
		if _, err := wire.ParseToPeer(u); err != nil {
			t.Skip("the wire refuses it (FuzzParseToPeer)")
		}
		game := "grab"
		if king {
			game = "king"
		}
		p, conn, host := fedPeer(t, rtctest.Lookup)
		fatal, bye, _ := p.handle(conn, welcomeOf(t, game, 1))
		require.NoError(t, fatal)
		require.NoError(t, bye)
		p.handle(conn, u)
		snap := p.Snapshot()
		e, _ := rtctest.Lookup(game)
		want, werr := e.DecodeView(view)
		if werr != nil || want.Viewer() != 1 {
			assert.Nil(t, snap.View, "a view the game does not read is not shown")
			assert.Contains(t, p.LastError(), "the host's view")
			assert.JSONEq(t, `{"v":4,"t":"sync"}`, sent(t, host))
			return
		}
		assert.Empty(t, p.LastError())
		assert.Equal(t, want, snap.View)
		assert.Equal(t, 1, snap.Step)
	})
}
