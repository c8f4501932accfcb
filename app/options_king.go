package main

// kingOptionWords: The King's options in words.
var kingOptionWords = map[string]optionWords{
	"collectingRounds": {
		Label: "Trump rounds", Main: true,
		Help:   "Rounds where you collect tricks, played after the six avoiding rounds. With 8, everyone names the trump suit twice.",
		Values: map[string]string{"4": "4 rounds", "8": "8 rounds"},
	},
	"includeAnything": {
		Label: "Round 7: no anything", Main: true,
		Help:   "A seventh avoiding round where every penalty counts at once (up to −96 points).",
		Values: onOff("Play it", "Leave it out"),
	},
	"kingDiscardScope": {
		Label:  "Throwing the king of hearts",
		Help:   "When you can't follow suit and hold the king of hearts, you must throw it: only in the rounds where it costs points, or in every avoiding round.",
		Values: map[string]string{"ROUNDS_6_7": "In rounds 6 and 7", "ALL_AVOIDING": "In every avoiding round"},
	},
	"heartLeadInKingRound": {
		Label:  "Leading hearts in round 6",
		Help:   "In the king of hearts round, you may lead a heart only when you hold nothing else, or at any time.",
		Values: onOff("Only with nothing else", "At any time"),
	},
	"allowNoTrump": {
		Label:  "Playing without trumps",
		Help:   "The player who names the trump suit may instead play the round without trumps.",
		Values: onOff("May be chosen", "Not allowed"),
	},
	"mustTrumpWhenVoid": {
		Label:  "Having to trump",
		Help:   "In the trump rounds, a player who can't follow suit must play a trump if they hold one.",
		Values: onOff("When you can't follow suit", "Never"),
	},
	"kingOnHeartLead": {
		Label:  "King of hearts after the ace",
		Help:   "In the king of hearts round, when hearts are led and the ace of hearts is already on the trick, whoever holds the king must play it.",
		Values: map[string]string{"OFF": "Not forced", "IF_ACE": "Forced once the ace is down"},
	},
}
