package main

import (
	"strconv"
	"strings"

	"cardtable/games"
)

// Donde Las Papas Queman: the words of its actions (its package doc lists the kinds and
// outcomes).

// papasAgainst says a Robo de Papa's or an interrupt's target seat.
func papasAgainst(w words, d games.Description) string {
	if len(d.Targets) == 0 {
		return ""
	}
	n, err := strconv.Atoi(d.Targets[0])
	if err != nil {
		return ""
	}
	return " against " + w.objectName(games.Seat(n))
}

func init() {
	gameKinds["papas"] = kindWords{
		"play": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "play", "plays") + " " + cardList(d.Cards) + papasAgainst(w, d)
			},
			offer: func(w words, d games.Description) string { return "play " + cardList(d.Cards) + papasAgainst(w, d) },
		},
		"three": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "play", "plays") + " " + papasThree(d) + ": " + cardList(d.Cards)
			},
			offer: func(w words, d games.Description) string { return "play " + papasThree(d) + ": " + cardList(d.Cards) },
		},
		"interrupt": {
			told: func(w words, d games.Description) string {
				if against := papasAgainst(w, d); against != "" {
					return w.subject(d.Seat, "answer", "answers") + " " + strings.TrimPrefix(against, " against ") + " with " + cardList(d.Cards)
				}
				return w.subject(d.Seat, "interrupt", "interrupts") + " with " + cardList(d.Cards)
			},
			offer: func(w words, d games.Description) string {
				if against := papasAgainst(w, d); against != "" {
					return "answer " + strings.TrimPrefix(against, " against ") + " with " + cardList(d.Cards)
				}
				return "interrupt with " + cardList(d.Cards)
			},
		},
		"redraw": {
			told: func(w words, d games.Description) string {
				s := w.subject(d.Seat, "discard", "discards") + " " + w.their(d.Seat) + " only card"
				if len(d.Cards) > 0 {
					s = w.subject(d.Seat, "discard", "discards") + " " + cardList(d.Cards)
				}
				return s + " and " + w.verb(d.Seat, "draw", "draws") + " " + countCards(max(d.Hidden, 0))
			},
			offer: func(w words, d games.Description) string { return "discard my card and draw 3" },
		},
		"end": {
			told: func(w words, d games.Description) string {
				s := w.subject(d.Seat, "end", "ends") + " " + w.their(d.Seat) + " turn"
				if d.Hidden > 0 {
					s += " and " + w.verb(d.Seat, "draw", "draws") + " " + countCards(d.Hidden)
				}
				return s
			},
			offer: func(w words, d games.Description) string { return "end my turn" },
		},
		"discard": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "discard", "discards") + " " + cardList(d.Cards)
			},
			offer: func(w words, d games.Description) string { return "discard " + cardList(d.Cards) },
		},
		"zombie": {
			told: func(w words, d games.Description) string {
				who := games.System
				if len(d.Targets) > 0 {
					if n, err := strconv.Atoi(d.Targets[0]); err == nil {
						who = games.Seat(n)
					}
				}
				if d.Choice == "off" {
					return w.subject(who, "are", "is") + " back at the table"
				}
				return w.subject(who, "are", "is") + " away: the game plays for " + map[bool]string{true: "you", false: "them"}[who == w.me]
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
			return w.subject(d.Seat, "must", "must") + " discard down to the hand limit"
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
		return "Time is up"
	}
	play := "the play of " + cardList(d.Cards) + papasAgainst(w, d)
	byWinner := d.Outcome == d.Choice && len(d.Winners) == 1 // not the match's winners
	switch d.Choice {
	case "resolved":
		if byWinner {
			play = w.possessive(d.Winners[0]) + " play of " + cardList(d.Cards) + papasAgainst(w, d)
		}
		return "Time is up: " + play + " stands"
	case "cancelled":
		s := "Time is up: " + play + " is cancelled"
		if byWinner {
			s += ", " + w.objectName(d.Winners[0]) + " had the last word"
		}
		return s
	}
	return "Time is up"
}

// papasThree names a threesome by what it is made of.
func papasThree(d games.Description) string {
	switch d.Choice {
	case "type":
		return "a threesome of one name"
	case "value":
		return "a threesome of one value"
	}
	return "a threesome"
}
