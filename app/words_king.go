package main

import "cardtable/games"

// The King: the words of its actions (its package doc lists the kinds and
// outcomes).

func init() {
	gameKinds["king"] = kindWords{
		"trump": {
			told: func(w words, d games.Description) string {
				if d.Choice == "none" {
					return w.subject(d.Seat, "play", "plays") + " the round without trump"
				}
				return w.subject(d.Seat, "name", "names") + " " + w.choice(d.Choice) + " as trump"
			},
			offer: func(w words, d games.Description) string {
				if d.Choice == "none" {
					return "play without trump"
				}
				return "name " + w.choice(d.Choice) + " as trump"
			},
		},
	}
}
