//go:build !js

package pion

import (
	"bytes"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/rtc"
	"cardtable/rtc/wire"
)

// echoWorker orders a room dealt with no dealer the simplest way: each
// page's frame goes back to every page as a room message, as it came.
type echoWorker struct {
	mu     sync.Mutex
	h      *rtc.Host
	starts int
	from   map[int][][]byte
	closed []int
}

func (w *echoWorker) Start(wire.BlindStart) { w.mu.Lock(); w.starts++; w.mu.Unlock() }
func (w *echoWorker) Closed(page int)       { w.mu.Lock(); w.closed = append(w.closed, page); w.mu.Unlock() }
func (w *echoWorker) From(page int, frame []byte) {
	w.mu.Lock()
	w.from[page] = append(w.from[page], frame)
	h := w.h
	w.mu.Unlock()
	h.RoomSend(frame)
}

func (w *echoWorker) frames(page int) [][]byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.from[page])
}

func TestNoDealerRoomCarriesARoundsBurstOverWebRTC(t *testing.T) {
	w := &echoWorker{from: map[int][][]byte{}}
	var mu sync.Mutex
	got := map[int][][]byte{}
	starts := map[int]wire.BlindStart{}
	pt := newPionTableWith(t, 5, rtc.HostConfig{Deal: wire.DealMental, Blind: w}, nil, func(i int, c *rtc.PeerConfig) {
		c.Blind = func(b wire.BlindStart) { mu.Lock(); starts[i] = b; mu.Unlock() }
		c.RoomMessage = func(m []byte) { mu.Lock(); got[i] = append(got[i], m); mu.Unlock() }
	})
	w.mu.Lock()
	w.h = pt.h
	w.mu.Unlock()
	require.NoError(t, pt.h.Start())
	for i, p := range pt.peers {
		require.Eventually(t, p.Started, 10*time.Second, time.Millisecond, "page %d starts", i+1)
	}
	// The peers sat as they came: each seat's page is its number.
	mu.Lock()
	for i, p := range pt.peers {
		assert.Equal(t, wire.BlindStart{Page: int(p.Seat()), Owner: []int{0, 1, 2, 3}, Seed: starts[1].Seed}, starts[i+1])
	}
	mu.Unlock()

	// Each page sends a whole 64 KiB message at once: 22 frames of the
	// largest size, and a few more.
	const frames = 24
	frame := func(page, i int) []byte { return bytes.Repeat([]byte{byte(page), byte(i)}, wire.MaxRoomFrame/2) }
	for i := range frames {
		for _, p := range pt.peers {
			require.NoError(t, p.SendRoom(frame(int(p.Seat()), i)))
		}
	}
	for page := 1; page <= 3; page++ {
		require.Eventually(t, func() bool { return len(w.frames(page)) == frames }, 20*time.Second, time.Millisecond, "page %d's frames reach the worker", page)
		for i, f := range w.frames(page) {
			require.Equal(t, frame(page, i), f, "page %d's frame %d", page, i)
		}
	}
	for i := 1; i <= 3; i++ {
		require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(got[i]) == 3*frames }, 20*time.Second, time.Millisecond, "page %d gets the room", i)
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, got[1], got[2], "every page reads the room in one order")
	assert.Equal(t, got[1], got[3])
	w.mu.Lock()
	assert.Empty(t, w.closed, "no page is cut off")
	assert.Equal(t, 1, w.starts)
	w.mu.Unlock()
}
