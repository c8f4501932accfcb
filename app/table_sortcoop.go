package main

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/sortcoop"
	"cardtable/rtc"
)

// Co-op Sort: the 15-slot board. Pick a hand card, then an empty slot; pick
// two filled slots to propose a swap. Accepted swaps stay drawn as arrows.
// The slots a move uses are its description's targets.

func init() {
	tables["sortcoop"] = func(v any) (tableView, error) {
		x, err := decodeView[sortcoop.View](v)
		if err != nil {
			return nil, err
		}
		return sortcoopView{x}, nil
	}
}

type sortcoopView struct{ v *sortcoop.View }

var sortcoopPhases = map[string]string{"prefer": "who goes first", "place": "placing", "swap": "last swaps", "done": "revealed"}

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

func (k sortcoopView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{boardChoices: true}
	m.stats = []components.Stat{{Label: "Phase", Value: sortcoopPhases[v.Phase]}}
	if v.First >= 0 && v.First < len(in.names) {
		m.stats = append(m.stats, components.Stat{Label: "First", Value: in.names[v.First]})
	}
	if v.Done {
		m.stats = append(m.stats, components.Stat{Label: "Result", Value: map[bool]string{true: "sorted: you both win!", false: "not sorted: you both lose"}[v.Won]})
	}
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Team = i // colour by owner
		if i < len(v.HandCounts) {
			s.Cards = v.HandCounts[i]
		}
		s.Turn = v.Turn == i
		if i < len(v.PassUsed) && v.PassUsed[i] {
			s.Extra = "pass used"
		}
		m.seats = append(m.seats, s)
	}
	m.hand = v.Hand
	m.handCard = func(mv rtc.Move) string {
		if mv.Desc.Kind == "place" {
			return first(mv.Desc)
		}
		return ""
	}
	pa, pb := 0, 0
	if p := v.Pending; p != nil {
		pa, pb = p.A, p.B
		m.stats = append(m.stats, components.Stat{Label: "Proposal", Value: fmt.Sprintf("%s: swap slots %d and %d", nameOf(in.names, p.By), pa, pb)})
	}
	m.centre = func(mm tableModel) app.UI {
		// Where the selected hand card may go, and the swaps on offer.
		places := map[int]rtc.Move{}
		for _, mv := range mm.movesOf("place") {
			if s := slotsOf(mv); len(s) == 1 && first(mv.Desc) == mm.handSel && mm.handSel != "" {
				places[s[0]] = mv
			}
		}
		proposals := map[[2]int]rtc.Move{}
		inSwap := map[int]bool{}
		for _, mv := range mm.movesOf("propose") {
			mm.consumed[mv.Text] = true
			if s := slotsOf(mv); len(s) == 2 {
				lo, hi := min(s[0], s[1]), max(s[0], s[1])
				proposals[[2]int{lo, hi}] = mv
				inSwap[lo], inSwap[hi] = true, true
			}
		}
		sel, _ := strconv.Atoi(mm.selected)
		items := []app.UI{}
		for i, s := range v.Slots {
			n := i + 1
			cls := "slot"
			var body app.UI
			var mv rtc.Move
			var h app.EventHandler
			label := fmt.Sprintf("Slot %d", n)
			switch {
			case !s.Filled:
				body = app.Span().Class("slot__num").Text(fmt.Sprint(n))
				if p, ok := places[n]; ok {
					mv, h = p, mm.play(p.Text)
				}
			default:
				body = components.Card(components.Face{Code: s.Card, Label: fmt.Sprintf("slot %d", n)}, nil)
				if s.Owner >= 0 {
					cls += fmt.Sprintf(" slot--owner%d", s.Owner)
				}
				switch {
				case sel == n:
					cls += " slot--selected"
					h = mm.choose("")
					label += ": put back"
				case sel != 0:
					if p, ok := proposals[[2]int{min(sel, n), max(sel, n)}]; ok {
						mv, h = p, mm.play(p.Text)
					}
				case inSwap[n]:
					h = mm.choose(strconv.Itoa(n))
					label += ": pick it for a swap"
				}
			}
			if mv.Text != "" {
				label = mm.say.offer(mv.Desc)
			}
			if n == pa || n == pb {
				cls += " slot--pending"
			}
			d := app.Div().Class(cls).Aria("label", label).DataSet("slot", n)
			if h != nil {
				d = d.Class(cls+" slot--on").Attr("role", "button").Attr("tabindex", 0).OnClick(h, app.EventScope(n, mv.Text, mm.selected, mm.handSel))
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
			swapWords = append(swapWords, app.Li().Class("swap").Text(fmt.Sprintf("%s: slot %d ⇄ slot %d", nameOf(in.names, s.By), s.A, s.B)))
		}
		if pa > 0 && pb > 0 {
			arrows = append(arrows, components.Arrow{A: pa, B: pb, Pending: true})
		}
		hint := ""
		switch {
		case mm.handSel != "":
			hint = "Pick an empty slot for the " + components.CardName(mm.handSel) + "."
		case sel != 0:
			hint = "Pick the other slot of the swap."
		}
		return app.Div().Class("sortcoop").Body(
			app.Div().Class("board").Body(
				app.Div().Class("slots").Body(append(items,
					components.SwapArrows("arrows--wide", len(v.Slots), 15, arrows),
					components.SwapArrows("arrows--narrow", len(v.Slots), 5, arrows))...),
			),
			app.If(len(swapWords) > 0, func() app.UI {
				return app.Ul().Class("swaps sr-only").Aria("label", "Accepted swaps").Body(swapWords...)
			}),
			app.If(len(v.Swaps) > 0, func() app.UI {
				return app.P().Class("swaps__legend").Aria("hidden", true).Text(fmt.Sprintf("%d %s made", len(v.Swaps), map[bool]string{true: "swap", false: "swaps"}[len(v.Swaps) == 1]))
			}),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
		)
	}
	return m
}

// news tells the picks once both are shown and who places first, the
// phases, and how the match ended.
func (k sortcoopView) news(prev tableView, in modelInput) string {
	p, ok := prev.(sortcoopView)
	if !ok {
		return ""
	}
	v := k.v
	var out []string
	// The partner's pick shows when the reader's own pick completes the
	// round (when the partner's completes it, the partner's action says it).
	if n := len(v.PickRounds); n > len(p.v.PickRounds) && in.me >= 0 && in.me < 2 && !p.v.Picked[in.me] {
		partner := 1 - in.me
		if pick := v.PickRounds[n-1][partner]; pick != "" {
			out = append(out, sentence("Revealed: "+sortcoopPref(in.say, seatAt(partner), pick)))
		}
	}
	if len(v.PickRounds) > len(p.v.PickRounds) && v.Phase == "prefer" {
		out = append(out, "The preferences tie: choose again.")
	}
	if v.Phase != p.v.Phase {
		switch v.Phase {
		case "place":
			if v.First >= 0 {
				first := in.say.subject(seatAt(v.First), "place", "places") + " first"
				if v.CoinFlip {
					first = "A coin flip decides: " + lowerFirstName(first)
				}
				out = append(out, sentence(first))
			}
		case "swap":
			out = append(out, "All cards are placed: last chance to swap.")
		case "done":
			if v.Won {
				out = append(out, "The board is sorted: you both win!")
			} else {
				out = append(out, "The board is not sorted: you both lose.")
			}
		}
	}
	return joinSentences(out)
}
