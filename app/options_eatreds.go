package main

// eatredsOptionWords: Eat Reds' options in words.
var eatredsOptionWords = map[string]optionWords{
	"matchTarget": {
		Label: "Match", Main: true,
		Help:   "One deal decides, or deals go on until someone's total reaches the target.",
		Values: map[string]string{"0": "One deal"},
		Number: "First to %s points",
	},
	"capturedFaceUp": {
		Label:  "Won cards",
		Help:   "Captured cards lie face up for everyone to see, as at many Khmer, Lao, Vietnamese and Chinese tables, or face down.",
		Values: onOff("Face up for all to see", "Face down"),
	},
	"blackAceBonus": {
		Label:  "Ace of spades",
		Help:   "The ace of spades scores 30 points, or nothing like every black card.",
		Values: onOff("Scores 30", "Scores nothing"),
	},
	"autoPickStockCapture": {
		Label:  "A stock card with two choices",
		Help:   "When a card turned from the stock could take either of two cards, it takes the higher-scoring one by itself, or its player chooses.",
		Values: onOff("Takes the better card", "Its player chooses"),
	},
}
