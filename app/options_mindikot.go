package main

// mindikotOptionWords: Mindikot's options in words.
var mindikotOptionWords = map[string]optionWords{
	"mode": {
		Label: "Trumps", Main: true,
		Help: "Cut: there are no trumps until someone can't follow suit; the card they play makes its suit trumps. " +
			"Hidden card: a card of the first leader is set aside, and a player who can't follow suit may reveal it to make its suit trumps.",
		Values: map[string]string{"CUT": "Cut by the first card off suit", "HIDDEN": "A hidden card"},
	},
	"targetPoints": {
		Label: "Points to win the match", Main: true,
		Help:   "A round won scores 1 point, all four tens 2, every trick 3. The first team to reach this many points wins.",
		Number: "%s points", One: "1 point",
	},
	"hiddenCardSelection": {
		Label:  "Choosing the hidden card",
		Help:   "With a hidden card: the game sets a random card aside, or the first leader chooses it.",
		Values: map[string]string{"RANDOM": "Picked at random", "CHOSEN": "The first leader chooses"},
	},
	"revealerMustTrump": {
		Label:  "After revealing the trump",
		Help:   "With a hidden card: the player who reveals it must then play a trump if they hold one.",
		Values: onOff("Must play a trump", "May play any card"),
	},
	"tieBreak44": {
		Label:  "A tie with six players",
		Help:   "With six players, when both teams take two tens and four tricks: the team that took the last trick wins the round, or nobody does.",
		Values: map[string]string{"LAST_TRICK": "The last trick decides", "DRAW": "The round is drawn"},
	},
	"nextLeader": {
		Label:  "Next round's first leader",
		Help:   "The first leader moves one seat on every round, or, the traditional way, the dealer stays while their team keeps losing.",
		Values: map[string]string{"ROTATE": "Moves one seat each round", "TRADITIONAL": "Traditional"},
	},
}
