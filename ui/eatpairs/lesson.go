package eatpairs

import (
	"cardtable/msg"
	"cardtable/ui"
)

// eatpairsLesson is the guided first game: a whole round of a fixed deal for
// three players, the player the dealer in seat 0. It shows the pairs laid
// from the deal, the opening card paired by the first holder of its rank,
// whoever pairs a card leading and drawing, a dead card, and the player's
// last card paired for the win.
var eatpairsLesson = &ui.Lesson{
	Record: `{"game":"eatpairs","players":3,"seed":499,"actions":[` +
		`{"seat":0,"act":"play JD"},{"seat":2,"act":"draw"},{"seat":0,"act":"draw"},` +
		`{"seat":1,"act":"draw"},{"seat":0,"act":"draw"},{"seat":0,"act":"draw"}]}`,
	Steps: []msg.Key{
		msg.Later("Your pairs, 3♣ 3♥ and 4♣ 4♦, were laid down at once. You deal: play J♦, and the first player after you holding a jack pairs it."),
		msg.Later("Bot 2 drew 6♠ and it paired your 6♥: whoever pairs a card leads and draws. Tap the stock to draw."),
		msg.Later("Bot 1 paired your 5♠, then its draw, 8♣, paired your 8♥: you lead again. Draw."),
		msg.Later("Nobody holds a jack now, so J♠ is dead and you draw again. Pair your last card, 10♥, and you win."),
	},
	Learned: []msg.Key{
		msg.Later("The pairs in your hand are laid down at once; the dealer opens with one card."),
		msg.Later("A card that turns up pairs with the first player holding its rank, the drawer first; that player becomes the lead and draws."),
		msg.Later("A card nobody can pair is dead, and the same lead draws again."),
		msg.Later("The first player with no cards left wins."),
	},
}
