package mindikot

import (
	"cardtable/games"
	"cardtable/games/mindikot"
	"cardtable/msg"
	"cardtable/ui"
)

// Mindikot: the words of its actions (its package doc lists the kinds and
// outcomes).

// mindikotKinds are the words of its own action kinds.
var mindikotKinds = ui.KindWords{
	"hide": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			if len(d.Cards) > 0 {
				return w.Tell(p, d.Seat, "You set %s aside as the hidden trump", "%s sets %s aside as the hidden trump", ui.CardName(p, d.Cards[0]))
			}
			return w.Tell(p, d.Seat, "You set a card aside face down: its suit is the hidden trump",
				"%s sets a card aside face down: its suit is the hidden trump")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Set %s aside as the hidden trump", ui.CardName(p, ui.First(d)))
		},
		FaceDown: true,
	},
	"reveal": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You ask for the hidden trump to be shown", "%s asks for the hidden trump to be shown")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string { return p.T("Reveal the hidden trump") },
	},
	"pass": {
		Told: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You play on without revealing the trump", "%s plays on without revealing the trump")
		},
		Offer: func(p *msg.Catalogue, w ui.Words, d games.Description) string {
			return p.T("Pass: play without revealing the trump")
		},
	},
}

// mindikotOutcomes are the words of its own outcomes.
var mindikotOutcomes = ui.OutcomeWords{
	"round": func(p *msg.Catalogue, w ui.Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("The round is over: it is a draw")
		}
		return w.Winners(p, d.Winners, "The round is over: you win it", "The round is over: %s wins it", "The round is over: %s win it")
	},
}

// mindikotReasons are the words of its heuristic's reasons, said after a hint's move.
var mindikotReasons = ui.HintReasons{
	{Reason: mindikot.HideLow, Words: msg.Later("Set aside a low card of your longest, strongest suit: it becomes trump when revealed.")},
	{Reason: mindikot.RevealPays, Words: msg.Later("The trumps you would then play are worth the reveal.")},
	{Reason: mindikot.PassNoPay, Words: msg.Later("Revealing the trump would not pay here.")},
}
