package sortcoop

import (
	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// Co-op Sort: the words of its actions (its package doc lists the kinds and
// outcomes).

// sortcoopPref says a seat's preference: "Bot 1 wants to go first".
func sortcoopPref(w ui.Words, s games.Seat, pick string) string {
	switch pick {
	case "want":
		return w.Tell(s, "You want to go first", "%s wants to go first")
	case "neutral":
		return w.Tell(s, "You don't mind who goes first", "%s doesn't mind who goes first")
	case "dont":
		return w.Tell(s, "You would rather not go first", "%s would rather not go first")
	}
	return w.Tell(s, "You choose a preference", "%s chooses a preference")
}

// sortcoopSlots says a move's slots: "slot 4", "slots 3 and 9".
func sortcoopSlots(d games.Description) string {
	switch len(d.Targets) {
	case 0:
		return msg.T("two slots")
	case 1:
		return msg.T("slot %s", d.Targets[0])
	}
	return msg.T("slots %s", ui.AndList(d.Targets))
}

// sortcoopKinds are the words of its own action kinds.
var sortcoopKinds = ui.KindWords{
	"prefer": {
		Told: func(w ui.Words, d games.Description) string {
			if d.Secret || d.Choice == "" {
				return w.Tell(d.Seat, "You have chosen a preference", "%s has chosen a preference")
			}
			return sortcoopPref(w, d.Seat, d.Choice)
		},
		Offer: func(w ui.Words, d games.Description) string {
			switch d.Choice {
			case "want":
				return msg.T("I want to go first")
			case "neutral":
				return msg.T("Either way")
			case "dont":
				return msg.T("I'd rather not go first")
			}
			return msg.T("Choose a preference")
		},
	},
	"place": {
		Told: func(w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(d.Seat, "You place %[1]s on %[2]s", "%[1]s places %[2]s on %[3]s", ui.CardName(d.Cards[0]), sortcoopSlots(d))
			}
			return w.Tell(d.Seat, "You place a card face down on %s", "%s places a card face down on %s", sortcoopSlots(d))
		},
		Offer: func(w ui.Words, d games.Description) string {
			return msg.T("Place %s on %s", ui.CardName(ui.First(d)), sortcoopSlots(d))
		},
	},
	"pass": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You pass this turn", "%s passes this turn")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Pass (once per game)") },
	},
	"propose": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You propose to swap the cards on %s", "%s proposes to swap the cards on %s", sortcoopSlots(d))
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Propose to swap %s", sortcoopSlots(d)) },
	},
	"accept": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You accept the swap of %s", "%s accepts the swap of %s", sortcoopSlots(d))
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Accept the swap") },
	},
	"reject": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You reject the swap of %s", "%s rejects the swap of %s", sortcoopSlots(d))
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Reject the swap") },
	},
	"withdraw": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You withdraw your proposal", "%s withdraws their proposal")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("Withdraw my proposal") },
	},
	"done": {
		Told: func(w ui.Words, d games.Description) string {
			return w.Tell(d.Seat, "You want no more swaps", "%s wants no more swaps")
		},
		Offer: func(w ui.Words, d games.Description) string { return msg.T("No more swaps") },
	},
}

// sortcoopOutcomes are the words of its own outcomes.
var sortcoopOutcomes = ui.OutcomeWords{
	"reveal": func(ui.Words, games.Description) string { return msg.T("Both preferences are shown") },
	"match":  func(ui.Words, games.Description) string { return msg.T("The board is turned face up") },
}

// sortcoopReveals are the words of its reveals.
var sortcoopReveals = ui.RevealWords{
	"prefer": func(w ui.Words, r games.Reveal) string {
		if r.Seat == w.Me {
			return "" // the reader knows its own pick
		}
		return msg.T("Revealed: %s", sortcoopPref(w, r.Seat, r.Choice))
	},
	// The view that follows shows the board.
	"board": func(ui.Words, games.Reveal) string { return "" },
}
