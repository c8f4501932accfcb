package sortcoop

import (
	"cardtable/games"
	"cardtable/games/sortcoop"
	"cardtable/msg"
	"cardtable/ui"
)

// Co-op Sort: the words of its actions (its package doc lists the kinds and
// outcomes).

// sortcoopPref says a seat's preference: "Bot 1 wants to go first".
func sortcoopPref(p *msg.Catalogue, w ui.Words, s games.Seat, pick string) string {
	switch pick {
	case "want":
		return w.Tell(p, s, "You want to go first", "%s wants to go first")
	case "neutral":
		return w.Tell(p, s, "You don't mind who goes first", "%s doesn't mind who goes first")
	case "dont":
		return w.Tell(p, s, "You would rather not go first", "%s would rather not go first")
	}
	return w.Tell(p, s, "You choose a preference", "%s chooses a preference")
}

// sortcoopSlots says a move's slots: "slot 4", "slots 3 and 9".
func sortcoopSlots(p *msg.Catalogue, d games.Description) string {
	switch len(d.Targets) {
	case 0:
		return p.T("two slots")
	case 1:
		return p.T("slot %s", d.Targets[0])
	}
	return p.T("slots %s", ui.AndList(p, d.Targets))
}

// sortcoopKinds are the words of its own action kinds.
var sortcoopKinds = ui.KindWords{
	"prefer": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if d.Secret || d.Choice == "" {
				return w.Tell(p, d.Seat, "You have chosen a preference", "%s has chosen a preference")
			}
			return sortcoopPref(p, w, d.Seat, d.Choice)
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			switch d.Choice {
			case "want":
				return p.T("I want to go first")
			case "neutral":
				return p.T("Either way")
			case "dont":
				return p.T("I'd rather not go first")
			}
			return p.T("Choose a preference")
		},
	},
	"place": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You place %[1]s on %[2]s", "%[1]s places %[2]s on %[3]s", ui.CardName(p, d.Cards[0]), sortcoopSlots(p, d))
			}
			return w.Tell(p, d.Seat, "You place a card face down on %s", "%s places a card face down on %s", sortcoopSlots(p, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Place %s on %s", ui.CardName(p, ui.First(d)), sortcoopSlots(p, d))
		},
	},
	"pass": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You pass this turn", "%s passes this turn")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Pass (once per game)") },
	},
	"propose": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You propose to swap the cards on %s", "%s proposes to swap the cards on %s", sortcoopSlots(p, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Propose to swap %s", sortcoopSlots(p, d))
		},
	},
	"accept": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You accept the swap of %s", "%s accepts the swap of %s", sortcoopSlots(p, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Accept the swap") },
	},
	"reject": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You reject the swap of %s", "%s rejects the swap of %s", sortcoopSlots(p, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Reject the swap") },
	},
	"withdraw": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You withdraw your proposal", "%s withdraws their proposal")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Withdraw my proposal") },
	},
	"done": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You want no more swaps", "%s wants no more swaps")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("No more swaps") },
	},
}

// sortcoopOutcomes are the words of its own outcomes.
var sortcoopOutcomes = ui.OutcomeWords{
	"reveal": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string {
		return p.T("Both preferences are shown")
	},
	"match": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string {
		return p.T("The board is turned face up")
	},
}

// sortcoopReveals are the words of its reveals.
var sortcoopReveals = ui.RevealWords{
	"prefer": func(p *msg.Catalogue, w ui.Words, r games.Reveal) string {
		if r.Seat == w.Me {
			return "" // the reader knows its own pick
		}
		return p.T("Revealed: %s", sortcoopPref(p, w, r.Seat, r.Choice))
	},
	// The view that follows shows the board.
	"board": func(p *msg.Catalogue, _ ui.Words, _ games.Reveal) string { return "" },
}

// sortcoopReasons are the words of its heuristic's reasons, said after a hint's move.
var sortcoopReasons = ui.HintReasons{
	{Reason: sortcoop.LowFirst, Words: msg.Later("It matches your hand: low cards want to go early.")},
	{Reason: sortcoop.NearTarget, Words: msg.Later("This card fits best where it should end up among all the cards.")},
	{Reason: sortcoop.SwapKeeps, Words: msg.Later("The swap keeps your cards in order and near their places.")},
	{Reason: sortcoop.SwapHurts, Words: msg.Later("The swap would break your order or move a card away from its place.")},
	{Reason: sortcoop.SwapGains, Words: msg.Later("This swap brings your cards at least two slots nearer their places.")},
	{Reason: sortcoop.NoSwapGains, Words: msg.Later("No swap brings your cards two slots nearer: you are done.")},
}
