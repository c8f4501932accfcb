package main

import "cardtable/games"

// Eat Pairs: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["eatpairs"] = kindWords{
		"draw": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "turn", "turns") + " " + cardList(d.Cards) + " from the stock"
				}
				return w.subject(d.Seat, "turn", "turns") + " the top card of the stock"
			},
			offer: func(w words, d games.Description) string { return "draw from the stock" },
		},
	}
	gameOutcomes["eatpairs"] = outcomeWords{
		"pair": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "It is paired"
			}
			return w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "pair", "pairs") + " it"
		},
		"dead": func(words, games.Description) string { return "Nobody pairs it: it is dead" },
	}
}
