package papas

import (
	"cardtable/msg"
	"cardtable/ui"
)

// papasOptionWords: Donde Las Papas Queman's options in words.
var papasOptionWords = []ui.OptionWords{
	{
		Name:  "reactionSeconds",
		Label: msg.Later("Time to react"), Main: true,
		Help:   msg.Later("How long everyone has to cancel a play with a No Poh."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d second", "%d seconds") },
	},
	{
		Name:  "turnLimit",
		Label: msg.Later("Turn limit"), Main: true,
		Help:   msg.Later("After this many turns the player with the most golden potatoes wins; equal counts share the win."),
		Values: []ui.ValueWord{{Value: "none", Words: msg.Later("No limit")}},
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d turn", "%d turns") },
	},
	{
		Name:   "deck",
		Label:  msg.Later("Deck"),
		Help:   msg.Later("The full deck of 113 cards, or the older deck of 103 cards without Papa Dorada and Robo de Papa."),
		Values: []ui.ValueWord{{Value: "STANDARD_113", Words: msg.Later("Full deck, 113 cards")}, {Value: "LEGACY_103", Words: msg.Later("Older deck, 103 cards")}},
	},
	{
		Name:   "handLimit",
		Label:  msg.Later("Hand limit"),
		Help:   msg.Later("After drawing at the end of your turn, you discard down to this many cards."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d card", "%d cards") },
	},
	{
		Name:   "startHand",
		Label:  msg.Later("Cards dealt"),
		Help:   msg.Later("Cards dealt to each player at the start, at most the hand limit."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d card", "%d cards") },
	},
}
