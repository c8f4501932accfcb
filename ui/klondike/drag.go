package klondike

import (
	"fmt"
	"math"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Drag-and-drop on the Klondike board, with a finger or a mouse (pointer
// events). A press on cards that have a legal move and a move of a few
// pixels lifts them (a column card takes the cards above it along); they
// follow the pointer, the places they may go light up, and a release over
// one of them plays the legal move that puts them there; anywhere else they
// slide back. A press without a move is a tap (klondikeBoard.tap). The
// listeners are the browser's own, run at once: a pointer's moves need no
// re-render, and the click that follows a drop is stopped before it reaches
// a card.

// klondikeDrag is the drag under way, if any.
type klondikeDrag struct {
	funcs   []app.Func
	events  []dragEvent // the listeners' targets and events, in the order of funcs
	key     string      // the cards pressed on ("t3:2"), "" for none
	id      int         // the pointer
	x0, y0  float64
	started bool
	els     []app.Value // the lifted elements: the pressed card's and those above it
	lit     []app.Value // the places lit for them
	dropped time.Time   // when a drag ended: the click that follows is not a tap
}

// klondikeDragStart is how far (CSS pixels) a press moves before it is a
// drag and not a tap.
const klondikeDragStart = 6

// swallow tells whether a click is the end of a drag (and not a tap): the
// first click soon after the drop, before another press.
func (d *klondikeDrag) swallow() bool {
	if d.dropped.IsZero() {
		return false
	}
	soon := time.Since(d.dropped) < 500*time.Millisecond
	d.dropped = time.Time{}
	return soon
}

// listen adds the browser listeners of the board.
func (b *klondikeBoard) listen(ctx app.Context) {
	if !app.IsClient || len(b.drag.funcs) > 0 {
		return
	}
	on := func(target app.Value, event string, capture bool, fn func(e app.Value)) {
		f := app.FuncOf(func(this app.Value, args []app.Value) any {
			if len(args) > 0 {
				fn(args[0])
			}
			return nil
		})
		b.drag.funcs = append(b.drag.funcs, f)
		target.Call("addEventListener", event, f, capture) // pointer events are never passive
	}
	doc := app.Window().Get("document")
	on(doc, "pointerdown", false, b.pointerDown)
	on(app.Window(), "pointermove", false, b.pointerMove)
	on(app.Window(), "pointerup", false, func(e app.Value) { b.pointerUp(e, true) })
	on(app.Window(), "pointercancel", false, func(e app.Value) { b.pointerUp(e, false) })
	on(app.Window(), "click", true, func(e app.Value) {
		if b.drag.swallow() {
			e.Call("stopPropagation")
			e.Call("preventDefault")
		}
	})
	// removeEventListener needs the same functions: keep them with their
	// events to release on dismount.
	b.drag.events = []dragEvent{{doc, "pointerdown", false}, {app.Window(), "pointermove", false},
		{app.Window(), "pointerup", false}, {app.Window(), "pointercancel", false}, {app.Window(), "click", true}}
}

// dragEvent is one listener's target, event and phase.
type dragEvent struct {
	target  app.Value
	event   string
	capture bool
}

// unlisten removes the board's browser listeners.
func (b *klondikeBoard) unlisten() {
	b.dragEnd(false)
	for i, f := range b.drag.funcs {
		if i < len(b.drag.events) {
			ev := b.drag.events[i]
			ev.target.Call("removeEventListener", ev.event, f, ev.capture)
		}
		f.Release()
	}
	b.drag.funcs, b.drag.events = nil, nil
}

func (b *klondikeBoard) pointerDown(e app.Value) {
	if e.Get("button").Int() != 0 || b.drag.key != "" {
		return
	}
	b.drag.dropped = time.Time{}
	t := e.Get("target")
	if !t.Truthy() || t.Get("closest").IsUndefined() {
		return
	}
	el := t.Call("closest", ".klondike [data-drag]")
	if !el.Truthy() {
		return
	}
	d := &b.drag
	d.key = el.Get("dataset").Get("drag").String()
	d.id = e.Get("pointerId").Int()
	d.x0, d.y0 = e.Get("clientX").Float(), e.Get("clientY").Float()
	d.started = false
	d.els = []app.Value{el}
	for s := el.Get("nextElementSibling"); s.Truthy(); s = s.Get("nextElementSibling") {
		d.els = append(d.els, s)
	}
}

func (b *klondikeBoard) pointerMove(e app.Value) {
	d := &b.drag
	if d.key == "" || e.Get("pointerId").Int() != d.id {
		return
	}
	dx, dy := e.Get("clientX").Float()-d.x0, e.Get("clientY").Float()-d.y0
	if !d.started {
		if math.Hypot(dx, dy) < klondikeDragStart {
			return
		}
		d.started = true
		for _, el := range d.els {
			el.Get("classList").Call("add", "kl--lifted")
		}
		doc := app.Window().Get("document")
		for _, mv := range klondikeFrom(klondikeMoves(b.Legal), d.key) {
			t := doc.Call("querySelector", fmt.Sprintf(`.klondike [data-drop=%q]`, mv.place()))
			if t.Truthy() {
				t.Get("classList").Call("add", "kl__target--drop")
				d.lit = append(d.lit, t)
			}
		}
	}
	e.Call("preventDefault")
	for _, el := range d.els {
		el.Get("style").Set("transform", fmt.Sprintf("translate(%.0fpx, %.0fpx)", dx, dy))
	}
}

// pointerUp ends a press: a drag dropped on a place plays the legal move
// that puts the cards there (drop false: the press was cancelled).
func (b *klondikeBoard) pointerUp(e app.Value, drop bool) {
	d := &b.drag
	if d.key == "" || e.Get("pointerId").Int() != d.id {
		return
	}
	if !d.started {
		d.key, d.els = "", nil
		return // a tap: its click follows
	}
	place := ""
	if drop {
		h := app.Window().Get("document").Call("elementFromPoint", e.Get("clientX").Float(), e.Get("clientY").Float())
		if h.Truthy() {
			if t := h.Call("closest", ".klondike [data-drop]"); t.Truthy() {
				place = t.Get("dataset").Get("drop").String()
			}
		}
	}
	mv, ok := klondikeDrop(klondikeMoves(b.Legal), d.key, place)
	b.dragEnd(ok)
	d.dropped = time.Now()
	if ok {
		a := mv.move.Text
		b.ctx.Dispatch(func(ctx app.Context) { b.play(ctx, a) })
	}
}

// dragEnd puts the lifted cards down: where they are when the move was
// played (the next render places them), sliding back otherwise.
func (b *klondikeBoard) dragEnd(played bool) {
	d := &b.drag
	for _, el := range d.els {
		el.Get("classList").Call("remove", "kl--lifted")
		if !played {
			el.Get("classList").Call("add", "kl--back")
		}
		el.Get("style").Set("transform", "")
	}
	if back := d.els; !played && len(back) > 0 {
		time.AfterFunc(300*time.Millisecond, func() {
			for _, el := range back {
				el.Get("classList").Call("remove", "kl--back")
			}
		})
	}
	for _, t := range d.lit {
		t.Get("classList").Call("remove", "kl__target--drop")
	}
	d.key, d.started, d.els, d.lit = "", false, nil, nil
}
