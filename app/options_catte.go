package main

var yesNo = onOff("Yes", "No")

// catteOptionWords: Cat Te's options in words.
var catteOptionWords = map[string]optionWords{
	"region": {
		Label: "Local rules", Main: true,
		Help: "Vietnamese and Lao: after four tricks, players who took none are out, taking all four wins the round, and trick 5 is played face down. " +
			"Khmer: nobody is out and only the last trick counts.",
		Values: map[string]string{"VIETNAMESE": "Vietnamese", "LAOS": "Lao", "KHMER": "Khmer"},
	},
	"matchRounds": {
		Label: "Rounds", Main: true,
		Help:   "Rounds in the match; whoever holds the most chips at the end wins.",
		Number: "%s rounds", One: "1 round",
	},
	"firstLead": {
		Label:  "First lead",
		Help:   "Who leads the first trick of a round.",
		Values: map[string]string{"DEALER": "The dealer", "LEFT_OF_DEALER": "The player after the dealer"},
	},
	"faceUpRule": {
		Label: "Playing face up",
		Help: "Strict: a card played face up must be of the suit led and beat the best card so far; otherwise you fold a card face down. " +
			"Open: any card may be played face up.",
		Values: map[string]string{"MUST_BEAT": "Strict: it must beat the best", "OPEN": "Open: any card"},
	},
	"instantFourOfAKind": {
		Label:  "Four of a kind wins at once",
		Help:   "Four cards of one rank win the round as soon as they are dealt. Four aces always do.",
		Values: onOff("Yes", "No, only four aces"),
	},
	"instantFlush": {
		Label:  "Six of one suit wins at once",
		Help:   "Six cards of one suit win the round as soon as they are dealt.",
		Values: yesNo,
	},
	"instantLowHand": {
		Label:  "A low hand wins at once",
		Help:   "Six cards all from ace to 5 (the ace counts low) win the round as soon as they are dealt.",
		Values: yesNo,
	},
	"instantWinPayout": {
		Label:  "Prize for winning at once",
		Help:   "A player who wins as soon as the cards are dealt takes the pot, or the pot and one ante from each other player.",
		Values: map[string]string{"POT": "The pot", "DOUBLE": "The pot and an ante from each player"},
	},
	"sweepBonusMinPlayers": {
		Label:  "Bonus for taking the first four tricks",
		Help:   "Taking all of the first four tricks wins the round; with at least this many players dealt in, it also earns one ante from each other player.",
		Values: map[string]string{"7": "Never"},
		Number: "With %s players or more",
	},
	"sidePot": {
		Label:  "Side pot",
		Help:   "After the deal a spare card is turned up; whoever holds the next card of its suit above it wins a separate pot.",
		Values: onOff("Play with a side pot", "No side pot"),
	},
	"sidePotClaim": {
		Label:  "Paying the side pot",
		Help:   "With a side pot: it goes to its holder at once, or only if they claim it before the round ends (otherwise it carries over).",
		Values: map[string]string{"AUTO": "At once", "MANUAL": "When its holder claims it"},
	},
	"foldHand": {
		Label:  "Throwing in your hand",
		Help:   "On your turn you may give up the round by throwing in your whole hand.",
		Values: onOff("Allowed", "Not allowed"),
	},
	"claimWin": {
		Label:  "Claiming the round",
		Help:   "On your turn you may show your hand and claim the round; a wrong claim puts you out and costs an extra ante.",
		Values: onOff("Allowed", "Not allowed"),
	},
	"khmerSecretTrick5": {
		Label:  "Khmer: the fifth trick",
		Help:   "With Khmer rules: the fifth trick is played face down too, as in the Vietnamese and Lao rules.",
		Values: onOff("Face down", "Face up"),
	},
	"ante": {
		Label:  "Ante",
		Help:   "Chips each player puts into the pot every round.",
		Number: "%s chips", One: "1 chip",
	},
	"sidePotAnte": {
		Label:  "Side pot ante",
		Help:   "With a side pot: chips each player puts into it every round.",
		Number: "%s chips", One: "1 chip",
	},
	"startingChips": {
		Label:  "Starting chips",
		Help:   "Chips each player starts the match with.",
		Number: "%s chips",
	},
}
