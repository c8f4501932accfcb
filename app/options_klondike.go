package main

import "cardtable/msg"

// klondikeOptionWords: Klondike's options in words.
var klondikeOptionWords = []OptionWords{
	{
		Name:  "drawCount",
		Label: msg.Later("Draw"), Main: true,
		Help:   msg.Later("Cards turned from the stock at a time."),
		Values: []ValueWord{{"1", msg.Later("One card")}, {"3", msg.Later("Three cards")}},
	},
	{
		Name:  "scoring",
		Label: msg.Later("Scoring"), Main: true,
		Help:   msg.Later("Standard points; Vegas dollars (pay 52, win 5 for every card on the foundations, with Vegas limits on the stock); or no score."),
		Values: []ValueWord{{"STANDARD", msg.Later("Standard points")}, {"VEGAS", msg.Later("Vegas dollars")}, {"NONE", msg.Later("No score")}},
	},
	{
		Name:  "undo",
		Label: msg.Later("Undo"), Main: true,
		Help:   msg.Later("Moves may be taken back; the score goes back too."),
		Values: []ValueWord{{"on", msg.Later("Allowed")}, {"off", msg.Later("Not allowed")}},
	},
	{
		Name:  "redeals",
		Label: msg.Later("Turning the waste over"),
		Help:  msg.Later("How many times the waste may be turned over into a new stock. Vegas limits: never when drawing one card, twice when drawing three."),
		Values: []ValueWord{{"UNLIMITED", msg.Later("As often as you like")}, {"VEGAS_LIMITS", msg.Later("Vegas limits")},
			{"0", msg.Later("Never")}, {"1", msg.Later("Once")}, {"2", msg.Later("Twice")}, {"3", msg.Later("Three times")}},
	},
	{
		Name:   "timed",
		Label:  msg.Later("Against the clock"),
		Help:   msg.Later("With standard points: 2 points off every 10 seconds, and a bonus for a fast win."),
		Values: []ValueWord{{"on", msg.Later("Timed")}, {"off", msg.Later("Not timed")}},
	},
	{
		Name:   "foundationToTableau",
		Label:  msg.Later("Taking cards back from the foundations"),
		Help:   msg.Later("Cards may be moved from the foundations back onto the columns."),
		Values: []ValueWord{{"on", msg.Later("Allowed")}, {"off", msg.Later("Not allowed")}},
	},
	{
		Name:   "vegasCumulative",
		Label:  msg.Later("Vegas balance"),
		Help:   msg.Later("With Vegas dollars: play game after game, carrying your balance over."),
		Values: []ValueWord{{"on", msg.Later("Carried over")}, {"off", msg.Later("Fresh every game")}},
	},
}
