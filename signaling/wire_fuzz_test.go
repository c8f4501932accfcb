package signaling

import (
	"testing"
)

// FuzzDecodeWire: whatever arrives from NATS, decodeWire never panics, and
// what it accepts has the shape its type needs and encodes back to a
// message it accepts again.
func FuzzDecodeWire(f *testing.F) {
	for _, s := range []string{
		`{"t":"join","p":"p1"}`, `{"t":"leave","p":"p12"}`, `{"t":"sig","p":"p3","d":{"sdp":"x"}}`,
		`{"t":"sig","d":[1]}`, `{"t":"hostup","i":"abc_-9","g":3}`, `{"t":"nohost","g":1}`,
		`{"t":"sig","d":null}`, `{"t":"join","p":"p0"}`, `{}`, `[]`, `{"t":"hostup","i":"a.b","g":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := decodeWire(b, 1024)
		if err != nil {
			return
		}
		switch w.T {
		case wireJoin, wireLeave:
			if !validPeer(w.Peer) {
				t.Fatalf("accepted %s with peer %q", w.T, w.Peer)
			}
		case wireSignal:
			if len(w.Data) == 0 || len(w.Data) > 1024 {
				t.Fatalf("accepted a signal of %d bytes", len(w.Data))
			}
		case wireHostUp:
			if !validInst(w.Inst) || w.Gen == 0 {
				t.Fatalf("accepted hostup %+v", w)
			}
		case wireNoHost:
			if w.Gen == 0 {
				t.Fatalf("accepted nohost %+v", w)
			}
		default:
			t.Fatalf("accepted type %q", w.T)
		}
		again, err := encodeWire(w)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeWire(again, 1024+int64(len(again))); err != nil {
			t.Fatalf("%s: re-encoded %s refused: %v", b, again, err)
		}
	})
}

// FuzzDecodeRecord: a room record or an address's rooms from the bucket
// never panics the decoder, and what it accepts is within its bounds.
func FuzzDecodeRecord(f *testing.F) {
	for _, s := range []string{
		`{"owner":"127.0.0.1","counted":true,"host":"abc","gen":2,"next":3,"joiners":[{"peer":"p3","ip":"::1","inst":"xyz"}]}`,
		`{}`, `{"joiners":[{"peer":"p","ip":"","inst":""}]}`, `{"next":-1}`,
		`{"rooms":["AAAAAAAAAAAAAAAA"]}`, `{"rooms":["short"]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if r, err := decodeRecord(b); err == nil {
			if len(r.Joiners) > maxRecordPeers || r.Next < 0 || (r.Host != "" && !validInst(r.Host)) {
				t.Fatalf("accepted record %+v", r)
			}
			for _, j := range r.Joiners {
				if !validPeer(j.Peer) || !validInst(j.Inst) {
					t.Fatalf("accepted joiner %+v", j)
				}
			}
		}
		if a, err := decodeAddr(b); err == nil {
			for _, c := range a.Rooms {
				if !ValidRoom(c) {
					t.Fatalf("accepted room code %q", c)
				}
			}
		}
	})
}
