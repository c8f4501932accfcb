// Package sortcoop is Co-op Sort's UI: its table (the row, the swaps drawn as arrows, the
// board turned up at the end), the words of its actions, its options and
// rules, exported as one ui.Game (UI).
package sortcoop

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "sortcoop",
	Title:    msg.Later("Co-op Sort"),
	Pitch:    msg.Later("Two players, no talking: lay your cards face down so the whole row comes out sorted."),
	Read:     readSortcoop,
	Kinds:    sortcoopKinds,
	Reasons:  sortcoopReasons,
	Outcomes: sortcoopOutcomes,
	Reveals:  sortcoopReveals,
	Options:  sortcoopOptionWords,
	Rules:    sortcoopRules,
	Lesson:   sortcoopLesson,
	Verdict:  Verdict,
}

// sortcoopRules are the game's rules in sections.
var sortcoopRules = []ui.RuleSection{
	{Title: msg.Later("Together"), Items: []msg.Key{
		msg.Later("Two players, 40 cards (1–10 in four suits), seven each, and a row of 15 slots."),
		msg.Later("Take turns placing a card face down in any empty slot; each player may pass once."),
		msg.Later("Each player may have one swap of two placed cards accepted by the partner."),
		msg.Later("You both win if the 14 cards read in increasing order from left to right: hearts, then spades, then diamonds, then clubs. No talking!"),
	}},
}
