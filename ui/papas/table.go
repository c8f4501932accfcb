package papas

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
	"cardtable/ui"
)

// Donde Las Papas Queman: golden potatoes per seat, the deck and the
// discard, the open reaction window's chain in words.

// readPapas decodes a session's view into its table.
func readPapas(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[papas.View](v)
	if err != nil {
		return nil, err
	}
	return papasView{x}, nil
}

type papasView struct{ v *papas.View }

// papasPlay says one play of a chain from its cards: "West plays a Papa
// 3", "North interrupts with a No Poh".
func papasPlay(p *msg.Catalogue, w ui.Words, pl papas.Play) string {
	who := games.Seat(pl.Seat)
	switch {
	case len(pl.Cards) >= 3:
		return w.Tell(p, who, "You play a threesome: %s", "%s plays a threesome: %s", ui.CardList(p, pl.Cards))
	case len(pl.Cards) == 1 && (pl.Cards[0] == "nopoh" || pl.Cards[0] == "tedije"):
		return w.Tell(p, who, "You interrupt with %s", "%s interrupts with %s", ui.CardName(p, pl.Cards[0]))
	case len(pl.Cards) == 1 && pl.Target >= 0:
		target := w.Name(p, games.Seat(pl.Target))
		if games.Seat(pl.Target) == w.Me {
			target = p.T("you")
		}
		return w.Tell(p, who, "You play %[1]s against %[2]s", "%[1]s plays %[2]s against %[3]s", ui.CardName(p, pl.Cards[0]), target)
	}
	return w.Tell(p, who, "You play %s", "%s plays %s", ui.CardList(p, pl.Cards))
}

func (k papasView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	m.Stats = []components.Stat{
		{Label: p.T("Turn"), Value: fmt.Sprint(v.Turn)},
		{Label: p.T("Target"), Value: p.N(v.Target, "%d golden potato", "%d golden potatoes")},
		{Label: p.T("Deck"), Value: fmt.Sprint(v.Deck)},
	}
	if v.TurnLimit > 0 {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Turn limit"), Value: fmt.Sprint(v.TurnLimit)})
	}
	if v.Phase == "window" {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Reaction"), Value: p.T("anyone may answer")})
	}
	// An interrupt is answered from the window over the table, not picked
	// from the hand.
	m.HandCard = func(mv rtc.Move) string {
		if mv.Desc.Kind == papas.KindInterrupt {
			return ""
		}
		return ui.First(mv.Desc)
	}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Cards = ui.At(v.HandCounts, i)
		sc := ui.At(v.GP, i)
		s.Score = &sc
		s.Extra = p.T("golden potatoes")
		if i < len(v.Zombie) && v.Zombie[i] {
			s.Extra = p.T("golden potatoes · away")
		}
		s.Turn = !v.Done && v.Active == i
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	var chain []string
	if v.Window != nil {
		for _, pl := range v.Window.Chain {
			chain = append(chain, ui.Sentence(p, papasPlay(p, in.Say, pl)))
		}
	}
	m.Status = func(mm ui.Model) string { return papasStatus(p, in, v, len(mm.MovesOf(papas.KindInterrupt)) > 0) }
	m.Centre = func(mm ui.Model) app.UI {
		answers := mm.MovesOf(papas.KindInterrupt)
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
			chainUI = app.Section().Class("chain").Aria("label", p.T("Plays waiting for reactions")).Body(
				app.H3().Class("pile__label").Text(p.T("On the table")), app.Ol().Body(items...))
		}
		return app.Div().Class("piles").Body(
			components.Pile(p, p.T("Deck"), nil, v.Deck, nil),
			// No move is made on the discard pile: a card there that
			// matches an answer (a No Poh played earlier) is not that answer.
			components.Pile(p, p.T("Discard (%d)", len(v.Discard)), top, 0, nil),
			app.If(chainUI != nil, func() app.UI { return chainUI }),
			app.If(len(answers) > 0 && v.Window != nil, func() app.UI { return papasWindow(p, mm, in, v, answers) }),
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
func papasStatus(p *msg.Catalogue, in ui.Input, v *papas.View, canAnswer bool) string {
	top, ok := papasOnTop(v)
	if !ok || v.Done {
		return ""
	}
	switch {
	case canAnswer && top.Seat == in.Me:
		return p.T("You may answer your play.")
	case canAnswer:
		return p.T("You may answer %s's play.", in.Say.Name(p, ui.SeatAt(top.Seat)))
	case top.Seat == in.Me:
		return p.T("Your play: the others may answer it.")
	}
	return p.T("%s's play: waiting for any answer.", in.Say.Name(p, ui.SeatAt(top.Seat)))
}

// papasWindow is the open reaction window over the table, for a seat that
// holds an answer: the play on top, a button per answer showing its card,
// and the time left counting down when a clock runs.
func papasWindow(p *msg.Catalogue, mm ui.Model, in ui.Input, v *papas.View, answers []rtc.Move) app.UI {
	top, _ := papasOnTop(v)
	total, left := mm.Window, mm.WindowLeft
	// No clock told: the window waits (a lesson, people sharing the
	// phone) and shows no countdown that would not end it.
	timed := total > 0
	if !timed {
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
		mm.Consumed[mv.Text] = true
		say := mm.Say.Offer(p, mv.Desc)
		cls := "btn btn--primary papas-window__answer"
		if mv.Text == mm.Hint {
			cls += " btn--hint"
		}
		buttons = append(buttons, app.Button().Class(cls).DataSet("action", mv.Text).
			Aria("label", say).OnClick(mm.Play(mv.Text), app.EventScope(mv.Text, v.Window.ID)).Body(
			app.Span().Class("papas-window__card").Aria("hidden", true).Body(components.Card(p, components.Face{Code: ui.First(mv.Desc)}, nil)),
			app.Span().Class("papas-window__say").Text(say),
		))
	}
	label := p.T("Answer %s's play", in.Say.Name(p, ui.SeatAt(top.Seat)))
	if top.Seat == in.Me {
		label = p.T("Answer your play")
	}
	return app.Section().Class("papas-window papas-window--"+phase).ID("papas-window").
		Attr("role", "region").Aria("label", label).Style("--left", fmt.Sprintf("%dms", left.Milliseconds())).Body(
		app.P().Class("papas-window__top").Text(p.T("%s Answer it?", ui.Sentence(p, papasPlay(p, in.Say, top)))),
		app.If(timed, func() app.UI {
			return app.Div().Class("papas-window__clock").Attr("role", "timer").
				Aria("label", p.N(secs, "%d second to answer", "%d seconds to answer")).Body(
				app.Span().Class("papas-window__bar").Aria("hidden", true),
				app.Span().Class("papas-window__ticks").Aria("hidden", true).Body(ticks...),
			)
		}),
		app.Div().Class("papas-window__answers").Body(buttons...),
	)
}

// News is empty: the window's verdict is the timeout's own outcome.
func (k papasView) News(*msg.Catalogue, ui.View, ui.Input) string { return "" }
