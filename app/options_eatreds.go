package main

import "cardtable/msg"

// eatredsOptionWords: Eat Reds' options in words.
var eatredsOptionWords = map[string]optionWords{
	"matchTarget": {
		Label: msg.Later("Match"), Main: true,
		Help:   msg.Later("One deal decides, or deals go on until someone's total reaches the target."),
		Values: map[string]msg.Key{"0": msg.Later("One deal")},
		Number: func(n int) string { return msg.N(n, "First to %d point", "First to %d points") },
	},
	"capturedFaceUp": {
		Label:  msg.Later("Won cards"),
		Help:   msg.Later("Captured cards lie face up for everyone to see, as at many Khmer, Lao, Vietnamese and Chinese tables, or face down."),
		Values: onOff(msg.Later("Face up for all to see"), msg.Later("Face down")),
	},
	"blackAceBonus": {
		Label:  msg.Later("Ace of spades"),
		Help:   msg.Later("The ace of spades scores 30 points, or nothing like every black card."),
		Values: onOff(msg.Later("Scores 30"), msg.Later("Scores nothing")),
	},
	"autoPickStockCapture": {
		Label:  msg.Later("A stock card with two choices"),
		Help:   msg.Later("When a card turned from the stock could take either of two cards, it takes the higher-scoring one by itself, or its player chooses."),
		Values: onOff(msg.Later("Takes the better card"), msg.Later("Its player chooses")),
	},
}
