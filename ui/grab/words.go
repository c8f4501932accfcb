package grab

import (
	"cardtable/games"
	"cardtable/games/grab"
	"cardtable/msg"
	"cardtable/ui"
)

// Grab: the words of its actions (its package doc lists the kinds; the
// timeout and the match's end are told in the words every game shares).

// grabKinds are the words of its own action kinds.
var grabKinds = ui.KindWords{
	grab.KindBury: {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) == 0 {
				return w.Tell(p, d.Seat, "You bury a card face down", "%s buries a card face down")
			}
			return w.Tell(p, d.Seat, "You bury %s face down", "%s buries %s face down", ui.CardList(p, d.Cards))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Bury %s face down", ui.CardList(p, d.Cards))
		},
		FaceDown: true,
	},
	grab.KindGrab: {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You grab", "%s grabs")
		},
		Offer: func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return p.T("Grab now") },
	},
}
