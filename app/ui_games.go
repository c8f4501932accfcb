package main

import (
	"cardtable/games"
	"cardtable/ui"
	"cardtable/ui/catalog"
)

// gameUI is a game's UI (ui/catalog); a game without its own plays through
// the generic table.
func gameUI(id string) ui.Game { return catalog.Of(id) }

// readView decodes a session's view for the table of game.
func readView(game string, v any) (ui.View, error) { return gameUI(game).ReadView(v) }

// newWords is the phrasing of game for the reader me, with the seats named.
func newWords(game string, names []string, me games.Seat) ui.Words {
	return ui.NewWords(gameUI(game), names, me)
}
