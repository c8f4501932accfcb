package pion

import (
	"encoding/json"
	"testing"

	"github.com/pion/webrtc/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A description goes through the server as pion's SessionDescription does,
// so pages and native peers of either kind read each other's.
func TestDescriptionIsTheJSONOfASessionDescription(t *testing.T) {
	for _, typ := range []webrtc.SDPType{webrtc.SDPTypeOffer, webrtc.SDPTypeAnswer} {
		d := webrtc.SessionDescription{Type: typ, SDP: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"}
		theirs, err := json.Marshal(d)
		require.NoError(t, err)
		ours, err := json.Marshal(signalData{SDP: describe(d)})
		require.NoError(t, err)
		assert.JSONEq(t, `{"sdp":`+string(theirs)+`}`, string(ours))

		var back signalData
		require.NoError(t, json.Unmarshal([]byte(`{"sdp":`+string(theirs)+`}`), &back))
		require.NotNil(t, back.SDP)
		assert.Equal(t, d, back.SDP.pion())
	}
}
