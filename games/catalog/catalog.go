// Package catalog lists every game cardtable ships, with what each can do
// (games.Entry). It is the one place a new game is registered: add its entry
// to the list below and it appears on the home page, in `app sim` and `app
// replay`, and in the conformance suite over every game (catalog_test.go).
// Built with the tag testgames, the list ends with the test games too
// (testgames.go): the app then offers them, to be played in the browser
// tests; the app that ships never has them.
package catalog

import (
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
func All() []games.Entry {
	return append([]games.Entry{
		{Game: king.Game{}, DecodeView: king.DecodeView, Sampler: king.Game{}, Advisor: king.Game{}, Hard: games.HardSearch},
		{Game: mindikot.Game{}, DecodeView: mindikot.DecodeView, Sampler: mindikot.Game{}, Advisor: mindikot.Game{}, Hard: games.HardSearch},
		{Game: catte.Game{}, DecodeView: catte.DecodeView, Sampler: catte.Game{}, Advisor: catte.Game{}, Solver: catte.Game{}, Hard: games.HardSolver},
		{Game: eatreds.Game{}, DecodeView: eatreds.DecodeView, Sampler: eatreds.Game{}, Advisor: eatreds.Game{}, Hard: games.HardSearch},
		{Game: eatpairs.Game{}, DecodeView: eatpairs.DecodeView, Sampler: eatpairs.Game{}, Advisor: eatpairs.Game{}, Hard: games.HardSearch},
		{Game: klondike.Game{}, DecodeView: klondike.DecodeView, Sampler: klondike.Game{}, Advisor: klondike.Game{}, Solver: klondike.Game{}, Hard: games.HardSolver},
		// The co-op heuristic partner is its hard level: over 200 matches an
		// ISMCTS pair won none, two heuristic partners about 2 %.
		{Game: sortcoop.Game{}, DecodeView: sortcoop.DecodeView, Sampler: sortcoop.Game{}, Advisor: sortcoop.Game{}, Hard: games.HardHeuristic},
		{Game: papas.Game{}, DecodeView: papas.DecodeView, Sampler: papas.Game{}, Advisor: papas.Game{}, Hard: games.HardRollout},
	}, testGames[:]...)
}

// Lookup finds a game by its ID.
func Lookup(id string) (games.Entry, error) {
	ids := make([]string, 0, 8)
	for _, e := range All() {
		if e.ID() == id {
			return e, nil
		}
		ids = append(ids, e.ID())
	}
	return games.Entry{}, games.Errorf("unknown game %q (games: %s)", id, strings.Join(ids, ", "))
}
