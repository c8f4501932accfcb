package main

import (
	"strconv"

	"cardtable/games"
	"cardtable/msg"
)

// Donde Las Papas Queman: the words of its actions (its package doc lists the kinds and
// outcomes).

// papasTarget is a Robo de Papa's or an interrupt's target seat; ok is
// false when the action names none.
func papasTarget(d games.Description) (games.Seat, bool) {
	if len(d.Targets) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(d.Targets[0])
	if err != nil {
		return 0, false
	}
	return games.Seat(n), true
}

// papasAgainst is what a play is aimed at: "you", "East"; "" for none.
func papasAgainst(w words, d games.Description) string {
	s, ok := papasTarget(d)
	if !ok {
		return ""
	}
	if s == w.me {
		return msg.T("you")
	}
	return w.name(s)
}

// papasCards names a play's cards, and whom it is against when it says.
func papasCards(w words, d games.Description) string {
	if t := papasAgainst(w, d); t != "" {
		return msg.T("%s against %s", cardList(d.Cards), t)
	}
	return cardList(d.Cards)
}

func init() {
	gameKinds["papas"] = kindWords{
		"play": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You play %s", "%s plays %s", papasCards(w, d))
			},
			offer: func(w words, d games.Description) string { return msg.T("Play %s", papasCards(w, d)) },
		},
		"three": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You play %[1]s: %[2]s", "%[1]s plays %[2]s: %[3]s", papasThree(d), cardList(d.Cards))
			},
			offer: func(w words, d games.Description) string {
				return msg.T("Play %s: %s", papasThree(d), cardList(d.Cards))
			},
		},
		"interrupt": {
			told: func(w words, d games.Description) string {
				if t := papasAgainst(w, d); t != "" {
					return w.who(d.Seat, "You answer %[1]s with %[2]s", "%[1]s answers %[2]s with %[3]s", t, cardList(d.Cards))
				}
				return w.who(d.Seat, "You interrupt with %s", "%s interrupts with %s", cardList(d.Cards))
			},
			offer: func(w words, d games.Description) string {
				if t := papasAgainst(w, d); t != "" {
					return msg.T("Answer %s with %s", t, cardList(d.Cards))
				}
				return msg.T("Interrupt with %s", cardList(d.Cards))
			},
		},
		"redraw": {
			told: func(w words, d games.Description) string {
				drawn := countCards(max(d.Hidden, 0))
				if len(d.Cards) > 0 {
					return w.who(d.Seat, "You discard %[1]s and draw %[2]s", "%[1]s discards %[2]s and draws %[3]s", cardList(d.Cards), drawn)
				}
				return w.who(d.Seat, "You discard your only card and draw %s", "%s discards their only card and draws %s", drawn)
			},
			offer: func(w words, d games.Description) string { return msg.T("Discard my card and draw 3") },
		},
		"end": {
			told: func(w words, d games.Description) string {
				if d.Hidden > 0 {
					return w.who(d.Seat, "You end your turn and draw %s", "%s ends their turn and draws %s", countCards(d.Hidden))
				}
				return w.who(d.Seat, "You end your turn", "%s ends their turn")
			},
			offer: func(w words, d games.Description) string { return msg.T("End my turn") },
		},
		"discard": {
			told: func(w words, d games.Description) string {
				return w.who(d.Seat, "You discard %s", "%s discards %s", cardList(d.Cards))
			},
			offer: func(w words, d games.Description) string { return msg.T("Discard %s", cardList(d.Cards)) },
		},
		"zombie": {
			told: func(w words, d games.Description) string {
				who := games.System
				if s, ok := papasTarget(d); ok {
					who = s
				}
				if d.Choice == "off" {
					return w.who(who, "You are back at the table", "%s is back at the table")
				}
				return w.who(who, "You are away: the game plays for you", "%s is away: the game plays for them")
			},
		},
		"timeout": {
			told: func(w words, d games.Description) string { return papasVerdict(w, d) },
		},
	}
	gameOutcomes["papas"] = outcomeWords{
		"window": func(words, games.Description) string { return "" },
		"turn":   func(words, games.Description) string { return "" },
		"discard": func(w words, d games.Description) string {
			return w.who(d.Seat, "You must discard down to the hand limit", "%s must discard down to the hand limit")
		},
		// The timeout's own words tell the verdict.
		"resolved":  func(words, games.Description) string { return "" },
		"cancelled": func(words, games.Description) string { return "" },
	}
}

// papasVerdict tells a reaction window passing: whether its main play
// stands.
func papasVerdict(w words, d games.Description) string {
	if len(d.Cards) == 0 {
		return msg.T("Time is up")
	}
	cards := papasCards(w, d)
	byWinner := d.Outcome == d.Choice && len(d.Winners) == 1 // not the match's winners
	switch d.Choice {
	case "resolved":
		if byWinner {
			return w.who(d.Winners[0], "Time is up: your play of %[1]s stands", "Time is up: %[1]s's play of %[2]s stands", cards)
		}
		return msg.T("Time is up: the play of %s stands", cards)
	case "cancelled":
		if byWinner {
			return w.who(d.Winners[0], "Time is up: the play of %[1]s is cancelled, you had the last word",
				"Time is up: the play of %[2]s is cancelled, %[1]s had the last word", cards)
		}
		return msg.T("Time is up: the play of %s is cancelled", cards)
	}
	return msg.T("Time is up")
}

// papasThree names a threesome by what it is made of.
func papasThree(d games.Description) string {
	switch d.Choice {
	case "type":
		return msg.T("a threesome of one name")
	case "value":
		return msg.T("a threesome of one value")
	}
	return msg.T("a threesome")
}
