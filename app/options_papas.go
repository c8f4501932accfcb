package main

// papasOptionWords: Donde Las Papas Queman's options in words.
var papasOptionWords = map[string]optionWords{
	"reactionSeconds": {
		Label: "Time to react", Main: true,
		Help:   "How long everyone has to cancel a play with a No Poh.",
		Number: "%s seconds", One: "1 second",
	},
	"turnLimit": {
		Label: "Turn limit", Main: true,
		Help:   "After this many turns the player with the most golden potatoes wins; equal counts share the win.",
		Values: map[string]string{"none": "No limit"},
		Number: "%s turns",
	},
	"deck": {
		Label:  "Deck",
		Help:   "The full deck of 113 cards, or the older deck of 103 cards without Papa Dorada and Robo de Papa.",
		Values: map[string]string{"STANDARD_113": "Full deck, 113 cards", "LEGACY_103": "Older deck, 103 cards"},
	},
	"handLimit": {
		Label:  "Hand limit",
		Help:   "After drawing at the end of your turn, you discard down to this many cards.",
		Number: "%s cards",
	},
	"startHand": {
		Label:  "Cards dealt",
		Help:   "Cards dealt to each player at the start, at most the hand limit.",
		Number: "%s cards",
	},
}
