package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/papas"
)

// Donde Las Papas Queman: golden potatoes per seat, the deck and the
// discard, the open reaction window's chain in words.

func init() {
	tables["papas"] = func(v any) (tableView, error) {
		x, err := decodeView[papas.View](v)
		if err != nil {
			return nil, err
		}
		return papasView{x}, nil
	}
}

type papasView struct{ v *papas.View }

// papasPlay says one play of a chain from its cards: "West plays a Papa
// 3", "North interrupts with a No Poh".
func papasPlay(w words, p papas.Play) string {
	who := games.Seat(p.Seat)
	switch {
	case len(p.Cards) >= 3:
		return w.subject(who, "play", "plays") + " a threesome: " + cardList(p.Cards)
	case len(p.Cards) == 1 && (p.Cards[0] == "nopoh" || p.Cards[0] == "tedije"):
		return w.subject(who, "interrupt", "interrupts") + " with " + cardName(p.Cards[0])
	case len(p.Cards) == 1 && p.Target >= 0:
		return w.subject(who, "play", "plays") + " " + cardName(p.Cards[0]) + " against " + w.objectName(games.Seat(p.Target))
	}
	return w.subject(who, "play", "plays") + " " + cardList(p.Cards)
}

func (k papasView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{}
	m.stats = []components.Stat{
		{Label: "Turn", Value: fmt.Sprint(v.Turn)},
		{Label: "Target", Value: fmt.Sprintf("%d golden potatoes", v.Target)},
		{Label: "Deck", Value: fmt.Sprint(v.Deck)},
	}
	if v.TurnLimit > 0 {
		m.stats = append(m.stats, components.Stat{Label: "Turn limit", Value: fmt.Sprint(v.TurnLimit)})
	}
	if v.Phase == "window" {
		m.stats = append(m.stats, components.Stat{Label: "Reaction", Value: "anyone may answer"})
	}
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards = at(v.HandCounts, i)
		sc := at(v.GP, i)
		s.Score = &sc
		s.Extra = "golden potatoes"
		if i < len(v.Zombie) && v.Zombie[i] {
			s.Extra += " · away"
		}
		s.Turn = !v.Done && v.Active == i
		m.seats = append(m.seats, s)
	}
	m.hand = v.Hand
	var chain []string
	if v.Window != nil {
		for _, p := range v.Window.Chain {
			chain = append(chain, sentence(papasPlay(in.say, p)))
		}
	}
	m.centre = func(mm tableModel) app.UI {
		top := v.Discard
		if len(top) > 5 {
			top = top[len(top)-5:]
		}
		var chainUI app.UI
		if len(chain) > 0 {
			items := []app.UI{}
			for _, c := range chain {
				items = append(items, app.Li().Text(c))
			}
			chainUI = app.Section().Class("chain").Aria("label", "Plays waiting for reactions").Body(
				app.H3().Class("pile__label").Text("On the table"), app.Ol().Body(items...))
		}
		return app.Div().Class("piles").Body(
			components.Pile("Deck", nil, v.Deck, nil),
			components.Pile(fmt.Sprintf("Discard (%d)", len(v.Discard)), top, 0, mm.boardAction),
			app.If(chainUI != nil, func() app.UI { return chainUI }),
		)
	}
	return m
}

// news is empty: the window's verdict is the timeout's own outcome.
func (k papasView) news(tableView, modelInput) string { return "" }
