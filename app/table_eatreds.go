package main

import (
	"fmt"
	"slices"
	"strconv"
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
		return w.who(e.Seat, "You take %s from the first layout", "%s takes %s from the first layout", cardList(e.Took))
	case e.From == "stock" && len(e.Took) > 0:
		return w.who(e.Seat, "Your stock card, %[1]s, takes %[2]s", "%[1]s's stock card, %[2]s, takes %[3]s", cardName(e.Card), cardList(e.Took))
	case e.From == "stock":
		return capitalize(msg.T("%s from the stock joins the layout", cardName(e.Card)))
	case len(e.Took) > 0:
		return w.who(e.Seat, "You take %[1]s with %[2]s", "%[1]s takes %[2]s with %[3]s", cardList(e.Took), cardName(e.Card))
	}
	return w.who(e.Seat, "You lay %s on the layout", "%s lays %s on the layout", cardName(e.Card))
}

func (k eatredsView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{boardChoices: true}
	m.stats = []components.Stat{{Label: msg.T("Deal"), Value: fmt.Sprint(v.Deal + 1)}}
	if v.Target > 0 {
		m.stats = append(m.stats, components.Stat{Label: msg.T("Playing to"), Value: fmt.Sprint(v.Target)})
	}
	m.stats = append(m.stats, components.Stat{Label: msg.T("Dealer"), Value: nameOf(in.names, int(v.Dealer))},
		components.Stat{Label: msg.T("Stock"), Value: fmt.Sprint(v.Stock)})
	if v.Triple != "" {
		m.stats = append(m.stats, components.Stat{Label: msg.T("Triple"), Value: msg.T("the %s wait for the fourth", rankPlural(v.Triple))})
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
			extra = append(extra, msg.T("%d won", v.Piles[i].Count))
			if p := v.Piles[i].Points; p != nil {
				extra = append(extra, msg.T("%d pts", *p))
			}
		}
		if i < len(v.LastDeal) {
			extra = append(extra, msg.T("last deal %d", v.LastDeal[i]))
		}
		s.Extra = strings.Join(extra, msg.T(" · "))
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
		wp := components.WonPile{Name: nameOf(in.names, i), Count: p.Count, Unit: msg.T("won"), Team: -1,
			Turn: !v.Done && int(v.Turn) == i, Empty: msg.T("no captures"), Recent: 6}
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
		cards = append(cards, app.Div().Class("pile__empty").Text(msg.T("empty")))
	}
	hint := ""
	sel := cardName(mm.handSel)
	switch {
	case len(selMoves) == 1 && len(selMoves[0].Desc.Targets) == 0:
		hint = capitalize(msg.T("%s takes nothing: tap it again to lay it on the layout.", sel))
	case len(selMoves) == 1 && len(selMoves[0].Desc.Targets) > 1:
		hint = capitalize(msg.T("%s takes %s: tap it again or tap one of them.", sel, cardList(selMoves[0].Desc.Targets)))
	case len(selMoves) == 1:
		hint = capitalize(msg.T("%s takes %s: tap either card to play.", sel, cardList(selMoves[0].Desc.Targets)))
	case len(selMoves) > 1:
		var ts []string
		for _, mv := range selMoves {
			ts = append(ts, mv.Desc.Targets...)
		}
		hint = capitalize(msg.T("%s can take %s: tap the one to take.", sel, orList(ts)))
	case v.Phase == "take" && len(mm.movesOf("take")) > 0:
		hint = msg.T("Pick the card your %s from the stock takes.", components.CardShort(v.Pending))
	}
	// The stock card waiting to capture.
	var spot app.UI
	if v.Phase == "take" && v.Pending != "" {
		caption := in.say.who(v.Turn, "Your card from the stock", "%s chooses what the stock card takes")
		spot = components.Spot("spot--pending", msg.T("Capturing"), caption,
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
		title := msg.T("Last turn: %s", in.say.name(seat))
		if seat == v.Turn && v.Phase == "take" {
			title = in.say.who(seat, "Your turn", "%s's turn")
		}
		items := []app.UI{}
		for _, e := range evs {
			var play app.UI
			if e.Card != "" {
				play = app.Div().Class("play__card").Body(components.Card(components.Face{Code: e.Card}, nil))
			}
			src := redsSource(e.From)
			items = append(items, app.Li().Class("play").Aria("label", sentence(redsEvent(in.say, e))).Body(
				app.Span().Class("play__who").Text(src),
				app.Div().Class("play__cards").Body(
					app.If(play != nil, func() app.UI { return play }),
					app.If(len(e.Took) > 0, func() app.UI {
						return app.Span().Class("play__arrow").Aria("hidden", true).Text("→")
					}),
					app.If(len(e.Took) > 0, func() app.UI { return components.MiniCards(e.Took, 0) }),
					app.If(len(e.Took) == 0, func() app.UI { return app.Span().Class("play__laid").Text(msg.T("laid")) }),
				),
			))
		}
		turnUI = app.Section().Class("turnlog").Aria("label", title).Body(
			app.H3().Class("spot__label").Text(title), app.Ol().Class("turnlog__plays").Body(items...))
	}
	// --rows is how many rows the layout takes on an upright phone (six
	// cards a row), so that the board's cards shrink to keep it all in view.
	return app.Div().Class("fish fish--reds").Style("--rows", strconv.Itoa(max(1, (len(v.Layout)+5)/6))).Body(
		app.Div().Class("fish__top").Body(
			app.Div().Class("spot spot--stock").Body(
				app.H3().Class("spot__label").Text(msg.T("Stock")), components.Stock(v.Stock, "", "", nil)),
			app.If(spot != nil, func() app.UI { return spot }),
			app.If(turnUI != nil, func() app.UI { return turnUI }),
		),
		// --n lets a sideways phone size the layout's cards to one row.
		app.Section().Class("fish__layout").Style("--n", strconv.Itoa(max(len(v.Layout), 1))).Aria("label", msg.T("Layout")).Body(cards...),
		app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
		components.WonPiles(msg.T("Won piles"), piles),
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
		out = append(out, msg.T("Deal %d.", v.Deal+1))
	}
	for _, e := range fresh {
		taken := p.v.Phase == "take" && e.From == "stock" && e.Card == p.v.Pending // its take told it
		if e.From != "hand" && !taken {
			out = append(out, sentence(redsEvent(in.say, e)))
		}
	}
	if v.Phase == "take" && p.v.Phase != "take" && v.Pending != "" {
		out = append(out, capitalize(msg.T("%s from the stock can take %s.", cardName(v.Pending), orList(v.Targets))),
			in.say.who(v.Turn, "You choose which.", "%s chooses which."))
	}
	return joinSentences(out)
}

// redsSource says where a card of a turn came from.
func redsSource(from string) string {
	switch from {
	case "hand":
		return msg.T("from hand")
	case "stock":
		return msg.T("from the stock")
	case "deal":
		return msg.T("first layout")
	}
	return ""
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
	return msg.T("%s or %s", strings.Join(names[:len(names)-1], msg.T(", ")), names[len(names)-1])
}
