package eatreds

import (
	"cardtable/msg"
	"cardtable/ui"
)

// eatredsOptionWords: Eat Reds' options in words.
var eatredsOptionWords = []ui.OptionWords{
	{
		Name:  "matchTarget",
		Label: msg.Later("Match"), Main: true,
		Help:   msg.Later("One deal decides, or deals go on until someone's total reaches the target."),
		Values: []ui.ValueWord{{Value: "0", Words: msg.Later("One deal")}},
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "First to %d point", "First to %d points") },
	},
	{
		Name:   "capturedFaceUp",
		Label:  msg.Later("Won cards"),
		Help:   msg.Later("Captured cards lie face up for everyone to see, as at many Khmer, Lao, Vietnamese and Chinese tables, or face down."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Face up for all to see")}, {Value: "off", Words: msg.Later("Face down")}},
	},
	{
		Name:   "blackAceBonus",
		Label:  msg.Later("Ace of spades"),
		Help:   msg.Later("The ace of spades scores 30 points, or nothing like every black card."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Scores 30")}, {Value: "off", Words: msg.Later("Scores nothing")}},
	},
	{
		Name:   "autoPickStockCapture",
		Label:  msg.Later("A stock card with two choices"),
		Help:   msg.Later("When a card turned from the stock could take either of two cards, it takes the higher-scoring one by itself, or its player chooses."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Takes the better card")}, {Value: "off", Words: msg.Later("Its player chooses")}},
	},
}
