package ui

import (
	"cardtable/games"
	"cardtable/msg"
)

// HintReasons are the words of heuristic reasons (games.Reason): one
// sentence each, said after a hint's move. A list rather than a map: its
// literal is data in app.wasm, where a map's is code that fills it.
type HintReasons []HintReason

// HintReason is one reason and its words.
type HintReason struct {
	Reason games.Reason
	Words  msg.Key
}

// words finds r's words.
func (rs HintReasons) words(r games.Reason) (msg.Key, bool) {
	for _, x := range rs {
		if x.Reason == r {
			return x.Words, true
		}
	}
	return "", false
}

// trickReasons are the words of the reasons the trick games share.
var trickReasons = HintReasons{
	{games.WinCheaply, msg.Later("The lowest card that still wins the trick.")},
	{games.DuckUnder, msg.Later("The highest card that stays under the trick's best card.")},
	{games.ShedHighest, msg.Later("You cannot follow suit: get rid of your highest card.")},
	{games.ThrowLowest, msg.Later("You cannot win this trick: throw your lowest card.")},
	{games.LeadWinner, msg.Later("The highest card left in its suit: it wins unless it is trumped.")},
	{games.LeadLow, msg.Later("Lead low in a suit where the others still hold higher cards.")},
	{games.WeighTrick, msg.Later("The best balance of the chance to take the trick, the points in it, and what the card is worth kept for later.")},
}

// ReasonOf is reason r said in the game's words (its own, else those the
// trick games share), "" for none.
func (g Game) ReasonOf(p *msg.Catalogue, r games.Reason) string {
	if r == "" {
		return ""
	}
	if k, ok := g.Reasons.words(r); ok {
		return k.Say(p)
	}
	if k, ok := trickReasons.words(r); ok {
		return k.Say(p)
	}
	return ""
}
