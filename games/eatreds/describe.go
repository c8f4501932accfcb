package eatreds

import "cardtable/games"

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindStock      = "stock"
	KindTake       = "take"
	OutcomeCapture = "capture"
)

// Describe is action a of seat actor as viewer may know it
// (games.State), asked before a is applied; the package doc lists the
// kinds and outcomes. Every card of Eat Reds is exposed face up, so the
// hand card and what it captures are named to every viewer. The stock card
// that a `play` then turns is not known before it is turned: it is counted
// in Hidden (the view that follows shows it and what it did) and named to
// god alone, in Reveals.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	if a == games.Timeout {
		d.Kind = games.KindTimeout
		return d
	}
	k, h, y := decode(a)
	switch k {
	case actBad:
		d.Kind = games.KindUnknown
		return d
	case actTake:
		d.Kind = KindTake
		d.Cards = []string{s.pending.String()}
		d.Targets = []string{y.String()}
	default:
		d.Kind = games.KindPlay
		d.Cards = []string{h.String()}
		switch k {
		case actPair:
			d.Targets = []string{y.String()}
		case actTriple:
			d.Targets = (s.layout & rankSet(s.triple)).Strings()
		}
		if int(s.stockPos) < stockSize {
			if viewer == games.God {
				d.Reveals = []games.Reveal{{Seat: actor, Kind: KindStock, Cards: []string{s.stock[s.stockPos].String()}}}
			} else {
				d.Hidden = 1
			}
		}
	}
	if len(d.Targets) > 0 {
		d.Outcome, d.Winners = OutcomeCapture, []games.Seat{actor}
	}
	if s.phase == phaseDone || actor != games.Seat(s.turn) || s.check(a) != nil {
		return d
	}
	// The deal ends with the last turn: its stock card is then the one card
	// the viewer has not seen besides the hand card played, so the end and
	// its scores follow from what the viewer knows.
	after := *s
	_ = after.Apply(actor, a) // legal: checked just above
	switch {
	case after.phase == phaseDone:
		d.Outcome, d.Winners = games.OutcomeMatch, after.winners()
	case after.dealsDone > s.dealsDone:
		d.Outcome, d.Winners = games.OutcomeRound, games.TopScorers(after.lastPoints[:s.players])
	}
	return d
}
