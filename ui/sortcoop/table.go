package sortcoop

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/sortcoop"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// Co-op Sort: the 15-slot board. Pick a hand card, then an empty slot; pick
// two filled slots to propose a swap. Accepted swaps stay drawn as arrows.
// The slots a move uses are its description's targets.

// readSortcoop decodes a session's view into its table.
func readSortcoop(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[sortcoop.View](v)
	if err != nil {
		return nil, err
	}
	return sortcoopView{x}, nil
}

type sortcoopView struct{ v *sortcoop.View }

// sortcoopPhase says a phase of the game.
func sortcoopPhase(p *msg.Catalogue, phase string) string {
	switch phase {
	case "prefer":
		return p.T("who goes first")
	case "place":
		return p.T("placing")
	case "swap":
		return p.T("last swaps")
	case "done":
		return p.T("revealed")
	}
	return ui.Humanize(phase)
}

// Verdict says the end: "Together you sorted 14 of 14 — you win!".
func Verdict(p *msg.Catalogue, in, on int, won bool) string {
	if won {
		return p.T("Together you sorted %d of %d — you win!", in, on)
	}
	return p.T("Together you sorted %d of %d — you lose.", in, on)
}

// slotsOf reads a move's slots (1-15) from its description.
func slotsOf(mv rtc.Move) []int {
	var out []int
	for _, t := range mv.Desc.Targets {
		if n, err := strconv.Atoi(t); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func (k sortcoopView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{BoardChoices: true}
	m.Stats = []components.Stat{{Label: p.T("Phase"), Value: sortcoopPhase(p, v.Phase)}}
	if v.First >= 0 && v.First < len(in.Names) {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("First"), Value: in.Names[v.First]})
	}
	if v.Done {
		in, on := k.Sorted()
		result := p.T("%d of %d in order: you both lose", in, on)
		if v.Won {
			result = p.T("%d of %d in order: you both win", in, on)
		}
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Result"), Value: result})
		// The reveal stays until the player moves on.
		m.Stay = true
	}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Team = i // colour by owner
		if i < len(v.HandCounts) {
			s.Cards = v.HandCounts[i]
		}
		s.Turn = v.Turn == i
		if i < len(v.PassUsed) && v.PassUsed[i] {
			s.Extra = p.T("pass used")
		}
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	m.HandCard = func(mv rtc.Move) string {
		if mv.Desc.Kind == sortcoop.KindPlace {
			return ui.First(mv.Desc)
		}
		return ""
	}
	pa, pb := 0, 0
	if pending := v.Pending; pending != nil {
		pa, pb = pending.A, pending.B
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Proposal"), Value: p.T("%s: swap slots %d and %d", ui.NameOf(p, in.Names, pending.By), pa, pb)})
	}
	m.Centre = func(mm ui.Model) app.UI {
		if v.Done {
			return sortcoopReveal(p, k, true)
		}
		// Where the selected hand card may go, and the swaps on offer.
		places := map[int]rtc.Move{}
		for _, mv := range mm.MovesOf(sortcoop.KindPlace) {
			if s := slotsOf(mv); len(s) == 1 && ui.First(mv.Desc) == mm.HandSel && mm.HandSel != "" {
				places[s[0]] = mv
			}
		}
		proposals := map[[2]int]rtc.Move{}
		inSwap := map[int]bool{}
		for _, mv := range mm.MovesOf(sortcoop.KindPropose) {
			mm.Consumed[mv.Text] = true
			if s := slotsOf(mv); len(s) == 2 {
				lo, hi := min(s[0], s[1]), max(s[0], s[1])
				proposals[[2]int{lo, hi}] = mv
				inSwap[lo], inSwap[hi] = true, true
			}
		}
		sel, _ := strconv.Atoi(mm.Selected)
		items := []app.UI{}
		for i, s := range v.Slots {
			n := i + 1
			cls := "slot"
			var body app.UI
			var mv rtc.Move
			var h app.EventHandler
			label := p.T("Slot %d", n)
			switch {
			case !s.Filled:
				body = app.Span().Class("slot__num").Text(fmt.Sprint(n))
				if p, ok := places[n]; ok {
					mv, h = p, mm.Play(p.Text)
				}
			default:
				body = components.Card(p, components.Face{Code: s.Card, Label: p.T("slot %d", n)}, nil)
				if s.Owner >= 0 {
					cls += fmt.Sprintf(" slot--owner%d", s.Owner)
				}
				switch {
				case sel == n:
					cls += " slot--selected"
					h = mm.Choose("")
					label = p.T("Slot %d: put it back", n)
				case sel != 0:
					if p, ok := proposals[[2]int{min(sel, n), max(sel, n)}]; ok {
						mv, h = p, mm.Play(p.Text)
					}
				case inSwap[n]:
					h = mm.Choose(strconv.Itoa(n))
					label = p.T("Slot %d: pick it for a swap", n)
				}
			}
			if mv.Text != "" {
				label = mm.Say.Offer(p, mv.Desc)
			}
			if n == pa || n == pb {
				cls += " slot--pending"
			}
			if mv.Text != "" && mv.Text == mm.Hint {
				cls += " btn--hint" // where the hinted card goes
			}
			d := app.Div().Class(cls).Attr("role", "group").Aria("label", label).DataSet("slot", n)
			if h != nil {
				d = d.Class(cls+" slot--on").Attr("role", "button").Attr("tabindex", 0).OnClick(h, app.EventScope(n, mv.Text, mm.Selected, mm.HandSel))
				if mv.Text != "" {
					d = d.DataSet("action", mv.Text)
				}
			}
			items = append(items, app.Div().Class("slotcell").Body(d.Body(body)))
		}
		// Accepted swaps (and the open proposal) as arrows over the board; the
		// same list in words for screen readers.
		var arrows []components.Arrow
		swapWords := []app.UI{}
		for _, s := range v.Swaps {
			arrows = append(arrows, components.Arrow{A: s.A, B: s.B, Team: s.By})
			swapWords = append(swapWords, app.Li().Class("swap").Text(p.T("%s: slot %d ⇄ slot %d", ui.NameOf(p, in.Names, s.By), s.A, s.B)))
		}
		if pa > 0 && pb > 0 {
			arrows = append(arrows, components.Arrow{A: pa, B: pb, Pending: true})
		}
		hint := ""
		switch {
		case mm.HandSel != "":
			hint = p.T("Pick an empty slot for the %s.", components.CardName(p, mm.HandSel))
		case sel != 0:
			hint = p.T("Pick the other slot of the swap.")
		}
		return app.Div().Class("sortcoop").Body(
			app.Div().Class("board").Body(
				app.Div().Class("slots").Body(append(items,
					components.SwapArrows("arrows--wide", len(v.Slots), 15, arrows),
					components.SwapArrows("arrows--narrow", len(v.Slots), 5, arrows))...),
			),
			app.If(len(swapWords) > 0, func() app.UI {
				return app.Ul().Class("swaps sr-only").Aria("label", p.T("Accepted swaps")).Body(swapWords...)
			}),
			app.If(len(v.Swaps) > 0, func() app.UI {
				return app.P().Class("swaps__legend").Aria("hidden", true).Text(p.N(len(v.Swaps), "%d swap made", "%d swaps made"))
			}),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
		)
	}
	return m
}

// News tells the picks once both are shown and who places first, the
// phases, and how the match ended.
func (k sortcoopView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(sortcoopView)
	if !ok {
		return ""
	}
	v := k.v
	var out []string
	// The partner's pick shows when the reader's own pick completes the
	// round (when the partner's completes it, the partner's action says it).
	if n := len(v.PickRounds); n > len(pv.v.PickRounds) && in.Me >= 0 && in.Me < 2 && !pv.v.Picked[in.Me] {
		partner := 1 - in.Me
		if pick := v.PickRounds[n-1][partner]; pick != "" {
			out = append(out, ui.Sentence(p, p.T("Revealed: %s", sortcoopPref(p, in.Say, ui.SeatAt(partner), pick))))
		}
	}
	if len(v.PickRounds) > len(pv.v.PickRounds) && v.Phase == "prefer" {
		out = append(out, p.T("The preferences tie: choose again."))
	}
	if v.Phase != pv.v.Phase {
		switch v.Phase {
		case "place":
			if v.First >= 0 {
				first := in.Say.Tell(p, ui.SeatAt(v.First), "You place first.", "%s places first.")
				if v.CoinFlip {
					first = in.Say.Tell(p, ui.SeatAt(v.First), "A coin flip decides: you place first.", "A coin flip decides: %s places first.")
				}
				out = append(out, first)
			}
		case "swap":
			out = append(out, p.T("All cards are placed: last chance to swap."))
		case "done":
			in, on := k.Sorted()
			out = append(out, Verdict(p, in, on, v.Won))
		}
	}
	return ui.JoinSentences(out)
}

// Sorted counts the finished board's cards in order: the most of them that
// read in the global order left to right (the others are out of place),
// and how many cards lie on it.
func (k sortcoopView) Sorted() (inOrder, onBoard int) {
	order := k.inOrder()
	for _, in := range order {
		if in {
			inOrder++
		}
	}
	return inOrder, len(order)
}

// inOrder marks each card of the board, left to right (the empty slot
// skipped), true when it belongs to the longest run in the global order.
func (k sortcoopView) inOrder() []bool {
	var vals []int
	for _, s := range k.v.Slots {
		if !s.Filled {
			continue
		}
		v := -1 // a card not shown: never in order
		if c, err := sortcoop.ParseCard(s.Card); err == nil {
			v = int(c)
		}
		vals = append(vals, v)
	}
	// The longest strictly increasing subsequence, by dynamic programming
	// (15 cards at most).
	n := len(vals)
	length, prev := make([]int, n), make([]int, n)
	best := -1
	for i := range n {
		length[i], prev[i] = 0, -1
		if vals[i] < 0 {
			continue
		}
		length[i] = 1
		for j := range i {
			if vals[j] >= 0 && vals[j] < vals[i] && length[j]+1 > length[i] {
				length[i], prev[i] = length[j]+1, j
			}
		}
		if best < 0 || length[i] > length[best] {
			best = i
		}
	}
	out := make([]bool, n)
	for i := best; i >= 0; i = prev[i] {
		out[i] = true
	}
	return out
}

// sortcoopReveal is the finished board turned face up card by card, left to
// right, each card marked in order or out of place. On the table (onTable)
// it says what it adds up to, and a Continue button leads to the result:
// the reveal stays until the player moves on.
func sortcoopReveal(p *msg.Catalogue, k sortcoopView, onTable bool) app.UI {
	order := k.inOrder()
	in, on := k.Sorted()
	items := []app.UI{}
	j := 0
	for i, s := range k.v.Slots {
		if !s.Filled {
			items = append(items, app.Li().Class("reveal__gap").Aria("hidden", true))
			continue
		}
		ok := j < len(order) && order[j]
		label := p.T("%d: the %s, out of place", j+1, components.CardName(p, s.Card))
		if ok {
			label = p.T("%d: the %s, in order", j+1, components.CardName(p, s.Card))
		}
		cls := "reveal__card"
		if !ok {
			cls += " reveal__card--off"
		}
		items = append(items, app.Li().Class(cls).Style("--i", strconv.Itoa(j)).DataSet("reveal", i+1).Body(
			components.Card(p, components.Face{Code: s.Card, Label: label}, nil)))
		j++
	}
	say := Verdict(p, in, on, k.v.Won)
	return app.Section().Class("reveal").ID("sortcoop-reveal").Style("--n", strconv.Itoa(on)).Aria("label", p.T("The board, face up")).Body(
		app.Ol().Class("reveal__row").Body(items...),
		app.If(in < on, func() app.UI {
			return app.P().Class("reveal__legend").Text(p.T("Cards outlined in red are out of place."))
		}),
		// On the table the notice reads the sentence out; the result's
		// headline says it.
		app.If(onTable, func() app.UI { return app.P().Class("reveal__say").Text(say) }),
		app.If(onTable, func() app.UI {
			return app.A().Class("btn btn--primary reveal__on").ID("sortcoop-continue").Href(ui.GameURL("/result", "sortcoop")).Text(p.T("Continue"))
		}),
	)
}

// sortcoopView is turned face up and counted on the result page.
var (
	_ ui.Revealer     = sortcoopView{}
	_ ui.BoardCounter = sortcoopView{}
)

// Reveal is the finished board turned face up, for the result page.
func (k sortcoopView) Reveal(p *msg.Catalogue) app.UI { return sortcoopReveal(p, k, false) }
