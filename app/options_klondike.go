package main

// klondikeOptionWords: Klondike's options in words.
var klondikeOptionWords = map[string]optionWords{
	"drawCount": {
		Label: "Draw", Main: true,
		Help:   "Cards turned from the stock at a time.",
		Values: map[string]string{"1": "One card", "3": "Three cards"},
	},
	"scoring": {
		Label: "Scoring", Main: true,
		Help:   "Standard points; Vegas dollars (pay 52, win 5 for every card on the foundations, with Vegas limits on the stock); or no score.",
		Values: map[string]string{"STANDARD": "Standard points", "VEGAS": "Vegas dollars", "NONE": "No score"},
	},
	"undo": {
		Label: "Undo", Main: true,
		Help:   "Moves may be taken back; the score goes back too.",
		Values: onOff("Allowed", "Not allowed"),
	},
	"redeals": {
		Label: "Turning the waste over",
		Help:  "How many times the waste may be turned over into a new stock. Vegas limits: never when drawing one card, twice when drawing three.",
		Values: map[string]string{"UNLIMITED": "As often as you like", "VEGAS_LIMITS": "Vegas limits",
			"0": "Never", "1": "Once", "2": "Twice", "3": "Three times"},
	},
	"timed": {
		Label:  "Against the clock",
		Help:   "With standard points: 2 points off every 10 seconds, and a bonus for a fast win.",
		Values: onOff("Timed", "Not timed"),
	},
	"foundationToTableau": {
		Label:  "Taking cards back from the foundations",
		Help:   "Cards may be moved from the foundations back onto the columns.",
		Values: onOff("Allowed", "Not allowed"),
	},
	"vegasCumulative": {
		Label:  "Vegas balance",
		Help:   "With Vegas dollars: play game after game, carrying your balance over.",
		Values: onOff("Carried over", "Fresh every game"),
	},
}
