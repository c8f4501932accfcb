package main

import "cardtable/msg"

// eatpairsOptionWords: Eat Pairs' options in words.
var eatpairsOptionWords = map[string]optionWords{
	"matchRounds": {
		Label: msg.T("Rounds"), Main: true,
		Help:   msg.T("Rounds in the match; each round won scores a point."),
		Number: func(v string) string { return msg.T("%s rounds", v) }, One: msg.T("1 round"),
	},
	"matchPriority": {
		Label:  msg.T("Who gets a drawn card first"),
		Help:   msg.T("When several players could pair a card drawn from the stock: the player who drew it comes first, or the next player does and the drawer comes last."),
		Values: map[string]string{"DRAWER_FIRST": msg.T("The player who drew it"), "NEXT_FIRST": msg.T("The next player")},
	},
	"exhaustion": {
		Label:  msg.T("When the stock runs out"),
		Help:   msg.T("Play on with the cards in hand, the player with the fewest cards wins, or the round is a draw."),
		Values: map[string]string{"HAND_PLAY": msg.T("Play on from the hand"), "FEWEST_CARDS": msg.T("Fewest cards wins"), "DRAW": msg.T("The round is a draw")},
	},
	"nextDealer": {
		Label:  msg.T("Next dealer"),
		Help:   msg.T("Who deals the next round: the next player, or the winner."),
		Values: map[string]string{"CLOCKWISE": msg.T("The next player"), "WINNER": msg.T("The winner")},
	},
}
