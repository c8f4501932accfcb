package signaling

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// What instances tell each other through NATS. Nothing that arrives from
// NATS is trusted more than what a client sends: every message and record
// is size-checked and strictly decoded, and one that fails is dropped.

// wireMsg is one message between instances on a room's subject.
type wireMsg struct {
	T    string          `json:"t"`
	Peer string          `json:"p,omitempty"` // the joiner it is from (to the host)
	Inst string          `json:"i,omitempty"` // hostup: the host's instance
	Gen  uint64          `json:"g,omitempty"` // hostup, nohost: the host's generation
	Data json.RawMessage `json:"d,omitempty"` // signal: the peers' opaque JSON
}

// wireMsg types.
const (
	wireJoin   = "join"   // to the host: a joiner arrived
	wireLeave  = "leave"  // to the host: a joiner left
	wireSignal = "sig"    // to the host (Peer is the sender) or to one joiner
	wireHostUp = "hostup" // to the joiners: the host connected (Inst, Gen)
	wireNoHost = "nohost" // to the joiners: the host left
)

// wireOverhead is what a wireMsg adds to the signal it carries.
const wireOverhead = 256

func encodeWire(w wireMsg) ([]byte, error) { return json.Marshal(w) }

// decodeWire parses one message from NATS: within maxData bytes of signal
// (plus the envelope), one JSON object of known fields, the fields its type
// uses and only those, peers and instances of the right shape.
func decodeWire(b []byte, maxData int64) (wireMsg, error) {
	var w wireMsg
	if int64(len(b)) > maxData+wireOverhead {
		return w, errors.New("wire: message too big")
	}
	if err := strictJSON(b, &w); err != nil {
		return w, fmt.Errorf("wire: %w", err)
	}
	hasData := len(w.Data) > 0
	switch w.T {
	case wireJoin, wireLeave:
		if !validPeer(w.Peer) || w.Inst != "" || w.Gen != 0 || hasData {
			return w, fmt.Errorf("wire: bad %s", w.T)
		}
	case wireSignal:
		if !hasData || string(w.Data) == "null" || int64(len(w.Data)) > maxData || w.Inst != "" || w.Gen != 0 || (w.Peer != "" && !validPeer(w.Peer)) {
			return w, errors.New("wire: bad signal")
		}
	case wireHostUp:
		if !validInst(w.Inst) || w.Gen == 0 || w.Peer != "" || hasData {
			return w, errors.New("wire: bad hostup")
		}
	case wireNoHost:
		if w.Gen == 0 || w.Peer != "" || w.Inst != "" || hasData {
			return w, errors.New("wire: bad nohost")
		}
	default:
		return w, fmt.Errorf("wire: unknown type %q", w.T)
	}
	return w, nil
}

// roomRecord is a room as every instance sees it, in the rooms bucket.
type roomRecord struct {
	Owner   string         `json:"owner,omitempty"`   // address its rooms count against
	Counted bool           `json:"counted,omitempty"` // counts against Owner (while its host is there)
	Host    string         `json:"host,omitempty"`    // instance holding the host's connection; "" when away
	Gen     uint64         `json:"gen,omitempty"`     // host connections so far: a newer one replaces an older
	Next    int            `json:"next,omitempty"`    // joiner ids handed out
	Joiners []joinerRecord `json:"joiners,omitempty"` // in order of arrival
}

type joinerRecord struct {
	Peer string `json:"peer"`
	IP   string `json:"ip"`
	Inst string `json:"inst"`
}

// addrRecord is the rooms counted against one address.
type addrRecord struct {
	Rooms []string `json:"rooms"`
}

// maxRecord is the most bytes a record may hold, maxRecordPeers the most
// joiners (more is a broken record).
const (
	maxRecord      = 16 << 10
	maxRecordPeers = 64
)

func encodeRecord(r roomRecord) ([]byte, error) { return json.Marshal(r) }
func encodeAddr(a addrRecord) ([]byte, error)   { return json.Marshal(a) }

// decodeRecord parses a room record strictly.
func decodeRecord(b []byte) (roomRecord, error) {
	var r roomRecord
	if len(b) > maxRecord {
		return r, errors.New("record: too big")
	}
	if err := strictJSON(b, &r); err != nil {
		return r, fmt.Errorf("record: %w", err)
	}
	if len(r.Owner) > 64 || (r.Host != "" && !validInst(r.Host)) || r.Next < 0 || len(r.Joiners) > maxRecordPeers {
		return roomRecord{}, errors.New("record: bad fields")
	}
	for _, j := range r.Joiners {
		if !validPeer(j.Peer) || !validInst(j.Inst) || len(j.IP) > 64 {
			return roomRecord{}, errors.New("record: bad joiner")
		}
	}
	return r, nil
}

// decodeAddr parses an address's rooms strictly.
func decodeAddr(b []byte) (addrRecord, error) {
	var a addrRecord
	if len(b) > maxRecord {
		return a, errors.New("address record: too big")
	}
	if err := strictJSON(b, &a); err != nil {
		return addrRecord{}, fmt.Errorf("address record: %w", err)
	}
	if len(a.Rooms) > 1024 {
		return addrRecord{}, errors.New("address record: too many rooms")
	}
	for _, c := range a.Rooms {
		if !ValidRoom(c) {
			return addrRecord{}, errors.New("address record: bad room code")
		}
	}
	return a, nil
}

// strictJSON decodes one object of known fields with nothing after it.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if len(bytes.TrimSpace(b[dec.InputOffset():])) > 0 {
		return errors.New("data after the object")
	}
	return nil
}

// validPeer reports whether s has the shape of a joiner id: p and 1–9 digits.
func validPeer(s string) bool {
	if len(s) < 2 || len(s) > 10 || s[0] != 'p' || s[1] == '0' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validInst reports whether s has the shape of an instance id: 1–16
// URL-safe base64 characters.
func validInst(s string) bool {
	if len(s) == 0 || len(s) > 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
