package main

import "cardtable/msg"

var yesNo = onOff(msg.T("Yes"), msg.T("No"))

// catteOptionWords: Cat Te's options in words.
var catteOptionWords = map[string]optionWords{
	"region": {
		Label: msg.T("Local rules"), Main: true,
		Help: msg.T("Vietnamese and Lao: after four tricks, players who took none are out, taking all four wins the round, and trick 5 is played face down. ") +
			msg.T("Khmer: nobody is out and only the last trick counts."),
		Values: map[string]string{"VIETNAMESE": msg.T("Vietnamese"), "LAOS": msg.T("Lao"), "KHMER": msg.T("Khmer")},
	},
	"matchRounds": {
		Label: msg.T("Rounds"), Main: true,
		Help:   msg.T("Rounds in the match; whoever holds the most chips at the end wins."),
		Number: func(v string) string { return msg.T("%s rounds", v) }, One: msg.T("1 round"),
	},
	"firstLead": {
		Label:  msg.T("First lead"),
		Help:   msg.T("Who leads the first trick of a round."),
		Values: map[string]string{"DEALER": msg.T("The dealer"), "LEFT_OF_DEALER": msg.T("The player after the dealer")},
	},
	"faceUpRule": {
		Label: msg.T("Playing face up"),
		Help: msg.T("Strict: a card played face up must be of the suit led and beat the best card so far; otherwise you fold a card face down. ") +
			msg.T("Open: any card may be played face up."),
		Values: map[string]string{"MUST_BEAT": msg.T("Strict: it must beat the best"), "OPEN": msg.T("Open: any card")},
	},
	"instantFourOfAKind": {
		Label:  msg.T("Four of a kind wins at once"),
		Help:   msg.T("Four cards of one rank win the round as soon as they are dealt. Four aces always do."),
		Values: onOff(msg.T("Yes"), msg.T("No, only four aces")),
	},
	"instantFlush": {
		Label:  msg.T("Six of one suit wins at once"),
		Help:   msg.T("Six cards of one suit win the round as soon as they are dealt."),
		Values: yesNo,
	},
	"instantLowHand": {
		Label:  msg.T("A low hand wins at once"),
		Help:   msg.T("Six cards all from ace to 5 (the ace counts low) win the round as soon as they are dealt."),
		Values: yesNo,
	},
	"instantWinPayout": {
		Label:  msg.T("Prize for winning at once"),
		Help:   msg.T("A player who wins as soon as the cards are dealt takes the pot, or the pot and one ante from each other player."),
		Values: map[string]string{"POT": msg.T("The pot"), "DOUBLE": msg.T("The pot and an ante from each player")},
	},
	"sweepBonusMinPlayers": {
		Label:  msg.T("Bonus for taking the first four tricks"),
		Help:   msg.T("Taking all of the first four tricks wins the round; with at least this many players dealt in, it also earns one ante from each other player."),
		Values: map[string]string{"7": msg.T("Never")},
		Number: func(v string) string { return msg.T("With %s players or more", v) },
	},
	"sidePot": {
		Label:  msg.T("Side pot"),
		Help:   msg.T("After the deal a spare card is turned up; whoever holds the next card of its suit above it wins a separate pot."),
		Values: onOff(msg.T("Play with a side pot"), msg.T("No side pot")),
	},
	"sidePotClaim": {
		Label:  msg.T("Paying the side pot"),
		Help:   msg.T("With a side pot: it goes to its holder at once, or only if they claim it before the round ends (otherwise it carries over)."),
		Values: map[string]string{"AUTO": msg.T("At once"), "MANUAL": msg.T("When its holder claims it")},
	},
	"foldHand": {
		Label:  msg.T("Throwing in your hand"),
		Help:   msg.T("On your turn you may give up the round by throwing in your whole hand."),
		Values: onOff(msg.T("Allowed"), msg.T("Not allowed")),
	},
	"claimWin": {
		Label:  msg.T("Claiming the round"),
		Help:   msg.T("On your turn you may show your hand and claim the round; a wrong claim puts you out and costs an extra ante."),
		Values: onOff(msg.T("Allowed"), msg.T("Not allowed")),
	},
	"khmerSecretTrick5": {
		Label:  msg.T("Khmer: the fifth trick"),
		Help:   msg.T("With Khmer rules: the fifth trick is played face down too, as in the Vietnamese and Lao rules."),
		Values: onOff(msg.T("Face down"), msg.T("Face up")),
	},
	"ante": {
		Label:  msg.T("Ante"),
		Help:   msg.T("Chips each player puts into the pot every round."),
		Number: func(v string) string { return msg.T("%s chips", v) }, One: msg.T("1 chip"),
	},
	"sidePotAnte": {
		Label:  msg.T("Side pot ante"),
		Help:   msg.T("With a side pot: chips each player puts into it every round."),
		Number: func(v string) string { return msg.T("%s chips", v) }, One: msg.T("1 chip"),
	},
	"startingChips": {
		Label:  msg.T("Starting chips"),
		Help:   msg.T("Chips each player starts the match with."),
		Number: func(v string) string { return msg.T("%s chips", v) },
	},
}
