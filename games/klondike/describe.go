package klondike

import (
	"strconv"

	"cardtable/games"
	"cardtable/games/cards"
)

// The kinds and outcomes of this game's own descriptions
// (games.Description); the shared ones are games.KindPlay, … and
// games.OutcomeTrick, …. The UI switches on them.
const (
	KindAuto       = "auto"
	KindDeal       = "deal"
	KindFlip       = "flip"
	KindMove       = "move"
	KindTime       = "time"
	OutcomeFlip    = "flip"
	OutcomeRecycle = "recycle"
)

// Describe is action a of actor as viewer may know it (games.State),
// asked before a is applied. The package doc lists the kinds and outcomes.
// It names only cards the viewer sees before the action (the face-up cards,
// the waste, the foundations, a recycled stock): what a draw turns up from a
// stock never seen and the card a move uncovers are shown by the view that
// follows, and named here to god only.
func (s *State) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	d := games.Description{Seat: actor}
	god := viewer == games.God
	switch {
	case a == games.Timeout:
		d.Kind = games.KindTimeout
	case a&^maxTime == actTime:
		d.Kind = KindTime
		d.Choice = strconv.Itoa(int(a - actTime))
	case a == actDraw:
		d.Kind = games.KindDraw
		if s.nStock == 0 {
			d.Outcome = OutcomeRecycle
			break
		}
		n := min(s.drawCount, s.nStock)
		if god || s.recycles > 0 {
			for k := range n {
				d.Cards = append(d.Cards, s.stock[s.nStock-1-k].String())
			}
		} else {
			d.Hidden = int(n)
		}
	case a == actEnd:
		d.Kind = games.KindEnd
		d.Outcome = games.OutcomeMatch
		c := *s
		c.phase = phaseDone
		d.Winners = c.Result().Winners
	case a == actDeal:
		d.Kind = KindDeal
		if s.phase == phasePlay {
			d.Outcome = games.OutcomeRound // the game being played is given up
		}
	case a == actAuto:
		d.Kind = KindAuto
		if !s.canAuto() {
			break
		}
		c := *s
		for c.phase == phasePlay {
			before := c.found
			c.autoStep()
			for su := range 4 {
				if c.found[su] > before[su] {
					d.Cards = append(d.Cards, cardOf(c.found[su], cards.Suit(su)).String())
				}
			}
		}
		s.describeEnd(&c, &d)
	case a&^(1<<24-1) == actMove:
		d.Kind = KindMove
		s.describeMove(god, a, &d)
	default:
		d.Kind = games.KindUnknown
	}
	return d
}

// describeMove fills in a move: the cards that move (bottom first), the
// source and destination, and what follows.
func (s *State) describeMove(god bool, a games.Action, d *games.Description) {
	src, dst, count := int(a>>16&0xff), int(a>>8&0xff), int(a&0xff)
	if src > srcFound+3 || dst > dstFound || count < 1 || count > maxColumn {
		return
	}
	switch {
	case src < numCols:
		col := &s.cols[src]
		d.Targets = append(d.Targets, colName(src))
		if count <= int(col.n-col.down) {
			for _, c := range col.cards[col.n-int8(count) : col.n] {
				d.Cards = append(d.Cards, c.String())
			}
		}
	case src == srcWaste:
		d.Targets = append(d.Targets, "w")
		if s.nWaste > 0 {
			d.Cards = append(d.Cards, s.waste[s.nWaste-1].String())
		}
	default:
		su := src - srcFound
		d.Targets = append(d.Targets, "f"+cards.Suit(su).String())
		if s.found[su] > 0 {
			d.Cards = append(d.Cards, cardOf(s.found[su], cards.Suit(su)).String())
		}
	}
	c := *s
	if c.move(src, dst, count) != nil {
		d.Targets = append(d.Targets, "?")
		return
	}
	if dst == dstFound {
		// The foundation of the card that moved.
		su := 0
		for k := range 4 {
			if c.found[k] > s.found[k] {
				su = k
			}
		}
		d.Targets = append(d.Targets, "f"+cards.Suit(su).String())
	} else {
		d.Targets = append(d.Targets, colName(dst))
	}
	if src < numCols && c.cols[src].down < s.cols[src].down {
		d.Outcome = OutcomeFlip
		if god {
			col := &c.cols[src]
			d.Reveals = []games.Reveal{{Seat: 0, Kind: KindFlip, Cards: []string{col.top().String()}}}
		}
	}
	s.describeEnd(&c, d)
}

// describeEnd sets the outcome of an action that wins the game: "match"
// when it ends the match, "round" when a vegasCumulative series goes on.
func (s *State) describeEnd(after *State, d *games.Description) {
	if !after.won || s.won {
		return
	}
	d.Outcome = games.OutcomeRound
	if after.phase == phaseDone {
		d.Outcome = games.OutcomeMatch
	}
	d.Winners = []games.Seat{0}
}
