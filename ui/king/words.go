package king

import (
	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// The King: the words of its actions (its package doc lists the kinds and
// outcomes).

// kingKinds are the words of its own action kinds.
var kingKinds = ui.KindWords{
	"trump": {
		Told: func(w ui.Words, d games.Description) string {
			if d.Choice == "none" {
				return w.Tell(d.Seat, "You play the round without trump", "%s plays the round without trump")
			}
			return w.Tell(d.Seat, "You name %s as trump", "%s names %s as trump", w.Choice(d.Choice))
		},
		Offer: func(w ui.Words, d games.Description) string {
			if d.Choice == "none" {
				return msg.T("Play without trump")
			}
			return msg.T("Name %s as trump", w.Choice(d.Choice))
		},
	},
}
