// Package eatreds is Eat Reds' UI: its table (the layout, the stock card and the won piles;
// the turns since the player's last), the words of its actions, its options
// and rules, exported as one ui.Game (UI).
package eatreds

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "eatreds",
	Title:    msg.Later("Eat Reds"),
	Pitch:    msg.Later("Chinese Ten: pair cards to ten from the layout and collect the reds."),
	Read:     readEatreds,
	Kinds:    eatredsKinds,
	Reasons:  eatredsReasons,
	Outcomes: eatredsOutcomes,
	Reveals:  eatredsReveals,
	Options:  eatredsOptionWords,
	Rules:    eatredsRules,
	Lesson:   eatredsLesson,
	Round:    round,
}

// eatredsRules are the game's rules in sections.
var eatredsRules = []ui.RuleSection{
	{Title: msg.Later("Play"), Items: []msg.Key{
		msg.Later("Four cards lie face up in the layout. On your turn play a card from your hand, then turn the top card of the stock."),
		msg.Later("A card captures one layout card that adds up to 10 with it (A counts 1; 5 takes 5); a 10, J, Q or K captures the same rank."),
		msg.Later("Capturing is compulsory; when two cards could be taken you choose which. Uncaptured cards stay in the layout."),
	}},
	{Title: msg.Later("Scoring"), Items: []msg.Key{msg.Later("Only red cards score: red ace 20, red 9 to K 10 each, red 2 to 8 their pips. The highest score wins.")}},
}
