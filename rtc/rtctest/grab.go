// Package rtctest holds what the session and transport tests share: Grab
// (games/grab), the tiny game where each seat buries a card face down and
// then everyone may grab at once in a timed window, under the names the
// tests use.
package rtctest

import "cardtable/games/grab"

// Grab is the tiny game.
type Grab = grab.Game

// GrabView is what one seat of Grab sees.
type GrabView = grab.View

// GrabEntry is Grab as the catalog lists it.
var GrabEntry = grab.Entry
