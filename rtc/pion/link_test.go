package pion

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRoomLinkCarriesTheCodeInTheQueryAndParsesBack(t *testing.T) {
	link := RoomLink("https://cards.example/", "AbCdEfGhIjKlMn_-")
	assert.Equal(t, "https://cards.example/play?room=AbCdEfGhIjKlMn_-", link)
	origin, code, err := ParseRoomLink(link)
	require.NoError(t, err)
	assert.Equal(t, "https://cards.example", origin)
	assert.Equal(t, "AbCdEfGhIjKlMn_-", code)
}

func TestRoomLinkParsing(t *testing.T) {
	tests := []struct {
		link, origin, code, err string
	}{
		{link: "http://127.0.0.1:8000/#room=AAAAAAAAAAAAAAAA", origin: "http://127.0.0.1:8000", code: "AAAAAAAAAAAAAAAA"},
		{link: "https://x.example/app/play?game=king&room=BBBBBBBBBBBBBBBB", origin: "https://x.example", code: "BBBBBBBBBBBBBBBB"},
		{link: "https://x.example/room/BBBBBBBBBBBBBBBB", err: "no room code"},
		{link: "https://x.example/play?room=short", err: "not a room code"},
		{link: "ftp://x.example/play?room=BBBBBBBBBBBBBBBB", err: "not a web address"},
		{link: "::", err: "room link"},
	}
	for _, tt := range tests {
		t.Run(tt.link, func(t *testing.T) {
			origin, code, err := ParseRoomLink(tt.link)
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.origin, origin)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestSignalURLFollowsThePagesScheme(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:8000":     "ws://127.0.0.1:8000/signal/",
		"https://cards.example/x/y": "wss://cards.example/signal/",
	} {
		got, err := SignalURL(in)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := SignalURL("mailto:a@b")
	assert.Error(t, err)
}
