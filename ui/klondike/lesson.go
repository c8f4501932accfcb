package klondike

import (
	"cardtable/msg"
	"cardtable/ui"
)

// klondikeLesson is the guided first game: the first five moves of a fixed
// deal (one card turned at a time, untimed): an ace to its foundation, two
// builds onto the columns, the stock turned and the waste's card played.
var klondikeLesson = &ui.Lesson{
	Record: `{"game":"klondike","players":1,"options":{"drawCount":"1","timed":"off"},"seed":28,"actions":[` +
		`{"seat":0,"act":"move t6 f"},{"seat":0,"act":"move t5 t6"},{"seat":0,"act":"move t4 t1"},{"seat":0,"act":"draw"},{"seat":0,"act":"move w f"}]}`,
	Steps: []msg.Key{
		msg.Later("Aces start the four foundations. Tap A♦ to move it up there: the card under it turns face up."),
		msg.Later("On the columns you build down, red on black or black on red. Move 10♦, a red ten, onto the black jack J♣."),
		msg.Later("Now put 3♠ on 4♥: black on red, one lower. Its column turns up the next card."),
		msg.Later("No other useful move on the columns: tap the stock to turn its top card onto the waste."),
		msg.Later("A♠ came up: play it from the waste to the foundations."),
	},
	Learned: []msg.Key{
		msg.Later("The foundations are built up by suit, from the ace to the king."),
		msg.Later("On the columns you build down in alternating colours, and a face-down card left on top turns up."),
		msg.Later("Only a king may go to an empty column."),
		msg.Later("When the columns give nothing, turn the stock; the waste's top card can be played."),
	},
}
