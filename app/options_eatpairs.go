package main

// eatpairsOptionWords: Eat Pairs' options in words.
var eatpairsOptionWords = map[string]optionWords{
	"matchRounds": {
		Label: "Rounds", Main: true,
		Help:   "Rounds in the match; each round won scores a point.",
		Number: "%s rounds", One: "1 round",
	},
	"matchPriority": {
		Label:  "Who gets a drawn card first",
		Help:   "When several players could pair a card drawn from the stock: the player who drew it comes first, or the next player does and the drawer comes last.",
		Values: map[string]string{"DRAWER_FIRST": "The player who drew it", "NEXT_FIRST": "The next player"},
	},
	"exhaustion": {
		Label:  "When the stock runs out",
		Help:   "Play on with the cards in hand, the player with the fewest cards wins, or the round is a draw.",
		Values: map[string]string{"HAND_PLAY": "Play on from the hand", "FEWEST_CARDS": "Fewest cards wins", "DRAW": "The round is a draw"},
	},
	"nextDealer": {
		Label:  "Next dealer",
		Help:   "Who deals the next round: the next player, or the winner.",
		Values: map[string]string{"CLOCKWISE": "The next player", "WINNER": "The winner"},
	},
}
