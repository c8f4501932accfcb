package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// Eat Reds: the words of its actions (its package doc lists the kinds and
// outcomes).

// redsCaptured says what a card takes: "the ace of diamonds", "the three
// queens".
func redsCaptured(d games.Description) string {
	return cardList(d.Targets)
}

func init() {
	gameKinds["eatreds"] = kindWords{
		"play": {
			told: func(w words, d games.Description) string {
				card := cardName(first(d))
				switch {
				case len(d.Targets) > 0 && d.Hidden > 0:
					return w.who(d.Seat, "You play %[1]s and take %[2]s, then turn the top card of the stock",
						"%[1]s plays %[2]s and takes %[3]s, then turns the top card of the stock", card, redsCaptured(d))
				case len(d.Targets) > 0:
					return w.who(d.Seat, "You play %[1]s and take %[2]s", "%[1]s plays %[2]s and takes %[3]s", card, redsCaptured(d))
				case d.Hidden > 0:
					return w.who(d.Seat, "You lay %s on the layout, then turn the top card of the stock",
						"%s lays %s on the layout, then turns the top card of the stock", card)
				}
				return w.who(d.Seat, "You lay %s on the layout", "%s lays %s on the layout", card)
			},
			offer: func(w words, d games.Description) string {
				if len(d.Targets) > 0 {
					return msg.T("Play %s and take %s", cardName(first(d)), redsCaptured(d))
				}
				return msg.T("Lay %s on the layout", cardName(first(d)))
			},
		},
		"take": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You take %[1]s with your stock card, %[2]s", "%[1]s takes %[2]s with their stock card, %[3]s",
					redsCaptured(d), cardName(first(d)))
			},
			offer: func(w words, d games.Description) string {
				return msg.T("Take %s with %s", redsCaptured(d), cardName(first(d)))
			},
		},
	}
	gameOutcomes["eatreds"] = outcomeWords{
		// The action itself says what was captured.
		"capture": func(words, games.Description) string { return "" },
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return msg.T("The deal is over")
			}
			return w.winners(d.Winners, "The deal is over: you score the most", "The deal is over: %s scores the most",
				"The deal is over: %s score the most")
		},
	}
	gameReveals["eatreds"] = map[string]func(w words, r games.Reveal) string{
		"stock": func(w words, r games.Reveal) string { return msg.T("The stock card is %s", cardList(r.Cards)) },
	}
}
