package klondike

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/klondike"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// Klondike plays like a solitaire app: a card (or a run) is dragged onto a
// column or the foundations, or tapped: a tap moves it when it has one
// destination and otherwise picks it up and lights where it may go; a second
// tap (a double tap) sends it to its foundation first. Where a move goes and
// what it takes come from the engine's description of each legal move (its
// Targets and Cards): the table offers nothing the session does not. The
// board itself (klondike_board.go) is a component with its own clock, move
// count and drag-and-drop (klondike_drag.go).

// readKlondike decodes a session's view into its table.
func readKlondike(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[klondike.View](v)
	if err != nil {
		return nil, err
	}
	return klondikeView{x}, nil
}

type klondikeView struct{ v *klondike.View }

func (k klondikeView) Clock() (timed bool, elapsed, game int) {
	return k.v.Timed, k.v.Elapsed, k.v.Game
}

func (k klondikeView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(klondikeView)
	if ok && k.v.Game != pv.v.Game && !k.v.Done {
		return p.T("Game %d is dealt.", k.v.Game+1)
	}
	return ""
}

// klondikeMove is one legal "move": where from (a column "t3", the waste
// "w", a foundation "fH"), where to (a column or a foundation) and how many
// cards it takes.
type klondikeMove struct {
	move     rtc.Move
	src, dst string
	n        int
}

// key names the cards a move takes: its source and count ("t3:2").
func (m klondikeMove) key() string { return klondikeKey(m.src, m.n) }

func klondikeKey(src string, n int) string { return fmt.Sprintf("%s:%d", src, n) }

// klondikeSplitKey reads a key back: "t3:2" is column 3's top 2 cards; ""
// and 0 for none.
func klondikeSplitKey(key string) (src string, n int) {
	src, count, ok := strings.Cut(key, ":")
	if !ok {
		return "", 0
	}
	if _, err := fmt.Sscan(count, &n); err != nil {
		return "", 0
	}
	return src, n
}

// place is where a move puts its cards as the board groups them: a column,
// or "f" for the foundations (each card has one).
func (m klondikeMove) place() string { return klondikePlaceOf(m.dst) }

func klondikePlaceOf(p string) string {
	if strings.HasPrefix(p, "f") {
		return "f"
	}
	return p
}

// klondikeMoves reads the legal moves' descriptions.
func klondikeMoves(legal []rtc.Move) []klondikeMove {
	var out []klondikeMove
	for _, mv := range legal {
		d := mv.Desc
		if d.Kind != klondike.KindMove || len(d.Targets) < 2 {
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

// klondikeFrom lists the moves of the cards key ("t3:2"), a foundation
// first.
func klondikeFrom(moves []klondikeMove, key string) []klondikeMove {
	// Two passes in klondikeRank's order, each keeping the moves' own order
	// (a stable sort of a struct type would link a copy of the whole sort).
	var out []klondikeMove
	for rank := 0; rank <= 1; rank++ {
		for _, mv := range moves {
			if mv.key() == key && klondikeRank(mv.dst) == rank {
				out = append(out, mv)
			}
		}
	}
	return out
}

// klondikeDrop is the legal move that puts the cards key on place (a
// column, "f" for the foundations), if there is one: a drag is dropped, or
// a picked-up card is put down, only where the engine allows it.
func klondikeDrop(moves []klondikeMove, key, place string) (klondikeMove, bool) {
	for _, mv := range klondikeFrom(moves, key) {
		if mv.place() == place {
			return mv, true
		}
	}
	return klondikeMove{}, false
}

// klondikeTap is what a tap on the cards key, lying on place, does.
type klondikeTap struct {
	play   string // the move to play, "" for none
	sel    string // the cards picked up after the tap, "" for none
	places []string
}

// klondikeTapOn decides a tap on the cards key (their source and count)
// lying on place, with sel picked up before ("" for nothing): put sel down
// there when a legal move does it; a second tap on the picked-up cards plays
// their first move (the foundation first: a double tap); cards with one
// destination go there; cards with several are picked up.
func klondikeTapOn(moves []klondikeMove, sel, key, place string) klondikeTap {
	if sel != "" && sel != key {
		if mv, ok := klondikeDrop(moves, sel, place); ok {
			return klondikeTap{play: mv.move.Text}
		}
	}
	opts := klondikeFrom(moves, key)
	switch {
	case len(opts) == 0:
		return klondikeTap{}
	case sel == key || len(opts) == 1:
		return klondikeTap{play: opts[0].move.Text}
	}
	t := klondikeTap{sel: key}
	for _, mv := range opts {
		t.places = append(t.places, mv.place())
	}
	return t
}

func (k klondikeView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	m.Stats = []components.Stat{{Label: p.T("Score"), Value: fmt.Sprint(v.Score)}}
	if v.Balance != 0 {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Balance"), Value: fmt.Sprint(v.Total)})
	}
	if v.RecyclesLeft >= 0 {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Redeals left"), Value: fmt.Sprint(v.RecyclesLeft)})
	}
	if v.Won {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Result"), Value: p.T("won!")})
	}
	m.Seats = []components.SeatInfo{ui.SeatBase(p, in, 0)}
	m.Centre = func(mm ui.Model) app.UI { return k.board(mm) }
	return m
}

// board marks the moves the board offers (draws, moves, auto-complete: no
// button repeats them) and hands the board component what it draws.
func (k klondikeView) board(mm ui.Model) app.UI {
	for _, kind := range []string{games.KindDraw, klondike.KindMove, klondike.KindAuto} {
		for _, mv := range mm.MovesOf(kind) {
			mm.Consumed[mv.Text] = true
		}
	}
	play, choose := mm.Play, mm.Choose
	return &klondikeBoard{
		V: k.v, Legal: mm.Legal, Hint: mm.Hint, Sel: mm.Selected, Say: mm.Say, Replayed: mm.Replayed, Saved: mm.Saved, Lesson: mm.Lesson, Animation: mm.Animation,
		Play:   func(ctx app.Context, a string) { play(a)(ctx, app.Event{}) },
		Choose: func(ctx app.Context, sel string) { choose(sel)(ctx, app.Event{}) },
	}
}
