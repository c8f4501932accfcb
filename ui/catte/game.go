// Package catte is Cat Te's UI: its table (folds face down, the chips and the pot), the
// words of its actions, its options, rules and the question before throwing
// in a hand, exported as one ui.Game (UI).
package catte

import (
	"cardtable/games"
	"cardtable/games/catte"
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:      "catte",
	Title:   msg.Later("Cat Te"),
	Pitch:   msg.Later("Six cards, six tricks: beat the best card or fold it face down, and win the last trick."),
	Read:    readCatte,
	Kinds:   catteKinds,
	Reasons: catteReasons,
	Options: catteOptionWords,
	Rules:   catteRules,
	Lesson:  catteLesson,
	Confirm: func(p *msg.Catalogue, d games.Description) string {
		if d.Kind == catte.KindFoldHand {
			return p.T("Throw in your hand? You sit out the rest of this round.")
		}
		return ""
	},
	Score: func(p *msg.Catalogue, n int) string { return p.N(n, "%d chip", "%d chips") },
	Round: round,
}

// catteRules are the game's rules in sections.
var catteRules = []ui.RuleSection{
	{Title: msg.Later("Play"), Items: []msg.Key{
		msg.Later("Six cards each; each player antes chips into the pot."),
		msg.Later("In each of the first tricks, play a higher card of the led suit face up, or fold any card face down. The leader always plays face up."),
		msg.Later("The last face-up card wins the trick and leads the next one."),
		msg.Later("After trick 4, players who have taken no trick are out; someone who took all four wins at once."),
		msg.Later("Trick 5 is played face down, then revealed; trick 6 decides the round."),
	}},
	{Title: msg.Later("Instant wins and chips"), Items: []msg.Key{
		msg.Later("Four aces, four of a kind, a six-card flush or a low hand (all cards A–5) win at once."),
		msg.Later("The round winner takes the pot. Most chips after the last round wins the match."),
	}},
}
