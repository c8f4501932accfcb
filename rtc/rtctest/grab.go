// Package rtctest holds what the session and transport tests share: Grab
// (games/grab), the tiny game where each seat buries a card face down and
// then everyone may grab at once in a timed window, under the names the
// tests use, and the lookup a test peer finds its game with.
package rtctest

import (
	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/grab"
)

// Grab is the tiny game.
type Grab = grab.Game

// GrabView is what one seat of Grab sees.
type GrabView = grab.View

// GrabEntry is Grab as the catalog lists it.
var GrabEntry = grab.Entry

// Lookup finds a game by its id as a page's catalog does, Grab among them
// (rtc.PeerConfig.Game).
func Lookup(id string) (games.Entry, error) {
	if id == GrabEntry.ID() {
		return GrabEntry, nil
	}
	return catalog.Lookup(id)
}
