package mindikot

import (
	"cardtable/games"
	"cardtable/games/mindikot"
	"cardtable/ui"
)

// round is the round a match is in as the table says it ("Round 2"), from
// the game's own view (its round, counted from 1 as the table says it); 0 for a view that is not
// the game's.
func round(view games.View) int {
	v, err := ui.DecodeView[mindikot.View](view)
	if err != nil {
		return 0
	}
	return v.Round
}
