package catte

import (
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindClaim    = "claim"
	KindFold     = "fold"
	KindFoldHand = "foldhand"
	KindSecret   = "secret"
	KindShow     = "show"
	KindSidePot  = "sidepot"
)

// Describe is action a of seat actor as viewer may know it once applied
// (games.State); it is asked before a is applied and reads only what
// viewer knows then, and a itself. The package doc lists the kinds and the
// outcomes.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor, Kind: verbOf(a)}
	if s.done || a == games.Timeout || actor < 0 || int(actor) >= s.n {
		return d
	}
	p := int8(actor)
	c := &s.c
	sees := func(q int8) bool { return viewer == games.God || int(viewer) == int(q) }
	switch {
	case a == actSidePot:
		// Taking the side pot shows that the seat was dealt its card.
		if s.hasUp {
			d.Cards = []string{s.sideCard.String()}
		}
		return d
	case p != c.turn || a == actClaim && !s.claimOn || a != actClaim && c.check(a) != nil:
		return d // not an action of the round for actor now
	case a == actClaim:
		if sees(p) {
			d.Cards = c.hands[p].Strings()
		}
	case a == actFoldHand:
		if sees(p) {
			d.Cards = c.hands[p].Strings()
		} else {
			d.Hidden = c.hands[p].Len()
		}
	case a < cards.NumCards:
		d.Cards = []string{cards.Card(a).String()}
	case a >= actFold && a < actFold+cards.NumCards:
		if sees(p) {
			d.Cards = []string{cards.Card(a - actFold).String()}
		} else {
			d.Hidden = 1
		}
	case a >= actSecret && a < actSecret+cards.NumCards:
		// The last face-down card of trick 5 is shown at once with the
		// others: the trick is complete.
		if sees(p) || c.active&^(c.acted|bit(p)) == 0 {
			d.Cards = []string{cards.Card(a - actSecret).String()}
		} else {
			d.Secret, d.Hidden = true, 1
		}
	default:
		return d
	}
	s.outcome(&d, viewer, p, a)
	return d
}

func verbOf(a games.Action) string {
	switch {
	case a < cards.NumCards:
		return games.KindPlay
	case a >= actFold && a < actFold+cards.NumCards:
		return KindFold
	case a >= actSecret && a < actSecret+cards.NumCards:
		return KindSecret
	case a == actFoldHand:
		return KindFoldHand
	case a == actClaim:
		return KindClaim
	case a == actSidePot:
		return KindSidePot
	case a == games.Timeout:
		return games.KindTimeout
	}
	return ""
}

// after is a copy of s with p's action a applied to the round only (the
// next round is not dealt); valid says how a claim is judged.
func (s *State) after(p int8, a games.Action, valid bool) *State {
	w := *s
	if a == actClaim {
		w.claimed(p, valid)
	} else {
		w.c.do(a)
	}
	return &w
}

// outcome fills what follows at once from p's action a, as far as viewer
// can know it before the action: a claim is judged on every hand, so only
// God knows at once whether it holds.
func (s *State) outcome(d *games.Description, viewer games.Seat, p int8, a games.Action) {
	if a != actClaim {
		s.settle(d, s.after(p, a, false), viewer, p, a)
		return
	}
	if viewer == games.God {
		s.settle(d, s.after(p, a, claimHolds(&s.c, p)), viewer, p, a)
		return
	}
	var x, y games.Description
	s.settle(&x, s.after(p, a, true), viewer, p, a)
	s.settle(&y, s.after(p, a, false), viewer, p, a)
	ends := func(o string) bool { return o == games.OutcomeRound || o == games.OutcomeMatch }
	switch {
	case x.Outcome == y.Outcome:
		d.Outcome = x.Outcome
		if slices.Equal(x.Winners, y.Winners) {
			d.Winners = x.Winners
		}
	case ends(x.Outcome) && ends(y.Outcome):
		d.Outcome = games.OutcomeRound
	}
}

// settle describes the state w that p's action a leads to: a trick taken,
// the round won (the match ended), and the cards the showdown turns up.
// Who wins a showdown depends on cards only God has seen: the others are
// told that the round ends (and the match, when it ends whoever wins).
func (s *State) settle(d *games.Description, w *State, viewer games.Seat, p int8, a games.Action) {
	c := &w.c
	if c.winner < 0 {
		if c.finished > s.c.finished {
			d.Outcome, d.Winners = games.OutcomeTrick, []games.Seat{games.Seat(c.hist[c.finished-1].winner)}
		}
		return
	}
	hidden := c.how == howTrick6 && viewer != games.God
	if c.how == howTrick6 {
		s.reveals(d, w, viewer, p, a)
	}
	cands := []int8{c.winner}
	if hidden {
		cands = cands[:0]
		for q := int8(0); q < c.n; q++ {
			if c.isActive(q) {
				cands = append(cands, q)
			}
		}
	}
	over := true
	var x State
	for _, q := range cands {
		x = *w
		x.c.winner = q
		x.finishRound()
		over = over && x.matchOver()
	}
	switch {
	case hidden && over:
		d.Outcome = games.OutcomeMatch
	case hidden:
		d.Outcome = games.OutcomeRound
	case over:
		d.Outcome = games.OutcomeMatch
		for _, q := range games.TopScorers(x.chips[:x.n]) {
			d.Winners = append(d.Winners, q)
		}
	default:
		d.Outcome, d.Winners = games.OutcomeRound, []games.Seat{games.Seat(c.winner)}
	}
}

// reveals lists what a trick 5 played face down and the showdown turn up:
// the earlier face-down cards of trick 5 in play order, then every
// survivor's last card by seat. The cards are named only where viewer has
// seen them (its own; God every one).
func (s *State) reveals(d *games.Description, w *State, viewer games.Seat, p int8, a games.Action) {
	sees := func(q int8) bool { return viewer == games.God || int(viewer) == int(q) }
	var shows []games.Reveal
	for _, t := range w.c.hist[s.c.finished:w.c.finished] {
		for _, pl := range t.plays[:t.n] {
			r := games.Reveal{Seat: games.Seat(pl.seat)}
			switch {
			case pl.kind == kindSecret && !(pl.seat == p && a >= actSecret):
				r.Kind = KindSecret
			case pl.kind == kindShow:
				r.Kind = KindShow
			default:
				continue
			}
			if sees(pl.seat) {
				r.Cards = []string{pl.card.String()}
			}
			if r.Kind == KindShow {
				shows = append(shows, r)
			} else {
				d.Reveals = append(d.Reveals, r)
			}
		}
	}
	// By seat, in place: a few cards (one per survivor), and a sort of
	// Reveals would cost app.wasm its own instance of the generic sort.
	for i := 1; i < len(shows); i++ {
		for j := i; j > 0 && shows[j].Seat < shows[j-1].Seat; j-- {
			shows[j], shows[j-1] = shows[j-1], shows[j]
		}
	}
	d.Reveals = append(d.Reveals, shows...)
}
