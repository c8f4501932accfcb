package wire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseToHost: whatever a peer sends, the host's check answers with a
// message or an error, never a panic, and a message it accepts is within
// every bound.
func FuzzParseToHost(f *testing.F) {
	f.Add([]byte(`{"v":4,"t":"hello","name":"Ann"}`))
	f.Add([]byte(`{"v":4,"t":"act","id":7,"step":41,"act":"play QH"}`))
	f.Add([]byte(`{"v":4,"t":"sit","seat":3}`))
	f.Add([]byte(`{"v":4,"t":"ping","pad":"x"}`))
	f.Add([]byte(`{"v":4,"t":"commit","draw":1,"commit":"` + strings.Repeat("ab", 32) + `"}`))
	f.Add([]byte(`{"v":4,"t":"reveal","draw":2,"share":"` + strings.Repeat("0f", 32) + `"}`))
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
		switch m.T {
		case MsgCommit:
			require.True(t, ValidHex32(m.Commit))
			require.Empty(t, m.Share)
		case MsgReveal:
			require.True(t, ValidHex32(m.Share))
			require.Empty(t, m.Commit)
		default:
			require.Zero(t, m.Draw)
			require.Empty(t, m.Commit+m.Share)
		}
		if m.Draw != 0 {
			require.True(t, m.Draw >= 1 && m.Draw <= MaxDraw)
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
	f.Add([]byte(`{"v":4,"t":"welcome","seat":1,"info":{},"players":2}`))
	f.Add([]byte(`{"v":4,"t":"bye","error":"kicked"}`))
	l, _ := json.Marshal(ToPeer{V: Version, T: MsgLobby, Seats: make([]SeatStatus, 2), Draw: &DrawStatus{Draw: 2, Phase: PhaseReveal,
		Commits: []string{strings.Repeat("ab", 32), ""}, Revealed: []bool{true, false}, Left: []LeftOut{{Seat: 1, Why: LeftNoCommit}},
		Earlier: []EarlierDraw{{Draw: 1, Revealed: 2}}}})
	f.Add(l)
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseToPeer(b)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		if m.T == MsgUpdate {
			require.Equal(t, ViewHash(m.View), m.Hash)
		}
		if d := m.Draw; d != nil && m.T == MsgLobby {
			require.Len(t, d.Commits, len(m.Seats))
			require.Len(t, d.Revealed, len(m.Seats))
			for _, c := range d.Commits {
				require.True(t, c == "" || ValidHex32(c))
			}
			for _, l := range d.Left {
				require.True(t, l.Seat >= 0 && int(l.Seat) < len(m.Seats))
			}
		}
	})
}

// TestMalformedCommitmentsAndSharesAreRefusedWithAClearError: a commitment
// or a share is 32 bytes in 64 lowercase hexadecimal characters, in a
// numbered draw, and nothing else rides along.
func TestMalformedCommitmentsAndSharesAreRefusedWithAClearError(t *testing.T) {
	hex := strings.Repeat("5a", 32)
	tests := []struct{ name, msg, says string }{
		{"commitment cut short", `{"v":4,"t":"commit","draw":1,"commit":"` + hex[:62] + `"}`, "a commitment is 64 lowercase hexadecimal characters"},
		{"commitment in capitals", `{"v":4,"t":"commit","draw":1,"commit":"` + strings.ToUpper(hex) + `"}`, "a commitment is 64"},
		{"commitment missing", `{"v":4,"t":"commit","draw":1}`, "a commitment is 64"},
		{"commitment without a draw", `{"v":4,"t":"commit","commit":"` + hex + `"}`, "draw 0 is not between 1 and"},
		{"draw far off", `{"v":4,"t":"commit","draw":99999999,"commit":"` + hex + `"}`, "draw 99999999"},
		{"negative draw", `{"v":4,"t":"reveal","draw":-1,"share":"` + hex + `"}`, "draw -1"},
		{"share too long", `{"v":4,"t":"reveal","draw":1,"share":"` + hex + `00"}`, "a share is 64 lowercase hexadecimal characters"},
		{"share not hexadecimal", `{"v":4,"t":"reveal","draw":1,"share":"` + strings.Repeat("zz", 32) + `"}`, "a share is 64"},
		{"share sent as a commitment", `{"v":4,"t":"reveal","draw":1,"commit":"` + hex + `"}`, "a share is 64"},
		{"commitment with a share", `{"v":4,"t":"commit","draw":1,"commit":"` + hex + `","share":"` + hex + `"}`, "commit takes no share"},
		{"a draw on a ping", `{"v":4,"t":"ping","draw":1}`, "ping takes no draw"},
		{"share as a number", `{"v":4,"t":"reveal","draw":1,"share":5}`, "bad message"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseToHost([]byte(tt.msg))
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.says)
		})
	}
	m, err := ParseToHost([]byte(`{"v":4,"t":"reveal","draw":3,"share":"` + hex + `"}`))
	require.NoError(t, err)
	require.Equal(t, 3, m.Draw)
}

// TestHostsDrawStatusIsChecked: a peer refuses a lobby whose draw does not
// fit the table or holds a malformed commitment.
func TestHostsDrawStatusIsChecked(t *testing.T) {
	ok := func() *DrawStatus {
		return &DrawStatus{Draw: 1, Phase: PhaseCommit, Commits: []string{strings.Repeat("ab", 32), ""}, Revealed: []bool{false, false}}
	}
	tests := []struct {
		name   string
		change func(d *DrawStatus)
		says   string
	}{
		{"unknown phase", func(d *DrawStatus) { d.Phase = "shuffle" }, "unknown draw phase"},
		{"a seat too many", func(d *DrawStatus) { d.Commits = append(d.Commits, "") }, "3 commitments and 2 shares at a table of 2 seats"},
		{"bad commitment", func(d *DrawStatus) { d.Commits[1] = "xyz" }, "seat 1's commitment"},
		{"left out off the table", func(d *DrawStatus) { d.Left = []LeftOut{{Seat: 5, Why: LeftNoReveal}} }, "seat 5 left out"},
		{"unknown reason", func(d *DrawStatus) { d.Left = []LeftOut{{Seat: 1, Why: "bored"}} }, "unknown reason"},
		{"draw zero", func(d *DrawStatus) { d.Draw = 0 }, "draw 0"},
		{"more earlier draws than draws", func(d *DrawStatus) { d.Earlier = []EarlierDraw{{Draw: 1}} }, "1 earlier draws before draw 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ok()
			tt.change(d)
			b, err := json.Marshal(ToPeer{V: Version, T: MsgLobby, Seats: make([]SeatStatus, 2), Draw: d})
			require.NoError(t, err)
			_, err = ParseToPeer(b)
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.says)
		})
	}
	b, _ := json.Marshal(ToPeer{V: Version, T: MsgLobby, Seats: make([]SeatStatus, 2), Draw: ok()})
	_, err := ParseToPeer(b)
	require.NoError(t, err)
}
