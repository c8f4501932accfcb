//go:build testgames

package catalog

import (
	"cardtable/games"
	"cardtable/games/grab"
)

// testGames are the games only the tests play (the tag testgames): Grab,
// the tiny game the session tests share, which the browser tests play
// through the generic table.
var testGames = [...]games.Entry{grab.Entry}
