// Package mindikot is Mindikot's UI: its table (the teams, the trick and the tens taken, the
// trump cut or hidden), the words of its actions, its options and rules,
// exported as one ui.Game (UI).
package mindikot

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "mindikot",
	NoDealer: true,
	Title:    msg.Later("Mindikot"),
	Pitch:    msg.Later("Two teams race to capture the four tens; the trump is cut or hidden."),
	Read:     readMindikot,
	Kinds:    mindikotKinds,
	Reasons:  mindikotReasons,
	Outcomes: mindikotOutcomes,
	Options:  mindikotOptionWords,
	Rules:    mindikotRules,
	Lesson:   mindikotLesson,
	Round:    round,
}

// mindikotRules are the game's rules in sections.
var mindikotRules = []ui.RuleSection{
	{Title: msg.Later("Teams and deal"), Items: []msg.Key{
		msg.Later("Four players in two teams (partners sit opposite) with 52 cards, or six players in two teams of three with 48 cards (no 2s)."),
		msg.Later("Follow the led suit if you can. The highest trump wins the trick; without trumps, the highest card of the led suit."),
	}},
	{Title: msg.Later("Trumps"), Items: []msg.Key{
		msg.Later("Cut (default): there is no trump at first; the first card played by someone who can't follow suit makes its suit trumps."),
		msg.Later("Hidden: one card of the first leader is set aside; a player who can't follow suit may reveal it (its suit becomes trumps, and they must then play a trump if they have one) or pass."),
	}},
	{Title: msg.Later("Winning"), Items: []msg.Key{
		msg.Later("The team that takes three or four of the tens wins the round; with two tens each, the team with more tricks."),
		msg.Later("A win scores 1, all four tens 2, all the tricks 3. The first team to the target wins the match."),
	}},
}
