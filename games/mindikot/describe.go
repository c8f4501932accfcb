package mindikot

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindHidden = "hidden"
	KindHide   = "hide"
	KindReveal = "reveal"
)

// Describe tells action a of seat actor as viewer may know it
// (games.State); the package doc lists the kinds and outcomes. Only the
// hidden card is secret: `hide` names it to its owner (and God) alone, and
// the actions that make it known say so in Reveals.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	switch {
	case a == games.Timeout:
		d.Kind = games.KindTimeout
	case a == actPass:
		d.Kind = games.KindPass
	case a == actReveal:
		d.Kind = KindReveal
		if s.hidState == hidAside || s.hidState == hidJoined {
			r := games.Reveal{Seat: games.Seat(s.hidOwner), Kind: KindHidden}
			if s.knowsHidden(viewer) {
				r.Cards = []string{s.hidden.String()}
			}
			d.Reveals = []games.Reveal{r}
		}
	case a >= actHide && a < actHide+cards.NumCards:
		d.Kind = KindHide
		if viewer == actor || viewer == games.God {
			d.Cards = []string{cards.Card(a - actHide).String()}
		} else {
			d.Secret, d.Hidden = true, 1
		}
	case a < cards.NumCards:
		s.describePlay(&d, actor, cards.Card(a))
	default:
		d.Kind = games.KindUnknown
	}
	return d
}

// knowsHidden tells whether viewer knows the hidden card now.
func (s *State) knowsHidden(viewer games.Seat) bool {
	switch s.hidState {
	case hidNone:
		return false
	case hidRevealed, hidPlayed:
		return true
	}
	return viewer == games.God || int(viewer) == s.hidOwner
}

func (s *State) describePlay(d *games.Description, actor games.Seat, c cards.Card) {
	d.Kind = games.KindPlay
	d.Cards = []string{c.String()}
	if int(actor) != s.turn || s.phase != phasePlay || !s.hands[s.turn].Has(c) {
		return
	}
	if s.hidState == hidJoined && s.turn == s.hidOwner {
		// The owner's only card is the hidden one, played face up.
		d.Reveals = []games.Reveal{{Seat: actor, Kind: KindHidden, Cards: []string{c.String()}}}
	}
	if s.trickN < s.n-1 {
		return
	}
	// The last card of the trick: who takes it and what ends follow from
	// the cards on the table, the trump and the counts, all public.
	after := *s
	after.play(s.turn, c)
	switch {
	case after.phase == phaseOver:
		d.Outcome, d.Winners = games.OutcomeMatch, after.teamSeats(after.winTeam)
	case after.round != s.round:
		d.Outcome, d.Winners = games.OutcomeRound, after.teamSeats(after.lastRound.Team)
	default:
		d.Outcome, d.Winners = games.OutcomeTrick, []games.Seat{games.Seat(after.lastWinner)}
	}
}

// teamSeats lists the seats of team t (none for a drawn round, t = -1).
func (s *State) teamSeats(t int) []games.Seat {
	var out []games.Seat
	for p := range s.n {
		if t >= 0 && s.team(p) == t {
			out = append(out, games.Seat(p))
		}
	}
	return out
}
