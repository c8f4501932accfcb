//go:build !(js && wasm)

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/signaling"
)

// lockedBuffer is what a join prints, read while it runs.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestJoinTakesItsSeatBackWithItsTokenAfterARestart runs `app join` in a
// King room hosted over WebRTC through the real signaling server on
// 127.0.0.1: it prints its seat token; stopped and run again with
// -token, it takes the same seat back and plays it to the end.
func TestJoinTakesItsSeatBackWithItsTokenAfterARestart(t *testing.T) {
	sig := signaling.New(signaling.Config{})
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	hs := httptest.NewServer(mux)
	defer hs.Close()
	defer sig.Close()
	king, err := catalog.Lookup("king")
	require.NoError(t, err)
	h, err := rtc.NewHost(rtc.HostConfig{Game: king, Record: record.New("king", games.Config{Players: 4, Seed: 3}), Seat: 0, Name: "Host", StandIn: "random"})
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	signal, err := pion.SignalURL(hs.URL)
	require.NoError(t, err)
	room, err := pion.HostRoom(ctx, pion.Config{Signal: signal, Loopback: true}, "", "", h.Attach)
	require.NoError(t, err)
	defer room.Close()
	link := pion.RoomLink(hs.URL, room.Code)

	var first lockedBuffer
	ended := make(chan error, 1)
	go func() { ended <- runJoin([]string{"-bot", "random", "-name", "Ada", "-timeout", "3s", link}, &first) }()
	tokenLine := regexp.MustCompile(`seat token ([0-9a-f]{32}) `)
	require.Eventually(t, func() bool { return tokenLine.MatchString(first.String()) }, time.Minute, 10*time.Millisecond, "the token is printed")
	token := tokenLine.FindStringSubmatch(first.String())[1]
	assert.Contains(t, first.String(), "seated at seat 1")
	<-ended // its time is up: as if it stopped
	require.Eventually(t, func() bool { return !h.Seats()[1].Connected }, 20*time.Second, 10*time.Millisecond)
	require.NoError(t, h.FillBots("random"))
	require.NoError(t, h.Start())
	go h.Run(ctx, func() time.Duration { return time.Millisecond })

	var again lockedBuffer
	go func() { ended <- runJoin([]string{"-bot", "random", "-name", "Ada", "-token", token, link}, &again) }()
	rng := games.NewRand(5)
	for done := false; !done; {
		select {
		case err := <-ended:
			require.NoError(t, err, again.String())
			done = true
		case <-ctx.Done():
			t.Fatalf("no end: %s", again.String())
		case <-time.After(2 * time.Millisecond):
			if ms := h.Snapshot().Legal; len(ms) > 0 {
				_, _ = h.Act(ms[rng.IntN(len(ms))].Text)
			}
		}
	}
	said := again.String()
	assert.Contains(t, said, "seated at seat 1")
	assert.Contains(t, said, "seat token "+token)
	assert.Contains(t, said, "the match is over")
	assert.Equal(t, "Ada", h.Seats()[1].Name, "the same player's seat")
	mine := 0
	for _, st := range h.Record().Actions {
		if st.Seat == 1 {
			mine++
		}
	}
	assert.Positive(t, mine)
}

func TestJoinRefusesATokenThatIsNotOne(t *testing.T) {
	err := runJoin([]string{"-token", "xyz", "http://127.0.0.1:1/play?room=AbCdEfGhIjKlMnOp"}, &lockedBuffer{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a seat token")
}
