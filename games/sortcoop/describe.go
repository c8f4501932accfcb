package sortcoop

import (
	"strconv"

	"cardtable/games"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindAccept    = "accept"
	KindBoard     = "board"
	KindDone      = "done"
	KindPlace     = "place"
	KindPrefer    = "prefer"
	KindPropose   = "propose"
	KindReject    = "reject"
	KindWithdraw  = "withdraw"
	OutcomeReveal = "reveal"
)

// Describe is action a of actor as viewer may know it (games.State),
// asked before a is applied; the package doc lists the kinds, outcomes and
// what is named to whom. It names only what viewer knows before the action
// or the action itself shows: a card placed face down is named to its
// owner alone, a first pick is secret to all but its maker, and what an
// action reveals that viewer did not know (the partner's pick, the
// partner's cards at the reveal) is shown by the view that follows.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	god := viewer == games.God
	verb, x, y := decode(a)
	if a == games.Timeout {
		d.Kind = games.KindTimeout
		return d
	}
	switch verb {
	case verbPrefer:
		d.Kind = KindPrefer
		if actor < 0 || actor > 1 {
			break
		}
		completes := s.picks[1-actor] != NoPref
		if god || viewer == actor || completes {
			d.Choice = Pref(x).String()
		} else {
			d.Secret = true
		}
		if completes {
			d.Outcome = OutcomeReveal
			if god || viewer == 1-actor {
				d.Reveals = []games.Reveal{{Seat: 1 - actor, Kind: KindPrefer, Choice: s.picks[1-actor].String()}}
			}
		}
		return d
	case verbPlace:
		d.Kind = KindPlace
		if god || viewer == actor {
			d.Cards = []string{Card(x).String()}
		} else {
			d.Hidden = 1
		}
		d.Targets = []string{slotName(y)}
	case verbPass:
		d.Kind = games.KindPass
	case verbPropose:
		d.Kind = KindPropose
		d.Targets = []string{slotName(x), slotName(y)}
	case verbAccept, verbReject, verbWithdraw:
		d.Kind = [...]string{verbAccept: KindAccept, verbReject: KindReject, verbWithdraw: KindWithdraw}[verb]
		if !s.hasPend {
			break
		}
		p := s.pending
		d.Targets = []string{slotName(int(p.a)), slotName(int(p.b))}
		if verb != verbAccept {
			break
		}
		for _, sl := range [2]uint8{p.a, p.b} {
			if c := s.board[sl]; c >= 0 && (god || games.Seat(s.owner[sl]) == viewer) {
				d.Cards = append(d.Cards, Card(c).String())
			} else {
				d.Hidden++
			}
		}
	case verbDone:
		d.Kind = KindDone
	default:
		d.Kind = games.KindUnknown
		return d
	}
	c := *s
	if c.phase == phaseDone || c.Apply(actor, a) != nil || c.phase != phaseDone {
		return d
	}
	// The action ends the match: the board is turned face up.
	d.Outcome = games.OutcomeMatch
	if w := c.Result().Winners; god && len(w) > 0 {
		d.Winners = w // the players cannot know it before the cards show
	}
	for p := range games.Seat(2) {
		if !god && viewer != p {
			continue // the view that follows shows them
		}
		r := games.Reveal{Seat: p, Kind: KindBoard}
		for i := range c.board {
			if c.board[i] >= 0 && games.Seat(c.owner[i]) == p {
				r.Cards = append(r.Cards, Card(c.board[i]).String())
			}
		}
		d.Reveals = append(d.Reveals, r)
	}
	return d
}

func slotName(i int) string { return strconv.Itoa(i + 1) }
