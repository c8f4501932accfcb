// Package catalog is the one list of the games' UIs (ui.Game), in the order
// of the engines' catalog (games/catalog), which a test holds it to. A game
// the engines list without a UI here plays through the generic table.
// Built with the tag testgames, the list ends with the test games' UIs
// (testgames.go), as the engines' list ends with their engines.
package catalog

import (
	"cardtable/ui"
	"cardtable/ui/catte"
	"cardtable/ui/eatpairs"
	"cardtable/ui/eatreds"
	"cardtable/ui/king"
	"cardtable/ui/klondike"
	"cardtable/ui/mindikot"
	"cardtable/ui/papas"
	"cardtable/ui/sortcoop"
)

// Games lists every game's UI, in the engines' order.
var Games = append([]ui.Game{king.UI, mindikot.UI, catte.UI, eatreds.UI, eatpairs.UI, klondike.UI, sortcoop.UI, papas.UI}, testGames[:]...)

// Of is a game's UI; a game without its own plays through the generic
// table, in the words every game shares.
func Of(id string) ui.Game {
	for _, g := range Games {
		if g.ID == id {
			return g
		}
	}
	return ui.Game{ID: id}
}
