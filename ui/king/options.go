package king

import (
	"cardtable/msg"
	"cardtable/ui"
)

// kingOptionWords: The King's options in words.
var kingOptionWords = []ui.OptionWords{
	{
		Name:  "collectingRounds",
		Label: msg.Later("Trump rounds"), Main: true,
		Help:   msg.Later("Rounds where you collect tricks, played after the six avoiding rounds. With 8, everyone names the trump suit twice."),
		Values: []ui.ValueWord{{Value: "4", Words: msg.Later("4 rounds")}, {Value: "8", Words: msg.Later("8 rounds")}},
	},
	{
		Name:  "includeAnything",
		Label: msg.Later("Round 7: every penalty at once"), Main: true,
		Help:   msg.Later("A seventh avoiding round where every penalty counts at once (up to −96 points)."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Play it")}, {Value: "off", Words: msg.Later("Leave it out")}},
	},
	{
		Name:   "kingDiscardScope",
		Label:  msg.Later("Throwing the king of hearts"),
		Help:   msg.Later("When you can't follow suit and hold the king of hearts, you must throw it: only in the rounds where it costs points, or in every avoiding round."),
		Values: []ui.ValueWord{{Value: "ROUNDS_6_7", Words: msg.Later("In rounds 6 and 7")}, {Value: "ALL_AVOIDING", Words: msg.Later("In every avoiding round")}},
	},
	{
		Name:   "heartLeadInKingRound",
		Label:  msg.Later("Leading hearts in round 6"),
		Help:   msg.Later("In the king of hearts round, you may lead a heart only when you hold nothing else, or at any time."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Only with nothing else")}, {Value: "off", Words: msg.Later("At any time")}},
	},
	{
		Name:   "allowNoTrump",
		Label:  msg.Later("Playing without trumps"),
		Help:   msg.Later("The player who names the trump suit may instead play the round without trumps."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("May be chosen")}, {Value: "off", Words: msg.Later("Not allowed")}},
	},
	{
		Name:   "mustTrumpWhenVoid",
		Label:  msg.Later("Having to trump"),
		Help:   msg.Later("In the trump rounds, a player who can't follow suit must play a trump if they hold one."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("When you can't follow suit")}, {Value: "off", Words: msg.Later("Never")}},
	},
	{
		Name:   "kingOnHeartLead",
		Label:  msg.Later("King of hearts after the ace"),
		Help:   msg.Later("In the king of hearts round, when hearts are led and the ace of hearts is already on the trick, whoever holds the king must play it."),
		Values: []ui.ValueWord{{Value: "OFF", Words: msg.Later("Not forced")}, {Value: "IF_ACE", Words: msg.Later("Forced once the ace is down")}},
	},
}
