package main

import (
	"fmt"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/eatpairs"
)

// Eat Pairs: the stock to draw from, the card just turned and who paired
// it, the dead cards, every seat's laid pairs.

func init() {
	tables["eatpairs"] = func(v any) (tableView, error) {
		x, err := decodeView[eatpairs.View](v)
		if err != nil {
			return nil, err
		}
		return eatpairsView{x}, nil
	}
}

type eatpairsView struct{ v *eatpairs.View }

var rankOrder = map[string]int{"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}

// byRank sorts cards by rank (suit order kept), so pairs lie together.
func byRank(cs []string) []string {
	out := slices.Clone(cs)
	slices.SortStableFunc(out, func(a, b string) int {
		ra, _, _ := components.SplitCode(a)
		rb, _, _ := components.SplitCode(b)
		return rankOrder[ra] - rankOrder[rb]
	})
	return out
}

// pairsExposure says the last turned card: "West draws the 7 of hearts:
// North pairs it".
func pairsExposure(w words, e *eatpairs.Exposure) string {
	s := w.subject(e.Seat, "play", "plays")
	if e.From == "stock" {
		s = w.subject(e.Seat, "draw", "draws")
	}
	s += " " + cardName(e.Card) + ": "
	if e.PairedBy < 0 {
		return s + "nobody pairs it"
	}
	return s + w.objectName(e.PairedBy) + " " + w.winVerb([]games.Seat{e.PairedBy}, "pair", "pairs") + " it"
}

var pairsPhases = map[string]string{"open": "the dealer opens", "draw": "drawing", "hand": "playing from hand", "done": "over"}

func (k eatpairsView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{}
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprintf("%d / %d", v.Round+1, v.Rounds)},
		{Label: "Phase", Value: pairsPhases[v.Phase]},
		{Label: "Dealer", Value: nameOf(in.names, int(v.Dealer))},
	}
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards = at(v.HandSizes, i)
		if i < len(v.Points) {
			p := v.Points[i]
			s.Score = &p
		}
		if i < len(v.Laid) {
			s.Extra = fmt.Sprintf("%d pairs", len(v.Laid[i])/2)
		}
		s.Turn = !v.Done && int(v.Turn) == i
		s.Leader = !v.Done && int(v.Lead) == i
		m.seats = append(m.seats, s)
	}
	m.hand = v.Hand
	var piles []components.WonPile
	for i, cs := range v.Laid {
		piles = append(piles, components.WonPile{Name: nameOf(in.names, i), Count: len(cs) / 2, Unit: "pairs",
			Cards: byRank(cs), Group: 2, Team: -1, Turn: !v.Done && int(v.Turn) == i, Empty: "no pairs", Recent: 8})
	}
	m.centre = func(mm tableModel) app.UI {
		var draw app.EventHandler
		action, say := "", ""
		if draws := mm.movesOf("draw"); len(draws) > 0 {
			mm.consumed[draws[0].Text] = true
			action, say, draw = draws[0].Text, mm.say.offer(draws[0].Desc), mm.play(draws[0].Text)
		}
		var lastUI app.UI
		if v.Last != nil {
			lastUI = components.Spot("spot--last", "Turned", sentence(pairsExposure(in.say, v.Last)),
				components.Card(components.Face{Code: v.Last.Card, Winner: v.Last.PairedBy >= 0}, nil))
		}
		top := v.Waste
		if len(top) > 6 {
			top = top[len(top)-6:]
		}
		var wasteBody app.UI = app.Div().Class("pile__empty").Text("none")
		if len(top) > 0 {
			wasteBody = components.MiniCards(top, 0)
		}
		hint := ""
		switch {
		case action != "":
			hint = "Tap the stock to draw."
		case v.Phase == "open" && len(mm.legal) > 0:
			hint = "You deal: open with a card from your hand."
		case v.Phase == "hand" && len(mm.legal) > 0:
			hint = "The stock is out: play a card from your hand."
		}
		return app.Div().Class("fish fish--pairs").Body(
			app.Div().Class("fish__top").Body(
				app.Div().Class("spot spot--stock").Body(
					app.H3().Class("spot__label").Text("Stock"), components.Stock(v.Stock, action, say, draw)),
				app.If(lastUI != nil, func() app.UI { return lastUI }),
				components.Spot("spot--waste", fmt.Sprintf("Dead cards (%d)", len(v.Waste)), "", wasteBody),
			),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
			components.WonPiles("Laid pairs", piles),
		)
	}
	return m
}

// news tells the card a draw turned and who paired it (the draw's own
// description cannot: the card was face down), and who won the round that
// just ended.
func (k eatpairsView) news(prev tableView, in modelInput) string {
	p, ok := prev.(eatpairsView)
	if !ok {
		return ""
	}
	var out []string
	if l := k.v.Last; l != nil && l.From == "stock" && (p.v.Last == nil || *l != *p.v.Last) {
		out = append(out, sentence(pairsExposure(in.say, l)))
	}
	if n := len(k.v.History); n > len(p.v.History) {
		w := k.v.History[n-1]
		if len(w) == 0 {
			out = append(out, fmt.Sprintf("Round %d: nobody wins.", n))
		} else {
			out = append(out, sentence(fmt.Sprintf("%s %s round %d", capitalize(in.say.seatList(w)), in.say.winVerb(w, "win", "wins"), n)))
		}
	}
	return joinSentences(out)
}
