package main

import "cardtable/msg"

// klondikeOptionWords: Klondike's options in words.
var klondikeOptionWords = map[string]optionWords{
	"drawCount": {
		Label: msg.T("Draw"), Main: true,
		Help:   msg.T("Cards turned from the stock at a time."),
		Values: map[string]string{"1": msg.T("One card"), "3": msg.T("Three cards")},
	},
	"scoring": {
		Label: msg.T("Scoring"), Main: true,
		Help:   msg.T("Standard points; Vegas dollars (pay 52, win 5 for every card on the foundations, with Vegas limits on the stock); or no score."),
		Values: map[string]string{"STANDARD": msg.T("Standard points"), "VEGAS": msg.T("Vegas dollars"), "NONE": msg.T("No score")},
	},
	"undo": {
		Label: msg.T("Undo"), Main: true,
		Help:   msg.T("Moves may be taken back; the score goes back too."),
		Values: onOff(msg.T("Allowed"), msg.T("Not allowed")),
	},
	"redeals": {
		Label: msg.T("Turning the waste over"),
		Help:  msg.T("How many times the waste may be turned over into a new stock. Vegas limits: never when drawing one card, twice when drawing three."),
		Values: map[string]string{"UNLIMITED": msg.T("As often as you like"), "VEGAS_LIMITS": msg.T("Vegas limits"),
			"0": msg.T("Never"), "1": msg.T("Once"), "2": msg.T("Twice"), "3": msg.T("Three times")},
	},
	"timed": {
		Label:  msg.T("Against the clock"),
		Help:   msg.T("With standard points: 2 points off every 10 seconds, and a bonus for a fast win."),
		Values: onOff(msg.T("Timed"), msg.T("Not timed")),
	},
	"foundationToTableau": {
		Label:  msg.T("Taking cards back from the foundations"),
		Help:   msg.T("Cards may be moved from the foundations back onto the columns."),
		Values: onOff(msg.T("Allowed"), msg.T("Not allowed")),
	},
	"vegasCumulative": {
		Label:  msg.T("Vegas balance"),
		Help:   msg.T("With Vegas dollars: play game after game, carrying your balance over."),
		Values: onOff(msg.T("Carried over"), msg.T("Fresh every game")),
	},
}
