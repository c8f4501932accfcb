package eatreds

import (
	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// Eat Reds: the words of its actions (its package doc lists the kinds and
// outcomes).

// redsCaptured says what a card takes: "the ace of diamonds", "the three
// queens".
func redsCaptured(d games.Description) string {
	return ui.CardList(d.Targets)
}

// eatredsKinds are the words of its own action kinds.
var eatredsKinds = ui.KindWords{
	"play": {
		Told: func(w ui.Words, d games.Description) string {
			card := ui.CardName(ui.First(d))
			switch {
			case len(d.Targets) > 0 && d.Hidden > 0:
				return w.Tell(d.Seat, "You play %[1]s and take %[2]s, then turn the top card of the stock",
					"%[1]s plays %[2]s and takes %[3]s, then turns the top card of the stock", card, redsCaptured(d))
			case len(d.Targets) > 0:
				return w.Tell(d.Seat, "You play %[1]s and take %[2]s", "%[1]s plays %[2]s and takes %[3]s", card, redsCaptured(d))
			case d.Hidden > 0:
				return w.Tell(d.Seat, "You lay %s on the layout, then turn the top card of the stock",
					"%s lays %s on the layout, then turns the top card of the stock", card)
			}
			return w.Tell(d.Seat, "You lay %s on the layout", "%s lays %s on the layout", card)
		},
		Offer: func(w ui.Words, d games.Description) string {
			if len(d.Targets) > 0 {
				return msg.T("Play %s and take %s", ui.CardName(ui.First(d)), redsCaptured(d))
			}
			return msg.T("Lay %s on the layout", ui.CardName(ui.First(d)))
		},
	},
	"take": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You take %[1]s with your stock card, %[2]s", "%[1]s takes %[2]s with their stock card, %[3]s",
				redsCaptured(d), ui.CardName(ui.First(d)))
		},
		Offer: func(w ui.Words, d games.Description) string {
			return msg.T("Take %s with %s", redsCaptured(d), ui.CardName(ui.First(d)))
		},
	},
}

// eatredsOutcomes are the words of its own outcomes.
var eatredsOutcomes = ui.OutcomeWords{
	// The action itself says what was captured.
	"capture": func(ui.Words, games.Description) string { return "" },
	"round": func(w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The deal is over")
		}
		return w.Winners(d.Winners, "The deal is over: you score the most", "The deal is over: %s scores the most",
			"The deal is over: %s score the most")
	},
}

// eatredsReveals are the words of its reveals.
var eatredsReveals = ui.RevealWords{
	"stock": func(w ui.Words, r games.Reveal) string { return msg.T("The stock card is %s", ui.CardList(r.Cards)) },
}
