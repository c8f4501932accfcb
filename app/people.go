package main

import (
	"strings"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// People sharing one phone (pass-and-play), as the pages name them: the
// table (its handoff, table_handoff.go), the result and the new-game page.

// handoff is the screen between two people on the phone.
type handoff struct {
	on bool
	to games.Seat
}

// personName is how the handoff names a person on the phone: the name they
// gave (trimmed), or their seat's number. The statistics name them the same
// way (statistics_page_words.go).
func personName(p *msg.Catalogue, s Save, seat games.Seat) string {
	if int(seat) < len(s.People) {
		if name := strings.TrimSpace(s.People[seat]); name != "" {
			return name
		}
	}
	return unnamedPerson(p, int(seat))
}

// unnamedPerson names a person on the phone who gave no name: their seat's
// number, "Player 3".
func unnamedPerson(p *msg.Catalogue, seat int) string {
	return p.T("Player %d", seat+1)
}

// seatNames names a solo table's seats as the person shown reads them:
// their own "You", the others by their place, or by the name a person on
// the phone gave.
func seatNames(p *msg.Catalogue, s Save, me games.Seat) []string {
	n := s.Record.Players
	out := make([]string, n)
	for i := range out {
		out[i] = ui.SeatName(p, (i-int(me)+n)%n, n)
		if games.Seat(i) != me && i < len(s.People) {
			if name := strings.TrimSpace(s.People[i]); name != "" {
				out[i] = name
			}
		}
	}
	return out
}
