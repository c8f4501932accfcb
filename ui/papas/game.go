// Package papas is Donde Las Papas Queman's UI: its table (golden potatoes, the open
// reaction window and its chain in words), the words of its actions, its
// options and rules, exported as one ui.Game (UI).
package papas

import (
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "papas",
	Title:    msg.Later("Donde Las Papas Queman"),
	Pitch:    msg.Later("Race for golden potatoes with threesomes, and shout No Poh! before the 3-second window closes."),
	Read:     readPapas,
	Kinds:    papasKinds,
	Reasons:  papasReasons,
	Outcomes: papasOutcomes,
	Options:  papasOptionWords,
	Rules:    papasRules,
	Lesson:   papasLesson,
	Score:    func(p *msg.Catalogue, n int) string { return p.N(n, "%d golden potato", "%d golden potatoes") },
}

// papasRules are the game's rules in sections.
var papasRules = []ui.RuleSection{
	{Title: msg.Later("Golden potatoes"), Items: []msg.Key{
		msg.Later("Play potato cards alone or as threesomes: three of one kind (wildcards help) or three of one value."),
		msg.Later("Threesomes earn golden potatoes; Papa Dorada takes one from the pile and Robo steals one."),
		msg.Later("After each play the others have a few seconds to cancel it with No Poh; Te Dije cancels anything."),
		msg.Later("End your turn by drawing a card. The first to the target of golden potatoes wins."),
	}},
}
