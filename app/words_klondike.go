package main

import (
	"fmt"
	"strings"

	"cardtable/games"
)

// Klondike: the words of its actions (its package doc lists the kinds and
// outcomes).

// klondikePlace names a place of the Klondike table: "column 5", "the
// waste", "the hearts foundation".
func klondikePlace(p string) string {
	switch {
	case p == "w":
		return "the waste"
	case p == "f":
		return "the foundations"
	case strings.HasPrefix(p, "t") && len(p) > 1:
		return "column " + p[1:]
	case strings.HasPrefix(p, "f") && suitWord(p[1:]) != "":
		return "the " + suitWord(p[1:]) + " foundation"
	}
	return "another place"
}

// klondikeMoved names the cards a move takes: "the 7 of hearts", "3 cards
// from the 7 of hearts".
func klondikeMoved(d games.Description) string {
	switch len(d.Cards) {
	case 0:
		return "a card"
	case 1:
		return cardName(d.Cards[0])
	}
	return fmt.Sprintf("%d cards from %s down", len(d.Cards), cardName(d.Cards[0]))
}

func klondikeFromTo(d games.Description) string {
	if len(d.Targets) < 2 {
		return ""
	}
	return " from " + klondikePlace(d.Targets[0]) + " to " + klondikePlace(d.Targets[1])
}

func init() {
	gameKinds["klondike"] = kindWords{
		"draw": {
			told: func(w words, d games.Description) string {
				if d.Outcome == "recycle" {
					return w.subject(d.Seat, "turn", "turns") + " the waste over as the new stock"
				}
				return w.subject(d.Seat, "draw", "draws") + " " + shownOr(d)
			},
			offer: func(w words, d games.Description) string {
				if d.Outcome == "recycle" {
					return "turn the waste over"
				}
				return "draw from the stock"
			},
		},
		"move": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "move", "moves") + " " + klondikeMoved(d) + klondikeFromTo(d)
			},
			offer: func(w words, d games.Description) string {
				return "move " + klondikeMoved(d) + klondikeFromTo(d)
			},
		},
		"auto": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "auto-complete", "auto-completes") + ": every card goes to the foundations"
			},
			offer: func(w words, d games.Description) string { return "auto-complete" },
		},
		"end": {
			told:  func(w words, d games.Description) string { return w.subject(d.Seat, "end", "ends") + " the game" },
			offer: func(w words, d games.Description) string { return "end the game" },
		},
		"deal": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "deal", "deals") + " the next game"
			},
			offer: func(w words, d games.Description) string { return "deal the next game" },
		},
		// The clock's seconds are not news.
		"time": {told: func(words, games.Description) string { return "" }},
	}
	gameOutcomes["klondike"] = outcomeWords{
		"recycle": func(words, games.Description) string { return "" },
		"flip":    func(words, games.Description) string { return "A face-down card turns up" },
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "This game is given up" // a deal before it was won
			}
			return "This game is won!"
		},
		"match": func(w words, d games.Description) string {
			if len(d.Winners) > 0 {
				return "The match is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "win", "wins")
			}
			return "The match is over"
		},
	}
}
