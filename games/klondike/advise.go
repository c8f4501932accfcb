package klondike

import (
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// Advise is Klondike's rule-based player (games.Advisor). It reads only the
// View: the face-up cards, the waste, the foundations and the counts.
//
// In order it: auto-completes when offered; plays a card to its foundation
// when that turns a face-down card or when no card could need it (both
// foundations of the other colour one rank below); moves a whole run off
// face-down cards (a king-headed one into an empty column), from the column
// with most face-down cards; plays any other foundation move, the waste card
// first; plays the waste card onto a column (a king into an empty one);
// moves part of a run when the card it uncovers goes to its foundation;
// empties a column when a king waits for it (on the waste or on face-down
// cards); and draws. Once the stock is empty it turns the waste over only if
// one of the cards the draws will show can be played (every card in draw-1,
// every third in draw-3), and otherwise, or with no redeal left, ends the
// game. Every move it makes turns a card, moves one out of the stock or up to
// a foundation, or empties a column for a king, and a pass through the stock
// ends in a move or the end: it never plays forever.
func (g Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := g.AdviseWhy(view, legal, rng)
	return a
}

// Klondike's reasons (games.Reasoner): the rule of Advise that chose.
const (
	FinishAuto    games.Reason = "klondike-finish"         // every card can go up
	UpTurnsCard   games.Reason = "klondike-up-turns"       // to its foundation: it turns a card, or no card can need it
	RunTurnsCard  games.Reason = "klondike-run-turns"      // a whole run off face-down cards
	UpFoundation  games.Reason = "klondike-up"             // any other foundation move
	WasteInPlay   games.Reason = "klondike-waste"          // the waste card onto a column
	FreeForUp     games.Reason = "klondike-free-for-up"    // part of a run, to free a card for its foundation
	EmptyForKing  games.Reason = "klondike-empty-for-king" // a column emptied for a waiting king
	DrawNext      games.Reason = "klondike-draw"           // nothing better: draw
	NothingUseful games.Reason = "klondike-nothing"        // no useful move is left
)

// AdviseWhy is Advise with the rule that chose (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	v, ok := view.(*View)
	switch {
	case len(legal) == 0:
		return 0, ""
	case !ok:
		return legal[rng.IntN(len(legal))], ""
	}
	has := func(a games.Action) bool { return slices.Contains(legal, a) }
	if v.Phase == "over" && has(actEnd) {
		return actEnd, NothingUseful
	}
	if v.CanAuto && has(actAuto) {
		return actAuto, FinishAuto
	}
	t := tableOf(v)
	var pick games.Action
	var why, rule games.Reason
	found := false
	try := func(a games.Action) bool {
		if !found && has(a) {
			pick, found, why = a, true, rule
		}
		return found
	}

	// Foundation moves that turn a card or that no card can need.
	rule = UpTurnsCard
	for i := range t.cols {
		c := &t.cols[i]
		if len(c.up) > 0 && t.fitsFoundation(c.top()) && ((len(c.up) == 1 && c.down > 0) || t.safe(c.top())) {
			try(move(i, dstFound, 1))
		}
	}
	if w, ok := t.wasteTop(); ok && t.fitsFoundation(w) && t.safe(w) {
		try(move(srcWaste, dstFound, 1))
	}
	// Whole runs off face-down cards, the most face-down cards first.
	order := t.byDown()
	rule = RunTurnsCard
	for _, i := range order {
		c := &t.cols[i]
		if c.down == 0 || len(c.up) == 0 {
			continue
		}
		for j := range t.cols {
			if j != i && t.fitsColumn(c.up[0], j) {
				try(move(i, j, len(c.up)))
			}
		}
	}
	// Other foundation moves, the waste card first.
	rule = UpFoundation
	if w, ok := t.wasteTop(); ok && t.fitsFoundation(w) {
		try(move(srcWaste, dstFound, 1))
	}
	for _, i := range order {
		if c := &t.cols[i]; len(c.up) > 0 && t.fitsFoundation(c.top()) {
			try(move(i, dstFound, 1))
		}
	}
	// The waste card onto a column.
	rule = WasteInPlay
	if w, ok := t.wasteTop(); ok {
		for j := range t.cols {
			if t.fitsColumn(w, j) {
				try(move(srcWaste, j, 1))
			}
		}
	}
	// Part of a run, to free a card for its foundation.
	rule = FreeForUp
	for i := range t.cols {
		c := &t.cols[i]
		for k := 1; k < len(c.up); k++ {
			if !t.fitsFoundation(c.up[k-1]) {
				continue
			}
			for j := range t.cols {
				if j != i && len(t.cols[j].up) > 0 && t.fitsColumn(c.up[k], j) {
					try(move(i, j, len(c.up)-k))
				}
			}
		}
	}
	// Empty a column for a waiting king.
	rule = EmptyForKing
	if t.kingWaits() {
		for i := range t.cols {
			c := &t.cols[i]
			if c.down > 0 || len(c.up) == 0 || rank(c.up[0]) == 13 {
				continue
			}
			for j := range t.cols {
				if j != i && len(t.cols[j].up) > 0 && t.fitsColumn(c.up[0], j) {
					try(move(i, j, len(c.up)))
				}
			}
		}
	}
	if found {
		return pick, why
	}
	if has(actDraw) && (v.Stock > 0 || t.wastePlayable(v.DrawCount)) {
		return actDraw, DrawNext
	}
	if has(actEnd) {
		return actEnd, NothingUseful
	}
	return legal[0], ""
}

// table is the view's cards, parsed.
type table struct {
	cols  [numCols]vcol
	waste []cards.Card
	found [4]int8
}

type vcol struct {
	down int
	up   []cards.Card
}

func (c *vcol) top() cards.Card { return c.up[len(c.up)-1] }

func tableOf(v *View) *table {
	t := &table{waste: parseAll(v.Waste)}
	for i := range min(len(v.Columns), numCols) {
		t.cols[i] = vcol{down: v.Columns[i].Down, up: parseAll(v.Columns[i].Up)}
	}
	for _, f := range v.Foundations {
		if su, err := cards.ParseSuit(f.Suit); err == nil {
			t.found[su] = int8(f.Count)
		}
	}
	return t
}

func parseAll(ss []string) []cards.Card {
	out := make([]cards.Card, 0, len(ss))
	for _, s := range ss {
		if c, err := cards.Parse(s); err == nil {
			out = append(out, c)
		}
	}
	return out
}

func (t *table) wasteTop() (cards.Card, bool) {
	if len(t.waste) == 0 {
		return 0, false
	}
	return t.waste[len(t.waste)-1], true
}

func (t *table) fitsFoundation(c cards.Card) bool { return t.found[c.Suit()] == rank(c)-1 }

func (t *table) fitsColumn(c cards.Card, j int) bool {
	col := &t.cols[j]
	if len(col.up) == 0 {
		return col.down == 0 && rank(c) == 13
	}
	top := col.top()
	return rank(top) == rank(c)+1 && redOf[top] != redOf[c]
}

// safe: both foundations of the other colour are at least one rank below c.
func (t *table) safe(c cards.Card) bool {
	r := rank(c)
	if r <= 2 {
		return true
	}
	if redOf[c] {
		return t.found[cards.Clubs] >= r-1 && t.found[cards.Spades] >= r-1
	}
	return t.found[cards.Diamonds] >= r-1 && t.found[cards.Hearts] >= r-1
}

// byDown lists the columns, most face-down cards first.
func (t *table) byDown() []int {
	order := []int{0, 1, 2, 3, 4, 5, 6}
	slices.SortStableFunc(order, func(a, b int) int { return t.cols[b].down - t.cols[a].down })
	return order
}

// kingWaits tells whether a king would move to an empty column at once: the
// waste card, or a king heading the run on a column's face-down cards.
func (t *table) kingWaits() bool {
	if w, ok := t.wasteTop(); ok && rank(w) == 13 {
		return true
	}
	for i := range t.cols {
		if c := &t.cols[i]; c.down > 0 && len(c.up) > 0 && rank(c.up[0]) == 13 {
			return true
		}
	}
	return false
}

// wastePlayable tells, with the stock empty, whether a card the next pass
// shows on top of the waste fits a foundation or a column.
func (t *table) wastePlayable(draw int) bool {
	n := len(t.waste)
	for i := range n {
		if draw > 1 && i != n-1 && (i+1)%draw != 0 {
			continue // draw-3 shows every third card and the last
		}
		c := t.waste[i]
		if t.fitsFoundation(c) {
			return true
		}
		for j := range t.cols {
			if t.fitsColumn(c, j) {
				return true
			}
		}
	}
	return false
}
