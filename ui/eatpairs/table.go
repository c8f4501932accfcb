package eatpairs

import (
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/eatpairs"
	"cardtable/msg"
	"cardtable/ui"
)

// Eat Pairs: the stock to draw from, the card just turned and who paired
// it, the dead cards, every seat's laid pairs.

// readEatpairs decodes a session's view into its table.
func readEatpairs(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[eatpairs.View](v)
	if err != nil {
		return nil, err
	}
	return eatpairsView{x}, nil
}

type eatpairsView struct{ v *eatpairs.View }

// rankOrder are the ranks from low to high.
var rankOrder = []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}

// byRank sorts cards by rank (suit order kept), so pairs lie together.
func byRank(cs []string) []string {
	out := slices.Clone(cs)
	slices.SortStableFunc(out, func(a, b string) int {
		ra, _, _ := components.SplitCode(a)
		rb, _, _ := components.SplitCode(b)
		return slices.Index(rankOrder, ra) - slices.Index(rankOrder, rb)
	})
	return out
}

// pairsExposure says the last turned card: "West draws the 7 of hearts:
// North pairs it".
func pairsExposure(p *msg.Catalogue, w ui.Words, e *eatpairs.Exposure) string {
	s := w.Tell(p, e.Seat, "You play %s", "%s plays %s", ui.CardName(p, e.Card))
	if e.From == "stock" {
		s = w.Tell(p, e.Seat, "You draw %s", "%s draws %s", ui.CardName(p, e.Card))
	}
	then := p.T("nobody pairs it")
	if e.PairedBy >= 0 {
		then = w.Tell(p, e.PairedBy, "you pair it", "%s pairs it")
	}
	return p.T("%s: %s", s, then)
}

// pairsPhase says a round's phase.
func pairsPhase(p *msg.Catalogue, phase string) string {
	switch phase {
	case "open":
		return p.T("the dealer opens")
	case "draw":
		return p.T("drawing")
	case "hand":
		return p.T("playing from hand")
	case "done":
		return p.T("over")
	}
	return ui.Humanize(phase)
}

func (k eatpairsView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	m.Stats = []components.Stat{
		{Label: p.T("Round"), Value: p.T("%d / %d", v.Round+1, v.Rounds)},
		{Label: p.T("Phase"), Value: pairsPhase(p, v.Phase)},
		{Label: p.T("Dealer"), Value: ui.NameOf(p, in.Names, int(v.Dealer))},
	}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Cards = ui.At(v.HandSizes, i)
		if i < len(v.Points) {
			p := v.Points[i]
			s.Score = &p
		}
		if i < len(v.Laid) {
			s.Extra = p.N(len(v.Laid[i])/2, "%d pair", "%d pairs")
		}
		s.Turn = !v.Done && int(v.Turn) == i
		s.Leader = !v.Done && int(v.Lead) == i
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	var piles []components.WonPile
	for i, cs := range v.Laid {
		piles = append(piles, components.WonPile{Name: ui.NameOf(p, in.Names, i), Count: len(cs) / 2, Unit: p.T("pairs"), Counted: p.N(len(cs)/2, "%d pair", "%d pairs"),
			Cards: byRank(cs), Group: 2, Team: -1, Turn: !v.Done && int(v.Turn) == i, Empty: p.T("no pairs"), Recent: 8})
	}
	m.Centre = func(mm ui.Model) app.UI {
		var draw app.EventHandler
		action, say := "", ""
		if draws := mm.MovesOf(games.KindDraw); len(draws) > 0 {
			mm.Consumed[draws[0].Text] = true
			action, say, draw = draws[0].Text, mm.Say.Offer(p, draws[0].Desc), mm.Play(draws[0].Text)
		}
		var lastUI app.UI
		if v.Last != nil {
			lastUI = components.Spot("spot--last", p.T("Turned"), ui.Sentence(p, pairsExposure(p, in.Say, v.Last)),
				components.Card(p, components.Face{Code: v.Last.Card, Winner: v.Last.PairedBy >= 0}, nil))
		}
		top := v.Waste
		if len(top) > 6 {
			top = top[len(top)-6:]
		}
		var wasteBody app.UI = app.Div().Class("pile__empty").Text(p.T("none"))
		if len(top) > 0 {
			wasteBody = components.MiniCards(p, top, 0)
		}
		hint := ""
		switch {
		case action != "":
			hint = p.T("Tap the stock to draw.")
		case v.Phase == "open" && len(mm.Legal) > 0:
			hint = p.T("You deal: open with a card from your hand.")
		case v.Phase == "hand" && len(mm.Legal) > 0:
			hint = p.T("The stock is out: play a card from your hand.")
		}
		stock := components.Stock(p, v.Stock, action, say, draw)
		if b, ok := stock.(app.HTMLButton); ok && action != "" && action == mm.Hint {
			stock = b.Class("btn--hint") // the hint is to draw
		}
		return app.Div().Class("fish fish--pairs").Body(
			app.Div().Class("fish__top").Body(
				app.Div().Class("spot spot--stock").Body(
					app.H3().Class("spot__label").Text(p.T("Stock")), stock),
				app.If(lastUI != nil, func() app.UI { return lastUI }),
				components.Spot("spot--waste", p.T("Dead cards (%d)", len(v.Waste)), "", wasteBody),
			),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
			components.WonPiles(p, p.T("Laid pairs"), piles),
		)
	}
	return m
}

// News tells the card a draw turned and who paired it (the draw's own
// description cannot: the card was face down), and who won the round that
// just ended.
func (k eatpairsView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(eatpairsView)
	if !ok {
		return ""
	}
	var out []string
	if l := k.v.Last; l != nil && l.From == "stock" && (pv.v.Last == nil || *l != *pv.v.Last) {
		out = append(out, ui.Sentence(p, pairsExposure(p, in.Say, l)))
	}
	if n := len(k.v.History); n > len(pv.v.History) {
		w := k.v.History[n-1]
		if len(w) == 0 {
			out = append(out, p.T("Round %d: nobody wins.", n))
		} else {
			out = append(out, ui.Capitalize(in.Say.Winners(p, w, "You win round %d.", "%s wins round %d.", "%s win round %d.", n)))
		}
	}
	return ui.JoinSentences(out)
}
