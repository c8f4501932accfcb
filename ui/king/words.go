package king

import (
	"cardtable/games"
	"cardtable/games/king"
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

// kingReasons are the words of its heuristic's reasons, said after a hint's move.
var kingReasons = ui.HintReasons{
	{Reason: king.NameTrump, Words: msg.Later("Your longest, strongest suit makes the best trump.")},
	{Reason: king.TakeItHigh, Words: msg.Later("You take this trick anyway: shed your highest card.")},
	{Reason: king.ThrowPunished, Words: msg.Later("You cannot follow suit: throw a card this round punishes.")},
}
