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
	f.Add([]byte(`{"v":4,"t":"room","room":"AAEC"}`))
	f.Add([]byte(`{"v":4,"t":"room","room":""}`))
	f.Add([]byte(`{"v":4,"t":"ping","room":"AAEC"}`))
	f.Add([]byte(`{"v":4,"t":"room","room":"not base64!"}`))
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
		if m.T == MsgRoom {
			require.NotEmpty(t, m.Room)
		} else {
			require.Nil(t, m.Room)
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
	f.Add([]byte(`{"v":4,"t":"welcome","seat":1,"info":{},"players":2,"deal":"mental"}`))
	f.Add([]byte(`{"v":4,"t":"lobby","deal":"dealer"}`))
	f.Add([]byte(`{"v":4,"t":"blind","blind":{"page":2,"owner":[0,1,0,2],"seed":7}}`))
	f.Add([]byte(`{"v":4,"t":"blind","blind":{"page":3,"owner":[0,1,2],"seed":7}}`))
	f.Add([]byte(`{"v":4,"t":"blind","blind":{"page":1,"owner":[0,2,1],"seed":7}}`))
	f.Add([]byte(`{"v":4,"t":"room","room":"AAEC"}`))
	f.Add([]byte(`{"v":4,"t":"pong","room":"AAEC","blind":{"page":1,"owner":[0,1]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseToPeer(b)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		if m.T == MsgUpdate {
			require.Equal(t, ViewHash(m.View), m.Hash)
		}
		require.Equal(t, m.T == MsgBlind, m.Blind != nil)
		require.Equal(t, m.T == MsgRoom, m.Room != nil)
		if m.T == MsgRoom {
			require.NotEmpty(t, m.Room)
		}
		require.Contains(t, []string{"", DealMental}, m.Deal)
		if b := m.Blind; b != nil {
			require.GreaterOrEqual(t, b.Page, 1)
			require.Contains(t, b.Owner, b.Page)
			require.Contains(t, b.Owner, 0)
			for _, o := range b.Owner {
				require.GreaterOrEqual(t, o, 0)
			}
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

// TestRoomFramesAndBlindStartsAreCheckedStrictly: a room frame is a
// non-empty payload on a room message only, a blind start names the
// receiving page among the pages of an owner map numbered in seat order,
// and a deal is the one known deal on a welcome or a lobby only.
func TestRoomFramesAndBlindStartsAreCheckedStrictly(t *testing.T) {
	toHost := []struct{ name, msg, says string }{
		{"empty frame", `{"v":4,"t":"room","room":""}`, "room needs a frame"},
		{"no frame", `{"v":4,"t":"room"}`, "room needs a frame"},
		{"frame not base64", `{"v":4,"t":"room","room":"@@@"}`, "bad message"},
		{"frame on a ping", `{"v":4,"t":"ping","room":"AAEC"}`, "ping takes no room"},
		{"frame on an act", `{"v":4,"t":"act","id":1,"step":0,"act":"x","room":"AAEC"}`, "act takes no room"},
		{"an act on a frame", `{"v":4,"t":"room","room":"AAEC","act":"x"}`, "room takes no act"},
	}
	for _, tt := range toHost {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseToHost([]byte(tt.msg))
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.says)
		})
	}
	m, err := ParseToHost([]byte(`{"v":4,"t":"room","room":"AAEC"}`))
	require.NoError(t, err)
	require.Equal(t, []byte{0, 1, 2}, m.Room)

	toPeer := []struct{ name, msg, says string }{
		{"blind without its start", `{"v":4,"t":"blind"}`, "blind needs its start"},
		{"page zero", `{"v":4,"t":"blind","blind":{"page":0,"owner":[0,1],"seed":1}}`, "page 0 is not one of"},
		{"page past the pages", `{"v":4,"t":"blind","blind":{"page":3,"owner":[0,1,2],"seed":1}}`, "page 3 is not one of the room's pages 1 to 2"},
		{"negative owner", `{"v":4,"t":"blind","blind":{"page":1,"owner":[0,1,-1],"seed":1}}`, "seat 2's page is -1"},
		{"pages out of seat order", `{"v":4,"t":"blind","blind":{"page":1,"owner":[0,2,1],"seed":1}}`, "not the next page 1"},
		{"a page with two seats", `{"v":4,"t":"blind","blind":{"page":1,"owner":[0,1,1],"seed":1}}`, "not the next page 2"},
		{"no host's page", `{"v":4,"t":"blind","blind":{"page":1,"owner":[1,2],"seed":1}}`, "the host's page holds no seat"},
		{"no seats", `{"v":4,"t":"blind","blind":{"page":1,"owner":[],"seed":1}}`, "an owner map of 0 seats"},
		{"blind start on a pong", `{"v":4,"t":"pong","blind":{"page":1,"owner":[0,1],"seed":1}}`, "pong takes no blind start"},
		{"empty room message", `{"v":4,"t":"room","room":""}`, "room needs a message"},
		{"room message on an error", `{"v":4,"t":"error","error":"x","room":"AAEC"}`, "error takes no room message"},
		{"unknown deal", `{"v":4,"t":"lobby","deal":"dealer"}`, "unknown deal"},
		{"deal on a room message", `{"v":4,"t":"room","room":"AAEC","deal":"mental"}`, "room takes no deal"},
	}
	for _, tt := range toPeer {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseToPeer([]byte(tt.msg))
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.says)
		})
	}
	p, err := ParseToPeer([]byte(`{"v":4,"t":"blind","blind":{"page":2,"owner":[0,1,0,2],"seed":7}}`))
	require.NoError(t, err)
	require.Equal(t, BlindStart{Page: 2, Owner: []int{0, 1, 0, 2}, Seed: 7}, *p.Blind)
	p, err = ParseToPeer([]byte(`{"v":4,"t":"lobby","deal":"mental"}`))
	require.NoError(t, err)
	require.Equal(t, DealMental, p.Deal)
}

// TestTheLargestRoomFrameAndMessageFitTheirLinks: a frame of MaxRoomFrame
// bytes goes out within MaxPeerMessage, a room message of MaxRoomMessage
// within MaxHostMessage, so a worker that keeps to them is never refused
// for their size.
func TestTheLargestRoomFrameAndMessageFitTheirLinks(t *testing.T) {
	b, err := json.Marshal(ToHost{V: Version, T: MsgRoom, Room: make([]byte, MaxRoomFrame)})
	require.NoError(t, err)
	require.LessOrEqual(t, len(b), MaxPeerMessage)
	_, err = ParseToHost(b)
	require.NoError(t, err)
	b, err = json.Marshal(ToPeer{V: Version, T: MsgRoom, Room: make([]byte, MaxRoomMessage)})
	require.NoError(t, err)
	require.LessOrEqual(t, len(b), MaxHostMessage)
	_, err = ParseToPeer(b)
	require.NoError(t, err)
}

// TestDealtByeIsFinal: a page that left a match dealt with no dealer stops
// dialing, its seat being gone for that match.
func TestDealtByeIsFinal(t *testing.T) {
	require.True(t, FinalBye(ByeDealt))
}
