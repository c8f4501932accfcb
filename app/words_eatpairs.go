package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// Eat Pairs: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["eatpairs"] = kindWords{
		"draw": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You turn %s from the stock", "%s turns %s from the stock", cardList(d.Cards))
				}
				return w.who(d.Seat, "You turn the top card of the stock", "%s turns the top card of the stock")
			},
			offer: func(w words, d games.Description) string { return msg.T("Draw from the stock") },
		},
	}
	gameOutcomes["eatpairs"] = outcomeWords{
		"pair": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return msg.T("It is paired")
			}
			return w.winners(d.Winners, "You pair it", "%s pairs it", "%s pair it")
		},
		"dead": func(words, games.Description) string { return msg.T("Nobody pairs it: it is dead") },
	}
}
