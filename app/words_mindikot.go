package main

import "cardtable/games"

// Mindikot: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["mindikot"] = kindWords{
		"hide": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "set", "sets") + " " + cardName(d.Cards[0]) + " aside as the hidden trump"
				}
				return w.subject(d.Seat, "set", "sets") + " a card aside face down: its suit is the hidden trump"
			},
			offer: func(w words, d games.Description) string {
				return "set " + cardName(first(d)) + " aside as the hidden trump"
			},
		},
		"reveal": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "ask", "asks") + " for the hidden trump to be shown"
			},
			offer: func(w words, d games.Description) string { return "reveal the hidden trump" },
		},
		"pass": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "play", "plays") + " on without revealing the trump"
			},
			offer: func(w words, d games.Description) string { return "pass: play without revealing the trump" },
		},
	}
	gameOutcomes["mindikot"] = outcomeWords{
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "The round is over: it is a draw"
			}
			return "The round is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "win", "wins") + " it"
		},
	}
}
