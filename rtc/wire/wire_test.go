package wire

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseToHost: whatever a peer sends, the host's check answers with a
// message or an error, never a panic, and a message it accepts is within
// every bound.
func FuzzParseToHost(f *testing.F) {
	f.Add([]byte(`{"v":3,"t":"hello","name":"Ann"}`))
	f.Add([]byte(`{"v":3,"t":"act","id":7,"step":41,"act":"play QH"}`))
	f.Add([]byte(`{"v":3,"t":"sit","seat":3}`))
	f.Add([]byte(`{"v":3,"t":"ping","pad":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseToHost(b)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		require.LessOrEqual(t, len(b), MaxPeerMessage)
		require.Equal(t, Version, m.V)
		require.LessOrEqual(t, len(m.Act), MaxAct)
		if m.Seat != nil {
			require.GreaterOrEqual(t, *m.Seat, 0)
		}
	})
}

// FuzzParseToPeer: whatever a host sends, a peer's check never panics, and
// an update it accepts carries the view its hash names.
func FuzzParseToPeer(f *testing.F) {
	view := json.RawMessage(`{"hand":["AS"]}`)
	u, _ := json.Marshal(ToPeer{V: Version, T: MsgUpdate, Step: 3, View: view, Hash: ViewHash(view),
		Legal: []Move{{Text: "play AS"}}, Events: []Event{{Index: 2}}})
	f.Add(u)
	f.Add([]byte(`{"v":3,"t":"welcome","seat":1,"info":{},"players":2}`))
	f.Add([]byte(`{"v":3,"t":"bye","error":"kicked"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseToPeer(b)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		if m.T == MsgUpdate {
			require.Equal(t, ViewHash(m.View), m.Hash)
		}
	})
}
