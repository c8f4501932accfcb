package main

import "cardtable/games"

// Cat Te: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["catte"] = kindWords{
		"fold": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "fold", "folds") + " " + cardName(d.Cards[0]) + " face down"
				}
				return w.subject(d.Seat, "fold", "folds") + " a card face down"
			},
			offer: func(w words, d games.Description) string { return "fold " + cardName(first(d)) + " face down" },
		},
		"secret": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "play", "plays") + " " + cardName(d.Cards[0]) + " face down for this trick"
				}
				return w.subject(d.Seat, "choose", "chooses") + " a card face down for this trick"
			},
			offer: func(w words, d games.Description) string { return "play " + cardName(first(d)) + " face down" },
		},
		"foldhand": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "throw", "throws") + " in " + w.their(d.Seat) + " hand"
			},
			offer: func(w words, d games.Description) string { return "throw in my hand" },
		},
		"claim": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "show", "shows") + " " + cardList(d.Cards) + " and " + w.verb(d.Seat, "claim", "claims") + " the round"
				}
				return w.subject(d.Seat, "show", "shows") + " " + w.their(d.Seat) + " hand and " + w.verb(d.Seat, "claim", "claims") + " the round"
			},
			offer: func(w words, d games.Description) string { return "claim the round" },
		},
		"sidepot": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "show", "shows") + " " + cardName(d.Cards[0]) + " and " + w.verb(d.Seat, "take", "takes") + " the side pot"
				}
				return w.subject(d.Seat, "take", "takes") + " the side pot"
			},
			offer: func(w words, d games.Description) string { return "claim the side pot" },
		},
	}
}
