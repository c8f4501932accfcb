// Package catalog lists every game cardtable ships. It is the one place a new
// game is registered: add its Game value to the list below and it appears on
// the home page, in `app sim` and `app replay`, and in the conformance suite.
package catalog

import (
	"fmt"
	"strings"

	"cardtable/games"
	"cardtable/games/catte"
	"cardtable/games/eatpairs"
	"cardtable/games/eatreds"
	"cardtable/games/king"
	"cardtable/games/klondike"
	"cardtable/games/mindikot"
	"cardtable/games/papas"
	"cardtable/games/sortcoop"
)

// All returns the registered games in home-page order.
func All() []games.Game {
	return []games.Game{
		king.Game{},
		mindikot.Game{},
		catte.Game{},
		eatreds.Game{},
		eatpairs.Game{},
		klondike.Game{},
		sortcoop.Game{},
		papas.Game{},
	}
}

// Lookup finds a game by its ID.
func Lookup(id string) (games.Game, error) {
	ids := make([]string, 0, 8)
	for _, g := range All() {
		if g.Info().ID == id {
			return g, nil
		}
		ids = append(ids, g.Info().ID)
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", id, strings.Join(ids, ", "))
}
