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
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) == 0 {
				return w.Tell(d.Seat, "You bury a card face down", "%s buries a card face down")
			}
			return w.Tell(d.Seat, "You bury %s face down", "%s buries %s face down", ui.CardList(d.Cards))
		},
		Offer: func(w ui.Words, d games.Description) string {
			return msg.T("Bury %s face down", ui.CardList(d.Cards))
		},
		FaceDown: true,
	},
	grab.KindGrab: {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You grab", "%s grabs")
		},
		Offer: func(ui.Words, games.Description) string { return msg.T("Grab now") },
	},
}
