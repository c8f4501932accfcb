package main

import (
	"slices"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// whyNot says in words why the local seat may not play card now, for a tap
// on a card of the hand that no legal move plays. The engine decides: a
// state consistent with the seat's view is dealt (what a seat may do with
// its own cards depends only on what it knows, so any such state answers
// the same) and the engine's Apply refuses the card with its reason
// (games.WhyNot).
func whyNot(p *msg.Catalogue, e games.Entry, sess rtc.Session, legal []rtc.Move, card string) string {
	snap := sess.Snapshot()
	switch {
	case snap.Done:
		return p.T("The match is over.")
	case len(legal) == 0:
		return p.T("It is not your turn: wait for the others.")
	}
	var verbs []string
	for _, mv := range legal {
		if len(mv.Desc.Cards) > 0 && !slices.Contains(verbs, mv.Desc.Kind) {
			verbs = append(verbs, mv.Desc.Kind)
		}
	}
	if len(verbs) == 0 {
		return p.T("No card is played now: choose one of the actions offered.")
	}
	rec := sess.Record()
	if rec == nil || snap.View == nil {
		return p.T("That card cannot be played now.")
	}
	turn := bots.NewTurn(e, rec.Config(), sess.Seat(), snap.View, nil, 0)
	sm, err := turn.Sampler()
	if err != nil {
		return p.T("That card cannot be played now.")
	}
	s := sm.Sample(games.NewRand(1))
	if err := games.WhyNot(s, sess.Seat(), card, verbs); err != nil {
		return ui.Refusal(p, err)
	}
	return p.T("That card cannot be played now.")
}
