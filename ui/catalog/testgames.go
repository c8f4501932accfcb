//go:build testgames

package catalog

import (
	"cardtable/ui"
	"cardtable/ui/grab"
)

// testGames are the UIs of the games only the tests play (the tag
// testgames), in the engines' order.
var testGames = [...]ui.Game{grab.UI}
