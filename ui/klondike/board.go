package klondike

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/klondike"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/ui"
)

// klondikeBoard draws Klondike's table: the stock and the waste, the four
// foundations, the seven columns, the move count and the clock. web/
// klondike.css sizes the cards from the room the board has, so that the
// whole table fits a phone either way up; a long column overlaps its cards
// more.
type klondikeBoard struct {
	app.Compo
	speaker
	V      *klondike.View
	Legal  []rtc.Move
	Hint   string // the hinted move's notation, "" for none
	Sel    string // the picked-up cards ("t3:2"), "" for none: the page's, which a new view clears
	Say    ui.Words
	Play   func(ctx app.Context, action string)
	Choose func(ctx app.Context, sel string) // picks up cards ("" puts them back)
	// Replayed is a replay's record up to the step shown, nil at the table:
	// the moves are counted from it and the clock stands still.
	Replayed *record.Record
	// Saved is the match being played as the page saved it: the moves are
	// counted from it.
	Saved func() (*record.Record, games.Seat)
	// Lesson: a guided first game, which keeps no clock.
	Lesson bool
	// Animation is the player's setting for animations (the Finish's pace).
	Animation string

	seen    *klondike.View // the view the count is for
	moves   int            // the player's actions in this game
	seed    uint64         // the match's seed: the clock's saved time is for it
	known   bool           // the saved match was read
	tapped  string         // the place a tap just moved cards from or to
	tappedT time.Time
	ctx     app.Context
	drag    klondikeDrag
	// finishing: the cards are going up one at a time (klondike_finish.go)
	finishing bool
}

func (b *klondikeBoard) OnMount(ctx app.Context) {
	b.ctx = ctx
	b.sync(ctx)
	b.listen(ctx)
}

func (b *klondikeBoard) OnUpdate(ctx app.Context) {
	b.ctx = ctx
	b.sync(ctx)
}

func (b *klondikeBoard) OnDismount() {
	b.unlisten()
	b.finishing = false
}

// sync reads a new view's move count from the saved match (the page saves
// it before it draws the view).
func (b *klondikeBoard) sync(ctx app.Context) {
	if b.V == b.seen {
		return
	}
	b.seen = b.V
	if b.Replayed != nil {
		b.moves, b.known = MoveCount(b.Replayed, 0), false
		return
	}
	if b.Saved == nil {
		return
	}
	rec, seat := b.Saved()
	if rec == nil {
		return
	}
	b.moves, b.seed, b.known = MoveCount(rec, seat), rec.Seed, !b.Lesson
}

// MoveCount counts the player's (seat's) actions in the game being played:
// draws, moves and an auto-complete (the clock's are the system's; a deal
// starts a new game).
func MoveCount(rec *record.Record, seat games.Seat) int {
	n := 0
	for _, st := range rec.Actions {
		switch {
		case st.Seat != seat:
		case st.Act == "deal":
			n = 0
		default:
			n++
		}
	}
	return n
}

// play plays a legal move from the board.
func (b *klondikeBoard) play(ctx app.Context, action string) {
	if b.Play != nil {
		b.Play(ctx, action)
	}
}

// choose picks up cards ("" puts them back).
func (b *klondikeBoard) choose(ctx app.Context, sel string) {
	if b.Choose != nil && sel != b.Sel {
		b.Choose(ctx, sel)
	}
}

// tap is a tap (or a click, or Enter) on the cards key lying on place.
func (b *klondikeBoard) tap(key, place string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if place == b.tapped && time.Since(b.tappedT) < 450*time.Millisecond {
			return // the second tap of a double tap whose first already moved the cards
		}
		t := klondikeTapOn(klondikeMoves(b.Legal), b.Sel, key, place)
		b.choose(ctx, t.sel)
		if t.play != "" {
			b.tapped, b.tappedT = place, time.Now()
			b.play(ctx, t.play)
		}
	}
}

// putDown is a tap on a place (a column, the foundations) that is not on
// one of its cards: the picked-up cards go there if they may, else back.
func (b *klondikeBoard) putDown(place string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if e.Get("target").Call("closest", "button.card").Truthy() {
			return // a card's own tap
		}
		if mv, ok := klondikeDrop(klondikeMoves(b.Legal), b.Sel, place); ok && b.Sel != "" {
			b.play(ctx, mv.move.Text)
			return
		}
		b.choose(ctx, "")
	}
}

func (b *klondikeBoard) Render() app.UI {
	v := b.V
	if v == nil {
		return app.Div().Class("klondike")
	}
	moves := klondikeMoves(b.Legal)
	var hint klondikeMove
	hinted := false
	hintKind := ""
	for _, mv := range b.Legal {
		if mv.Text == b.Hint && b.Hint != "" {
			hintKind = mv.Desc.Kind
		}
	}
	for _, mv := range moves {
		if mv.move.Text == b.Hint {
			hint, hinted = mv, true
		}
	}
	// on: the places the picked-up cards may go to.
	on := map[string]klondikeMove{}
	for _, mv := range klondikeFrom(moves, b.Sel) {
		if _, ok := on[mv.place()]; !ok {
			on[mv.place()] = mv
		}
	}
	// card draws one card of a pile; key is the cards a tap or a drag on it
	// takes (this card and those above it), place the pile it lies on.
	card := func(code, key, place string, inRun, hintRun bool) app.UI {
		opts := klondikeFrom(moves, key)
		f := components.Face{Code: code, Hint: hintRun}
		if inRun {
			f.State = components.CardSelected
		}
		if len(opts) == 0 {
			return components.Card(b.P(), f, nil)
		}
		if !inRun {
			f.State = components.CardLegal
		}
		f.Action = opts[0].move.Text
		switch {
		case b.Sel == key || len(opts) == 1:
			f.Say = b.Say.Offer(b.P(), opts[0].move.Desc)
		default:
			f.Say = b.P().T("Pick up %s", klondikeMoved(b.P(), opts[0].move.Desc))
		}
		return components.Card(b.P(), f, b.tap(key, place))
	}
	selSrc, selN := klondikeSplitKey(b.Sel)
	hintSrc, hintN := "", 0
	if hinted {
		hintSrc, hintN = hint.src, hint.n
	}
	// target is a place cards may be put on: lit when the picked-up cards
	// may go there, glowing when the hint goes there.
	target := func(place, label string, body ...app.UI) app.HTMLDiv {
		cls := "kl__target"
		if hinted && hint.place() == place {
			cls += " kl__target--hint"
		}
		d := app.Div().DataSet("drop", place)
		if mv, ok := on[place]; ok {
			a := mv.move.Text
			return d.Class(cls+" kl__target--on").DataSet("action", a).Attr("role", "button").Attr("tabindex", 0).
				Aria("label", b.Say.Offer(b.P(), mv.move.Desc)).OnClick(b.putDown(place), app.EventScope(a)).Body(body...)
		}
		return d.Class(cls).Attr("role", "group").Aria("label", label).OnClick(b.putDown(place), app.EventScope(b.Sel)).Body(body...)
	}

	// The stock, the waste, or the auto-complete once the engine offers it.
	var stockWaste app.UI
	if autos := movesOfKind(b.Legal, "auto"); len(autos) > 0 {
		a := autos[0]
		cls := "btn btn--primary kl__auto"
		if a.Text == b.Hint {
			cls += " btn--hint"
		}
		stockWaste = app.Div().Class("kl__stockwaste").Body(
			app.Button().Class(cls).DataSet("action", a.Text).Aria("label", b.P().T("Finish: every card goes to the foundations")).
				Disabled(b.finishing).OnClick(func(ctx app.Context, e app.Event) { b.finish(ctx, a.Text) }, app.EventScope(a.Text)).
				Text(b.P().T("Finish")))
	} else {
		stockWaste = app.Div().Class("kl__stockwaste").Body(b.stock(hintKind == games.KindDraw), b.waste(card, hintSrc == "w"))
	}

	fItems := []app.UI{}
	for _, f := range v.Foundations {
		var cardUI app.UI = app.Div().Class("pile__empty").Text(ui.SuitWords(b.P(), f.Suit))
		if f.Top != "" {
			src := "f" + f.Suit
			key := klondikeKey(src, 1)
			cardUI = app.Div().Class("kl__slot").DataSet("drag", key).Body(card(f.Top, key, "f", b.Sel == key, hintSrc == src))
		}
		fItems = append(fItems, app.Div().Class("kl__foundation").Body(cardUI))
	}

	cols := []app.UI{}
	for i, c := range v.Columns {
		place := fmt.Sprintf("t%d", i+1)
		stack := []app.UI{}
		for j := 0; j < c.Down; j++ {
			// Hidden lists the face-down cards in the view with every card
			// shown (a finished match's replay): drawn face up, marked.
			if j < len(c.Hidden) {
				stack = append(stack, app.Div().Class("kl__down kl__down--shown").Body(components.Card(b.P(), components.Face{Code: c.Hidden[j]}, nil)))
				continue
			}
			stack = append(stack, app.Div().Class("kl__down").Body(components.Card(b.P(), components.Face{}, nil)))
		}
		for j, code := range c.Up {
			n := len(c.Up) - j
			key := klondikeKey(place, n)
			w := app.Div().Class("kl__up")
			if len(klondikeFrom(moves, key)) > 0 {
				w = w.DataSet("drag", key)
			}
			stack = append(stack, w.Body(card(code, key, place, selSrc == place && n <= selN, hintSrc == place && n <= hintN)))
		}
		if len(stack) == 0 {
			stack = append(stack, app.Div().Class("pile__empty").Text(b.P().T("King")))
		}
		col := target(place, b.P().T("Column %d", i+1), stack...).
			Style("--down", fmt.Sprint(c.Down)).Style("--up", fmt.Sprint(len(c.Up)))
		cols = append(cols, col)
	}

	running := !v.Won && !v.Done && v.Phase == "play" && b.Replayed == nil
	return app.Div().Class(fmt.Sprintf("klondike kl--draw%d", v.DrawCount)).
		OnClick(func(ctx app.Context, e app.Event) {
			if !e.Get("target").Call("closest", "button, [data-drop]").Truthy() {
				b.choose(ctx, "") // a tap on the felt puts the picked-up cards back
			}
		}).Body(
		app.Div().Class("kl__bar").Body(
			app.Span().Class("kl__moves").ID("kl-moves").Text(b.P().T("Moves %d", b.moves)),
			app.If((b.Replayed == nil && !b.Lesson) || v.Timed, func() app.UI {
				return &klondikeClock{Timed: v.Timed, Elapsed: v.Elapsed, Game: v.Game, Seed: b.seed, Known: b.known, Running: running}
			}),
		),
		stockWaste,
		target("f", b.P().T("Foundations"), app.Div().Class("kl__foundations").Body(fItems...)).Class("kl__found"),
		app.Div().Class("kl__tableau").Body(cols...),
	)
}

// stock is the stock: a tap draws, or turns the waste over.
func (b *klondikeBoard) stock(hint bool) app.UI {
	v := b.V
	label := b.P().N(v.Stock, "Stock, %d card", "Stock, %d cards")
	if v.Stock == 0 {
		label = b.P().T("Stock empty")
	}
	draws := movesOfKind(b.Legal, games.KindDraw)
	if len(draws) == 0 {
		return app.Div().Class("kl__stock").Attr("role", "img").Aria("label", label).Body(app.Div().Class("pile__empty"))
	}
	draw := draws[0]
	cls := "kl__stock"
	if hint {
		cls += " kl__stock--hint"
	}
	var face app.UI = app.Div().Class("pile__empty kl__recycle").Text("↻")
	if v.Stock > 0 {
		face = components.Card(b.P(), components.Face{Label: label, Hint: hint}, nil)
	}
	return app.Button().Class(cls).DataSet("action", draw.Text).
		Aria("label", b.P().T("%s: %s", label, b.Say.Offer(b.P(), draw.Desc))).
		OnClick(func(ctx app.Context, e app.Event) { b.play(ctx, draw.Text) }, app.EventScope(draw.Text)).
		Body(face, app.If(v.Stock > 0, func() app.UI { return app.Span().Class("pile__count").Text(fmt.Sprint(v.Stock)) }))
}

// waste is the waste, its last three cards fanned; only the top one plays.
func (b *klondikeBoard) waste(card func(code, key, place string, inRun, hintRun bool) app.UI, hint bool) app.UI {
	w := b.V.Waste
	items := []app.UI{}
	for i := max(0, len(w)-3); i < len(w); i++ {
		if i < len(w)-1 {
			items = append(items, app.Div().Class("kl__fan").Body(components.Card(b.P(), components.Face{Code: w[i]}, nil)))
			continue
		}
		key := klondikeKey("w", 1)
		items = append(items, app.Div().Class("kl__fan").DataSet("drag", key).Body(card(w[i], key, "w", b.Sel == key, hint)))
	}
	if len(items) == 0 {
		items = append(items, app.Div().Class("pile__empty"))
	}
	return app.Div().Class("kl__waste").Attr("role", "group").Aria("label", b.P().T("Waste")).Body(items...)
}

// movesOfKind lists the legal moves of a kind.
func movesOfKind(legal []rtc.Move, kind string) []rtc.Move {
	var out []rtc.Move
	for _, mv := range legal {
		if mv.Desc.Kind == kind {
			out = append(out, mv)
		}
	}
	return out
}

// speaker is components.Speaker under an unexported name (go-app copies a
// component's exported fields, which would drop its printer).
type speaker = components.Speaker
