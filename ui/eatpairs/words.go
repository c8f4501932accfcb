package eatpairs

import (
	"cardtable/games"
	"cardtable/games/eatpairs"
	"cardtable/msg"
	"cardtable/ui"
)

// Eat Pairs: the words of its actions (its package doc lists the kinds and
// outcomes).

// eatpairsKinds are the words of its own action kinds.
var eatpairsKinds = ui.KindWords{
	"draw": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You turn %s from the stock", "%s turns %s from the stock", ui.CardList(p, d.Cards))
			}
			return w.Tell(p, d.Seat, "You turn the top card of the stock", "%s turns the top card of the stock")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Draw from the stock") },
	},
}

// eatpairsOutcomes are the words of its own outcomes.
var eatpairsOutcomes = ui.OutcomeWords{
	"pair": func(p *msg.Catalogue, w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("It is paired")
		}
		return w.Winners(p, d.Winners, "You pair it", "%s pairs it", "%s pair it")
	},
	"dead": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string {
		return p.T("Nobody pairs it: it is dead")
	},
}

// eatpairsReasons are the words of its heuristic's reasons, said after a hint's move.
var eatpairsReasons = ui.HintReasons{
	{Reason: eatpairs.ShowUnlikely, Words: msg.Later("Show the card least likely to be paired later; keep those you can pair yourself.")},
}
