package klondike

import (
	"strings"

	"cardtable/games"
	"cardtable/games/klondike"
	"cardtable/msg"
	"cardtable/ui"
)

// Klondike: the words of its actions (its package doc lists the kinds and
// outcomes).

// klondikePlace names a place of the Klondike table: "column 5", "the
// waste", "the hearts foundation".
func klondikePlace(p *msg.Catalogue, place string) string {
	switch {
	case place == "w":
		return p.T("the waste")
	case place == "f":
		return p.T("the foundations")
	case strings.HasPrefix(place, "t") && len(place) > 1:
		return p.T("column %s", place[1:])
	case strings.HasPrefix(place, "f") && ui.SuitWord(p, place[1:]) != "":
		return p.T("the %s foundation", ui.SuitWord(p, place[1:]))
	}
	return p.T("another place")
}

// klondikeMoved names the cards a move takes: "the 7 of hearts", "3 cards
// from the 7 of hearts down".
func klondikeMoved(p *msg.Catalogue, d games.Description) string {
	switch len(d.Cards) {
	case 0:
		return p.T("a card")
	case 1:
		return ui.CardName(p, d.Cards[0])
	}
	return p.T("%d cards from %s down", len(d.Cards), ui.CardName(p, d.Cards[0]))
}

// klondikeMoveWords says a move's cards with where they go from and to, when the
// move says.
func klondikeMoveWords(p *msg.Catalogue, d games.Description) string {
	if len(d.Targets) < 2 {
		return klondikeMoved(p, d)
	}
	return p.T("%s from %s to %s", klondikeMoved(p, d), klondikePlace(p, d.Targets[0]), klondikePlace(p, d.Targets[1]))
}

// klondikeKinds are the words of its own action kinds.
var klondikeKinds = ui.KindWords{
	"draw": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if d.Outcome == klondike.OutcomeRecycle {
				return w.Tell(p, d.Seat, "You turn the waste over as the new stock", "%s turns the waste over as the new stock")
			}
			return w.Tell(p, d.Seat, "You draw %s", "%s draws %s", ui.ShownOr(p, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if d.Outcome == klondike.OutcomeRecycle {
				return p.T("Turn the waste over")
			}
			return p.T("Draw from the stock")
		},
	},
	"move": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You move %s", "%s moves %s", klondikeMoveWords(p, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Move %s", klondikeMoveWords(p, d))
		},
	},
	"auto": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You auto-complete: every card goes to the foundations", "%s auto-completes: every card goes to the foundations")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Auto-complete") },
	},
	"end": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You end the game", "%s ends the game")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("End the game") },
	},
	"deal": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You deal the next game", "%s deals the next game")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Deal the next game") },
	},
	// The clock's seconds are not news.
	"time": {Told: func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" }},
}

// klondikeOutcomes are the words of its own outcomes.
var klondikeOutcomes = ui.OutcomeWords{
	"recycle": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" },
	"flip": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string {
		return p.T("A face-down card turns up")
	},
	"round": func(p *msg.Catalogue, w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("This game is given up") // a deal before it was won
		}
		return p.T("This game is won!")
	},
	"match": func(p *msg.Catalogue, w ui.Words, d games.Description) string {
		if len(d.Winners) > 0 {
			return w.Winners(p, d.Winners, "The match is over: you win", "The match is over: %s wins", "The match is over: %s win")
		}
		return p.T("The match is over")
	},
}

// klondikeReasons are the words of its heuristic's reasons, said after a hint's move.
var klondikeReasons = ui.HintReasons{
	{Reason: klondike.FinishAuto, Words: msg.Later("Every card can go up now: finish.")},
	{Reason: klondike.UpTurnsCard, Words: msg.Later("Up to its foundation: it uncovers a face-down card, or no other card needs it.")},
	{Reason: klondike.RunTurnsCard, Words: msg.Later("Moving the whole run turns a face-down card.")},
	{Reason: klondike.UpFoundation, Words: msg.Later("Every card on a foundation is a step nearer the end.")},
	{Reason: klondike.WasteInPlay, Words: msg.Later("It brings the waste card into play.")},
	{Reason: klondike.FreeForUp, Words: msg.Later("Moving part of the run frees a card for its foundation.")},
	{Reason: klondike.EmptyForKing, Words: msg.Later("It empties a column for the king that waits.")},
	{Reason: klondike.DrawNext, Words: msg.Later("Nothing better on the table: draw.")},
	{Reason: klondike.NothingUseful, Words: msg.Later("No useful move is left.")},
}
