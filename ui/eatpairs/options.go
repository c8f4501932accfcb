package eatpairs

import (
	"cardtable/msg"
	"cardtable/ui"
)

// eatpairsOptionWords: Eat Pairs' options in words.
var eatpairsOptionWords = []ui.OptionWords{
	{
		Name:  "matchRounds",
		Label: msg.Later("Rounds"), Main: true,
		Help:   msg.Later("Rounds in the match; each round won scores a point."),
		Number: func(p *msg.Catalogue, n int) string { return p.N(n, "%d round", "%d rounds") },
	},
	{
		Name:   "matchPriority",
		Label:  msg.Later("Who gets a drawn card first"),
		Help:   msg.Later("When several players could pair a card drawn from the stock: the player who drew it comes first, or the next player does and the drawer comes last."),
		Values: []ui.ValueWord{{Value: "DRAWER_FIRST", Words: msg.Later("The player who drew it")}, {Value: "NEXT_FIRST", Words: msg.Later("The next player")}},
	},
	{
		Name:   "exhaustion",
		Label:  msg.Later("When the stock runs out"),
		Help:   msg.Later("Play on with the cards in hand, the player with the fewest cards wins, or the round is a draw."),
		Values: []ui.ValueWord{{Value: "HAND_PLAY", Words: msg.Later("Play on from the hand")}, {Value: "FEWEST_CARDS", Words: msg.Later("Fewest cards wins")}, {Value: "DRAW", Words: msg.Later("The round is a draw")}},
	},
	{
		Name:   "nextDealer",
		Label:  msg.Later("Next dealer"),
		Help:   msg.Later("Who deals the next round: the next player, or the winner."),
		Values: []ui.ValueWord{{Value: "CLOCKWISE", Words: msg.Later("The next player")}, {Value: "WINNER", Words: msg.Later("The winner")}},
	},
}
