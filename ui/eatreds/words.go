package eatreds

import (
	"cardtable/games"
	"cardtable/games/eatreds"
	"cardtable/msg"
	"cardtable/ui"
)

// Eat Reds: the words of its actions (its package doc lists the kinds and
// outcomes).

// redsCaptured says what a card takes: "the ace of diamonds", "the three
// queens".
func redsCaptured(p *msg.Catalogue, d games.Description) string {
	return ui.CardList(p, d.Targets)
}

// eatredsKinds are the words of its own action kinds.
var eatredsKinds = ui.KindWords{
	"play": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			card := ui.CardName(p, ui.First(d))
			switch {
			case len(d.Targets) > 0 && d.Hidden > 0:
				return w.Tell(p, d.Seat, "You play %[1]s and take %[2]s, then turn the top card of the stock",
					"%[1]s plays %[2]s and takes %[3]s, then turns the top card of the stock", card, redsCaptured(p, d))
			case len(d.Targets) > 0:
				return w.Tell(p, d.Seat, "You play %[1]s and take %[2]s", "%[1]s plays %[2]s and takes %[3]s", card, redsCaptured(p, d))
			case d.Hidden > 0:
				return w.Tell(p, d.Seat, "You lay %s on the layout, then turn the top card of the stock",
					"%s lays %s on the layout, then turns the top card of the stock", card)
			}
			return w.Tell(p, d.Seat, "You lay %s on the layout", "%s lays %s on the layout", card)
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Targets) > 0 {
				return p.T("Play %s and take %s", ui.CardName(p, ui.First(d)), redsCaptured(p, d))
			}
			return p.T("Lay %s on the layout", ui.CardName(p, ui.First(d)))
		},
	},
	"take": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You take %[1]s with your stock card, %[2]s", "%[1]s takes %[2]s with their stock card, %[3]s",
				redsCaptured(p, d), ui.CardName(p, ui.First(d)))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Take %s with %s", redsCaptured(p, d), ui.CardName(p, ui.First(d)))
		},
	},
}

// eatredsOutcomes are the words of its own outcomes.
var eatredsOutcomes = ui.OutcomeWords{
	// The action itself says what was captured.
	"capture": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" },
	"round": func(p *msg.Catalogue, w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("The deal is over")
		}
		return w.Winners(p, d.Winners, "The deal is over: you score the most", "The deal is over: %s scores the most",
			"The deal is over: %s score the most")
	},
}

// eatredsReveals are the words of its reveals.
var eatredsReveals = ui.RevealWords{
	"stock": func(p *msg.Catalogue, w ui.Words, r games.Reveal) string {
		return p.T("The stock card is %s", ui.CardList(p, r.Cards))
	},
}

// eatredsReasons are the words of its heuristic's reasons, said after a hint's move.
var eatredsReasons = ui.HintReasons{
	{Reason: eatreds.LookAhead, Words: msg.Later("Best one turn ahead: the red points you take, less what you leave the next player.")},
}
