package mentalwire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAMessageToTheWorkerHasExactlyOneField(t *testing.T) {
	for _, c := range []struct {
		name, in string
		ok       bool
	}{
		{"start", `{"start":{"game":"king","cfg":{"players":4},"owner":[0,1,2,0],"page":1,"person":1}}`, true},
		{"a room message", `{"msg":"AQI="}`, true},
		{"a frame from a page", `{"from":{"link":2,"frame":"AQI="}}`, true},
		{"a page's link closed", `{"closed":2}`, true},
		{"the table's message", `{"peer":"{\"v\":4,\"t\":\"ping\"}"}`, true},
		{"none", `{}`, false},
		{"two", `{"msg":"AQI=","closed":1}`, false},
		{"an empty room message is none", `{"msg":""}`, false},
		{"an empty frame", `{"from":{"link":2,"frame":""}}`, false},
		{"a frame too long", `{"from":{"link":2,"frame":"` + strings.Repeat("AAAA", MaxFrame/3+1) + `"}}`, false},
		{"an unknown field", `{"move":"play 9C"}`, false},
		{"something after it", `{"closed":1} {"closed":2}`, false},
		{"not JSON", `closed`, false},
		{"too long", `{"peer":"` + strings.Repeat("a", MaxIn) + `"}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeIn([]byte(c.in))
			if c.ok {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}

func TestAMessageFromTheWorkerIsOneOfItsKinds(t *testing.T) {
	for _, c := range []struct {
		name, out string
		ok        bool
	}{
		{"ready", `{"ready":true}`, true},
		{"a frame for the host", `{"send":"AQI="}`, true},
		{"a message in the room's order", `{"room":"AQI="}`, true},
		{"the table's message", `{"peer":"{}"}`, true},
		{"dealt with its time", `{"dealt":1,"ms":812.5}`, true},
		{"a fault", `{"fault":{"page":2,"part":"its shuffle is wrong"}}`, true},
		{"a stall", `{"fault":{"page":1,"part":"it sent nothing for 30s while the room waited on its key","stall":true}}`, true},
		{"done", `{"done":true,"record":"ab","ms":3}`, true},
		{"an error", `{"error":"no"}`, true},
		{"none", `{}`, false},
		{"two kinds", `{"ready":true,"error":"no"}`, false},
		{"a time alone", `{"ms":3,"error":"no"}`, false},
		{"a record not done", `{"record":"ab","error":"no"}`, false},
		{"a negative round", `{"dealt":-1}`, false},
		{"a frame too long", `{"send":"` + strings.Repeat("AAAA", MaxFrame/3+1) + `"}`, false},
		{"an unknown field", `{"ready":true,"x":1}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeOut([]byte(c.out))
			if c.ok {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}

// FuzzDecode: any bytes are a message or an error, never a panic, and a
// message read is read the same once written again.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"start":{"game":"king","cfg":{"players":4},"page":0,"order":true}}`, `{"msg":"AQI="}`,
		`{"from":{"link":2,"frame":"AQI="}}`, `{"closed":2}`, `{"peer":"x"}`, `{"ready":true}`, `{"dealt":1,"ms":2}`,
		`{"done":true,"record":"ab"}`, `{"fault":{"page":1,"part":"p"}}`, `{"msg":""}`, `{}`, `[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if in, err := DecodeIn(b); err == nil {
			raw, err := json.Marshal(in)
			require.NoError(t, err)
			again, err := DecodeIn(raw)
			require.NoError(t, err)
			require.Equal(t, in, again)
		}
		if o, err := DecodeOut(b); err == nil {
			raw, err := json.Marshal(o)
			require.NoError(t, err)
			again, err := DecodeOut(raw)
			require.NoError(t, err)
			require.Equal(t, o, again)
		}
	})
}
