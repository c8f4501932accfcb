package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/klondike"
	"cardtable/rtc"
)

// Klondike: tap a card (or the waste) to pick it up, then a column or the
// foundations to put it down; a second tap on the picked card sends it where
// it can go (its foundation first). Where a move goes and what it takes come
// from the engine's description of each legal move: its places (Targets)
// and its cards.

func init() {
	tables["klondike"] = func(v any) (tableView, error) {
		x, err := decodeView[klondike.View](v)
		if err != nil {
			return nil, err
		}
		return klondikeView{x}, nil
	}
}

type klondikeView struct{ v *klondike.View }

func (k klondikeView) clock() (timed bool, elapsed, game int) {
	return k.v.Timed, k.v.Elapsed, k.v.Game
}

func (k klondikeView) news(prev tableView, in modelInput) string {
	p, ok := prev.(klondikeView)
	if ok && k.v.Game != p.v.Game && !k.v.Done {
		return fmt.Sprintf("Game %d is dealt.", k.v.Game+1)
	}
	return ""
}

// klondikeMove is one legal "move" with its places and the cards it takes.
type klondikeMove struct {
	move     rtc.Move
	src, dst string
	n        int
}

// klondikeMoves reads the legal moves' descriptions.
func klondikeMoves(legal []rtc.Move) []klondikeMove {
	var out []klondikeMove
	for _, mv := range legal {
		d := mv.Desc
		if d.Kind != "move" || len(d.Targets) < 2 {
			continue
		}
		out = append(out, klondikeMove{move: mv, src: d.Targets[0], dst: d.Targets[1], n: max(1, len(d.Cards))})
	}
	return out
}

// klondikeRank orders destinations: a foundation before a column.
func klondikeRank(dst string) int {
	if strings.HasPrefix(dst, "f") {
		return 0
	}
	return 1
}

func (k klondikeView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{}
	m.stats = []components.Stat{{Label: "Score", Value: fmt.Sprint(v.Score)}, {Label: "Draw", Value: fmt.Sprint(v.DrawCount)}}
	if v.Balance != 0 {
		m.stats = append(m.stats, components.Stat{Label: "Balance", Value: fmt.Sprint(v.Total)})
	}
	if v.RecyclesLeft >= 0 {
		m.stats = append(m.stats, components.Stat{Label: "Redeals left", Value: fmt.Sprint(v.RecyclesLeft)})
	}
	if v.Timed {
		m.stats = append(m.stats, components.Stat{Label: "Time", Value: fmt.Sprintf("%d:%02d", v.Elapsed/60, v.Elapsed%60)})
	}
	if v.Won {
		m.stats = append(m.stats, components.Stat{Label: "Result", Value: "won!"})
	}
	m.seats = []components.SeatInfo{seatBase(in, 0)}
	m.centre = func(mm tableModel) app.UI { return k.board(mm) }
	return m
}

func (k klondikeView) board(mm tableModel) app.UI {
	v := k.v
	moves := klondikeMoves(mm.legal)
	for _, mv := range mm.movesOf("draw") {
		mm.consumed[mv.Text] = true
	}
	for _, mv := range moves {
		mm.consumed[mv.move.Text] = true
	}
	selSrc, selN := "", 0
	if mm.selected != "" {
		fmt.Sscanf(strings.Replace(mm.selected, ":", " ", 1), "%s %d", &selSrc, &selN)
	}
	hinted, hasHint := mm.move(mm.hint)
	// from lists the moves of a source; to finds the selected source's move to dst.
	from := func(src string, n int) []klondikeMove {
		var out []klondikeMove
		for _, mv := range moves {
			if mv.src == src && mv.n == n {
				out = append(out, mv)
			}
		}
		slices.SortStableFunc(out, func(a, b klondikeMove) int { // foundation first
			return klondikeRank(a.dst) - klondikeRank(b.dst)
		})
		return out
	}
	to := func(dst string) (klondikeMove, bool) {
		for _, mv := range from(selSrc, selN) {
			if mv.dst == dst || dst == "f" && strings.HasPrefix(mv.dst, "f") {
				return mv, true
			}
		}
		return klondikeMove{}, false
	}
	source := func(code, src string, n int) app.UI {
		opts := from(src, n)
		key := fmt.Sprintf("%s:%d", src, n)
		f := components.Face{Code: code}
		if len(opts) == 0 {
			return components.Card(f, nil)
		}
		f.State, f.Action, f.Say = components.CardLegal, opts[0].move.Text, "Pick up "+klondikeMoved(opts[0].move.Desc)
		f.Hint = hasHint && hinted.Desc.Kind == "move" && len(hinted.Desc.Targets) > 0 && hinted.Desc.Targets[0] == src && len(hinted.Desc.Cards) == n
		h := mm.choose(key)
		if mm.selected == key {
			f.State, f.Say = components.CardSelected, mm.say.offer(opts[0].move.Desc)
			h = mm.play(opts[0].move.Text)
		}
		return components.Card(f, h)
	}
	target := func(dst, label string, body ...app.UI) app.UI {
		cls := "kl__target"
		if hasHint && hinted.Desc.Kind == "move" && len(hinted.Desc.Targets) == 2 &&
			(hinted.Desc.Targets[1] == dst || dst == "f" && strings.HasPrefix(hinted.Desc.Targets[1], "f")) {
			cls += " kl__target--hint" // where the hinted move goes
		}
		d := app.Div().Class(cls).Aria("label", label)
		if mv, ok := to(dst); ok {
			a := mv.move.Text
			return d.Class(cls+" kl__target--on").DataSet("action", a).Attr("role", "button").Attr("tabindex", 0).
				Aria("label", mm.say.offer(mv.move.Desc)).
				OnClick(mm.play(a), app.EventScope(a)).Body(body...)
		}
		return d.Body(body...)
	}
	// Stock and waste.
	var stockUI app.UI
	stockLabel := fmt.Sprintf("Stock, %d cards", v.Stock)
	if v.Stock == 0 {
		stockLabel = "Stock empty"
	}
	if draws := mm.movesOf("draw"); len(draws) > 0 {
		draw := draws[0]
		hint := hasHint && hinted.Text == draw.Text
		cls := "kl__stock"
		if hint {
			cls += " kl__stock--hint"
		}
		stockUI = app.Button().Class(cls).DataSet("action", draw.Text).Aria("label", stockLabel+": "+mm.say.offer(draw.Desc)).
			OnClick(mm.play(draw.Text), app.EventScope(draw.Text)).Body(
			app.If(v.Stock > 0, func() app.UI { return components.Card(components.Face{Label: stockLabel, Hint: hint}, nil) }).
				Else(func() app.UI { return app.Div().Class("pile__empty").Text("↻") }),
			app.Span().Class("pile__count").Text(fmt.Sprint(v.Stock)))
	} else {
		stockUI = app.Div().Class("kl__stock").Aria("label", stockLabel).Body(app.Div().Class("pile__empty").Text(fmt.Sprint(v.Stock)))
	}
	wasteItems := []app.UI{}
	for i := max(0, len(v.Waste)-3); i < len(v.Waste); i++ {
		if i == len(v.Waste)-1 {
			wasteItems = append(wasteItems, source(v.Waste[i], "w", 1))
		} else {
			wasteItems = append(wasteItems, components.Card(components.Face{Code: v.Waste[i]}, nil))
		}
	}
	if len(wasteItems) == 0 {
		wasteItems = append(wasteItems, app.Div().Class("pile__empty").Text("waste"))
	}
	fItems := []app.UI{}
	for _, f := range v.Foundations {
		var cardUI app.UI = app.Div().Class("pile__empty").Text(suitWords(f.Suit))
		if f.Top != "" {
			cardUI = source(f.Top, "f"+f.Suit, 1)
		}
		fItems = append(fItems, app.Div().Class("kl__foundation").Body(cardUI))
	}
	colItems := []app.UI{}
	for i, c := range v.Columns {
		key := fmt.Sprintf("t%d", i+1)
		stack := []app.UI{}
		for j := 0; j < c.Down; j++ {
			stack = append(stack, app.Div().Class("kl__down").Body(components.Card(components.Face{}, nil)))
		}
		for j, code := range c.Up {
			stack = append(stack, app.Div().Class("kl__up").Body(source(code, key, len(c.Up)-j)))
		}
		if len(stack) == 0 {
			stack = append(stack, app.Div().Class("pile__empty").Text("K"))
		}
		colItems = append(colItems, target(key, fmt.Sprintf("Column %d", i+1), app.Div().Class("kl__column").Body(stack...)))
	}
	return app.Div().Class("klondike").Body(
		app.Div().Class("kl__top").Body(
			stockUI,
			app.Div().Class("kl__waste").Aria("label", "Waste").Body(wasteItems...),
			target("f", "Foundations", app.Div().Class("kl__foundations").Body(fItems...)),
		),
		app.Div().Class("kl__tableau").Body(colItems...),
		app.If(mm.selected != "", func() app.UI {
			return app.Button().Class("btn btn--small btn--ghost").Text("Put back").OnClick(mm.choose(""))
		}),
	)
}
