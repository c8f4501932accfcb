package main

import "cardtable/msg"

// papasOptionWords: Donde Las Papas Queman's options in words.
var papasOptionWords = map[string]optionWords{
	"reactionSeconds": {
		Label: msg.T("Time to react"), Main: true,
		Help:   msg.T("How long everyone has to cancel a play with a No Poh."),
		Number: func(v string) string { return msg.T("%s seconds", v) }, One: msg.T("1 second"),
	},
	"turnLimit": {
		Label: msg.T("Turn limit"), Main: true,
		Help:   msg.T("After this many turns the player with the most golden potatoes wins; equal counts share the win."),
		Values: map[string]string{"none": msg.T("No limit")},
		Number: func(v string) string { return msg.T("%s turns", v) },
	},
	"deck": {
		Label:  msg.T("Deck"),
		Help:   msg.T("The full deck of 113 cards, or the older deck of 103 cards without Papa Dorada and Robo de Papa."),
		Values: map[string]string{"STANDARD_113": msg.T("Full deck, 113 cards"), "LEGACY_103": msg.T("Older deck, 103 cards")},
	},
	"handLimit": {
		Label:  msg.T("Hand limit"),
		Help:   msg.T("After drawing at the end of your turn, you discard down to this many cards."),
		Number: func(v string) string { return msg.T("%s cards", v) },
	},
	"startHand": {
		Label:  msg.T("Cards dealt"),
		Help:   msg.T("Cards dealt to each player at the start, at most the hand limit."),
		Number: func(v string) string { return msg.T("%s cards", v) },
	},
}
