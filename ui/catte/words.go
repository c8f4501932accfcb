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
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(d.Seat, "You fold %s face down", "%s folds %s face down", ui.CardName(d.Cards[0]))
			}
			return w.Tell(d.Seat, "You fold a card face down", "%s folds a card face down")
		},
		Offer: func(w ui.Words, d games.Description) string {
			return msg.T("Fold %s face down", ui.CardName(ui.First(d)))
		},
		FaceDown: true,
	},
	"secret": {
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(d.Seat, "You play %s face down for this trick", "%s plays %s face down for this trick", ui.CardName(d.Cards[0]))
			}
			return w.Tell(d.Seat, "You choose a card face down for this trick", "%s chooses a card face down for this trick")
		},
		Offer: func(w ui.Words, d games.Description) string {
			return msg.T("Play %s face down", ui.CardName(ui.First(d)))
		},
		FaceDown: true,
	},
	"foldhand": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You throw in your hand", "%s throws in their hand")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Throw in my hand") },
	},
	"claim": {
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(d.Seat, "You show %s and claim the round", "%s shows %s and claims the round", ui.CardList(d.Cards))
			}
			return w.Tell(d.Seat, "You show your hand and claim the round", "%s shows their hand and claims the round")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Claim the round") },
	},
	"sidepot": {
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(d.Seat, "You show %s and take the side pot", "%s shows %s and takes the side pot", ui.CardName(d.Cards[0]))
			}
			return w.Tell(d.Seat, "You take the side pot", "%s takes the side pot")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Claim the side pot") },
	},
}
