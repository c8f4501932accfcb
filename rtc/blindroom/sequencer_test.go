package blindroom

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
)

// newSequencer is the order of a King room of three pages (the host's
// holding a bot's seat too), started: the host's page's key is ordered.
func newSequencer(t testing.TB, frame int) (*Sequencer, *[]Message) {
	room := Room{Game: "king", Cfg: games.Config{Players: 4, Seed: 9}, Owner: []int{0, 1, 2, 0}}
	e, _, err := Supported(room.Game, room.Cfg)
	require.NoError(t, err)
	s, err := NewSequencer(room, bots.NewHeuristic(e.Advisor, 0.1, 9), frame)
	require.NoError(t, err)
	var ordered []Message
	s.Send = func(m Message, _ []byte) { ordered = append(ordered, m) }
	require.NoError(t, s.Start())
	return s, &ordered
}

// keyOf is page i's key message of the room's first deal.
func keyOf(t testing.TB, i int) []byte {
	room := Room{Game: "king", Cfg: games.Config{Players: 4, Seed: 9}, Owner: []int{0, 1, 2, 0}}
	var out []byte
	p, err := NewPage(room, i, nil, func(m Message) {
		raw, err := Encode(m)
		require.NoError(t, err)
		out = raw
	})
	require.NoError(t, err)
	p.Start()
	return out
}

// TestTheSequencerOrdersWholeMessages: a message comes whole in one frame
// or in parts, and is ordered once whole, after the host's page's own.
func TestTheSequencerOrdersWholeMessages(t *testing.T) {
	s, ordered := newSequencer(t, 64)
	require.Len(t, *ordered, 1)
	assert.Equal(t, 0, (*ordered)[0].Page)
	frames, err := Frames(keyOf(t, 1), 64)
	require.NoError(t, err)
	require.Greater(t, len(frames), 1)
	for _, f := range frames[:len(frames)-1] {
		require.NoError(t, s.Frame(1, f))
		require.Len(t, *ordered, 1, "a message is ordered once whole")
	}
	require.NoError(t, s.Frame(1, frames[len(frames)-1]))
	require.Len(t, *ordered, 2)
	assert.Equal(t, KindKey, (*ordered)[1].Kind)
	assert.Equal(t, 1, (*ordered)[1].Page)
}

// TestTheSequencerNamesTheLinksPage: a frame out of order, too big or of
// no kind, a message that does not read or names another page stop the
// room with a fault naming the page whose link brought it; nothing more
// is ordered.
func TestTheSequencerNamesTheLinksPage(t *testing.T) {
	key2 := keyOf(t, 2)
	for _, tc := range []struct {
		name   string
		frames [][]byte
		want   string
	}{
		{"a part out of order", [][]byte{{part, 0, 3, 'a'}, {part, 2, 3, 'b'}}, "part 3 of 3 came out of order"},
		{"a part of another count", [][]byte{{part, 0, 3, 'a'}, {part, 1, 4, 'b'}}, "out of order"},
		{"a whole frame amid parts", [][]byte{{part, 0, 3, 'a'}, {whole, '{', '}'}}, "no kind"},
		{"a frame too big", [][]byte{make([]byte, 65)}, "a frame of 65 bytes"},
		{"an empty frame", [][]byte{{}}, "a frame of 0 bytes"},
		{"a message that does not read", [][]byte{{whole, '{'}}, "does not read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ordered := newSequencer(t, 64)
			var err error
			for _, f := range tc.frames {
				if err = s.Frame(1, f); err != nil {
					break
				}
			}
			var f *Fault
			require.ErrorAs(t, err, &f)
			assert.Equal(t, 1, f.Page)
			assert.Contains(t, f.Part, tc.want)
			assert.Len(t, *ordered, 1)
			assert.Equal(t, err, s.Frame(2, []byte{whole, '{', '}'}), "the room has stopped")
		})
	}
	t.Run("a whole message naming another page", func(t *testing.T) {
		s, ordered := newSequencer(t, frameSize)
		err := s.Frame(1, append([]byte{whole}, key2...))
		var f *Fault
		require.ErrorAs(t, err, &f)
		assert.Equal(t, 1, f.Page)
		assert.Contains(t, f.Part, "it sent a message as page 3")
		assert.Len(t, *ordered, 1)
	})
}

// TestTheSequencerDealsAroundAPageThatLeaves: a link that closes mid-deal
// in a room of three pages is a page that leaves: the host says so in the
// room's order, the pages after it are numbered one less, and its frames
// are no longer read. With two pages left, the next to close is a fault.
func TestTheSequencerDealsAroundAPageThatLeaves(t *testing.T) {
	s, ordered := newSequencer(t, frameSize)
	require.NoError(t, s.Closed(1))
	require.GreaterOrEqual(t, len(*ordered), 2)
	leave := (*ordered)[1]
	assert.Equal(t, KindLeave, leave.Kind)
	assert.Equal(t, 1, leave.Left)
	assert.False(t, s.Live(1))
	assert.Equal(t, 1, s.PageOf(2), "page 3 is page 2 now")
	n := len(*ordered)
	require.NoError(t, s.Frame(1, []byte{whole, '{'}), "a page that left is not read")
	assert.Len(t, *ordered, n)
	err := s.Closed(2)
	var f *Fault
	require.ErrorAs(t, err, &f)
	assert.Equal(t, 1, f.Page)
	assert.Contains(t, f.Part, "mid-deal")
}

// FuzzSequencerFrames: whatever frames the links bring, the sequencer
// orders messages or stops with a fault naming a page, never a panic, and
// takes nothing after it stopped.
func FuzzSequencerFrames(f *testing.F) {
	key := keyOf(f, 1)
	f.Add(append([]byte{whole}, key...), []byte{part, 0, 2, 'a'}, []byte{part, 1, 2, 'b'})
	f.Add([]byte{part, 1, 2, 'a'}, []byte{}, []byte{7})
	f.Add([]byte{whole, '{', '}'}, []byte{whole}, []byte{part, 0, 255, 'x'})
	f.Fuzz(func(t *testing.T, a, b, c []byte) {
		s, ordered := newSequencer(t, 256)
		var stopped error
		for i, fr := range [][]byte{a, b, c} {
			err := s.Frame(1+i%2, fr)
			if stopped != nil {
				require.Equal(t, stopped, err)
				continue
			}
			if err != nil {
				var fl *Fault
				require.ErrorAs(t, err, &fl)
				require.Contains(t, []int{1, 2}, fl.Page)
				stopped = err
			}
		}
		for _, m := range *ordered {
			require.Less(t, m.Page, 3)
		}
	})
}

// FuzzReassembler: whatever frames a link brings, a link's reader gives
// messages no longer than the limit or says why a frame is wrong, and a
// message cut into frames of any size reads back whole.
func FuzzReassembler(f *testing.F) {
	f.Add([]byte{whole, '{', '}'}, []byte{part, 0, 2, 'a'}, []byte{part, 1, 2, 'b'}, uint16(64))
	f.Add([]byte{part, 1, 2, 'a'}, []byte{}, []byte{7}, uint16(4))
	f.Fuzz(func(t *testing.T, a, b, c []byte, size uint16) {
		var r reassembler
		for _, fr := range [][]byte{a, b, c} {
			m, err := r.add(fr, 256)
			if err != nil {
				break
			}
			require.LessOrEqual(t, len(m), MaxMessage)
		}
		raw := append(append(append([]byte{}, a...), b...), c...)
		if len(raw) == 0 {
			return
		}
		frames, err := Frames(raw, int(size))
		if err != nil {
			return
		}
		var back reassembler
		for k, fr := range frames {
			require.LessOrEqual(t, len(fr), int(size))
			m, err := back.add(fr, int(size))
			require.NoError(t, err)
			if k < len(frames)-1 {
				require.Nil(t, m)
			} else {
				require.Equal(t, raw, m)
			}
		}
	})
}
