// Package eatpairs is Eat Pairs' UI: its table (the stock, its last card and the pairs), the
// words of its actions, its options and rules, exported as one ui.Game (UI).
package eatpairs

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "eatpairs",
	Title:    msg.Later("Eat Pairs"),
	Pitch:    msg.Later("Siku: pair every card that turns up and be the first with an empty hand."),
	Read:     readEatpairs,
	Kinds:    eatpairsKinds,
	Reasons:  eatpairsReasons,
	Outcomes: eatpairsOutcomes,
	Options:  eatpairsOptionWords,
	Rules:    eatpairsRules,
	Lesson:   eatpairsLesson,
	Round:    round,
}

// eatpairsRules are the game's rules in sections.
var eatpairsRules = []ui.RuleSection{
	{Title: msg.Later("Play"), Items: []msg.Key{
		msg.Later("The dealer gets 8 cards, the others 7; every pair in a hand is laid down at once."),
		msg.Later("The dealer exposes one card; the first player holding the same rank pairs it and becomes the lead."),
		msg.Later("The lead draws from the stock; a drawn card pairs with the first holder of its rank, otherwise it is dead."),
		msg.Later("The first player with no cards left wins."),
	}},
}
