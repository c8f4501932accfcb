package mindikot

import (
	"cardtable/msg"
	"cardtable/ui"
)

// mindikotOptionWords: Mindikot's options in words.
var mindikotOptionWords = []ui.OptionWords{
	{
		Name:  "mode",
		Label: msg.Later("Trumps"), Main: true,
		Help:   msg.Later("Cut: there are no trumps until someone can't follow suit; the card they play makes its suit trumps. "),
		More:   msg.Later("Hidden card: a card of the first leader is set aside, and a player who can't follow suit may reveal it to make its suit trumps."),
		Values: []ui.ValueWord{{Value: "CUT", Words: msg.Later("Cut by the first card off suit")}, {Value: "HIDDEN", Words: msg.Later("A hidden card")}},
	},
	{
		Name:  "targetPoints",
		Label: msg.Later("Points to win the match"), Main: true,
		Help:   msg.Later("A round won scores 1 point, all four tens 2, every trick 3. The first team to reach this many points wins."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d point", "%d points") },
	},
	{
		Name:   "hiddenCardSelection",
		Label:  msg.Later("Choosing the hidden card"),
		Help:   msg.Later("With a hidden card: the game sets a random card aside, or the first leader chooses it."),
		Values: []ui.ValueWord{{Value: "RANDOM", Words: msg.Later("Picked at random")}, {Value: "CHOSEN", Words: msg.Later("The first leader chooses")}},
	},
	{
		Name:   "revealerMustTrump",
		Label:  msg.Later("After revealing the trump"),
		Help:   msg.Later("With a hidden card: the player who reveals it must then play a trump if they hold one."),
		Values: []ui.ValueWord{{Value: "on", Words: msg.Later("Must play a trump")}, {Value: "off", Words: msg.Later("May play any card")}},
	},
	{
		Name:   "tieBreak44",
		Label:  msg.Later("A tie with six players"),
		Help:   msg.Later("With six players, when both teams take two tens and four tricks: the team that took the last trick wins the round, or nobody does."),
		Values: []ui.ValueWord{{Value: "LAST_TRICK", Words: msg.Later("The last trick decides")}, {Value: "DRAW", Words: msg.Later("The round is drawn")}},
	},
	{
		Name:   "nextLeader",
		Label:  msg.Later("Next round's first leader"),
		Help:   msg.Later("The first leader moves one seat on every round, or, the traditional way, the dealer stays while their team keeps losing."),
		Values: []ui.ValueWord{{Value: "ROTATE", Words: msg.Later("Moves one seat each round")}, {Value: "TRADITIONAL", Words: msg.Later("Traditional")}},
	},
}
