package papas

import (
	"strconv"

	"cardtable/games"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindDiscard    = "discard"
	KindInterrupt  = "interrupt"
	KindRedraw     = "redraw"
	KindThree      = "three"
	KindZombie     = "zombie"
	OutcomeDiscard = "discard"
	OutcomeTurn    = "turn"
	OutcomeWindow  = "window"
)

// Describe tells action a of seat actor as viewer may know it
// (games.State); the package doc lists the kinds and outcomes. Every
// card an action shows face up is named to everyone, since the action
// itself names it; the one exception is the card a redraw discards, which
// only its owner (and God) knows before it is discarded. Cards drawn from
// the deck are never named, only counted in Hidden: nobody knows them
// before they are drawn, and the drawer's next view shows them. What
// follows an action is told only as far as the table can tell it
// beforehand: the end of the turn and of the match, through the turns that
// play themselves (a seat with no cards draws three; a disconnected seat
// with one card redraws), never what a disconnected seat then chooses.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	if a == games.Timeout {
		d.Kind = games.KindTimeout
		s.describeTimeout(&d)
		return d
	}
	x := decode(a)
	if !x.ok {
		d.Kind = games.KindUnknown
		return d
	}
	p := int(actor)
	seat := p >= 0 && p < int(s.players)
	switch x.verb {
	case verbPlay:
		d.Kind = games.KindPlay
		d.Cards = []string{x.cards[0].String()}
		if x.target >= 0 {
			d.Targets = []string{strconv.Itoa(x.target)}
		}
		d.Outcome = OutcomeWindow
	case verbThree:
		d.Kind = KindThree
		d.Cards = []string{x.cards[0].String(), x.cards[1].String(), x.cards[2].String()}
		d.Choice = threeKind(x.cards)
		d.Outcome = OutcomeWindow
	case verbInterrupt:
		d.Kind = KindInterrupt
		d.Cards = []string{x.cards[0].String()}
		if s.phase == phaseWindow && s.chainLen > 0 {
			d.Targets = []string{strconv.Itoa(int(s.chain[s.chainLen-1].seat))}
		}
		d.Outcome = OutcomeWindow
	case verbRedraw:
		d.Kind = KindRedraw
		if !seat || s.handLen[p] == 0 {
			return d
		}
		if viewer == actor || viewer == games.God {
			d.Cards = []string{s.nthCard(p, 0).String()}
		}
		f := s.forecast()
		f.hand[p]--
		f.pile++
		d.Hidden = f.draw(p, 3)
		d.Outcome, d.Winners = f.over()
	case verbEnd:
		d.Kind = games.KindEnd
		if !seat {
			return d
		}
		f := s.forecast()
		d.Hidden, d.Outcome, d.Winners = f.endTurn()
	case verbDiscard:
		d.Kind = KindDiscard
		d.Cards = []string{x.cards[0].String()}
		if !seat || s.handLen[p] == 0 {
			return d
		}
		f := s.forecast()
		f.hand[p]--
		f.pile++
		if f.hand[p] <= int(s.handLimit) {
			d.Outcome, d.Winners = f.over()
		}
	case verbZombie:
		d.Kind = KindZombie
		d.Targets = []string{strconv.Itoa(x.target)}
		d.Choice = "off"
		if x.on {
			d.Choice = "on"
		}
	}
	return d
}

// threeKind is "type" for three potatoes of one name (wildcards
// completing them), "value" for three of one value.
func threeKind(cs [3]Card) string {
	name := -1
	for _, c := range cs {
		if c == Wild {
			continue
		}
		if name >= 0 && c.Name() != name {
			return "value"
		}
		name = c.Name()
	}
	return "type"
}

// describeTimeout tells the window's verdict: the main play, whether it
// resolved, and what follows at once.
func (s *State) describeTimeout(d *games.Description) {
	if s.phase != phaseWindow || s.chainLen == 0 {
		return
	}
	p0, top := s.chain[0], s.chain[s.chainLen-1]
	for _, c := range p0.cards[:p0.n] {
		d.Cards = append(d.Cards, c.String())
	}
	if p0.target >= 0 {
		d.Targets = []string{strconv.Itoa(int(p0.target))}
	}
	resolved := (s.chainLen-1)%2 == 0
	f := s.forecast()
	for _, l := range s.chain[:s.chainLen] {
		f.pile += int(l.n)
	}
	a := int(p0.seat)
	ends := s.zombie[s.active] // a disconnected active player ends its turn after the window
	if resolved {
		d.Choice, d.Winners = "resolved", []games.Seat{games.Seat(a)}
		switch {
		case p0.three:
			r, _ := threeReward(p0.cards[0], p0.cards[1], p0.cards[2])
			f.gp[a] += r
		case p0.cards[0] == Dorada:
			f.gp[a]++
		case p0.cards[0] == Robo && f.gp[p0.target] > 0:
			f.gp[p0.target]--
			f.gp[a]++
		}
		ends = ends || !p0.three && p0.cards[0].Alarm()
	} else {
		d.Choice, d.Winners = "cancelled", []games.Seat{games.Seat(top.seat)}
	}
	d.Outcome = d.Choice
	if ends {
		var outcome string
		var winners []games.Seat
		d.Hidden, outcome, winners = f.endTurn()
		if outcome == games.OutcomeMatch {
			d.Outcome, d.Winners = outcome, winners
		}
	}
}

// forecast follows the counts everyone sees (hand sizes, deck and discard
// pile, golden potatoes, turns) through the steps that play themselves, to
// tell what an action leads to without looking at a hidden card.
type forecast struct {
	s     *State
	hand  [MaxPlayers]int
	gp    [MaxPlayers]int
	deck  int
	pile  int
	turns int
	p     int // the active player
}

func (s *State) forecast() *forecast {
	f := &forecast{s: s, deck: int(s.deckLen), pile: int(s.discardLen), turns: int(s.turns), p: int(s.active)}
	for p := range int(s.players) {
		f.hand[p] = int(s.handLen[p])
		f.gp[p] = int(s.gp[p])
	}
	return f
}

// draw gives seat p up to k cards as State.draw does and returns how many.
func (f *forecast) draw(p, k int) int {
	n := 0
	for range k {
		if f.deck == 0 {
			if f.pile == 0 {
				break
			}
			f.deck, f.pile = f.pile, 0
		}
		f.deck--
		f.hand[p]++
		n++
	}
	return n
}

// endTurn is the active player's END: the cards it draws, and the outcome.
func (f *forecast) endTurn() (drawn int, outcome string, winners []games.Seat) {
	p := f.p
	drawn = f.draw(p, 1)
	if limit := int(f.s.handLimit); f.hand[p] > limit {
		if !f.s.zombie[p] {
			return drawn, OutcomeDiscard, nil
		}
		f.pile += f.hand[p] - limit
		f.hand[p] = limit
	}
	outcome, winners = f.over()
	return drawn, outcome, winners
}

// over follows the end of the active player's turn: the win check, the
// turn limit, and the next turns while they play themselves.
func (f *forecast) over() (string, []games.Seat) {
	s := f.s
	n := int(s.players)
	for range 4 * Standard113 {
		p := f.p
		if f.gp[p] >= int(s.target) {
			return games.OutcomeMatch, []games.Seat{games.Seat(p)}
		}
		f.turns++
		if s.turnLimit > 0 && f.turns >= int(s.turnLimit) {
			return games.OutcomeMatch, games.TopScorers(f.gp[:n])
		}
		p = (p + 1) % n
		f.p = p
		switch {
		case f.hand[p] == 0:
			f.draw(p, 3)
		case s.zombie[p] && f.hand[p] == 1:
			f.hand[p] = 0
			f.pile++
			f.draw(p, 3)
		default:
			return OutcomeTurn, nil
		}
	}
	return OutcomeTurn, nil
}
