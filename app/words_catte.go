package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// Cat Te: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["catte"] = kindWords{
		"fold": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You fold %s face down", "%s folds %s face down", cardName(d.Cards[0]))
				}
				return w.who(d.Seat, "You fold a card face down", "%s folds a card face down")
			},
			offer:    func(w words, d games.Description) string { return msg.T("Fold %s face down", cardName(first(d))) },
			faceDown: true,
		},
		"secret": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You play %s face down for this trick", "%s plays %s face down for this trick", cardName(d.Cards[0]))
				}
				return w.who(d.Seat, "You choose a card face down for this trick", "%s chooses a card face down for this trick")
			},
			offer:    func(w words, d games.Description) string { return msg.T("Play %s face down", cardName(first(d))) },
			faceDown: true,
		},
		"foldhand": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You throw in your hand", "%s throws in their hand")
			},
			offer: func(w words, d games.Description) string { return msg.T("Throw in my hand") },
		},
		"claim": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You show %s and claim the round", "%s shows %s and claims the round", cardList(d.Cards))
				}
				return w.who(d.Seat, "You show your hand and claim the round", "%s shows their hand and claims the round")
			},
			offer: func(w words, d games.Description) string { return msg.T("Claim the round") },
		},
		"sidepot": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You show %s and take the side pot", "%s shows %s and takes the side pot", cardName(d.Cards[0]))
				}
				return w.who(d.Seat, "You take the side pot", "%s takes the side pot")
			},
			offer: func(w words, d games.Description) string { return msg.T("Claim the side pot") },
		},
	}
}
