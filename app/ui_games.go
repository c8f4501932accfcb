package main

import (
	"cardtable/games"
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

// uiGames lists every game's UI, in the engines' order.
var uiGames = []ui.Game{king.UI, mindikot.UI, catte.UI, eatreds.UI, eatpairs.UI, klondike.UI, sortcoop.UI, papas.UI}

// gameUI is a game's UI; a game without its own plays through the generic
// table, in the words every game shares.
func gameUI(id string) ui.Game {
	for _, g := range uiGames {
		if g.ID == id {
			return g
		}
	}
	return ui.Game{ID: id}
}

// readView decodes a session's view for the table of game.
func readView(game string, v any) (ui.View, error) { return gameUI(game).ReadView(v) }

// newWords is the phrasing of game for the reader me, with the seats named.
func newWords(game string, names []string, me games.Seat) ui.Words {
	return ui.NewWords(gameUI(game), names, me)
}
