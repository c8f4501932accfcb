package main

// sortcoopOptionWords: Co-op Sort's options in words.
var sortcoopOptionWords = map[string]optionWords{
	"showOwners": {
		Label: "Who placed each card", Main: true,
		Help:   "Each face-down card in the row shows which of you placed it.",
		Values: onOff("Shown", "Hidden"),
	},
	"maxRejectedProposals": {
		Label:  "Refused swaps",
		Help:   "How many of a player's swap proposals the partner may refuse before that player may propose no more.",
		Values: map[string]string{"unlimited": "No limit", "0": "No swaps at all"},
		Number: "Up to %s refused", One: "Up to 1 refused",
	},
	"tieBreak": {
		Label:  "Going first when you both want the same",
		Help:   "Each of you says how much you want to go first. When you both say the same: a coin decides, or you choose again a few times before the coin.",
		Values: map[string]string{"COIN_FLIP": "A coin decides", "REPICK_THEN_COIN": "Choose again, then a coin"},
	},
	"maxRepicks": {
		Label:  "Times to choose again",
		Help:   "When you choose again before the coin: how many times.",
		Values: map[string]string{"0": "None", "1": "Once", "2": "Twice"},
		Number: "%s times",
	},
}
