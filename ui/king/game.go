// Package king is The King's UI: its table (the contract and trump on the
// scoreboard, the trick in the middle), the words of its actions, its
// options and rules, exported as one ui.Game (UI).
package king

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "king",
	NoDealer: true,
	Title:    msg.Later("The King"),
	Pitch:    msg.Later("Russian trick-taking: dodge hearts, boys, queens and the King of Hearts, then collect tricks with your trump."),
	Read:     readKing,
	Kinds:    kingKinds,
	Reasons:  kingReasons,
	Options:  kingOptionWords,
	Rules:    kingRules,
	Lesson:   kingLesson,
	Round:    round,
}

// kingRules are the game's rules in sections.
var kingRules = []ui.RuleSection{
	{Title: msg.Later("The deal"), Items: []msg.Key{
		msg.Later("Four players, a 32-card deck (7 up to ace), eight cards each, every round."),
		msg.Later("You must follow the suit that was led if you can; the highest card of the led suit takes the trick, and the winner leads next."),
		msg.Later("The first leader moves one seat to the left each round."),
	}},
	{Title: msg.Later("Avoiding rounds: take as little as you can"), Items: []msg.Key{
		msg.Later("1. No tricks: −2 for every trick you take."),
		msg.Later("2. No hearts: −2 for every heart you take. You may not lead a heart while you hold another suit."),
		msg.Later("3. No boys: −2 for every jack and king you take."),
		msg.Later("4. No queens: −4 for every queen you take."),
		msg.Later("5. No last two: −8 each for tricks 7 and 8."),
		msg.Later("6. No king of hearts: −16 for taking K♥. If you can't follow suit and hold K♥, you must throw it."),
		msg.Later("Optional round 7: every penalty at once."),
		msg.Later("A round stops early once every penalty card of it has been taken."),
	}},
	{Title: msg.Later("Collecting rounds: take all you can"), Items: []msg.Key{
		msg.Later("+3 for every trick."),
		msg.Later("The round's first leader looks at their hand and names the trump suit before leading."),
		msg.Later("A trump beats every card of the other suits; you never have to trump unless the option says so."),
	}},
	{Title: msg.Later("The end"), Items: []msg.Key{msg.Later("After the last collecting round the highest total wins; equal totals share the win.")}},
}
