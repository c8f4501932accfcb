package mindikot

import (
	"cardtable/msg"
	"cardtable/ui"
)

// mindikotLesson is the guided first game: the first four tricks of a fixed
// deal (four players, Cut), the player in seat 0: a void player's card
// makes trumps and saves a ten, a trump lead, a low lead for the partner,
// following suit under the partner's ace.
var mindikotLesson = &ui.Lesson{
	Record: `{"game":"mindikot","players":4,"seed":74,"actions":[` +
		`{"seat":3,"act":"play 2C"},{"seat":0,"act":"play 10D"},{"seat":1,"act":"play 4C"},{"seat":2,"act":"play 3C"},` +
		`{"seat":0,"act":"play AD"},{"seat":1,"act":"play 8D"},{"seat":2,"act":"play 6D"},{"seat":3,"act":"play 3D"},` +
		`{"seat":0,"act":"play 2H"},{"seat":1,"act":"play QH"},{"seat":2,"act":"play AH"},{"seat":3,"act":"play 3H"},` +
		`{"seat":2,"act":"play AS"},{"seat":3,"act":"play 9S"},{"seat":0,"act":"play 5S"},{"seat":1,"act":"play 2S"}]}`,
	Steps: []msg.Key{
		msg.Later("You have no clubs, and there is no trump yet: the card you play now makes its suit trumps. Play 10♦: diamonds become trumps and your ten takes the trick."),
		msg.Later("You took the trick, so you lead. Play A♦, the highest trump: nothing can beat it, and the others must follow with their diamonds."),
		msg.Later("Lead 2♥, your lowest heart: your partner North, opposite you, can take the trick with a high heart, and your 10♥ stays safe."),
		msg.Later("North leads A♠ and will take this trick for your team. Follow suit with your lowest spade, 5♠."),
	},
	Learned: []msg.Key{
		msg.Later("Follow the led suit if you can."),
		msg.Later("With no trump yet, the first card played by someone who can't follow suit makes its suit trumps; a trump beats every card of another suit."),
		msg.Later("Partners sit opposite: a trick your partner takes is your team's."),
		msg.Later("The tens decide the round: the team that takes three or four of them wins it."),
	},
}
