package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/eatreds"
	"cardtable/msg"
	"cardtable/rtc"
)

// Eat Reds: the face-up layout in the middle, the stock and the stock card
// waiting to capture beside it, the cards of the turn so far, every seat's
// won pile. A hand card's legal moves are the engine's: lay it, or play it
// and take one card (or the three of a flagged rank), each one action. Tap
// a hand card to see on the layout what it takes; tap it again (when it has
// one move) or tap the card to take.

func init() {
	tables["eatreds"] = func(v any) (tableView, error) {
		x, err := decodeView[eatreds.View](v)
		if err != nil {
			return nil, err
		}
		return eatredsView{x}, nil
	}
}

type eatredsView struct{ v *eatreds.View }

// redsEvent says one card of a turn: "East takes the 9 of hearts with the
// ace of diamonds", "the 4 of clubs from the stock joins the layout".
func redsEvent(w words, e eatreds.Event) string {
	switch {
	case e.From == "deal":
		return w.subject(e.Seat, "take", "takes") + " " + cardList(e.Took) + " from the first layout"
	case e.From == "stock" && len(e.Took) > 0:
		return capitalize(w.possessive(e.Seat)) + " stock card, " + cardName(e.Card) + ", takes " + cardList(e.Took)
	case e.From == "stock":
		return capitalize(cardName(e.Card)) + " from the stock joins the layout"
	case len(e.Took) > 0:
		return w.subject(e.Seat, "take", "takes") + " " + cardList(e.Took) + " with " + cardName(e.Card)
	}
	return w.subject(e.Seat, "lay", "lays") + " " + cardName(e.Card) + " on the layout"
}

func (k eatredsView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{boardChoices: true}
	m.stats = []components.Stat{{Label: "Deal", Value: fmt.Sprint(v.Deal + 1)}}
	if v.Target > 0 {
		m.stats = append(m.stats, components.Stat{Label: "Playing to", Value: fmt.Sprint(v.Target)})
	}
	m.stats = append(m.stats, components.Stat{Label: "Dealer", Value: nameOf(in.names, int(v.Dealer))},
		components.Stat{Label: "Stock", Value: fmt.Sprint(v.Stock)})
	if v.Triple != "" {
		m.stats = append(m.stats, components.Stat{Label: "Triple", Value: "the " + rankPlural(v.Triple) + " wait for the fourth"})
	}
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards = at(v.HandSizes, i)
		if v.Target > 0 && i < len(v.Scores) {
			sc := v.Scores[i]
			s.Score = &sc
		}
		var extra []string
		if i < len(v.Piles) {
			extra = append(extra, fmt.Sprintf("%d won", v.Piles[i].Count))
			if p := v.Piles[i].Points; p != nil {
				extra = append(extra, fmt.Sprintf("%d pts", *p))
			}
		}
		if i < len(v.LastDeal) {
			extra = append(extra, fmt.Sprintf("last deal %d", v.LastDeal[i]))
		}
		s.Extra = strings.Join(extra, " · ")
		s.Turn = !v.Done && int(v.Turn) == i
		m.seats = append(m.seats, s)
	}
	m.hand = v.Hand
	m.handCard = func(mv rtc.Move) string {
		if mv.Desc.Kind == "play" {
			return first(mv.Desc)
		}
		return ""
	}
	var piles []components.WonPile
	for i, p := range v.Piles {
		wp := components.WonPile{Name: nameOf(in.names, i), Count: p.Count, Unit: "won", Team: -1,
			Turn: !v.Done && int(v.Turn) == i, Empty: "no captures", Recent: 6}
		wp.Points = p.Points
		// The red cards score: show them, the black ones are counted.
		for _, c := range p.Cards {
			if _, s, ok := components.SplitCode(c); ok && (s == 'H' || s == 'D') {
				wp.Cards = append(wp.Cards, c)
			}
		}
		piles = append(piles, wp)
	}
	m.centre = func(mm tableModel) app.UI { return k.board(mm, in, piles) }
	return m
}

func (k eatredsView) board(mm tableModel, in modelInput, piles []components.WonPile) app.UI {
	v := k.v
	// What a tap on a layout card plays: the stock card's take, or a move of
	// the selected hand card that takes it.
	onLayout := map[string]rtc.Move{}
	for _, mv := range mm.movesOf("take") {
		mm.consumed[mv.Text] = true
		for _, t := range mv.Desc.Targets {
			onLayout[t] = mv
		}
	}
	var selMoves []rtc.Move
	if mm.handSel != "" {
		for _, mv := range mm.movesOf("play") {
			if first(mv.Desc) == mm.handSel {
				selMoves = append(selMoves, mv)
				for _, t := range mv.Desc.Targets {
					onLayout[t] = mv
				}
			}
		}
	}
	hinted, hasHint := mm.move(mm.hint)
	cards := []app.UI{}
	for _, c := range v.Layout {
		f := components.Face{Code: c}
		var h app.EventHandler
		if mv, ok := onLayout[c]; ok {
			f.State, f.Action, f.Say = components.CardLegal, mv.Text, mm.say.offer(mv.Desc)
			f.Hint = hasHint && hinted.Text == mv.Text
			h = mm.play(mv.Text)
		}
		cls := "fish__slot"
		if v.Triple != "" {
			if r, _, _ := components.SplitCode(c); r == v.Triple {
				cls += " fish__slot--triple"
			}
		}
		cards = append(cards, app.Div().Class(cls).Body(components.Card(f, h)))
	}
	if len(cards) == 0 {
		cards = append(cards, app.Div().Class("pile__empty").Text("empty"))
	}
	hint := ""
	sel := cardName(mm.handSel)
	switch {
	case len(selMoves) == 1 && len(selMoves[0].Desc.Targets) == 0:
		hint = capitalize(sel) + " takes nothing: tap it again to lay it on the layout."
	case len(selMoves) == 1 && len(selMoves[0].Desc.Targets) > 1:
		hint = capitalize(sel) + " takes " + cardList(selMoves[0].Desc.Targets) + ": tap it again or tap one of them."
	case len(selMoves) == 1:
		hint = capitalize(sel) + " takes " + cardList(selMoves[0].Desc.Targets) + ": tap either card to play."
	case len(selMoves) > 1:
		var ts []string
		for _, mv := range selMoves {
			ts = append(ts, mv.Desc.Targets...)
		}
		hint = capitalize(sel) + " can take " + orList(ts) + ": tap the one to take."
	case v.Phase == "take" && len(mm.movesOf("take")) > 0:
		hint = "Pick the card your " + components.CardShort(v.Pending) + " from the stock takes."
	}
	// The stock card waiting to capture.
	var spot app.UI
	if v.Phase == "take" && v.Pending != "" {
		who := in.say.name(v.Turn)
		caption := capitalize(in.say.possessive(v.Turn)) + " card from the stock"
		if v.Turn != in.say.me {
			caption = who + " chooses what the stock card takes"
		}
		spot = components.Spot("spot--pending", "Capturing", caption,
			components.Card(components.Face{Code: v.Pending, Winner: true}, nil))
	}
	// The cards of this turn, else the last one.
	evs := v.ThisTurn
	if len(evs) == 0 {
		evs = v.LastTurn
	}
	var turnUI app.UI
	if len(evs) > 0 {
		seat := evs[0].Seat
		title := "Last turn: " + in.say.name(seat)
		if seat == v.Turn && v.Phase == "take" {
			title = capitalize(in.say.possessive(seat)) + " turn"
		}
		items := []app.UI{}
		for _, e := range evs {
			var play app.UI
			if e.Card != "" {
				play = app.Div().Class("play__card").Body(components.Card(components.Face{Code: e.Card}, nil))
			}
			src := map[string]string{"hand": "from hand", "stock": "from the stock", "deal": "first layout"}[e.From]
			items = append(items, app.Li().Class("play").Aria("label", sentence(redsEvent(in.say, e))).Body(
				app.Span().Class("play__who").Text(src),
				app.Div().Class("play__cards").Body(
					app.If(play != nil, func() app.UI { return play }),
					app.If(len(e.Took) > 0, func() app.UI {
						return app.Span().Class("play__arrow").Aria("hidden", true).Text("→")
					}),
					app.If(len(e.Took) > 0, func() app.UI { return components.MiniCards(e.Took, 0) }),
					app.If(len(e.Took) == 0, func() app.UI { return app.Span().Class("play__laid").Text("laid") }),
				),
			))
		}
		turnUI = app.Section().Class("turnlog").Aria("label", title).Body(
			app.H3().Class("spot__label").Text(title), app.Ol().Class("turnlog__plays").Body(items...))
	}
	return app.Div().Class("fish fish--reds").Body(
		app.Div().Class("fish__top").Body(
			app.Div().Class("spot spot--stock").Body(
				app.H3().Class("spot__label").Text("Stock"), components.Stock(v.Stock, "", "", nil)),
			app.If(spot != nil, func() app.UI { return spot }),
			app.If(turnUI != nil, func() app.UI { return turnUI }),
		),
		app.Section().Class("fish__layout").Aria("label", "Layout").Body(cards...),
		app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
		components.WonPiles("Won piles", piles),
	)
}

// news tells what the stock card did after a hand card (the action's own
// description cannot: the card was face down), and a new deal.
func (k eatredsView) news(prev tableView, in modelInput) string {
	p, ok := prev.(eatredsView)
	if !ok {
		return ""
	}
	v := k.v
	var out []string
	fresh := v.ThisTurn
	if v.Deal == p.v.Deal && len(v.ThisTurn) >= len(p.v.ThisTurn) && slices.EqualFunc(v.ThisTurn[:len(p.v.ThisTurn)], p.v.ThisTurn, sameRedsEvent) {
		fresh = v.ThisTurn[len(p.v.ThisTurn):]
	}
	if v.Deal != p.v.Deal {
		out = append(out, fmt.Sprintf("Deal %d.", v.Deal+1))
	}
	for _, e := range fresh {
		taken := p.v.Phase == "take" && e.From == "stock" && e.Card == p.v.Pending // its take told it
		if e.From != "hand" && !taken {
			out = append(out, sentence(redsEvent(in.say, e)))
		}
	}
	if v.Phase == "take" && p.v.Phase != "take" && v.Pending != "" {
		out = append(out, sentence(capitalize(cardName(v.Pending))+" from the stock can take "+orList(v.Targets)),
			sentence(in.say.subject(v.Turn, "choose", "chooses")+" which"))
	}
	return joinSentences(out)
}

func sameRedsEvent(a, b eatreds.Event) bool {
	return a.Seat == b.Seat && a.From == b.From && a.Card == b.Card && slices.Equal(a.Took, b.Took)
}

// rankPlural names a rank's cards: "queens", "10s".
func rankPlural(r string) string {
	switch r {
	case "A":
		return msg.T("aces")
	case "J":
		return msg.T("jacks")
	case "Q":
		return msg.T("queens")
	case "K":
		return msg.T("kings")
	}
	return msg.T("%ss", r)
}

// orList names cards as alternatives: "the 9 of hearts or the 9 of
// spades".
func orList(codes []string) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = cardName(c)
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := names[0]
	for _, n := range names[1 : len(names)-1] {
		out += ", " + n
	}
	return out + " or " + names[len(names)-1]
}
