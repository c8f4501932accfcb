package main

import "cardtable/msg"

// mindikotOptionWords: Mindikot's options in words.
var mindikotOptionWords = map[string]optionWords{
	"mode": {
		Label: msg.T("Trumps"), Main: true,
		Help: msg.T("Cut: there are no trumps until someone can't follow suit; the card they play makes its suit trumps. ") +
			msg.T("Hidden card: a card of the first leader is set aside, and a player who can't follow suit may reveal it to make its suit trumps."),
		Values: map[string]string{"CUT": msg.T("Cut by the first card off suit"), "HIDDEN": msg.T("A hidden card")},
	},
	"targetPoints": {
		Label: msg.T("Points to win the match"), Main: true,
		Help:   msg.T("A round won scores 1 point, all four tens 2, every trick 3. The first team to reach this many points wins."),
		Number: func(v string) string { return msg.T("%s points", v) }, One: msg.T("1 point"),
	},
	"hiddenCardSelection": {
		Label:  msg.T("Choosing the hidden card"),
		Help:   msg.T("With a hidden card: the game sets a random card aside, or the first leader chooses it."),
		Values: map[string]string{"RANDOM": msg.T("Picked at random"), "CHOSEN": msg.T("The first leader chooses")},
	},
	"revealerMustTrump": {
		Label:  msg.T("After revealing the trump"),
		Help:   msg.T("With a hidden card: the player who reveals it must then play a trump if they hold one."),
		Values: onOff(msg.T("Must play a trump"), msg.T("May play any card")),
	},
	"tieBreak44": {
		Label:  msg.T("A tie with six players"),
		Help:   msg.T("With six players, when both teams take two tens and four tricks: the team that took the last trick wins the round, or nobody does."),
		Values: map[string]string{"LAST_TRICK": msg.T("The last trick decides"), "DRAW": msg.T("The round is drawn")},
	},
	"nextLeader": {
		Label:  msg.T("Next round's first leader"),
		Help:   msg.T("The first leader moves one seat on every round, or, the traditional way, the dealer stays while their team keeps losing."),
		Values: map[string]string{"ROTATE": msg.T("Moves one seat each round"), "TRADITIONAL": msg.T("Traditional")},
	},
}
