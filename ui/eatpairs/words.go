package eatpairs

import (
	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// Eat Pairs: the words of its actions (its package doc lists the kinds and
// outcomes).

// eatpairsKinds are the words of its own action kinds.
var eatpairsKinds = ui.KindWords{
	"draw": {
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(d.Seat, "You turn %s from the stock", "%s turns %s from the stock", ui.CardList(d.Cards))
			}
			return w.Tell(d.Seat, "You turn the top card of the stock", "%s turns the top card of the stock")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Draw from the stock") },
	},
}

// eatpairsOutcomes are the words of its own outcomes.
var eatpairsOutcomes = ui.OutcomeWords{
	"pair": func(w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("It is paired")
		}
		return w.Winners(d.Winners, "You pair it", "%s pairs it", "%s pair it")
	},
	"dead": func(ui.Words, games.Description) string { return msg.T("Nobody pairs it: it is dead") },
}
