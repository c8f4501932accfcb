package king

import (
	"cardtable/msg"
	"cardtable/ui"
)

// kingLesson is the guided first game: three tricks of round 1, No tricks,
// from a fixed seed, the player in seat 0. It shows leading low, following
// suit when it costs a trick, and a void player's discard.
var kingLesson = &ui.Lesson{
	Record: `{"game":"king","players":4,"seed":7,"actions":[` +
		`{"seat":0,"act":"play 7D"},{"seat":1,"act":"play QD"},{"seat":2,"act":"play 8D"},{"seat":3,"act":"play JD"},` +
		`{"seat":1,"act":"play 7H"},{"seat":2,"act":"play 8H"},{"seat":3,"act":"play 9H"},{"seat":0,"act":"play QH"},` +
		`{"seat":0,"act":"play 8S"},{"seat":1,"act":"play 7S"},{"seat":2,"act":"play 10S"},{"seat":3,"act":"play AH"}]}`,
	Steps: []msg.Key{
		msg.Later("Round 1 is “No tricks”: every trick you take costs 2 points. You lead: play 7♦, your lowest diamond, so that someone else's diamond beats it."),
		msg.Later("Hearts were led, and you must follow suit when you can. Q♥ is your only heart: play it, even though it takes this trick."),
		msg.Later("You took the last trick, so you lead the next one. Play 8♠, a low spade: a higher spade will probably take it."),
	},
	Learned: []msg.Key{
		msg.Later("Follow the suit that was led whenever you can."),
		msg.Later("The highest card of the led suit takes the trick, and whoever takes it leads next."),
		msg.Later("With no card of the led suit you may play any card, as East did with A♥; it cannot take the trick."),
		msg.Later("Each avoiding round punishes something different; in the collecting rounds a trump, named by the first leader, beats every other suit."),
	},
}
