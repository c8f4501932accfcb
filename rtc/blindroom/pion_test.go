//go:build !js

package blindroom

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/signaling"
)

// newPionTable is a blind room of four seats whose links are WebRTC data
// channels (pion), introduced by the real signaling server, all on
// loopback: the host's room takes the joiners in turn. owner[s] is the page
// holding seat s (nil: four pages).
func newPionTable(t testing.TB, game string, owner []int, opts map[string]string, seed uint64) *table {
	t.Helper()
	s := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", s)
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	cfg := pion.Config{Signal: "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal/", Loopback: true, ConnectTimeout: 30 * time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	accepted := make(chan rtc.Conn, 4)
	room, err := pion.HostRoom(ctx, cfg, "", "", func(c rtc.Conn) { accepted <- c })
	require.NoError(t, err)
	t.Cleanup(room.Close)

	r := Room{Game: game, Cfg: games.Config{Players: 4, Options: opts, Seed: seed}, Owner: owner}
	e, _, err := Supported(game, r.Cfg)
	require.NoError(t, err)
	pages := r.Pages()
	require.NotZero(t, pages)
	tb := &table{room: r, links: make([]rtc.Conn, pages), tamper: map[int]func(*Message){}}
	hostEnds := make([]rtc.Conn, pages)
	for i := 1; i < pages; i++ {
		tb.links[i], err = pion.Join(ctx, cfg, room.Code)
		require.NoError(t, err, "page %d joins", i+1)
		hostEnds[i] = <-accepted // joined one at a time: the host's i-th link is page i's
	}
	t.Cleanup(func() {
		for _, c := range hostEnds[1:] {
			c.Close()
		}
	})
	tb.host, err = NewHost(r, bots.NewHeuristic(e.Advisor, 0.1, seed), hostEnds)
	require.NoError(t, err)
	return tb
}

// TestABlindRoomPlaysOverWebRTC: the same room over pion's data channels:
// a shuffle with its proof crosses them in frames the host's limit takes;
// three pages and the host's bot play The King as four pages do.
func TestABlindRoomPlaysOverWebRTC(t *testing.T) {
	for _, tc := range []struct {
		name  string
		game  string
		owner []int
		opts  map[string]string
	}{
		{"mindikot", "mindikot", nil, map[string]string{"targetPoints": "1"}},
		{"mindikot hidden chosen", "mindikot", nil, map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "1"}},
		{"king", "king", nil, map[string]string{"collectingRounds": "4"}},
		{"king, three pages and a bot", "king", []int{0, 1, 2, 0}, map[string]string{"collectingRounds": "4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.game == "king" {
				t.Skip("a whole King match deals ten rounds")
			}
			if testing.Short() && raceEnabled && tc.opts["mode"] == "HIDDEN" {
				t.Skip("under the race detector: the hidden trump is played over in-memory links")
			}
			tb := newPionTable(t, tc.game, tc.owner, tc.opts, 31)
			pages, errs := tb.run(t)
			for i, err := range errs {
				require.NoError(t, err, "page %d", i+1)
			}
			want := pages[0].Table().State().Result()
			for i, p := range pages {
				require.True(t, p.Done(), "page %d", i+1)
				for _, seat := range p.Seats {
					require.Equal(t, want, p.TableOf(seat).State().Result(), "page %d's result at seat %d", i+1, seat+1)
				}
			}
			checkRecords(t, pages)
		})
	}
}

func newPionTableB(b *testing.B, game string, owner []int, seed uint64) *table {
	return newPionTable(b, game, owner, nil, seed)
}
