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
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if d.Choice == "none" {
				return w.Tell(p, d.Seat, "You play the round without trump", "%s plays the round without trump")
			}
			return w.Tell(p, d.Seat, "You name %s as trump", "%s names %s as trump", w.Choice(p, d.Choice))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if d.Choice == "none" {
				return p.T("Play without trump")
			}
			return p.T("Name %s as trump", w.Choice(p, d.Choice))
		},
	},
}
