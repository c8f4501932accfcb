package sortcoop

import (
	"cardtable/msg"
	"cardtable/ui"
)

// sortcoopLesson is the guided first game: the opening of a match from a
// fixed deal, the player in seat 0. Both seats choose their preference at
// once (the script has the player choose first); then the player places
// the lowest card of the deck first, the highest last, and a middle card
// with room on both sides.
var sortcoopLesson = &ui.Lesson{
	Record: `{"game":"sortcoop","players":2,"seed":1,"deals":[{"hands":[` +
		`["1H","4H","6S","2D","8D","5C","10C"],["3H","9H","3S","9S","6D","3C","9C"]]}],"actions":[` +
		`{"seat":0,"act":"prefer want"},{"seat":1,"act":"prefer neutral"},` +
		`{"seat":0,"act":"place 1H 1"},{"seat":1,"act":"place 9C 14"},` +
		`{"seat":0,"act":"place 10C 15"},{"seat":1,"act":"place 3H 2"},` +
		`{"seat":0,"act":"place 2D 9"}]}`,
	Steps: []msg.Key{
		msg.Later("You both choose at once who starts. You hold 1♥ and 10♣, the lowest and highest cards: choose “I want to go first”."),
		msg.Later("The row must read hearts, then spades, diamonds and clubs, each from 1 to 10. 1♥ is the lowest card of all: put it in slot 1."),
		msg.Later("Your partner's card in slot 14 is face down, but it is probably a high club. 10♣ is the highest card of all: put it in slot 15."),
		msg.Later("Diamonds come after every heart and spade, so 2♦ belongs just past the middle: put it in slot 9, leaving room on both sides."),
	},
	Learned: []msg.Key{
		msg.Later("The 14 cards must read in order from left to right: hearts, spades, diamonds, then clubs, each from 1 to 10."),
		msg.Later("Put each card where its place in that order falls in the row of 15, and leave room for the cards still to come."),
		msg.Later("You may not talk: the slots your partner fills are your only clue. Each of you may pass once."),
		msg.Later("Each of you may have one swap of two placed cards accepted by the other, to mend a mistake before the reveal."),
	},
}
