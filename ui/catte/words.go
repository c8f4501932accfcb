package catte

import (
	"cardtable/games"
	"cardtable/games/catte"
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

// catteReasons are the words of its heuristic's reasons, said after a hint's move.
var catteReasons = ui.HintReasons{
	{Reason: catte.TakeSidePot, Words: msg.Later("The side pot is free chips: take it.")},
	{Reason: catte.ClaimSure, Words: msg.Later("Every card you hold is the highest left of its suit: claim the round.")},
	{Reason: catte.SureWin, Words: msg.Later("Every card you hold is the highest left of its suit: this one wins.")},
	{Reason: catte.Showdown, Words: msg.Later("Of your last two cards, this play gives you the best chance in the showdown.")},
	{Reason: catte.LeadSpare, Words: msg.Later("Lead your least useful card and keep your strongest for the last tricks.")},
	{Reason: catte.LeadStrong, Words: msg.Later("You need this trick: lead a strong card.")},
	{Reason: catte.Survive, Words: msg.Later("You need a trick to stay in: the lowest card that will probably hold.")},
	{Reason: catte.GoSweep, Words: msg.Later("Three tricks won: go for the sweep.")},
	{Reason: catte.ShowStrength, Words: msg.Later("Now and then beat with a spare card, so your folds do not give your hand away.")},
	{Reason: catte.FoldSpare, Words: msg.Later("Fold your least useful card and keep your strongest for the last tricks.")},
}
