// Package grab is Grab's UI: the tiny test game (games/grab), listed only in
// a build with the tag testgames. It has no table of its own: the generic
// table draws its view and offers its moves. It gives the words of its own
// action kinds, its title, pitch and rules, as one ui.Game (UI).
package grab

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's words, title and rules, as data; Read is nil, so the
// generic table plays it.
var UI = ui.Game{
	ID:    "grab",
	Title: msg.Later("Grab"),
	Pitch: msg.Later("A tiny test game: bury a card face down, then grab first to win."),
	Kinds: grabKinds,
	Rules: grabRules,
}

// grabRules are the game's rules in one section.
var grabRules = []ui.RuleSection{
	{Title: msg.Later("How to play"), Items: []msg.Key{
		msg.Later("Each player gets two cards and, in turn, buries one of them face down."),
		msg.Later("Then everyone may grab at once: the first to grab wins."),
		msg.Later("If nobody grabs in time, nobody wins."),
	}},
}
