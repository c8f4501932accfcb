package main

import "cardtable/msg"

// sortcoopOptionWords: Co-op Sort's options in words.
var sortcoopOptionWords = map[string]optionWords{
	"showOwners": {
		Label: msg.T("Who placed each card"), Main: true,
		Help:   msg.T("Each face-down card in the row shows which of you placed it."),
		Values: onOff(msg.T("Shown"), msg.T("Hidden")),
	},
	"maxRejectedProposals": {
		Label:  msg.T("Refused swaps"),
		Help:   msg.T("How many of a player's swap proposals the partner may refuse before that player may propose no more."),
		Values: map[string]string{"unlimited": msg.T("No limit"), "0": msg.T("No swaps at all")},
		Number: func(v string) string { return msg.T("Up to %s refused", v) }, One: msg.T("Up to 1 refused"),
	},
	"tieBreak": {
		Label:  msg.T("Going first when you both want the same"),
		Help:   msg.T("Each of you says how much you want to go first. When you both say the same: a coin decides, or you choose again a few times before the coin."),
		Values: map[string]string{"COIN_FLIP": msg.T("A coin decides"), "REPICK_THEN_COIN": msg.T("Choose again, then a coin")},
	},
	"maxRepicks": {
		Label:  msg.T("Times to choose again"),
		Help:   msg.T("When you choose again before the coin: how many times."),
		Values: map[string]string{"0": msg.T("None"), "1": msg.T("Once"), "2": msg.T("Twice")},
		Number: func(v string) string { return msg.T("%s times", v) },
	},
}
