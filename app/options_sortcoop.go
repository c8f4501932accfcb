package main

import "cardtable/msg"

// sortcoopOptionWords: Co-op Sort's options in words.
var sortcoopOptionWords = []OptionWords{
	{
		Name:  "showOwners",
		Label: msg.Later("Who placed each card"), Main: true,
		Help:   msg.Later("Each face-down card in the row shows which of you placed it."),
		Values: []ValueWord{{"on", msg.Later("Shown")}, {"off", msg.Later("Hidden")}},
	},
	{
		Name:   "maxRejectedProposals",
		Label:  msg.Later("Refused swaps"),
		Help:   msg.Later("How many of a player's swap proposals the partner may refuse before that player may propose no more."),
		Values: []ValueWord{{"unlimited", msg.Later("No limit")}, {"0", msg.Later("No swaps at all")}},
		Number: func(n int) string { return msg.N(n, "Up to %d refused", "Up to %d refused") },
	},
	{
		Name:   "tieBreak",
		Label:  msg.Later("Going first when you both want the same"),
		Help:   msg.Later("Each of you says how much you want to go first. When you both say the same: a coin decides, or you choose again a few times before the coin."),
		Values: []ValueWord{{"COIN_FLIP", msg.Later("A coin decides")}, {"REPICK_THEN_COIN", msg.Later("Choose again, then a coin")}},
	},
	{
		Name:   "maxRepicks",
		Label:  msg.Later("Times to choose again"),
		Help:   msg.Later("When you choose again before the coin: how many times."),
		Values: []ValueWord{{"0", msg.Later("None")}, {"1", msg.Later("Once")}, {"2", msg.Later("Twice")}},
		Number: func(n int) string { return msg.N(n, "%d time", "%d times") },
	},
}
