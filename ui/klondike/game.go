// Package klondike is Klondike's UI: its table and board (tap and drag, the hint), the words of
// its actions, its options, rules and the question before ending a game,
// exported as one ui.Game (UI).
package klondike

import (
	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// UI is the game's table, words, options and rules, as data.
var UI = ui.Game{
	ID:       "klondike",
	Title:    msg.Later("Klondike"),
	Pitch:    msg.Later("The classic patience: build the four suits up from the aces."),
	Read:     readKlondike,
	Kinds:    klondikeKinds,
	Reasons:  klondikeReasons,
	Outcomes: klondikeOutcomes,
	Options:  klondikeOptionWords,
	Rules:    klondikeRules,
	Lesson:   klondikeLesson,
	Confirm: func(p *msg.Catalogue, d games.Description) string {
		if d.Kind == games.KindEnd {
			return p.T("End this game now? The cards stay where they are and the game is scored as it stands.")
		}
		return ""
	},
	End:   endPanel,
	Stats: klondikeStats,
}

// klondikeRules are the game's rules in sections.
var klondikeRules = []ui.RuleSection{
	{Title: msg.Later("Goal"), Items: []msg.Key{msg.Later("Move all 52 cards to the four foundations, each built up by suit from ace to king.")}},
	{Title: msg.Later("Moves"), Items: []msg.Key{
		msg.Later("Build the seven columns down in alternating colours; you may move any face-up run."),
		msg.Later("Only a king (or a run headed by a king) may fill an empty column."),
		msg.Later("Turn cards from the stock to the waste; the top waste card is playable. An empty stock can be refilled from the waste."),
		msg.Later("A face-down card that becomes uncovered turns over by itself."),
	}},
}
