package main

import (
	"errors"

	"cardtable/games"
	"cardtable/ui"
	"cardtable/ui/catalog"
)

// gameUI is a game's UI (ui/catalog); a game without its own plays through
// the generic table.
func gameUI(id string) ui.Game { return catalog.Of(id) }

// readView reads a session's view, the game's own View (a joiner's session
// has read the host's JSON with the game's decoder), for the table of game:
// its own table, or the generic one.
func readView(game string, v games.View) (ui.View, error) {
	if v == nil {
		return nil, errors.New("no view yet")
	}
	return gameUI(game).ReadView(v)
}

// newWords is the phrasing of game for the reader me, with the seats named.
func newWords(game string, names []string, me games.Seat) ui.Words {
	return ui.NewWords(gameUI(game), names, me)
}
