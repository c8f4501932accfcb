package papas

import (
	"strconv"

	"cardtable/games"
	"cardtable/games/papas"
	"cardtable/msg"
	"cardtable/ui"
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
func papasAgainst(p *msg.Catalogue, w ui.Words, d games.Description) string {
	s, ok := papasTarget(d)
	if !ok {
		return ""
	}
	if s == w.Me {
		return p.T("you")
	}
	return w.Name(p, s)
}

// papasCards names a play's cards, and whom it is against when it says.
func papasCards(p *msg.Catalogue, w ui.Words, d games.Description) string {
	if t := papasAgainst(p, w, d); t != "" {
		return p.T("%s against %s", ui.CardList(p, d.Cards), t)
	}
	return ui.CardList(p, d.Cards)
}

// papasKinds are the words of its own action kinds.
var papasKinds = ui.KindWords{
	"play": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You play %s", "%s plays %s", papasCards(p, w, d))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Play %s", papasCards(p, w, d))
		},
	},
	"three": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You play %[1]s: %[2]s", "%[1]s plays %[2]s: %[3]s", papasThree(p, d), ui.CardList(p, d.Cards))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Play %s: %s", papasThree(p, d), ui.CardList(p, d.Cards))
		},
	},
	"interrupt": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if t := papasAgainst(p, w, d); t != "" {
				return w.Tell(p, d.Seat, "You answer %[1]s with %[2]s", "%[1]s answers %[2]s with %[3]s", t, ui.CardList(p, d.Cards))
			}
			return w.Tell(p, d.Seat, "You interrupt with %s", "%s interrupts with %s", ui.CardList(p, d.Cards))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if t := papasAgainst(p, w, d); t != "" {
				return p.T("Answer %s with %s", t, ui.CardList(p, d.Cards))
			}
			return p.T("Interrupt with %s", ui.CardList(p, d.Cards))
		},
	},
	"redraw": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			drawn := ui.CountCards(p, max(d.Hidden, 0))
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You discard %[1]s and draw %[2]s", "%[1]s discards %[2]s and draws %[3]s", ui.CardList(p, d.Cards), drawn)
			}
			return w.Tell(p, d.Seat, "You discard your only card and draw %s", "%s discards their only card and draws %s", drawn)
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Discard my card and draw 3")
		},
	},
	"end": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if d.Hidden > 0 {
				return w.Tell(p, d.Seat, "You end your turn and draw %s", "%s ends their turn and draws %s", ui.CountCards(p, d.Hidden))
			}
			return w.Tell(p, d.Seat, "You end your turn", "%s ends their turn")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("End my turn") },
	},
	"discard": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You discard %s", "%s discards %s", ui.CardList(p, d.Cards))
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Discard %s", ui.CardList(p, d.Cards))
		},
	},
	"zombie": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			who := games.System
			if s, ok := papasTarget(d); ok {
				who = s
			}
			if d.Choice == "off" {
				return w.Tell(p, who, "You are back at the table", "%s is back at the table")
			}
			return w.Tell(p, who, "You are away: the game plays for you", "%s is away: the game plays for them")
		},
	},
	"timeout": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return papasVerdict(p, w, d) },
	},
}

// papasOutcomes are the words of its own outcomes.
var papasOutcomes = ui.OutcomeWords{
	"window": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" },
	"turn":   func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" },
	"discard": func(p *msg.Catalogue, w ui.Words, d games.Description) string {
		return w.Tell(p, d.Seat, "You must discard down to the hand limit", "%s must discard down to the hand limit")
	},
	// The timeout's own words tell the verdict.
	"resolved":  func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" },
	"cancelled": func(p *msg.Catalogue, _ ui.Words, _ games.Description) string { return "" },
}

// papasVerdict tells a reaction window passing: whether its main play
// stands. It says "No more answers", not "Time is up": in a lesson and at a
// pass-and-play table a window closes when everyone was asked, on no clock.
func papasVerdict(p *msg.Catalogue, w ui.Words, d games.Description) string {
	if len(d.Cards) == 0 {
		return p.T("No more answers")
	}
	cards := papasCards(p, w, d)
	byWinner := d.Outcome == d.Choice && len(d.Winners) == 1 // not the match's winners
	switch d.Choice {
	case "resolved":
		if byWinner {
			return w.Tell(p, d.Winners[0], "No more answers: your play of %[1]s stands", "No more answers: %[1]s's play of %[2]s stands", cards)
		}
		return p.T("No more answers: the play of %s stands", cards)
	case "cancelled":
		if byWinner {
			return w.Tell(p, d.Winners[0], "No more answers: the play of %[1]s is cancelled, you had the last word",
				"No more answers: the play of %[2]s is cancelled, %[1]s had the last word", cards)
		}
		return p.T("No more answers: the play of %s is cancelled", cards)
	}
	return p.T("No more answers")
}

// papasThree names a threesome by what it is made of.
func papasThree(p *msg.Catalogue, d games.Description) string {
	switch d.Choice {
	case "type":
		return p.T("a threesome of one name")
	case "value":
		return p.T("a threesome of one value")
	}
	return p.T("a threesome")
}

// papasReasons are the words of its heuristic's reasons, said after a hint's move.
var papasReasons = ui.HintReasons{
	{Reason: papas.Interrupt, Words: msg.Later("Answer now: it saves your own play or stops a threesome or a golden card.")},
	{Reason: papas.LetItRun, Words: msg.Later("No answer is worth a card here: let the window run out.")},
	{Reason: papas.BestThree, Words: msg.Later("The threesome worth the most.")},
	{Reason: papas.PlayGolden, Words: msg.Later("Papa Dorada, or Robo against the richest opponent, is worth playing at once.")},
	{Reason: papas.EndTurn, Words: msg.Later("You have played a card this turn: end it.")},
	{Reason: papas.Redraw, Words: msg.Later("Only one card at the start of your turn: swap it for three new ones.")},
	{Reason: papas.LeastUseful, Words: msg.Later("The card least likely to join a threesome.")},
}
