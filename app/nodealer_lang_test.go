//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/mentalwire"
)

// TestAStoppedMatchSaysItInThePlayersLanguage: in another language the
// worker's English part is not shown: the line under the headline says
// what the pages found in the player's language, and the worker's error is
// left out.
func TestAStoppedMatchSaysItInThePlayersLanguage(t *testing.T) {
	ru, err := msg.Load("ru")
	require.NoError(t, err)
	seats := []rtc.SeatStatus{{Kind: rtc.KindHost, Name: "Ann"}, {Kind: rtc.KindPlayer, Name: "Bob"}, {Kind: rtc.KindBot}, {Kind: rtc.KindPlayer, Name: "Cy"}}
	names := []string{"Ann", ru.T("You"), "Bot 3", "Cy"}
	for _, c := range []struct {
		name   string
		fault  *mentalwire.Fault
		failed string
		lines  []string
	}{
		{"a wrong message", &mentalwire.Fault{Page: 2, Part: "its shuffle is wrong"}, "", []string{
			ru.T("The match stopped: what %s's page sent does not check out.", "Cy"),
			ru.T("Every page checks each message against its proofs and the rules, and this one did not hold.")}},
		{"a stall", &mentalwire.Fault{Page: 2, Part: "it sent nothing for 30s while the room waited on its key", Stall: true}, "", []string{
			ru.T("The match stopped: %s's page stopped answering.", "Cy"),
			ru.T("The room waited on it longer than it allows.")}},
		{"the worker's error", nil, "mental.wasm: no", []string{ru.T("The match stopped: this page could not go on with the deal.")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &mentalRun{owner: []int{0, 1, 0, 2}, notify: func() {}}
			m.end(c.fault, c.failed, false)
			_, lines := mentalLines(ru, m, seats, names, 1)
			assert.Equal(t, c.lines, lines)
			for _, l := range lines {
				assert.NotRegexp(t, `[a-z]{3,}`, l, "no English left")
			}
		})
	}
}
