package klondike

import (
	"cardtable/msg"
	"cardtable/ui"
)

// klondikeOptionWords: Klondike's options in words.
var klondikeOptionWords = []ui.OptionWords{
	{
		Name:  "drawCount",
		Label: msg.Later("Draw"), Main: true,
		Help:   msg.Later("Cards turned from the stock at a time."),
		Values: []ui.ValueWord{{Value: "1", Words: msg.Later("One card")}, {Value: "3", Words: msg.Later("Three cards")}},
	},
	{
		Name:  "scoring",
		Label: msg.Later("Scoring"), Main: true,
		Help:   msg.Later("Standard points; Vegas dollars (pay 52, win 5 for every card on the foundations, with Vegas limits on the stock); or no score."),
		Values: []ui.ValueWord{{Value: "STANDARD", Words: msg.Later("Standard points")}, {Value: "VEGAS", Words: msg.Later("Vegas dollars")}, {Value: "NONE", Words: msg.Later("No score")}},
	},
	{
		Name:  "undo",
		Label: msg.Later("Undo"), Main: true,
		Help:   msg.Later("Moves may be taken back; the score goes back too."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Allowed")}, {Value: "off", Words: msg.Later("Not allowed")}},
	},
	{
		Name:  "redeals",
		Label: msg.Later("Turning the waste over"),
		Help:  msg.Later("How many times the waste may be turned over into a new stock. Vegas limits: never when drawing one card, twice when drawing three."),
		Values: []ui.ValueWord{{Value: "UNLIMITED", Words: msg.Later("As often as you like")}, {Value: "VEGAS_LIMITS", Words: msg.Later("Vegas limits")},
			{Value: "0", Words: msg.Later("Never")}, {Value: "1", Words: msg.Later("Once")}, {Value: "2", Words: msg.Later("Twice")}, {Value: "3", Words: msg.Later("Three times")}},
	},
	{
		Name:   "timed",
		Label:  msg.Later("Against the clock"),
		Help:   msg.Later("With standard points: 2 points off every 10 seconds, and a bonus for a fast win."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Timed")}, {Value: "off", Words: msg.Later("Not timed")}},
	},
	{
		Name:   "foundationToTableau",
		Label:  msg.Later("Taking cards back from the foundations"),
		Help:   msg.Later("Cards may be moved from the foundations back onto the columns."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Allowed")}, {Value: "off", Words: msg.Later("Not allowed")}},
	},
	{
		Name:   "vegasCumulative",
		Label:  msg.Later("Vegas balance"),
		Help:   msg.Later("With Vegas dollars: play game after game, carrying your balance over."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Carried over")}, {Value: "off", Words: msg.Later("Fresh every game")}},
	},
}
