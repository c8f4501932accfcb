package sortcoop

import (
	"cardtable/msg"
	"cardtable/ui"
)

// sortcoopOptionWords: Co-op Sort's options in words.
var sortcoopOptionWords = []ui.OptionWords{
	{
		Name:  "showOwners",
		Label: msg.Later("Who placed each card"), Main: true,
		Help:   msg.Later("Each face-down card in the row shows which of you placed it."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Shown")}, {Value: "off", Words: msg.Later("Hidden")}},
	},
	{
		Name:   "maxRejectedProposals",
		Label:  msg.Later("Refused swaps"),
		Help:   msg.Later("How many of a player's swap proposals the partner may refuse before that player may propose no more."),
		Values: []ui.ValueWord{{Value: "unlimited", Words: msg.Later("No limit")}, {Value: "0", Words: msg.Later("No swaps at all")}},
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "Up to %d refused", "Up to %d refused") },
	},
	{
		Name:   "tieBreak",
		Label:  msg.Later("Going first when you both want the same"),
		Help:   msg.Later("Each of you says how much you want to go first. When you both say the same: a coin decides, or you choose again a few times before the coin."),
		Values: []ui.ValueWord{{Value: "COIN_FLIP", Words: msg.Later("A coin decides")}, {Value: "REPICK_THEN_COIN", Words: msg.Later("Choose again, then a coin")}},
	},
	{
		Name:   "maxRepicks",
		Label:  msg.Later("Times to choose again"),
		Help:   msg.Later("When you choose again before the coin: how many times."),
		Values: []ui.ValueWord{{Value: "0", Words: msg.Later("None")}, {Value: "1", Words: msg.Later("Once")}, {Value: "2", Words: msg.Later("Twice")}},
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d time", "%d times") },
	},
}
