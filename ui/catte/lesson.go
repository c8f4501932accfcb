package catte

import (
	"cardtable/msg"
	"cardtable/ui"
)

// catteLesson is the guided first game: one round of a fixed deal for two
// players, the player in seat 0: beating the best card, leading, folding a
// card face down, the face-down answer of trick 5 and the last trick that
// takes the pot.
var catteLesson = &ui.Lesson{
	Record: `{"game":"catte","players":2,"seed":12,"actions":[` +
		`{"seat":1,"act":"play 3S"},{"seat":0,"act":"play 5S"},{"seat":0,"act":"play 8S"},{"seat":1,"act":"fold 2C"},` +
		`{"seat":0,"act":"play 10D"},{"seat":1,"act":"play JD"},{"seat":1,"act":"play 6C"},{"seat":0,"act":"fold JS"},` +
		`{"seat":1,"act":"play 10C"},{"seat":0,"act":"secret KD"}]}`,
	Steps: []msg.Key{
		msg.Later("In each trick you beat the best card with a higher card of the led suit, face up, or fold a card face down. Beat 3♠ with 5♠: tap it, then play it."),
		msg.Later("You took the trick, so you lead the next one, always face up. Lead 8♠: your opponent must beat it or fold."),
		msg.Later("Lead 10♦: again your opponent must beat it with a higher diamond or fold."),
		msg.Later("You have no clubs, so you can't beat 6♣: fold a card face down. Fold J♠, the card you need least; a folded card never wins."),
		msg.Later("In trick 5 you answer face down. Put down K♦ and keep J♥ for trick 6: whoever wins the last trick wins the pot."),
	},
	Learned: []msg.Key{
		msg.Later("Beat the best card with a higher card of the led suit, or fold a card face down."),
		msg.Later("The last face-up card wins the trick, and its winner leads the next one."),
		msg.Later("Win at least one of the first four tricks to stay in the round."),
		msg.Later("In trick 5 the answers are face down; the winner of trick 6 takes the pot."),
		msg.Later("You won trick 6 with J♥, and with it the pot."),
	},
}
