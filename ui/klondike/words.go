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
func klondikePlace(p string) string {
	switch {
	case p == "w":
		return msg.T("the waste")
	case p == "f":
		return msg.T("the foundations")
	case strings.HasPrefix(p, "t") && len(p) > 1:
		return msg.T("column %s", p[1:])
	case strings.HasPrefix(p, "f") && ui.SuitWord(p[1:]) != "":
		return msg.T("the %s foundation", ui.SuitWord(p[1:]))
	}
	return msg.T("another place")
}

// klondikeMoved names the cards a move takes: "the 7 of hearts", "3 cards
// from the 7 of hearts down".
func klondikeMoved(d games.Description) string {
	switch len(d.Cards) {
	case 0:
		return msg.T("a card")
	case 1:
		return ui.CardName(d.Cards[0])
	}
	return msg.T("%d cards from %s down", len(d.Cards), ui.CardName(d.Cards[0]))
}

// klondikeMoveWords says a move's cards with where they go from and to, when the
// move says.
func klondikeMoveWords(d games.Description) string {
	if len(d.Targets) < 2 {
		return klondikeMoved(d)
	}
	return msg.T("%s from %s to %s", klondikeMoved(d), klondikePlace(d.Targets[0]), klondikePlace(d.Targets[1]))
}

// klondikeKinds are the words of its own action kinds.
var klondikeKinds = ui.KindWords{
	"draw": {
		Told: func(w ui.Words, d games.Description) string {
			if d.Outcome == klondike.OutcomeRecycle {
				return w.Tell(d.Seat, "You turn the waste over as the new stock", "%s turns the waste over as the new stock")
			}
			return w.Tell(d.Seat, "You draw %s", "%s draws %s", ui.ShownOr(d))
		},
		Offer: func(w ui.Words, d games.Description) string {
			if d.Outcome == klondike.OutcomeRecycle {
				return msg.T("Turn the waste over")
			}
			return msg.T("Draw from the stock")
		},
	},
	"move": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You move %s", "%s moves %s", klondikeMoveWords(d))
		},
		Offer: func(w ui.Words, d games.Description) string {
			return msg.T("Move %s", klondikeMoveWords(d))
		},
	},
	"auto": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You auto-complete: every card goes to the foundations", "%s auto-completes: every card goes to the foundations")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Auto-complete") },
	},
	"end": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You end the game", "%s ends the game")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("End the game") },
	},
	"deal": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You deal the next game", "%s deals the next game")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Deal the next game") },
	},
	// The clock's seconds are not news.
	"time": {Told: func(ui.Words, games.Description) string { return "" }},
}

// klondikeOutcomes are the words of its own outcomes.
var klondikeOutcomes = ui.OutcomeWords{
	"recycle": func(ui.Words, games.Description) string { return "" },
	"flip":    func(ui.Words, games.Description) string { return msg.T("A face-down card turns up") },
	"round": func(w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("This game is given up") // a deal before it was won
		}
		return msg.T("This game is won!")
	},
	"match": func(w ui.Words, d games.Description) string {
		if len(d.Winners) > 0 {
			return w.Winners(d.Winners, "The match is over: you win", "The match is over: %s wins", "The match is over: %s win")
		}
		return msg.T("The match is over")
	},
}
