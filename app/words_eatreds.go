package main

import "cardtable/games"

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
				s := w.subject(d.Seat, "play", "plays") + " " + cardName(first(d))
				if len(d.Targets) > 0 {
					s += " and " + w.verb(d.Seat, "take", "takes") + " " + redsCaptured(d)
				} else {
					s = w.subject(d.Seat, "lay", "lays") + " " + cardName(first(d)) + " on the layout"
				}
				if d.Hidden > 0 {
					s += ", then " + w.verb(d.Seat, "turn", "turns") + " the top card of the stock"
				}
				return s
			},
			offer: func(w words, d games.Description) string {
				if len(d.Targets) > 0 {
					return "play " + cardName(first(d)) + " and take " + redsCaptured(d)
				}
				return "lay " + cardName(first(d)) + " on the layout"
			},
		},
		"take": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "take", "takes") + " " + redsCaptured(d) + " with " + w.their(d.Seat) + " stock card, " + cardName(first(d))
			},
			offer: func(w words, d games.Description) string {
				return "take " + redsCaptured(d) + " with " + cardName(first(d))
			},
		},
	}
	gameOutcomes["eatreds"] = outcomeWords{
		// The action itself says what was captured.
		"capture": func(words, games.Description) string { return "" },
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "The deal is over"
			}
			return "The deal is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "score", "scores") + " the most"
		},
	}
	gameReveals["eatreds"] = map[string]func(w words, r games.Reveal) string{
		"stock": func(w words, r games.Reveal) string { return "The stock card is " + cardList(r.Cards) },
	}
}
