package eatpairs

import (
	"cardtable/games"
	"cardtable/games/eatpairs"
	"cardtable/ui"
)

// round is the round a match is in as the table says it ("Round 2"), from
// the game's own view (the view counts them from 0, the table from 1); 0 for a view that is not
// the game's.
func round(view games.View) int {
	v, err := ui.DecodeView[eatpairs.View](view)
	if err != nil {
		return 0
	}
	return v.Round + 1
}
