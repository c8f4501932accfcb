package main

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/papas"
	"cardtable/msg"
	"cardtable/rtc"
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
	// An interrupt is answered from the window over the table, not picked
	// from the hand.
	m.handCard = func(mv rtc.Move) string {
		if mv.Desc.Kind == "interrupt" {
			return ""
		}
		return first(mv.Desc)
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
	m.status = func(mm tableModel) string { return papasStatus(in, v, len(mm.movesOf("interrupt")) > 0) }
	m.centre = func(mm tableModel) app.UI {
		answers := mm.movesOf("interrupt")
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
			chainUI = app.Section().Class("chain").Aria("label", msg.T("Plays waiting for reactions")).Body(
				app.H3().Class("pile__label").Text(msg.T("On the table")), app.Ol().Body(items...))
		}
		return app.Div().Class("piles").Body(
			components.Pile("Deck", nil, v.Deck, nil),
			components.Pile(fmt.Sprintf("Discard (%d)", len(v.Discard)), top, 0, mm.boardAction),
			app.If(chainUI != nil, func() app.UI { return chainUI }),
			app.If(len(answers) > 0 && v.Window != nil, func() app.UI { return papasWindow(mm, in, v, answers) }),
		)
	}
	return m
}

// papasOnTop is the play a window waits on: the last of its chain.
func papasOnTop(v *papas.View) (papas.Play, bool) {
	if v.Window == nil || len(v.Window.Chain) == 0 {
		return papas.Play{}, false
	}
	return v.Window.Chain[len(v.Window.Chain)-1], true
}

// papasStatus says whose reaction window is open, "" outside one: the
// play on top and whether the reader may answer it (canAnswer: the
// session offers the reader an interrupt).
func papasStatus(in modelInput, v *papas.View, canAnswer bool) string {
	top, ok := papasOnTop(v)
	if !ok || v.Done {
		return ""
	}
	who := in.say.possessive(seatAt(top.Seat))
	switch {
	case canAnswer:
		return "You may answer " + who + " play."
	case top.Seat == in.me:
		return "Your play: the others may answer it."
	}
	return capitalize(who) + " play: waiting for any answer."
}

// papasWindow is the open reaction window over the table, for a seat that
// holds an answer: the play on top, a button per answer showing its card,
// and the time left counting down.
func papasWindow(mm tableModel, in modelInput, v *papas.View, answers []rtc.Move) app.UI {
	top, _ := papasOnTop(v)
	total, left := mm.window, mm.windowLeft
	if total <= 0 { // the page told no clock: the window as it opens
		total = time.Duration(v.Window.Seconds) * time.Second
		left = total
	}
	left = max(min(left, total), 0)
	secs := int(math.Ceil(left.Seconds()))
	// A new window (an answer opens one) restarts the countdown: the
	// animation's name alternates with the window's number.
	phase := "a"
	if v.Window.ID%2 == 1 {
		phase = "b"
	}
	// The count shows N, N-1, … 1, each number during its own second.
	ticks := []app.UI{}
	for n := secs; n >= 1; n-- {
		end := left - time.Duration(n-1)*time.Second
		start := max(end-time.Second, 0)
		ticks = append(ticks, app.Span().Class("papas-window__tick").
			Style("animation-delay", fmt.Sprintf("%dms", start.Milliseconds())).
			Style("animation-duration", fmt.Sprintf("%dms", (end-start).Milliseconds())).Text(strconv.Itoa(n)))
	}
	buttons := []app.UI{}
	for _, mv := range answers {
		mm.consumed[mv.Text] = true
		say := mm.say.offer(mv.Desc)
		buttons = append(buttons, app.Button().Class("btn btn--primary papas-window__answer").DataSet("action", mv.Text).
			Aria("label", say).OnClick(mm.play(mv.Text), app.EventScope(mv.Text, v.Window.ID)).Body(
			app.Span().Class("papas-window__card").Aria("hidden", true).Body(components.Card(components.Face{Code: first(mv.Desc)}, nil)),
			app.Span().Class("papas-window__say").Text(say),
		))
	}
	who := in.say.possessive(seatAt(top.Seat))
	return app.Section().Class("papas-window papas-window--"+phase).ID("papas-window").
		Attr("role", "region").Aria("label", "Answer "+who+" play").Style("--left", fmt.Sprintf("%dms", left.Milliseconds())).Body(
		app.P().Class("papas-window__top").Text(sentence(papasPlay(in.say, top))+" Answer it?"),
		app.Div().Class("papas-window__clock").Attr("role", "timer").
			Aria("label", fmt.Sprintf("%s to answer", plural(secs, "second", "seconds"))).Body(
			app.Span().Class("papas-window__bar").Aria("hidden", true),
			app.Span().Class("papas-window__ticks").Aria("hidden", true).Body(ticks...),
		),
		app.Div().Class("papas-window__answers").Body(buttons...),
	)
}

// plural is "1 second", "3 seconds".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// news is empty: the window's verdict is the timeout's own outcome.
func (k papasView) news(tableView, modelInput) string { return "" }
