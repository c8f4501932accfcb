package main

import "cardtable/msg"

// eatpairsOptionWords: Eat Pairs' options in words.
var eatpairsOptionWords = []OptionWords{
	{
		Name:  "matchRounds",
		Label: msg.Later("Rounds"), Main: true,
		Help:   msg.Later("Rounds in the match; each round won scores a point."),
		Number: func(n int) string { return msg.N(n, "%d round", "%d rounds") },
	},
	{
		Name:   "matchPriority",
		Label:  msg.Later("Who gets a drawn card first"),
		Help:   msg.Later("When several players could pair a card drawn from the stock: the player who drew it comes first, or the next player does and the drawer comes last."),
		Values: []ValueWord{{"DRAWER_FIRST", msg.Later("The player who drew it")}, {"NEXT_FIRST", msg.Later("The next player")}},
	},
	{
		Name:   "exhaustion",
		Label:  msg.Later("When the stock runs out"),
		Help:   msg.Later("Play on with the cards in hand, the player with the fewest cards wins, or the round is a draw."),
		Values: []ValueWord{{"HAND_PLAY", msg.Later("Play on from the hand")}, {"FEWEST_CARDS", msg.Later("Fewest cards wins")}, {"DRAW", msg.Later("The round is a draw")}},
	},
	{
		Name:   "nextDealer",
		Label:  msg.Later("Next dealer"),
		Help:   msg.Later("Who deals the next round: the next player, or the winner."),
		Values: []ValueWord{{"CLOCKWISE", msg.Later("The next player")}, {"WINNER", msg.Later("The winner")}},
	},
}
