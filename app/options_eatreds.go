package main

import "cardtable/msg"

// eatredsOptionWords: Eat Reds' options in words.
var eatredsOptionWords = map[string]optionWords{
	"matchTarget": {
		Label: msg.T("Match"), Main: true,
		Help:   msg.T("One deal decides, or deals go on until someone's total reaches the target."),
		Values: map[string]string{"0": msg.T("One deal")},
		Number: func(v string) string { return msg.T("First to %s points", v) },
	},
	"capturedFaceUp": {
		Label:  msg.T("Won cards"),
		Help:   msg.T("Captured cards lie face up for everyone to see, as at many Khmer, Lao, Vietnamese and Chinese tables, or face down."),
		Values: onOff(msg.T("Face up for all to see"), msg.T("Face down")),
	},
	"blackAceBonus": {
		Label:  msg.T("Ace of spades"),
		Help:   msg.T("The ace of spades scores 30 points, or nothing like every black card."),
		Values: onOff(msg.T("Scores 30"), msg.T("Scores nothing")),
	},
	"autoPickStockCapture": {
		Label:  msg.T("A stock card with two choices"),
		Help:   msg.T("When a card turned from the stock could take either of two cards, it takes the higher-scoring one by itself, or its player chooses."),
		Values: onOff(msg.T("Takes the better card"), msg.T("Its player chooses")),
	},
}
