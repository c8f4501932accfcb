package main

import "cardtable/msg"

// eatredsOptionWords: Eat Reds' options in words.
var eatredsOptionWords = []OptionWords{
	{
		Name:  "matchTarget",
		Label: msg.Later("Match"), Main: true,
		Help:   msg.Later("One deal decides, or deals go on until someone's total reaches the target."),
		Values: []ValueWord{{"0", msg.Later("One deal")}},
		Number: func(n int) string { return msg.N(n, "First to %d point", "First to %d points") },
	},
	{
		Name:   "capturedFaceUp",
		Label:  msg.Later("Won cards"),
		Help:   msg.Later("Captured cards lie face up for everyone to see, as at many Khmer, Lao, Vietnamese and Chinese tables, or face down."),
		Values: []ValueWord{{"on", msg.Later("Face up for all to see")}, {"off", msg.Later("Face down")}},
	},
	{
		Name:   "blackAceBonus",
		Label:  msg.Later("Ace of spades"),
		Help:   msg.Later("The ace of spades scores 30 points, or nothing like every black card."),
		Values: []ValueWord{{"on", msg.Later("Scores 30")}, {"off", msg.Later("Scores nothing")}},
	},
	{
		Name:   "autoPickStockCapture",
		Label:  msg.Later("A stock card with two choices"),
		Help:   msg.Later("When a card turned from the stock could take either of two cards, it takes the higher-scoring one by itself, or its player chooses."),
		Values: []ValueWord{{"on", msg.Later("Takes the better card")}, {"off", msg.Later("Its player chooses")}},
	},
}
