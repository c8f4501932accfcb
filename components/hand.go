package components

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Choice is one legal action: its notation (sent to the session, kept in
// data-action) and the words a person reads for it.
type Choice struct {
	Action   string
	Say      string
	FaceDown bool // the move puts the card down face down (a fold)
	Hint     bool // the hint's move: the card glows (card--hint), its button too
}

// HandCard is one card of the local player's hand and the actions it offers.
type HandCard struct {
	Code    string
	Actions []Choice // legal actions that play this card; empty: dimmed
}

// Hand is the local player's fan of cards. A tap selects a legal card, a
// second tap (or dragging it up) plays it; illegal cards are dimmed. Arrow
// keys move between cards and Enter plays the focused one.
type Hand struct {
	app.Compo
	speaker
	Cards   []HandCard
	Waiting bool                                 // not our turn: no card is highlighted or dimmed
	OnPlay  func(ctx app.Context, action string) // called with the chosen action
	// OnSelect, when set, hears which card is selected ("" for none); with
	// BoardChoices the board offers a selected card's actions (a slot to
	// place it on) instead of buttons under the hand.
	OnSelect     func(ctx app.Context, code string)
	BoardChoices bool
	// OnRefused, when set, hears a tap on a card that cannot be played now;
	// the card shakes and the page says why.
	OnRefused func(ctx app.Context, code string)
	selected  string
	shaking   string // the refused card, shaking for a moment
	downY     float64
	dragged   bool
	// The hand's width and a card's, as last measured (0: not yet); they
	// say how many cards a row holds (see perRow).
	width, cardW float64
}

// minStrip is the narrowest part of a card a hand leaves in sight, in CSS
// px: a tap there lands on that card (web/hand.css keeps it).
const minStrip = 40

// fanPad is the fan's padding on each side, in CSS px (.4rem).
const fanPad = 6.4

// perRow is how many of n cards a row of the hand holds: all of them when
// each keeps minStrip in one row, else as few rows as keep it, filled
// evenly (7 and 6 rather than 8 and 5). 0 when the hand has not been
// measured yet: the stylesheet then wraps the row where it must.
func perRow(n int, width, cardW float64) int {
	if width <= 0 || cardW <= 0 || n < 2 {
		return 0
	}
	room := width - 2*fanPad - 1
	fits := int((room-cardW)/minStrip) + 1
	if fits >= n {
		return n
	}
	fits = max(fits, 1)
	rows := (n + fits - 1) / fits
	return (n + rows - 1) / rows
}

func (h *Hand) OnMount(ctx app.Context)  { ctx.Defer(h.measure) }
func (h *Hand) OnResize(ctx app.Context) { ctx.Defer(h.measure) }

// OnUpdate measures a hand that had no card to measure when it was mounted.
func (h *Hand) OnUpdate(ctx app.Context) {
	if h.cardW == 0 && len(h.Cards) > 0 {
		ctx.Defer(h.measure)
	}
}

// measure reads the hand's width and a card's, and lays the rows out again
// when they changed.
func (h *Hand) measure(ctx app.Context) {
	root := h.JSValue()
	if root == nil || !root.Truthy() {
		return
	}
	card := root.Call("querySelector", ".hand__slot > .card")
	if !card.Truthy() {
		return
	}
	w, cw := root.Get("clientWidth").Float(), card.Call("getBoundingClientRect").Get("width").Float()
	if w != h.width || cw != h.cardW {
		h.width, h.cardW = w, cw
		ctx.Update()
	}
}

// dragCapture is the slot's inline pointermove handler (see Render).
const dragCapture = "if (event.buttons && !this.hasPointerCapture(event.pointerId)) this.setPointerCapture(event.pointerId)"

// Selected is the code of the selected card, or "".
func (h *Hand) Selected() string { return h.selected }

func (h *Hand) find(code string) (HandCard, bool) {
	for _, c := range h.Cards {
		if c.Code == code {
			return c, true
		}
	}
	return HandCard{}, false
}

func (h *Hand) Render() app.UI {
	if c, ok := h.find(h.selected); !ok || len(c.Actions) == 0 {
		h.selected = ""
	}
	items := []app.UI{}
	n := len(h.Cards)
	per := perRow(n, h.width, h.cardW)
	for i, c := range h.Cards {
		c := c
		f := Face{Code: c.Code, State: CardPlain}
		switch {
		case len(c.Actions) > 0:
			f.State, f.Action = CardLegal, c.Actions[0].Action
			if len(c.Actions) == 1 {
				f.Say = c.Actions[0].Say
			}
			if c.Code == h.selected {
				f.State = CardSelected
			}
			for _, a := range c.Actions {
				f.Hint = f.Hint || a.Hint
			}
		case !h.Waiting:
			f.State = CardDimmed // our turn, but this card can't be played
			f.Label = h.P().T("%s, cannot be played now", CardName(h.P(), c.Code))
		}
		var onClick app.EventHandler
		if f.Action != "" {
			onClick = func(ctx app.Context, e app.Event) { h.tap(ctx, c) }
		}
		slotCls := "hand__slot"
		if c.Code == h.shaking {
			slotCls += " hand__slot--shake"
		}
		if faceDown(c.Actions) {
			slotCls += " hand__slot--facedown"
		}
		// The selected card says what the next tap on it does, just above it.
		var tag app.UI
		if c.Code == h.selected && len(c.Actions) == 1 && c.Actions[0].Say != "" {
			tag = app.Span().Class("hand__tag").Aria("hidden", true).Text(c.Actions[0].Say)
		}
		slot := app.Div().Class(slotCls)
		if per > 0 {
			slot = slot.Style("--ri", fmt.Sprint(i/per)) // its row, from the top
		}
		items = append(items, slot.
			// A drag holds on to the card: once the pointer moves with a
			// button down, the slot captures it, so the release reaches the
			// slot even far above the hand (and is no tap on the card). It
			// must run in the event itself, before the pointer is released.
			Attr("onpointermove", dragCapture).
			On("pointerdown", func(ctx app.Context, e app.Event) { h.downY = e.Get("clientY").Float(); h.dragged = false }, app.EventScope(c.Code)).
			On("pointerup", func(ctx app.Context, e app.Event) {
				if len(c.Actions) > 0 && h.downY-e.Get("clientY").Float() > 40 {
					h.dragged = true
					h.play(ctx, c.Actions[0].Action)
				}
			}, app.EventScope(c.Code, len(c.Actions))).
			On("click", func(ctx app.Context, e app.Event) {
				if len(c.Actions) == 0 {
					h.refuse(ctx, c.Code)
				}
			}, app.EventScope(c.Code, len(c.Actions))).
			Body(Card(h.P(), f, onClick), app.If(tag != nil, func() app.UI { return tag })))
	}
	// Choices for a selected card that offers several actions (play or fold).
	var choices app.UI
	if c, ok := h.find(h.selected); ok && len(c.Actions) > 1 && !h.BoardChoices {
		btns := []app.UI{}
		for _, a := range c.Actions {
			a := a
			cls := "btn"
			if a.Hint {
				cls += " btn--primary btn--hint"
			}
			btns = append(btns, app.Button().Class(cls).DataSet("action", a.Action).Text(a.Say).
				OnClick(func(ctx app.Context, e app.Event) { h.play(ctx, a.Action) }, app.EventScope(a.Action)))
		}
		choices = app.Div().Class("hand__choices").Body(btns...)
	}
	fan := app.Div().Class("hand__fan").Style("--n", fmt.Sprint(max(n, 2)))
	handCls := "hand"
	if per > 0 {
		fan = fan.Style("--per", fmt.Sprint(max(per, 2)))
		if per < n {
			handCls += " hand--rows"
		}
	}
	return app.Div().Class(handCls).Attr("role", "group").Aria("label", h.P().T("Your hand")).
		DataSet("width", fmt.Sprint(int(h.width))). // the width its rows were laid out for
		OnKeyDown(h.key).Body(
		fan.Body(items...),
		app.If(choices != nil, func() app.UI { return choices }),
	)
}

// faceDown reports whether every move a card offers puts it down face down
// (Cat Te's fold and face-down trick): the card is marked apart from one
// that is played face up.
func faceDown(actions []Choice) bool {
	for _, a := range actions {
		if !a.FaceDown {
			return false
		}
	}
	return len(actions) > 0
}

func (h *Hand) tap(ctx app.Context, c HandCard) {
	if h.dragged {
		h.dragged = false
		return
	}
	if h.selected == c.Code && len(c.Actions) == 1 {
		h.play(ctx, c.Actions[0].Action)
		return
	}
	h.selected = c.Code
	if h.OnSelect != nil {
		h.OnSelect(ctx, h.selected)
	}
}

// refuse shakes a card that cannot be played and lets the page say why.
func (h *Hand) refuse(ctx app.Context, code string) {
	h.shaking = code
	ctx.After(450*time.Millisecond, func(ctx app.Context) {
		if h.shaking == code {
			h.shaking = ""
		}
	})
	if h.OnRefused != nil {
		h.OnRefused(ctx, code)
	}
}

func (h *Hand) play(ctx app.Context, action string) {
	h.selected = ""
	if h.OnSelect != nil {
		h.OnSelect(ctx, "")
	}
	if h.OnPlay != nil {
		h.OnPlay(ctx, action)
	}
}

// key moves the focus along the fan with the arrow keys.
func (h *Hand) key(ctx app.Context, e app.Event) {
	k := e.Get("key").String()
	if k != "ArrowLeft" && k != "ArrowRight" {
		return
	}
	e.PreventDefault()
	doc := app.Window().Get("document")
	buttons := h.JSValue().Call("querySelectorAll", "button.card")
	n := buttons.Length()
	if n == 0 {
		return
	}
	cur := -1
	active := doc.Get("activeElement")
	for i := 0; i < n; i++ {
		if buttons.Index(i).Equal(active) {
			cur = i
		}
	}
	switch {
	case cur < 0:
		cur = 0
	case k == "ArrowLeft":
		cur = (cur - 1 + n) % n
	default:
		cur = (cur + 1) % n
	}
	buttons.Index(cur).Call("focus")
}
