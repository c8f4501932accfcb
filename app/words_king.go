package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// The King: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["king"] = kindWords{
		"trump": {
			told: func(w words, d games.Description) string {
				if d.Choice == "none" {
					return w.who(d.Seat, "You play the round without trump", "%s plays the round without trump")
				}
				return w.who(d.Seat, "You name %s as trump", "%s names %s as trump", w.choice(d.Choice))
			},
			offer: func(w words, d games.Description) string {
				if d.Choice == "none" {
					return msg.T("Play without trump")
				}
				return msg.T("Name %s as trump", w.choice(d.Choice))
			},
		},
	}
}
