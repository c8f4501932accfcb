package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
	"cardtable/rtc/pion"
	"cardtable/rtc/wire"
	"cardtable/signaling"
)

// TestLinkFailuresAreSentences: every close code the signaling server
// sends and every bye code of the host is a sentence of the catalogue, and
// a failure with neither reaches a reader of another language in it.
func TestLinkFailuresAreSentences(t *testing.T) {
	for _, code := range []int{4000, 4001, 4002, 4004, 4008, 4009, 4010, 4011, 4012, 4013} {
		s, ok := closeWords(nil, code)
		assert.True(t, ok && s != "", "close code %d has words", code)
	}
	for _, code := range []string{wire.ByeKicked, wire.ByeToken, wire.ByeReplaced, wire.ByeClosed, wire.ByeLeft, wire.ByeFull, wire.ByeHello, wire.ByeRate, wire.ByeBad, wire.ByeSlow} {
		assert.NotEmpty(t, byeWords(nil, code), "bye %q has words", code)
	}
	full := fmt.Errorf("join: %w", &signaling.CloseError{Code: int(signaling.CloseRoomFull), Reason: "room full"})
	assert.Equal(t, "This room is full.", linkWords(nil, full))
	assert.Equal(t, "Dial tcp: refused.", linkWords(nil, errors.New("dial tcp: refused")))
	unreachable := fmt.Errorf("join: %w", pion.ErrUnreachable)
	assert.Equal(t, "The server that connects the players cannot be reached. Check the connection, then try again.", linkWords(nil, unreachable),
		"a server out of reach is said in words, not as the network's error")

	es, err := msg.Parse("es", []byte(`{"This room is full.": "Esta sala está llena.",
		"The connection failed: check the network and try again.": "La conexión falló: revisa la red e inténtalo de nuevo."}`))
	require.NoError(t, err)
	assert.Equal(t, "Esta sala está llena.", linkWords(es, full))
	assert.Equal(t, "La conexión falló: revisa la red e inténtalo de nuevo.", linkWords(es, errors.New("dial tcp: refused")))
}
