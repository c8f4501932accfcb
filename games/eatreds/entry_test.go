package eatreds

import "cardtable/games"

// entry is the game as the catalog lists it: the suites read its views
// through its one decoder and rebuild states with its sampler.
var entry = games.Entry{Game: Game{}, DecodeView: DecodeView, Sampler: Game{}, Advisor: Game{}}
