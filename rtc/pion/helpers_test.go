//go:build !js

package pion

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/rtctest"
)

// slow stretches the tests' waits (the race detector slows everything).
const slow = 3

var kingEntry, _ = catalog.Lookup("king")

func eventually(t testing.TB, cond func() bool, msg string, args ...any) {
	t.Helper()
	require.Eventually(t, cond, slow*10*time.Second, time.Millisecond, append([]any{msg}, args...)...)
}

// viewOf is seat's view at the host's table now, rebuilt from the host's
// record as any replay would.
func viewOf(h *rtc.Host, seat games.Seat) string {
	rec := h.Record()
	e, err := catalog.Lookup(rec.Game)
	if rec.Game == rtctest.GrabEntry.ID() {
		e, err = rtctest.GrabEntry, nil
	}
	if err != nil {
		return "unknown game " + rec.Game
	}
	s, err := record.Replay(e.Game, rec, nil)
	if err != nil {
		return err.Error()
	}
	return viewJSON(s.View(seat))
}

// godJSON is the view with every card shown (the match is over).
func godJSON(h *rtc.Host) string { return viewOf(h, games.God) }

// act plays text on a session for a test that needs only its error.
func act(s rtc.Session, text string) error {
	_, err := s.Act(text)
	return err
}

func viewJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

func lastAct(h *rtc.Host) record.Step {
	r := h.Record()
	return r.Actions[len(r.Actions)-1]
}
