package eatreds

import (
	"cardtable/msg"
	"cardtable/ui"
)

// eatredsLesson is the guided first game: the player's first four turns of
// a fixed deal for three players (eight cards each: one row of the hand on
// an upright phone), the player in seat 0 and first to play. It shows a
// card taking the layout card that adds up to ten with it, a king taking
// only a king, the stock card's choice between two targets (the red one
// scores), and a card that takes nothing joining the layout.
var eatredsLesson = &ui.Lesson{
	Record: `{"game":"eatreds","players":3,"seed":2623,"actions":[` +
		`{"seat":0,"act":"play 6D take 4H"},{"seat":1,"act":"play 3H take 7D"},{"seat":2,"act":"play 5D take 5H"},` +
		`{"seat":0,"act":"play KH take KC"},{"seat":0,"act":"take 8H"},{"seat":1,"act":"play 10H take 10S"},` +
		`{"seat":2,"act":"play 2S take 8S"},{"seat":0,"act":"play AS"}]}`,
	Steps: []msg.Key{
		msg.Later("A card takes a layout card that adds up to 10 with it. Play 6♦ and take 4♥: both are red, and only red cards score."),
		msg.Later("A 10, J, Q or K takes only a card of its own rank. Play K♥ and take K♣: your red king scores 10."),
		msg.Later("The stock's 2♣ adds up to 10 with either 8, so you choose. Take 8♥: it scores 8, and 8♠ nothing."),
		msg.Later("No layout card adds up to 10 with A♠ (an ace counts 1): play it and it stays in the layout, worth nothing to whoever takes it."),
	},
	Learned: []msg.Key{
		msg.Later("An ace (1) to 9 takes one layout card that adds up to 10 with it; 5 takes 5."),
		msg.Later("A 10, J, Q or K takes only a card of its own rank."),
		msg.Later("After your card the stock's top card is turned and takes the same way; a card that takes nothing joins the layout."),
		msg.Later("Only red cards score: the red ace 20, red 9 to K 10 each, red 2 to 8 their pips."),
	},
}
