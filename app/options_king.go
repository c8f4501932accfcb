package main

import "cardtable/msg"

// kingOptionWords: The King's options in words.
var kingOptionWords = map[string]optionWords{
	"collectingRounds": {
		Label: msg.T("Trump rounds"), Main: true,
		Help:   msg.T("Rounds where you collect tricks, played after the six avoiding rounds. With 8, everyone names the trump suit twice."),
		Values: map[string]string{"4": msg.T("4 rounds"), "8": msg.T("8 rounds")},
	},
	"includeAnything": {
		Label: msg.T("Round 7: no anything"), Main: true,
		Help:   msg.T("A seventh avoiding round where every penalty counts at once (up to −96 points)."),
		Values: onOff(msg.T("Play it"), msg.T("Leave it out")),
	},
	"kingDiscardScope": {
		Label:  msg.T("Throwing the king of hearts"),
		Help:   msg.T("When you can't follow suit and hold the king of hearts, you must throw it: only in the rounds where it costs points, or in every avoiding round."),
		Values: map[string]string{"ROUNDS_6_7": msg.T("In rounds 6 and 7"), "ALL_AVOIDING": msg.T("In every avoiding round")},
	},
	"heartLeadInKingRound": {
		Label:  msg.T("Leading hearts in round 6"),
		Help:   msg.T("In the king of hearts round, you may lead a heart only when you hold nothing else, or at any time."),
		Values: onOff(msg.T("Only with nothing else"), msg.T("At any time")),
	},
	"allowNoTrump": {
		Label:  msg.T("Playing without trumps"),
		Help:   msg.T("The player who names the trump suit may instead play the round without trumps."),
		Values: onOff(msg.T("May be chosen"), msg.T("Not allowed")),
	},
	"mustTrumpWhenVoid": {
		Label:  msg.T("Having to trump"),
		Help:   msg.T("In the trump rounds, a player who can't follow suit must play a trump if they hold one."),
		Values: onOff(msg.T("When you can't follow suit"), msg.T("Never")),
	},
	"kingOnHeartLead": {
		Label:  msg.T("King of hearts after the ace"),
		Help:   msg.T("In the king of hearts round, when hearts are led and the ace of hearts is already on the trick, whoever holds the king must play it."),
		Values: map[string]string{"OFF": msg.T("Not forced"), "IF_ACE": msg.T("Forced once the ace is down")},
	},
}
