//go:build !testgames

package catalog

import "cardtable/games"

// testGames is empty in the app that ships (testgames.go lists them under
// the tag testgames).
var testGames [0]games.Entry
