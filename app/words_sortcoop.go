package main

import "cardtable/games"

// Co-op Sort: the words of its actions (its package doc lists the kinds and
// outcomes).

// sortcoopPref says a seat's preference: "Bot 1 wants to go first".
func sortcoopPref(w words, s games.Seat, pick string) string {
	switch pick {
	case "want":
		return w.subject(s, "want", "wants") + " to go first"
	case "neutral":
		return w.subject(s, "don't", "doesn't") + " mind who goes first"
	case "dont":
		return w.subject(s, "would", "would") + " rather not go first"
	}
	return w.subject(s, "choose", "chooses") + " a preference"
}

// sortcoopSlots says a move's slots: "slot 4", "slots 3 and 9".
func sortcoopSlots(d games.Description) string {
	switch len(d.Targets) {
	case 0:
		return "two slots"
	case 1:
		return "slot " + d.Targets[0]
	}
	return "slots " + andList(d.Targets)
}

func init() {
	gameKinds["sortcoop"] = kindWords{
		"prefer": {
			told: func(w words, d games.Description) string {
				if d.Secret || d.Choice == "" {
					return w.subject(d.Seat, "have", "has") + " chosen a preference"
				}
				return sortcoopPref(w, d.Seat, d.Choice)
			},
			offer: func(w words, d games.Description) string {
				switch d.Choice {
				case "want":
					return "I want to go first"
				case "neutral":
					return "either way"
				case "dont":
					return "I'd rather not go first"
				}
				return "choose a preference"
			},
		},
		"place": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "place", "places") + " " + cardName(d.Cards[0]) + " on " + sortcoopSlots(d)
				}
				return w.subject(d.Seat, "place", "places") + " a card face down on " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string {
				return "place " + cardName(first(d)) + " on " + sortcoopSlots(d)
			},
		},
		"pass": {
			told:  func(w words, d games.Description) string { return w.subject(d.Seat, "pass", "passes") + " this turn" },
			offer: func(w words, d games.Description) string { return "pass (once per game)" },
		},
		"propose": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "propose", "proposes") + " to swap the cards on " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string { return "propose to swap " + sortcoopSlots(d) },
		},
		"accept": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "accept", "accepts") + " the swap of " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string { return "accept the swap" },
		},
		"reject": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "reject", "rejects") + " the swap of " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string { return "reject the swap" },
		},
		"withdraw": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "withdraw", "withdraws") + " " + w.their(d.Seat) + " proposal"
			},
			offer: func(w words, d games.Description) string { return "withdraw my proposal" },
		},
		"done": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "want", "wants") + " no more swaps"
			},
			offer: func(w words, d games.Description) string { return "no more swaps" },
		},
	}
	gameOutcomes["sortcoop"] = outcomeWords{
		"reveal": func(words, games.Description) string { return "Both preferences are shown" },
		"match":  func(words, games.Description) string { return "The board is turned face up" },
	}
	gameReveals["sortcoop"] = map[string]func(w words, r games.Reveal) string{
		"prefer": func(w words, r games.Reveal) string {
			if r.Seat == w.me {
				return "" // the reader knows its own pick
			}
			return "Revealed: " + sortcoopPref(w, r.Seat, r.Choice)
		},
		// The view that follows shows the board.
		"board": func(words, games.Reveal) string { return "" },
	}
}
