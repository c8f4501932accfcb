package catte

import (
	"cardtable/msg"
	"cardtable/ui"
)

var yesNo = []ui.ValueWord{{Value: "on", Words: msg.Later("Yes")}, {Value: "off", Words: msg.Later("No")}}

// catteOptionWords: Cat Te's options in words.
var catteOptionWords = []ui.OptionWords{
	{
		Name:  "region",
		Label: msg.Later("Local rules"), Main: true,
		Help:   msg.Later("Vietnamese and Lao: after four tricks, players who took none are out, taking all four wins the round, and trick 5 is played face down. "),
		More:   msg.Later("Khmer: nobody is out and only the last trick counts."),
		Values: []ui.ValueWord{{Value: "VIETNAMESE", Words: msg.Later("Vietnamese")}, {Value: "LAOS", Words: msg.Later("Lao")}, {Value: "KHMER", Words: msg.Later("Khmer")}},
	},
	{
		Name:  "matchRounds",
		Label: msg.Later("Rounds"), Main: true,
		Help:   msg.Later("Rounds in the match; whoever holds the most chips at the end wins."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d round", "%d rounds") },
	},
	{
		Name:   "firstLead",
		Label:  msg.Later("First lead"),
		Help:   msg.Later("Who leads the first trick of a round."),
		Values: []ui.ValueWord{{Value: "DEALER", Words: msg.Later("The dealer")}, {Value: "LEFT_OF_DEALER", Words: msg.Later("The player after the dealer")}},
	},
	{
		Name:   "faceUpRule",
		Label:  msg.Later("Playing face up"),
		Help:   msg.Later("Strict: a card played face up must be of the suit led and beat the best card so far; otherwise you fold a card face down. "),
		More:   msg.Later("Open: any card may be played face up."),
		Values: []ui.ValueWord{{Value: "MUST_BEAT", Words: msg.Later("Strict: it must beat the best")}, {Value: "OPEN", Words: msg.Later("Open: any card")}},
	},
	{
		Name:   "instantFourOfAKind",
		Label:  msg.Later("Four of a kind wins at once"),
		Help:   msg.Later("Four cards of one rank win the round as soon as they are dealt. Four aces always do."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Yes")}, {Value: "off", Words: msg.Later("No, only four aces")}},
	},
	{
		Name:   "instantFlush",
		Label:  msg.Later("Six of one suit wins at once"),
		Help:   msg.Later("Six cards of one suit win the round as soon as they are dealt."),
		Values: yesNo,
	},
	{
		Name:   "instantLowHand",
		Label:  msg.Later("A low hand wins at once"),
		Help:   msg.Later("Six cards all from ace to 5 (the ace counts low) win the round as soon as they are dealt."),
		Values: yesNo,
	},
	{
		Name:   "instantWinPayout",
		Label:  msg.Later("Prize for winning at once"),
		Help:   msg.Later("A player who wins as soon as the cards are dealt takes the pot, or the pot and one ante from each other player."),
		Values: []ui.ValueWord{{Value: "POT", Words: msg.Later("The pot")}, {Value: "DOUBLE", Words: msg.Later("The pot and an ante from each player")}},
	},
	{
		Name:   "sweepBonusMinPlayers",
		Label:  msg.Later("Bonus for taking the first four tricks"),
		Help:   msg.Later("Taking all of the first four tricks wins the round; with at least this many players dealt in, it also earns one ante from each other player."),
		Values: []ui.ValueWord{{Value: "7", Words: msg.Later("Never")}},
		Number: func(p *msg.Catalogue, n int) string {
			return p.N(n, "With %d player or more", "With %d players or more")
		},
	},
	{
		Name:   "sidePot",
		Label:  msg.Later("Side pot"),
		Help:   msg.Later("After the deal a spare card is turned up; whoever holds the next card of its suit above it wins a separate pot."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Play with a side pot")}, {Value: "off", Words: msg.Later("No side pot")}},
	},
	{
		Name:   "sidePotClaim",
		Label:  msg.Later("Paying the side pot"),
		Help:   msg.Later("With a side pot: it goes to its holder at once, or only if they claim it before the round ends (otherwise it carries over)."),
		Values: []ui.ValueWord{{Value: "AUTO", Words: msg.Later("At once")}, {Value: "MANUAL", Words: msg.Later("When its holder claims it")}},
	},
	{
		Name:   "foldHand",
		Label:  msg.Later("Throwing in your hand"),
		Help:   msg.Later("On your turn you may give up the round by throwing in your whole hand."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Allowed")}, {Value: "off", Words: msg.Later("Not allowed")}},
	},
	{
		Name:   "claimWin",
		Label:  msg.Later("Claiming the round"),
		Help:   msg.Later("On your turn you may show your hand and claim the round; a wrong claim puts you out and costs an extra ante."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Allowed")}, {Value: "off", Words: msg.Later("Not allowed")}},
	},
	{
		Name:   "khmerSecretTrick5",
		Label:  msg.Later("Khmer: the fifth trick"),
		Help:   msg.Later("With Khmer rules: the fifth trick is played face down too, as in the Vietnamese and Lao rules."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Face down")}, {Value: "off", Words: msg.Later("Face up")}},
	},
	{
		Name:   "ante",
		Label:  msg.Later("Ante"),
		Help:   msg.Later("Chips each player puts into the pot every round."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d chip", "%d chips") },
	},
	{
		Name:   "sidePotAnte",
		Label:  msg.Later("Side pot ante"),
		Help:   msg.Later("With a side pot: chips each player puts into it every round."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d chip", "%d chips") },
	},
	{
		Name:   "startingChips",
		Label:  msg.Later("Starting chips"),
		Help:   msg.Later("Chips each player starts the match with."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d chip", "%d chips") },
	},
}
