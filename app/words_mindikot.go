package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// Mindikot: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["mindikot"] = kindWords{
		"hide": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You set %s aside as the hidden trump", "%s sets %s aside as the hidden trump", cardName(d.Cards[0]))
				}
				return w.who(d.Seat, "You set a card aside face down: its suit is the hidden trump",
					"%s sets a card aside face down: its suit is the hidden trump")
			},
			offer: func(w words, d games.Description) string {
				return msg.T("Set %s aside as the hidden trump", cardName(first(d)))
			},
			faceDown: true,
		},
		"reveal": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You ask for the hidden trump to be shown", "%s asks for the hidden trump to be shown")
			},
			offer: func(w words, d games.Description) string { return msg.T("Reveal the hidden trump") },
		},
		"pass": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You play on without revealing the trump", "%s plays on without revealing the trump")
			},
			offer: func(w words, d games.Description) string { return msg.T("Pass: play without revealing the trump") },
		},
	}
	gameOutcomes["mindikot"] = outcomeWords{
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return msg.T("The round is over: it is a draw")
			}
			return w.winners(d.Winners, "The round is over: you win it", "The round is over: %s wins it", "The round is over: %s win it")
		},
	}
}
