package catte

import (
	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// Cat Te: the words of its actions (its package doc lists the kinds and
// outcomes).

// catteKinds are the words of its own action kinds.
var catteKinds = ui.KindWords{
	"fold": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You fold %s face down", "%s folds %s face down", ui.CardName(p, d.Cards[0]))
			}
			return w.Tell(p, d.Seat, "You fold a card face down", "%s folds a card face down")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Fold %s face down", ui.CardName(p, ui.First(d)))
		},
		FaceDown: true,
	},
	"secret": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You play %s face down for this trick", "%s plays %s face down for this trick", ui.CardName(p, d.Cards[0]))
			}
			return w.Tell(p, d.Seat, "You choose a card face down for this trick", "%s chooses a card face down for this trick")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Play %s face down", ui.CardName(p, ui.First(d)))
		},
		FaceDown: true,
	},
	"foldhand": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You throw in your hand", "%s throws in their hand")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Throw in my hand") },
	},
	"claim": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You show %s and claim the round", "%s shows %s and claims the round", ui.CardList(p, d.Cards))
			}
			return w.Tell(p, d.Seat, "You show your hand and claim the round", "%s shows their hand and claims the round")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Claim the round") },
	},
	"sidepot": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You show %s and take the side pot", "%s shows %s and takes the side pot", ui.CardName(p, d.Cards[0]))
			}
			return w.Tell(p, d.Seat, "You take the side pot", "%s takes the side pot")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Claim the side pot") },
	},
}
