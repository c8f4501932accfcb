package blindroom

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/rtc"
)

// FuzzDecode: any bytes read as a message are a message or an error, never
// a panic; a message read writes back as what reads the same again.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"kind":"key","round":1,"page":0,"key":"AAAA"}`, `{"kind":"act","round":2,"page":3,"index":7,"act":"play 9C","share":{"pos":3,"d":"","proof":""}}`, `{}`, `[]`, `{"kind":"end","shares":[{"pos":-1}]}`, `{"x":1}`, `{"kind":"act","round":1,"page":1,"seat":3,"index":2,"act":"play 2C"}`, `{"kind":"act","seat":-1}`, `{"kind":"act","round":1,"page":2,"seat":2,"index":0,"act":"hide","pos":14}`, `{"kind":"act","pos":-3}`, `{"kind":"reveal","round":2,"page":1,"index":9,"share":{"pos":5,"d":"AAAA","proof":"AAAA"}}`, `{"kind":"reveal","index":-1}`, `{"kind":"reveal","pos":null,"share":null}`, `{"kind":"stall","round":3,"page":0,"stalled":2}`, `{"kind":"stall","stalled":-1}`, `{"kind":"key","round":1,"page":0,"stalled":1}`, `{"kind":"stall","stalled":"1"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		raw, err := Encode(m)
		require.NoError(t, err)
		again, err := Decode(raw)
		require.NoError(t, err)
		raw2, err := Encode(again)
		require.NoError(t, err)
		assert.Equal(t, string(raw), string(raw2))
	})
}

// TestDecodeReadsAStallStrictly: only a stall names a page that stalled
// the room.
func TestDecodeReadsAStallStrictly(t *testing.T) {
	for _, tc := range []struct {
		name, raw, want string
	}{
		{"a stall", `{"kind":"stall","round":2,"page":0,"stalled":2}`, ""},
		{"a key naming a stall", `{"kind":"key","round":1,"page":0,"stalled":1}`, "only a stall does"},
		{"a leave naming a stall", `{"kind":"leave","round":1,"page":0,"left":1,"stalled":1}`, "only a stall does"},
		{"a stall naming a page in words", `{"kind":"stall","stalled":"2"}`, "does not read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Decode([]byte(tc.raw))
			if tc.want != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, Message{Kind: KindStall, Round: 2, Stalled: 2}, m)
		})
	}
}

// FuzzFrames: whatever frames a link brings, the reader returns messages or
// an error, never a panic, and never a message over the limit; a message
// sent in frames reads back whole.
func FuzzFrames(f *testing.F) {
	f.Add([]byte{whole, '{', '}'}, []byte{part, 0, 2, 'a'}, []byte{part, 1, 2, 'b'})
	f.Add([]byte{part, 1, 2, 'a'}, []byte{}, []byte{7})
	f.Fuzz(func(t *testing.T, a, b, c []byte) {
		x, y := rtc.Pipe()
		defer x.Close()
		for _, fr := range [][]byte{a, b, c} {
			require.NoError(t, x.Send(fr))
		}
		x.Close()
		r := reader{c: y}
		for range 4 {
			m, err := r.recv(context.Background())
			if err != nil {
				return
			}
			require.LessOrEqual(t, len(m), MaxMessage)
		}
	})
}

func TestAMessageCrossesALinkInFrames(t *testing.T) {
	x, y := rtc.Pipe()
	defer x.Close()
	long := make([]byte, 31000)
	for i := range long {
		long[i] = byte(i)
	}
	for _, m := range [][]byte{[]byte("short"), long, make([]byte, frameSize-1)} {
		require.NoError(t, send(x, m))
	}
	r := reader{c: y}
	for _, want := range [][]byte{[]byte("short"), long, make([]byte, frameSize-1)} {
		got, err := r.recv(context.Background())
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	assert.Error(t, send(x, make([]byte, MaxMessage+1)), "over the limit")
}
