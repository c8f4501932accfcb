package eatreds

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/eatreds"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// Eat Reds: the face-up layout in the middle, the stock and the stock card
// waiting to capture beside it, the cards of the turn so far, every seat's
// won pile. A hand card's legal moves are the engine's: lay it, or play it
// and take one card (or the three of a flagged rank), each one action. Tap
// a hand card to see on the layout what it takes; tap it again (when it has
// one move) or tap the card to take.

// readEatreds decodes a session's view into its table.
func readEatreds(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[eatreds.View](v)
	if err != nil {
		return nil, err
	}
	return eatredsView{v: x, seen: &redsSeen{}}, nil
}

type eatredsView struct {
	v    *eatreds.View
	seen *redsSeen // the turns this page has seen finished (carry)
}

// redsSeen is the turns of the deal the page saw finished, oldest first, as
// one view after another showed each as the last turn.
type redsSeen struct {
	deal  int
	turns [][]eatreds.Event
}

// finished is the turns this view shows finished, oldest first: the last
// turn, and the turn just played while the next player has not begun.
func (k eatredsView) finished() [][]eatreds.Event {
	v := k.v
	var out [][]eatreds.Event
	if len(v.LastTurn) > 0 {
		out = append(out, v.LastTurn)
	}
	if len(v.ThisTurn) > 0 && (v.ThisTurn[0].Seat != v.Turn || v.Done) {
		out = append(out, v.ThisTurn)
	}
	return out
}

// Carry takes over the turns the previous view saw and adds those this one
// shows finished; a new deal starts afresh.
func (k eatredsView) Carry(prev ui.View) {
	if k.seen == nil {
		return
	}
	k.seen.deal = k.v.Deal
	if p, ok := prev.(eatredsView); ok && p.seen != nil && p.seen.deal == k.v.Deal && p.v.Deal == k.v.Deal {
		k.seen.turns = append([][]eatreds.Event(nil), p.seen.turns...)
	}
	for _, turn := range k.finished() {
		known := false
		for _, t := range k.seen.turns[max(0, len(k.seen.turns)-2):] {
			known = known || slices.EqualFunc(t, turn, sameRedsEvent)
		}
		if !known {
			k.seen.turns = append(k.seen.turns, turn)
		}
	}
	if n := len(k.seen.turns); n > maxSeats {
		k.seen.turns = k.seen.turns[n-maxSeats:]
	}
}

// maxSeats bounds the turns kept: one round of the table is all that is told.
const maxSeats = 8

// sinceMine is every turn since the reader's own last one, each told whole
// in words (the hand card and the stock card), oldest first; a page that
// saw none of them (just opened) tells the last turn when it is another's.
func (k eatredsView) sinceMine(p *msg.Catalogue, w ui.Words, me int) []ui.Told {
	turns := k.finished()
	if k.seen != nil && len(k.seen.turns) > 0 {
		turns = k.seen.turns
	}
	var out []ui.Told
	for _, turn := range turns {
		if len(turn) == 0 {
			continue
		}
		if int(turn[0].Seat) == me {
			out = out[:0]
			continue
		}
		var said, parts []string
		for _, e := range turn {
			said = append(said, ui.Sentence(p, redsEvent(p, w, e)))
			parts = append(parts, redsShort(p, w, e))
		}
		out = append(out, ui.Told{Line: p.T("%s: %s", w.Name(p, turn[0].Seat), strings.Join(parts, p.T(" · "))), Said: ui.JoinSentences(said)})
	}
	return out
}

// redsShort says one card of a turn in a few words with the cards' short
// names, for a line a phone shows whole: "3♥ takes 3♣", "stock 4♣ laid".
func redsShort(p *msg.Catalogue, w ui.Words, e eatreds.Event) string {
	short := func(cs []string) string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = components.CardShort(p, c)
		}
		return strings.Join(out, " ")
	}
	switch {
	case e.From == "deal":
		return ui.LowerFirst(redsEvent(p, w, e))
	case e.From == "stock" && len(e.Took) > 0:
		return p.T("stock %s takes %s", components.CardShort(p, e.Card), short(e.Took))
	case e.From == "stock":
		return p.T("stock %s laid", components.CardShort(p, e.Card))
	case len(e.Took) > 0:
		return p.T("%s takes %s", components.CardShort(p, e.Card), short(e.Took))
	}
	return p.T("%s laid", components.CardShort(p, e.Card))
}

// redsPoints is what a won pile scores: its points when the viewer sees it
// open, else counted from its cards, each captured face up in front of the
// table (the View lists them for every viewer).
func redsPoints(p eatreds.Pile, blackAce bool) int {
	if p.Points != nil {
		return *p.Points
	}
	var set cards.Set
	for _, c := range p.Taken {
		if cd, err := cards.Parse(c); err == nil {
			set = set.With(cd)
		}
	}
	return eatreds.PilePoints(set, blackAce)
}

// redsEvent says one card of a turn: "East takes the 9 of hearts with the
// ace of diamonds", "the 4 of clubs from the stock joins the layout".
func redsEvent(p *msg.Catalogue, w ui.Words, e eatreds.Event) string {
	switch {
	case e.From == "deal":
		return w.Tell(p, e.Seat, "You take %s from the first layout", "%s takes %s from the first layout", ui.CardList(p, e.Took))
	case e.From == "stock" && len(e.Took) > 0:
		return w.Tell(p, e.Seat, "Your stock card, %[1]s, takes %[2]s", "%[1]s's stock card, %[2]s, takes %[3]s", ui.CardName(p, e.Card), ui.CardList(p, e.Took))
	case e.From == "stock":
		return ui.Capitalize(p.T("%s from the stock joins the layout", ui.CardName(p, e.Card)))
	case len(e.Took) > 0:
		return w.Tell(p, e.Seat, "You take %[1]s with %[2]s", "%[1]s takes %[2]s with %[3]s", ui.CardList(p, e.Took), ui.CardName(p, e.Card))
	}
	return w.Tell(p, e.Seat, "You lay %s on the layout", "%s lays %s on the layout", ui.CardName(p, e.Card))
}

func (k eatredsView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{BoardChoices: true}
	m.Recent = k.sinceMine(p, in.Say, in.Me)
	blackAce := in.Options["blackAceBonus"] == "on"
	m.Stats = []components.Stat{{Label: p.T("Deal"), Value: fmt.Sprint(v.Deal + 1)}}
	if v.Target > 0 {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Playing to"), Value: fmt.Sprint(v.Target)})
	}
	m.Stats = append(m.Stats, components.Stat{Label: p.T("Dealer"), Value: ui.NameOf(p, in.Names, int(v.Dealer))},
		components.Stat{Label: p.T("Stock"), Value: fmt.Sprint(v.Stock)})
	if v.Triple != "" {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Triple"), Value: p.T("the %s wait for the fourth", rankPlural(p, v.Triple))})
	}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Cards = ui.At(v.HandSizes, i)
		if v.Target > 0 && i < len(v.Scores) {
			sc := v.Scores[i]
			s.Score = &sc
		}
		var extra []string
		if i < len(v.Piles) {
			extra = append(extra, p.N(v.Piles[i].Count, "%d card won", "%d cards won"),
				p.N(redsPoints(v.Piles[i], blackAce), "%d point", "%d points"))
		}
		if i < len(v.LastDeal) {
			extra = append(extra, p.N(v.LastDeal[i], "%d point last deal", "%d points last deal"))
		}
		s.Extra = strings.Join(extra, p.T(" · "))
		s.Turn = !v.Done && int(v.Turn) == i
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	m.HandCard = func(mv rtc.Move) string {
		if mv.Desc.Kind == games.KindPlay {
			return ui.First(mv.Desc)
		}
		return ""
	}
	var piles []components.WonPile
	for i, pile := range v.Piles {
		pts := redsPoints(pile, blackAce)
		wp := components.WonPile{Name: ui.NameOf(p, in.Names, i), Count: pile.Count, Unit: p.T("won"), Team: -1,
			Counted: p.N(pile.Count, "%d card", "%d cards"), // under "Won piles"
			Turn:    !v.Done && int(v.Turn) == i, Empty: p.T("no captures"), Recent: 6, Points: &pts}
		// The red cards score: show them, the black ones are counted.
		if !pile.Open {
			pile.Cards = pile.Taken
		}
		for _, c := range pile.Cards {
			if _, s, ok := components.SplitCode(c); ok && (s == 'H' || s == 'D') {
				wp.Cards = append(wp.Cards, c)
			}
		}
		piles = append(piles, wp)
	}
	m.Centre = func(mm ui.Model) app.UI { return k.board(p, mm, in, piles) }
	return m
}

func (k eatredsView) board(p *msg.Catalogue, mm ui.Model, in ui.Input, piles []components.WonPile) app.UI {
	v := k.v
	// What a tap on a layout card plays: the stock card's take, or a move of
	// the selected hand card that takes it.
	onLayout := map[string]rtc.Move{}
	for _, mv := range mm.MovesOf(eatreds.KindTake) {
		mm.Consumed[mv.Text] = true
		for _, t := range mv.Desc.Targets {
			onLayout[t] = mv
		}
	}
	var selMoves []rtc.Move
	if mm.HandSel != "" {
		for _, mv := range mm.MovesOf(games.KindPlay) {
			if ui.First(mv.Desc) == mm.HandSel {
				selMoves = append(selMoves, mv)
				for _, t := range mv.Desc.Targets {
					onLayout[t] = mv
				}
			}
		}
	}
	hinted, hasHint := mm.Move(mm.Hint)
	cards := []app.UI{}
	for _, c := range v.Layout {
		f := components.Face{Code: c}
		var h app.EventHandler
		if mv, ok := onLayout[c]; ok {
			f.State, f.Action, f.Say = components.CardLegal, mv.Text, mm.Say.Offer(p, mv.Desc)
			f.Hint = hasHint && hinted.Text == mv.Text
			h = mm.Play(mv.Text)
		}
		cls := "fish__slot"
		if v.Triple != "" {
			if r, _, _ := components.SplitCode(c); r == v.Triple {
				cls += " fish__slot--triple"
			}
		}
		cards = append(cards, app.Div().Class(cls).Body(components.Card(p, f, h)))
	}
	if len(cards) == 0 {
		cards = append(cards, app.Div().Class("pile__empty").Text(p.T("empty")))
	}
	hint := ""
	sel := ui.CardName(p, mm.HandSel)
	switch {
	case len(selMoves) == 1 && len(selMoves[0].Desc.Targets) == 0:
		hint = ui.Capitalize(p.T("%s takes nothing: tap it again to lay it on the layout.", sel))
	case len(selMoves) == 1 && len(selMoves[0].Desc.Targets) > 1:
		hint = ui.Capitalize(p.T("%s takes %s: tap it again or tap one of them.", sel, ui.CardList(p, selMoves[0].Desc.Targets)))
	case len(selMoves) == 1:
		hint = ui.Capitalize(p.T("%s takes %s: tap either card to play.", sel, ui.CardList(p, selMoves[0].Desc.Targets)))
	case len(selMoves) > 1:
		var ts []string
		for _, mv := range selMoves {
			ts = append(ts, mv.Desc.Targets...)
		}
		hint = ui.Capitalize(p.T("%s can take %s: tap the one to take.", sel, orList(p, ts)))
	case v.Phase == "take" && len(mm.MovesOf(eatreds.KindTake)) > 0:
		hint = p.T("Pick the card your %s from the stock takes.", components.CardShort(p, v.Pending))
	}
	// The stock card waiting to capture.
	var spot app.UI
	if v.Phase == "take" && v.Pending != "" {
		caption := in.Say.Tell(p, v.Turn, "Your card from the stock", "%s chooses what the stock card takes")
		spot = components.Spot("spot--pending", p.T("Capturing"), caption,
			components.Card(p, components.Face{Code: v.Pending, Winner: true}, nil))
	}
	// The cards of this turn, else the last one.
	evs := v.ThisTurn
	if len(evs) == 0 {
		evs = v.LastTurn
	}
	var turnUI app.UI
	if len(evs) > 0 {
		seat := evs[0].Seat
		title := p.T("Last turn: %s", in.Say.Name(p, seat))
		if seat == v.Turn && v.Phase == "take" {
			title = in.Say.Tell(p, seat, "Your turn", "%s's turn")
		}
		items := []app.UI{}
		for _, e := range evs {
			var play app.UI
			if e.Card != "" {
				play = app.Div().Class("play__card").Body(components.Card(p, components.Face{Code: e.Card}, nil))
			}
			src := redsSource(p, e.From)
			items = append(items, app.Li().Class("play").Aria("label", ui.Sentence(p, redsEvent(p, in.Say, e))).Body(
				app.Span().Class("play__who").Text(src),
				app.Div().Class("play__cards").Body(
					app.If(play != nil, func() app.UI { return play }),
					app.If(len(e.Took) > 0, func() app.UI {
						return app.Span().Class("play__arrow").Aria("hidden", true).Text("→")
					}),
					app.If(len(e.Took) > 0, func() app.UI { return components.MiniCards(p, e.Took, 0) }),
					app.If(len(e.Took) == 0, func() app.UI { return app.Span().Class("play__laid").Text(p.T("laid")) }),
				),
			))
		}
		turnUI = app.Section().Class("turnlog").Aria("label", title).Body(
			app.H3().Class("spot__label").Text(title), app.Ol().Class("turnlog__plays").Body(items...))
	}
	// --rows is how many rows the layout takes on an upright phone (eight
	// cards a row: eight 30 px cards and their gaps fit a 360 px screen), so
	// that the board's cards shrink to keep it all in view.
	return app.Div().Class("fish fish--reds").Style("--rows", strconv.Itoa(max(1, (len(v.Layout)+7)/8))).Body(
		app.Div().Class("fish__top").Body(
			app.Div().Class("spot spot--stock").Body(
				app.H3().Class("spot__label").Text(p.T("Stock")), components.Stock(p, v.Stock, "", "", nil)),
			app.If(spot != nil, func() app.UI { return spot }),
			app.If(turnUI != nil, func() app.UI { return turnUI }),
		),
		// --n lets a sideways phone size the layout's cards to one row.
		app.Section().Class("fish__layout").Style("--n", strconv.Itoa(max(len(v.Layout), 1))).Aria("label", p.T("Layout")).Body(cards...),
		app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
		components.WonPiles(p, p.T("Won piles"), piles),
	)
}

// News tells what the stock card did after a hand card (the action's own
// description cannot: the card was face down), and a new deal.
func (k eatredsView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(eatredsView)
	if !ok {
		return ""
	}
	v := k.v
	var out []string
	fresh := v.ThisTurn
	if v.Deal == pv.v.Deal && len(v.ThisTurn) >= len(pv.v.ThisTurn) && slices.EqualFunc(v.ThisTurn[:len(pv.v.ThisTurn)], pv.v.ThisTurn, sameRedsEvent) {
		fresh = v.ThisTurn[len(pv.v.ThisTurn):]
	}
	if v.Deal != pv.v.Deal {
		out = append(out, p.T("Deal %d.", v.Deal+1))
	}
	for _, e := range fresh {
		taken := pv.v.Phase == "take" && e.From == "stock" && e.Card == pv.v.Pending // its take told it
		if e.From != "hand" && !taken {
			out = append(out, ui.Sentence(p, redsEvent(p, in.Say, e)))
		}
	}
	if v.Phase == "take" && pv.v.Phase != "take" && v.Pending != "" {
		out = append(out, ui.Capitalize(p.T("%s from the stock can take %s.", ui.CardName(p, v.Pending), orList(p, v.Targets))),
			in.Say.Tell(p, v.Turn, "You choose which.", "%s chooses which."))
	}
	return ui.JoinSentences(out)
}

// redsSource says where a card of a turn came from.
func redsSource(p *msg.Catalogue, from string) string {
	switch from {
	case "hand":
		return p.T("from hand")
	case "stock":
		return p.T("from the stock")
	case "deal":
		return p.T("first layout")
	}
	return ""
}

func sameRedsEvent(a, b eatreds.Event) bool {
	return a.Seat == b.Seat && a.From == b.From && a.Card == b.Card && slices.Equal(a.Took, b.Took)
}

// rankPlural names a rank's cards: "queens", "10s".
func rankPlural(p *msg.Catalogue, r string) string {
	switch r {
	case "A":
		return p.T("aces")
	case "J":
		return p.T("jacks")
	case "Q":
		return p.T("queens")
	case "K":
		return p.T("kings")
	}
	return p.T("%ss", r)
}

// orList names cards as alternatives: "the 9 of hearts or the 9 of
// spades".
func orList(p *msg.Catalogue, codes []string) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = ui.CardName(p, c)
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return p.T("%s or %s", strings.Join(names[:len(names)-1], p.T(", ")), names[len(names)-1])
}
