package main

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/cards"
	"cardtable/games/eatreds"
)

// The table renders a game's View from its JSON: a generic renderer works for
// every game (seats from per-seat number lists, card lists as piles, scalars
// on the scoreboard), and games with their own adapter get a dedicated
// layout. Legality always comes from the session, never from here.

type modelInput struct {
	players, me int
	names       []string
	bots        []string
	teams       string
}

type tableModel struct {
	seats       []components.SeatInfo
	stats       []components.Stat
	hand        []string
	centre      func(m tableModel) app.UI
	labels      func(action string) string
	boardAction func(code string) (string, app.EventHandler)
	// Set by the page for boards that pick a source, then a destination.
	legal    []string                          // the local seat's legal actions
	selected string                            // the board's selection ("" for none)
	choose   func(sel string) app.EventHandler // selects sel ("" clears)
	play     func(action string) app.EventHandler
	consumed map[string]bool // actions the board offers, not shown as buttons
	handSel  string          // the hand's selected card
	// boardChoices: a hand card's several actions are offered on the board
	boardChoices bool
}

func (m tableModel) label(a string) string {
	if m.labels != nil {
		if l := m.labels(a); l != "" {
			return l
		}
	}
	return a
}

type adapter struct {
	model  func(v map[string]any, in modelInput) tableModel
	notice func(prev, cur map[string]any, names []string) string
}

func adapterFor(id string) adapter {
	switch id {
	case "king":
		return adapter{model: kingModel, notice: kingNotice}
	case "papas":
		return adapter{model: papasModel, notice: papasNotice}
	case "catte":
		return adapter{model: catteModel, notice: catteNotice}
	case "mindikot":
		return adapter{model: mindikotModel, notice: mindikotNotice}
	case "sortcoop":
		return adapter{model: sortcoopModel, notice: sortcoopNotice}
	case "eatreds":
		return adapter{model: eatredsModel, notice: eatredsNotice}
	case "eatpairs":
		return adapter{model: eatpairsModel, notice: eatpairsNotice}
	case "klondike":
		return adapter{model: klondikeModel, notice: func(prev, cur map[string]any, names []string) string { return "" }}
	}
	return adapter{model: genericModel, notice: func(prev, cur map[string]any, names []string) string { return "" }}
}

// JSON helpers: a view decoded into map[string]any.

func num(v map[string]any, k string) (int, bool) {
	f, ok := v[k].(float64)
	return int(f), ok
}

func str(v map[string]any, k string) string {
	s, _ := v[k].(string)
	return s
}

func strs(v any) ([]string, bool) {
	l, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(l))
	for _, x := range l {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func ints(v any) ([]int, bool) {
	l, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]int, 0, len(l))
	for _, x := range l {
		f, ok := x.(float64)
		if !ok {
			return nil, false
		}
		out = append(out, int(f))
	}
	return out, true
}

func at(l []int, i int) int {
	if i < len(l) {
		return l[i]
	}
	return -1
}

// isCard tells card codes from other strings in a view.
func isCard(s string) bool {
	if _, _, ok := components.SplitCode(s); ok {
		return true
	}
	name := strings.TrimRight(s, "0123456789")
	switch name {
	case "papa", "duquesas", "fritas", "wild", "nopoh", "tedije", "dorada", "robo":
		return true
	}
	return false
}

func seatBase(in modelInput, i int) components.SeatInfo {
	s := components.SeatInfo{
		Seat: i, Name: in.names[i], Cards: -1, Tricks: -1, Team: -1,
		Position: components.Position(i, in.me, in.players),
	}
	if i < len(in.bots) && in.bots[i] != "" {
		s.Bot = in.bots[i]
	}
	if in.teams != "" && in.players%2 == 0 {
		s.Team = i % 2
	}
	return s
}

// suitWords names a suit letter.
var suitWords = map[string]string{"C": "♣ clubs", "D": "♦ diamonds", "H": "♥ hearts", "S": "♠ spades"}

// ---------------------------------------------------------------------------
// The King

var kingContracts = map[string]string{
	"notricks": "No tricks", "nohearts": "No hearts", "noboys": "No boys (J, K)",
	"noqueens": "No queens", "nolasttwo": "No last two tricks", "noking": "No king of hearts",
	"noanything": "No anything", "collecting": "Collecting tricks",
}

func kingModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	round, _ := num(v, "round")
	rounds, _ := strs(v["rounds"])
	contract := str(v, "contract")
	done, _ := v["done"].(bool)
	cname := kingContracts[contract]
	if cname == "" {
		cname = contract
	}
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprintf("%d / %d", round, len(rounds))},
		{Label: "Contract", Value: cname},
	}
	if contract == "collecting" {
		t := str(v, "trump")
		switch {
		case t == "":
			t = "being chosen"
		case t == "none":
			t = "no trump"
		case suitWords[t] != "":
			t = suitWords[t]
		}
		m.stats = append(m.stats, components.Stat{Label: "Trump", Value: t})
	}
	if n, ok := num(v, "trickNo"); ok {
		m.stats = append(m.stats, components.Stat{Label: "Trick", Value: fmt.Sprintf("%d / 8", n)})
	}
	sizes, _ := ints(v["handSizes"])
	tricks, _ := ints(v["tricks"])
	scores, _ := ints(v["scores"])
	roundScores, _ := ints(v["roundScores"])
	turn, _ := num(v, "turn")
	leader, _ := num(v, "trickLeader")
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards, s.Tricks = at(sizes, i), at(tricks, i)
		if i < len(scores) {
			sc := scores[i]
			s.Score = &sc
		}
		if i < len(roundScores) {
			s.Extra = fmt.Sprintf("round %+d", roundScores[i])
		}
		s.Turn = !done && turn == i
		s.Leader = leader == i
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	trick, _ := strs(v["trick"])
	var played []components.Played
	label := "Trick"
	if len(trick) > 0 {
		for j, c := range trick {
			played = append(played, components.Played{Code: c, Position: components.Position((leader+j)%in.players, in.me, in.players)})
		}
	} else if lt, ok := v["lastTrick"].(map[string]any); ok {
		cs, _ := strs(lt["cards"])
		l, _ := num(lt, "leader")
		w, _ := num(lt, "winner")
		label = "Last trick, taken by " + in.names[w]
		for j, c := range cs {
			seat := (l + j) % in.players
			played = append(played, components.Played{Code: c, Position: components.Position(seat, in.me, in.players), Winner: seat == w})
		}
	}
	m.centre = func(tableModel) app.UI { return components.Trick(played, label) }
	m.labels = func(a string) string {
		if t, ok := strings.CutPrefix(a, "trump "); ok {
			if t == "none" {
				return "Play without trump"
			}
			return "Trump: " + suitWords[t]
		}
		return ""
	}
	return m
}

func kingNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	pr, _ := num(prev, "round")
	cr, _ := num(cur, "round")
	if cr != pr {
		c := kingContracts[str(cur, "contract")]
		return fmt.Sprintf("Round %d: %s.", cr, c)
	}
	lt, ok := cur["lastTrick"].(map[string]any)
	if ok && !reflect.DeepEqual(prev["lastTrick"], cur["lastTrick"]) {
		w, _ := num(lt, "winner")
		if w >= 0 && w < len(names) {
			if names[w] == "You" {
				return "You take the trick."
			}
			return names[w] + " takes the trick."
		}
	}
	if c, _ := cur["choosingTrump"].(bool); c {
		if f, ok := num(cur, "firstLeader"); ok && f < len(names) {
			return names[f] + " names the trump."
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// Any other game

func genericModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	turn, hasTurn := num(v, "turn")
	done, _ := v["done"].(bool)
	seats := make([]components.SeatInfo, in.players)
	extras := make([][]string, in.players)
	for i := range seats {
		seats[i] = seatBase(in, i)
		seats[i].Turn = hasTurn && !done && turn == i
	}
	type pile struct {
		label string
		cards []string
	}
	var piles []pile
	for _, k := range keys {
		switch k {
		case "hand", "hands", "seat", "turn", "done", "winners":
			continue
		}
		val := v[k]
		if l, ok := ints(val); ok && len(l) == in.players && in.players > 1 {
			for i, x := range l {
				switch k {
				case "handSizes", "counts", "cards":
					seats[i].Cards = x
				case "tricks":
					seats[i].Tricks = x
				case "scores":
					sc := x
					seats[i].Score = &sc
				default:
					extras[i] = append(extras[i], fmt.Sprintf("%s %d", optionLabel(k), x))
				}
			}
			continue
		}
		if l, ok := strs(val); ok && len(l) > 0 && isCard(l[0]) {
			piles = append(piles, pile{optionLabel(k), l})
			continue
		}
		if l, ok := val.([]any); ok && len(l) > 0 {
			if _, isList := l[0].([]any); isList {
				for i, x := range l {
					if cs, ok := strs(x); ok && (len(cs) == 0 || isCard(cs[0])) {
						name := fmt.Sprintf("%s %d", optionLabel(k), i+1)
						if len(l) == in.players && i < len(in.names) {
							name = optionLabel(k) + ": " + in.names[i]
						}
						piles = append(piles, pile{name, cs})
					}
				}
				continue
			}
		}
		switch x := val.(type) {
		case float64:
			if seatKey(k) {
				if i := int(x); i >= 0 && i < len(in.names) && float64(i) == x {
					m.stats = append(m.stats, components.Stat{Label: optionLabel(k), Value: in.names[i]})
				}
				continue
			}
			m.stats = append(m.stats, components.Stat{Label: optionLabel(k), Value: fmt.Sprint(x)})
		case string:
			if x != "" {
				m.stats = append(m.stats, components.Stat{Label: optionLabel(k), Value: x})
			}
		case bool:
			if x {
				m.stats = append(m.stats, components.Stat{Label: optionLabel(k), Value: "yes"})
			}
		}
	}
	for i := range seats {
		seats[i].Extra = strings.Join(extras[i], " · ")
	}
	m.seats = seats
	m.hand, _ = strs(v["hand"])
	m.centre = func(mm tableModel) app.UI {
		items := []app.UI{}
		for _, p := range piles {
			items = append(items, components.Pile(p.label, p.cards, 0, mm.boardAction))
		}
		return app.Div().Class("piles").Body(items...)
	}
	return m
}

// ---------------------------------------------------------------------------
// Klondike: tap a card (or the waste) to pick it up, then a column or the
// foundations to put it down; a second tap on the picked card sends it where
// it can go (its foundation first).

// klondikeMove is one "move SRC DST [N]" action.
type klondikeMove struct {
	action, src, dst string
	n                int
}

func klondikeMoves(legal []string) []klondikeMove {
	var out []klondikeMove
	for _, a := range legal {
		f := strings.Fields(a)
		if len(f) < 3 || f[0] != "move" {
			continue
		}
		m := klondikeMove{action: a, src: f[1], dst: f[2], n: 1}
		if len(f) == 4 {
			fmt.Sscanf(f[3], "%d", &m.n)
		}
		out = append(out, m)
	}
	return out
}

func klondikeModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	score, _ := num(v, "score")
	stock, _ := num(v, "stock")
	draw, _ := num(v, "drawCount")
	left, _ := num(v, "recyclesLeft")
	m.stats = []components.Stat{{Label: "Score", Value: fmt.Sprint(score)}, {Label: "Draw", Value: fmt.Sprint(draw)}}
	if left >= 0 {
		m.stats = append(m.stats, components.Stat{Label: "Redeals left", Value: fmt.Sprint(left)})
	}
	if won, _ := v["won"].(bool); won {
		m.stats = append(m.stats, components.Stat{Label: "Result", Value: "won!"})
	}
	s := seatBase(in, 0)
	m.seats = []components.SeatInfo{s}
	waste, _ := strs(v["waste"])
	var cols []map[string]any
	if l, ok := v["columns"].([]any); ok {
		for _, c := range l {
			if cm, ok := c.(map[string]any); ok {
				cols = append(cols, cm)
			}
		}
	}
	var founds []map[string]any
	if l, ok := v["foundations"].([]any); ok {
		for _, f := range l {
			if fm, ok := f.(map[string]any); ok {
				founds = append(founds, fm)
			}
		}
	}
	m.centre = func(mm tableModel) app.UI {
		moves := klondikeMoves(mm.legal)
		mm.consumed["draw"] = true
		for _, mv := range moves {
			mm.consumed[mv.action] = true
		}
		selSrc, selN := "", 0
		if mm.selected != "" {
			fmt.Sscanf(strings.Replace(mm.selected, ":", " ", 1), "%s %d", &selSrc, &selN)
		}
		// from lists the moves of a source; to finds the selected source's move to dst.
		from := func(src string, n int) []klondikeMove {
			var out []klondikeMove
			for _, mv := range moves {
				if mv.src == src && mv.n == n {
					out = append(out, mv)
				}
			}
			slices.SortStableFunc(out, func(a, b klondikeMove) int { // foundation first
				return strings.Compare(b.dst, a.dst)
			})
			return out
		}
		to := func(dst string) string {
			for _, mv := range from(selSrc, selN) {
				if mv.dst == dst {
					return mv.action
				}
			}
			return ""
		}
		source := func(code, src string, n int) app.UI {
			opts := from(src, n)
			key := fmt.Sprintf("%s:%d", src, n)
			f := components.Face{Code: code}
			if len(opts) == 0 {
				return components.Card(f, nil)
			}
			f.State, f.Action = components.CardLegal, opts[0].action
			h := mm.choose(key)
			if mm.selected == key {
				f.State = components.CardSelected
				h = mm.play(opts[0].action)
			}
			return components.Card(f, h)
		}
		target := func(dst, label string, body ...app.UI) app.UI {
			d := app.Div().Class("kl__target").Aria("label", label)
			if a := to(dst); a != "" {
				return d.Class("kl__target kl__target--on").DataSet("action", a).Attr("role", "button").Attr("tabindex", 0).
					OnClick(mm.play(a), app.EventScope(a)).Body(body...)
			}
			return d.Body(body...)
		}
		// Stock and waste.
		var stockUI app.UI
		drawLegal := slices.Contains(mm.legal, "draw")
		stockLabel := fmt.Sprintf("Stock, %d cards", stock)
		if stock == 0 {
			stockLabel = "Stock empty: turn the waste over"
		}
		if drawLegal {
			stockUI = app.Button().Class("kl__stock").DataSet("action", "draw").Aria("label", stockLabel+": draw").
				OnClick(mm.play("draw"), app.EventScope("draw")).Body(
				app.If(stock > 0, func() app.UI { return components.Card(components.Face{Label: stockLabel}, nil) }).
					Else(func() app.UI { return app.Div().Class("pile__empty").Text("↻") }),
				app.Span().Class("pile__count").Text(fmt.Sprint(stock)))
		} else {
			stockUI = app.Div().Class("kl__stock").Aria("label", stockLabel).Body(app.Div().Class("pile__empty").Text(fmt.Sprint(stock)))
		}
		wasteItems := []app.UI{}
		for i := max(0, len(waste)-3); i < len(waste); i++ {
			if i == len(waste)-1 {
				wasteItems = append(wasteItems, source(waste[i], "w", 1))
			} else {
				wasteItems = append(wasteItems, components.Card(components.Face{Code: waste[i]}, nil))
			}
		}
		if len(wasteItems) == 0 {
			wasteItems = append(wasteItems, app.Div().Class("pile__empty").Text("waste"))
		}
		fItems := []app.UI{}
		for _, f := range founds {
			suit, top := str(f, "suit"), str(f, "top")
			var cardUI app.UI = app.Div().Class("pile__empty").Text(suitWords[suit])
			if top != "" {
				cardUI = source(top, "f"+suit, 1)
			}
			fItems = append(fItems, app.Div().Class("kl__foundation").Body(cardUI))
		}
		colItems := []app.UI{}
		for i, c := range cols {
			down, _ := num(c, "down")
			up, _ := strs(c["up"])
			key := fmt.Sprintf("t%d", i+1)
			stack := []app.UI{}
			for j := 0; j < down; j++ {
				stack = append(stack, app.Div().Class("kl__down").Body(components.Card(components.Face{}, nil)))
			}
			for j, code := range up {
				stack = append(stack, app.Div().Class("kl__up").Body(source(code, key, len(up)-j)))
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
	m.labels = func(a string) string {
		switch a {
		case "auto":
			return "Auto-complete"
		case "end":
			return "End the game"
		case "deal":
			return "Deal the next game"
		}
		return ""
	}
	return m
}

// klondikeWords says a Klondike action in words, for hints.
func klondikeWords(a string) string {
	place := func(p string) string {
		switch {
		case p == "w":
			return "the waste"
		case p == "f":
			return "its foundation"
		case strings.HasPrefix(p, "t"):
			return "column " + p[1:]
		case strings.HasPrefix(p, "f") && len(p) == 2:
			return "the " + suitWords[p[1:]] + " foundation"
		}
		return p
	}
	f := strings.Fields(a)
	switch {
	case a == "draw":
		return "draw from the stock"
	case a == "auto":
		return "auto-complete"
	case a == "end":
		return "end the game"
	case a == "deal":
		return "deal the next game"
	case len(f) == 3 && f[0] == "move":
		return "move the top card of " + place(f[1]) + " to " + place(f[2])
	case len(f) == 4 && f[0] == "move":
		return "move " + f[3] + " cards from " + place(f[1]) + " to " + place(f[2])
	}
	return a
}

// seatKey reports whether a view field holds a seat number (dealer, leader…),
// shown by name; a negative seat means none and is not shown.
func seatKey(k string) bool {
	k = strings.ToLower(k)
	for _, w := range []string{"dealer", "leader", "winner", "first", "turn", "active", "drawer", "lead"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Co-op Sort: the 15-slot board. Pick a hand card, then an empty slot; pick
// two filled slots to propose a swap. Accepted swaps stay drawn as arrows.

var prefWords = map[string]string{"want": "I want to go first", "neutral": "Either way", "dont": "I'd rather not go first"}

func sortcoopModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{boardChoices: true}
	phase := str(v, "phase")
	m.stats = []components.Stat{{Label: "Phase", Value: map[string]string{"prefer": "who goes first", "place": "placing", "swap": "last swaps", "done": "revealed"}[phase]}}
	if f, ok := num(v, "first"); ok && f >= 0 && f < len(in.names) {
		m.stats = append(m.stats, components.Stat{Label: "First", Value: in.names[f]})
	}
	if done, _ := v["done"].(bool); done {
		won, _ := v["won"].(bool)
		m.stats = append(m.stats, components.Stat{Label: "Result", Value: map[bool]string{true: "sorted: you both win!", false: "not sorted: you both lose"}[won]})
	}
	counts, _ := ints(v["handCounts"])
	turn, _ := num(v, "turn")
	passUsed, _ := v["passUsed"].([]any)
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Team = i // colour by owner
		s.Cards = at(counts, i)
		s.Turn = turn == i
		if i < len(passUsed) {
			if u, _ := passUsed[i].(bool); u {
				s.Extra = "pass used"
			}
		}
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	type slot struct {
		filled bool
		owner  int
		card   string
	}
	var slots []slot
	if l, ok := v["slots"].([]any); ok {
		for _, x := range l {
			sm, _ := x.(map[string]any)
			f, _ := sm["filled"].(bool)
			o, _ := num(sm, "owner")
			slots = append(slots, slot{f, o, str(sm, "card")})
		}
	}
	var swaps [][3]int
	if l, ok := v["swaps"].([]any); ok {
		for _, x := range l {
			sm, _ := x.(map[string]any)
			by, _ := num(sm, "by")
			a, _ := num(sm, "a")
			b, _ := num(sm, "b")
			swaps = append(swaps, [3]int{by, a, b})
		}
	}
	pa, pb := 0, 0
	if p, ok := v["pending"].(map[string]any); ok {
		pa, _ = num(p, "a")
		pb, _ = num(p, "b")
		by, _ := num(p, "by")
		if by >= 0 && by < len(in.names) {
			m.stats = append(m.stats, components.Stat{Label: "Proposal", Value: fmt.Sprintf("%s: swap %d and %d", in.names[by], pa, pb)})
		}
	}
	m.centre = func(mm tableModel) app.UI {
		legal := map[string]bool{}
		for _, a := range mm.legal {
			legal[a] = true
			if strings.HasPrefix(a, "propose ") {
				mm.consumed[a] = true
			}
		}
		items := []app.UI{}
		for i, s := range slots {
			n := i + 1
			cls := "slot"
			var body app.UI
			var action string
			var h app.EventHandler
			switch {
			case !s.filled:
				body = app.Span().Class("slot__num").Text(fmt.Sprint(n))
				if mm.handSel != "" {
					if a := fmt.Sprintf("place %s %d", mm.handSel, n); legal[a] {
						action, h = a, mm.play(a)
					}
				}
			default:
				body = components.Card(components.Face{Code: s.card, Label: fmt.Sprintf("slot %d", n)}, nil)
				if s.owner >= 0 {
					cls += fmt.Sprintf(" slot--owner%d", s.owner)
				}
				key := fmt.Sprint(n)
				switch {
				case mm.selected == key:
					cls += " slot--selected"
					h = mm.choose("")
				case mm.selected != "":
					var a int
					fmt.Sscanf(mm.selected, "%d", &a)
					lo, hi := min(a, n), max(a, n)
					if p := fmt.Sprintf("propose %d %d", lo, hi); legal[p] {
						action, h = p, mm.play(p)
					}
				default:
					for a := range legal {
						var x, y int
						if k, _ := fmt.Sscanf(a, "propose %d %d", &x, &y); k == 2 && (x == n || y == n) {
							h = mm.choose(key)
							break
						}
					}
				}
			}
			if n == pa || n == pb {
				cls += " slot--pending"
			}
			d := app.Div().Class(cls).Aria("label", fmt.Sprintf("Slot %d", n)).DataSet("slot", n)
			if h != nil {
				d = d.Class(cls+" slot--on").Attr("role", "button").Attr("tabindex", 0).OnClick(h, app.EventScope(n, action, mm.selected, mm.handSel))
				if action != "" {
					d = d.DataSet("action", action)
				}
			}
			items = append(items, app.Div().Class("slotcell").Body(d.Body(body)))
		}
		// Accepted swaps (and the open proposal) as arrows over the board; the
		// same list in words for screen readers.
		var arrows []components.Arrow
		words := []app.UI{}
		for _, s := range swaps {
			arrows = append(arrows, components.Arrow{A: s[1], B: s[2], Team: s[0]})
			words = append(words, app.Li().Class("swap").Text(fmt.Sprintf("%s: slot %d ⇄ slot %d", nameOf(in.names, s[0]), s[1], s[2])))
		}
		if pa > 0 && pb > 0 {
			arrows = append(arrows, components.Arrow{A: pa, B: pb, Pending: true})
		}
		hint := ""
		switch {
		case mm.handSel != "":
			hint = "Pick an empty slot for " + components.CardName(mm.handSel) + "."
		case mm.selected != "":
			hint = "Pick the other slot of the swap."
		}
		return app.Div().Class("sortcoop").Body(
			app.Div().Class("board").Body(
				app.Div().Class("slots").Body(append(items,
					components.SwapArrows("arrows--wide", len(slots), 15, arrows),
					components.SwapArrows("arrows--narrow", len(slots), 5, arrows))...),
			),
			app.If(len(words) > 0, func() app.UI {
				return app.Ul().Class("swaps sr-only").Aria("label", "Accepted swaps").Body(words...)
			}),
			app.If(len(swaps) > 0, func() app.UI {
				return app.P().Class("swaps__legend").Aria("hidden", true).Text(fmt.Sprintf("%d %s made", len(swaps), map[bool]string{true: "swap", false: "swaps"}[len(swaps) == 1]))
			}),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
		)
	}
	m.labels = func(a string) string {
		if p, ok := strings.CutPrefix(a, "prefer "); ok {
			return prefWords[p]
		}
		switch a {
		case "pass":
			return "Pass (once per game)"
		case "accept":
			return "Accept the swap"
		case "reject":
			return "Reject the swap"
		case "withdraw":
			return "Withdraw my proposal"
		case "done":
			return "No more swaps"
		}
		return ""
	}
	return m
}

func sortcoopNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	if str(prev, "phase") != str(cur, "phase") {
		switch str(cur, "phase") {
		case "place":
			if f, ok := num(cur, "first"); ok && f >= 0 && f < len(names) {
				return names[f] + " " + verb(names[f], "place", "places") + " first."
			}
		case "swap":
			return "All cards are placed: last chance to swap."
		case "done":
			return "The board is revealed."
		}
	}
	if _, ok := cur["pending"].(map[string]any); ok && prev["pending"] == nil {
		return "A swap is proposed."
	}
	return ""
}

// ---------------------------------------------------------------------------
// Mindikot: two teams, the trick in the middle, tens and tricks per team.

func teamPair(l []int) string {
	if len(l) < 2 {
		return "–"
	}
	return fmt.Sprintf("%d – %d", l[0], l[1])
}

func mindikotModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	round, _ := num(v, "round")
	trump := str(v, "trump")
	switch {
	case trump != "":
		trump = suitWords[trump]
	case str(v, "mode") == "HIDDEN":
		trump = "hidden"
	default:
		trump = "not yet"
	}
	tens, _ := ints(v["tens"])
	tricks, _ := ints(v["tricks"])
	points, _ := ints(v["points"])
	target, _ := num(v, "target")
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprint(round)},
		{Label: "Trump", Value: trump},
		{Label: "Tens (us – them)", Value: teamPair(tens)},
		{Label: "Tricks", Value: teamPair(tricks)},
		{Label: "Points", Value: fmt.Sprintf("%s (to %d)", teamPair(points), target)},
	}
	if h := str(v, "hidden"); h != "" && str(v, "hiddenState") == "aside" {
		m.stats = append(m.stats, components.Stat{Label: "Your hidden card", Value: components.CardName(h)})
	}
	if d := str(v, "declared"); d != "" {
		m.stats = append(m.stats, components.Stat{Label: "Declared", Value: d})
	}
	sizes, _ := ints(v["handSizes"])
	turn, _ := num(v, "turn")
	leader, _ := num(v, "leader")
	voids, _ := strs(v["voids"])
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Team = i % 2
		s.Cards = at(sizes, i)
		s.Turn = turn == i
		s.Leader = leader == i
		if i < len(voids) && voids[i] != "" {
			var vs []string
			for _, c := range voids[i] {
				vs = append(vs, strings.Fields(suitWords[string(c)])[0])
			}
			s.Extra = "void " + strings.Join(vs, "")
		}
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	var played []components.Played
	label := "Trick"
	if l, ok := v["trick"].([]any); ok && len(l) > 0 {
		for _, x := range l {
			p, _ := x.(map[string]any)
			seat, _ := num(p, "seat")
			played = append(played, components.Played{Code: str(p, "card"), Position: components.Position(seat, in.me, in.players)})
		}
	} else if lt, ok := v["lastTrick"].(map[string]any); ok {
		w, _ := num(lt, "winner")
		if w >= 0 && w < len(in.names) {
			label = "Last trick, taken by " + in.names[w]
		}
		if l, ok := lt["cards"].([]any); ok {
			for _, x := range l {
				p, _ := x.(map[string]any)
				seat, _ := num(p, "seat")
				played = append(played, components.Played{Code: str(p, "card"), Position: components.Position(seat, in.me, in.players), Winner: seat == w})
			}
		}
	}
	m.centre = func(tableModel) app.UI { return components.Trick(played, label) }
	m.labels = func(a string) string {
		switch a {
		case "reveal":
			return "Reveal the hidden trump"
		case "pass":
			return "Pass (play without revealing)"
		}
		return ""
	}
	return m
}

func mindikotNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	if t := str(cur, "trump"); t != "" && str(prev, "trump") == "" {
		return "Trumps are " + suitWords[t] + "."
	}
	lt, ok := cur["lastTrick"].(map[string]any)
	if ok && !reflect.DeepEqual(prev["lastTrick"], cur["lastTrick"]) {
		w, _ := num(lt, "winner")
		if w >= 0 && w < len(names) {
			if names[w] == "You" {
				return "You take the trick."
			}
			return names[w] + " takes the trick."
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// Cat Te: chips and the pot, the trick with face-down folds, who is out.

func catteModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	round, _ := num(v, "round")
	pot, _ := num(v, "pot")
	trick, _ := num(v, "trick")
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprint(round)},
		{Label: "Pot", Value: fmt.Sprintf("%d chips", pot)},
		{Label: "Trick", Value: fmt.Sprintf("%d / 6", trick)},
	}
	if d, ok := num(v, "dealer"); ok && d >= 0 && d < len(in.names) {
		m.stats = append(m.stats, components.Stat{Label: "Dealer", Value: in.names[d]})
	}
	if up := str(v, "upcard"); up != "" {
		side, _ := num(v, "sidePot")
		m.stats = append(m.stats, components.Stat{Label: "Side pot", Value: fmt.Sprintf("%d chips for %s", side, components.CardName(str(v, "sideCard")))})
	}
	chips, _ := ints(v["chips"])
	won, _ := ints(v["tricksWon"])
	sizes, _ := ints(v["handSizes"])
	status, _ := strs(v["status"])
	turn, _ := num(v, "turn")
	leader, _ := num(v, "leader")
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards, s.Tricks = at(sizes, i), at(won, i)
		s.Extra = fmt.Sprintf("%d chips", at(chips, i))
		if i < len(status) && status[i] != "active" {
			s.Extra += " · " + status[i]
		}
		s.Turn = turn == i
		s.Leader = leader == i
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	plays := func(l []any, winner int) []components.Played {
		var out []components.Played
		for _, x := range l {
			p, _ := x.(map[string]any)
			seat, _ := num(p, "seat")
			out = append(out, components.Played{Code: str(p, "card"), Position: components.Position(seat, in.me, in.players), Winner: seat == winner})
		}
		return out
	}
	label := "Trick"
	var played []components.Played
	if l, ok := v["plays"].([]any); ok && len(l) > 0 {
		played = plays(l, -1)
	} else if ts, ok := v["tricks"].([]any); ok && len(ts) > 0 {
		last, _ := ts[len(ts)-1].(map[string]any)
		w, _ := num(last, "winner")
		if w >= 0 && w < len(in.names) {
			label = "Last trick, taken by " + in.names[w]
		}
		l, _ := last["plays"].([]any)
		played = plays(l, w)
	}
	m.centre = func(tableModel) app.UI { return components.Trick(played, label) }
	m.labels = func(a string) string {
		switch a {
		case "foldhand":
			return "Throw in my hand"
		case "claim":
			return "Claim the round"
		case "sidepot":
			return "Claim the side pot"
		}
		return ""
	}
	return m
}

func catteNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	pr, _ := num(prev, "round")
	cr, _ := num(cur, "round")
	if cr != pr {
		if lr, ok := cur["lastRound"].(map[string]any); ok {
			w, _ := num(lr, "winner")
			if w >= 0 && w < len(names) {
				return fmt.Sprintf("%s won round %d (%s).", names[w], pr, str(lr, "how"))
			}
		}
		return fmt.Sprintf("Round %d.", cr)
	}
	pt, _ := prev["tricks"].([]any)
	ct, _ := cur["tricks"].([]any)
	if len(ct) > len(pt) {
		last, _ := ct[len(ct)-1].(map[string]any)
		if w, ok := num(last, "winner"); ok && w >= 0 && w < len(names) {
			if names[w] == "You" {
				return "You take the trick."
			}
			return names[w] + " takes the trick."
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// Donde Las Papas Queman: golden potatoes per seat, the deck and the discard,
// the open reaction window's chain.

func papasChain(v any, names []string) []string {
	w, _ := v.(map[string]any)
	l, _ := w["chain"].([]any)
	var out []string
	for _, x := range l {
		e, _ := x.(map[string]any)
		seat, _ := num(e, "seat")
		who := "?"
		if seat >= 0 && seat < len(names) {
			who = names[seat]
		}
		out = append(out, who+": "+str(e, "act"))
	}
	return out
}

func papasModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	turn, _ := num(v, "turn")
	target, _ := num(v, "target")
	deck, _ := num(v, "deck")
	m.stats = []components.Stat{
		{Label: "Turn", Value: fmt.Sprint(turn)},
		{Label: "Target", Value: fmt.Sprintf("%d golden potatoes", target)},
		{Label: "Deck", Value: fmt.Sprint(deck)},
	}
	if lim, _ := num(v, "turnLimit"); lim > 0 {
		m.stats = append(m.stats, components.Stat{Label: "Turn limit", Value: fmt.Sprint(lim)})
	}
	if str(v, "phase") == "window" {
		m.stats = append(m.stats, components.Stat{Label: "Reaction", Value: "anyone may answer"})
	}
	counts, _ := ints(v["handCounts"])
	gp, _ := ints(v["gp"])
	active, _ := num(v, "active")
	done, _ := v["done"].(bool)
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards = at(counts, i)
		sc := at(gp, i)
		s.Score = &sc
		s.Extra = "golden potatoes"
		s.Turn = !done && active == i
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	discard, _ := strs(v["discard"])
	chain := papasChain(v["window"], in.names)
	m.centre = func(mm tableModel) app.UI {
		top := discard
		if len(top) > 5 {
			top = top[len(top)-5:]
		}
		var chainUI app.UI
		if len(chain) > 0 {
			items := []app.UI{}
			for _, c := range chain {
				items = append(items, app.Li().Text(c))
			}
			chainUI = app.Section().Class("chain").Aria("label", "Plays waiting for reactions").Body(
				app.H3().Class("pile__label").Text("On the table"), app.Ol().Body(items...))
		}
		return app.Div().Class("piles").Body(
			components.Pile("Deck", nil, deck, nil),
			components.Pile(fmt.Sprintf("Discard (%d)", len(discard)), top, 0, mm.boardAction),
			app.If(chainUI != nil, func() app.UI { return chainUI }),
		)
	}
	m.labels = func(a string) string {
		switch a {
		case "end":
			return "End my turn"
		case "redraw":
			return "Discard my card and draw 3"
		}
		return ""
	}
	return m
}

func papasNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	if last, ok := cur["last"].(map[string]any); ok && !reflect.DeepEqual(prev["last"], cur["last"]) {
		chain := papasChain(last, names)
		if len(chain) > 0 {
			if r, _ := last["resolved"].(bool); r {
				return chain[0] + " — it stands."
			}
			return chain[0] + " — cancelled."
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// Eat Reds: the face-up layout in the middle, the stock and the card waiting
// to capture beside it, the cards of the turn so far, every seat's won pile.
// Tap a hand card to see what it would take on the layout; tap it again (or
// the layout card to take) to play it.

// redsCaptures tells whether x takes y, by the engine's own rule.
func redsCaptures(x, y string) bool {
	cx, err1 := cards.Parse(x)
	cy, err2 := cards.Parse(y)
	return err1 == nil && err2 == nil && eatreds.Captures(cx, cy)
}

// redsTargets lists the layout cards h would capture: every flagged card of
// the triple rank, or the cards it pairs with.
func redsTargets(h string, layout []string, triple string) (targets []string, all bool) {
	r, _, _ := components.SplitCode(h)
	if triple != "" && r == triple {
		for _, c := range layout {
			if cr, _, _ := components.SplitCode(c); cr == triple {
				targets = append(targets, c)
			}
		}
		return targets, true
	}
	for _, c := range layout {
		if redsCaptures(h, c) {
			targets = append(targets, c)
		}
	}
	return targets, false
}

// fishEvent is one card of Eat Reds' turn log.
type fishEvent struct {
	seat       int
	from, card string
	took       []string
}

func redsEvents(v any) []fishEvent {
	l, _ := v.([]any)
	var out []fishEvent
	for _, x := range l {
		e, _ := x.(map[string]any)
		seat, _ := num(e, "seat")
		took, _ := strs(e["took"])
		out = append(out, fishEvent{seat: seat, from: str(e, "from"), card: str(e, "card"), took: took})
	}
	return out
}

// nameOf is a seat's name, "?" for no seat.
func nameOf(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return "?"
}

// verb conjugates for "You" ("take") and anyone else ("takes").
func verb(name, you, other string) string {
	if name == "You" {
		return you
	}
	return other
}

// possessive: "your", "North's".
func possessive(name string) string {
	if name == "You" {
		return "your"
	}
	return name + "'s"
}

// capitalize upper-cases a sentence's first letter.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// describe tells what a card of the turn did: "North takes 9♥ with A♦".
func (e fishEvent) describe(names []string) string {
	who := nameOf(names, e.seat)
	took := components.CardList(e.took)
	switch {
	case e.from == "deal":
		return fmt.Sprintf("%s %s %s from the first layout", who, verb(who, "take", "takes"), took)
	case e.from == "stock" && len(e.took) > 0:
		return fmt.Sprintf("%s stock card %s takes %s", possessive(who), components.CardShort(e.card), took)
	case e.from == "stock":
		return fmt.Sprintf("%s joins the layout from the stock", components.CardShort(e.card))
	case len(e.took) > 0:
		return fmt.Sprintf("%s %s %s with %s", who, verb(who, "take", "takes"), took, components.CardShort(e.card))
	}
	return fmt.Sprintf("%s %s %s", who, verb(who, "lay", "lays"), components.CardShort(e.card))
}

func eatredsModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	deal, _ := num(v, "deal")
	stock, _ := num(v, "stock")
	target, _ := num(v, "target")
	dealer, _ := num(v, "dealer")
	turn, _ := num(v, "turn")
	done, _ := v["done"].(bool)
	phase := str(v, "phase")
	triple := str(v, "triple")
	m.stats = []components.Stat{{Label: "Deal", Value: fmt.Sprint(deal + 1)}}
	if target > 0 {
		m.stats = append(m.stats, components.Stat{Label: "Playing to", Value: fmt.Sprint(target)})
	}
	m.stats = append(m.stats, components.Stat{Label: "Dealer", Value: nameOf(in.names, dealer)},
		components.Stat{Label: "Stock", Value: fmt.Sprint(stock)})
	if triple != "" {
		m.stats = append(m.stats, components.Stat{Label: "Triple", Value: triple + "s wait for the fourth"})
	}
	sizes, _ := ints(v["handSizes"])
	scores, _ := ints(v["scores"])
	lastDeal, _ := ints(v["lastDeal"])
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards = at(sizes, i)
		if target > 0 && i < len(scores) {
			sc := scores[i]
			s.Score = &sc
		}
		if i < len(lastDeal) {
			s.Extra = fmt.Sprintf("last deal %d", lastDeal[i])
		}
		s.Turn = !done && turn == i
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	layout, _ := strs(v["layout"])
	var piles []components.WonPile
	if l, ok := v["piles"].([]any); ok {
		for i, x := range l {
			p, _ := x.(map[string]any)
			count, _ := num(p, "count")
			wp := components.WonPile{Name: nameOf(in.names, i), Count: count, Unit: "won", Team: -1,
				Turn: !done && turn == i, Empty: "no captures", Recent: 6}
			if pts, ok := num(p, "points"); ok {
				wp.Points = &pts
			}
			if cs, ok := strs(p["cards"]); ok {
				// The red cards score: show them, the black ones are counted.
				for _, c := range cs {
					if _, s, ok := components.SplitCode(c); ok && (s == 'H' || s == 'D') {
						wp.Cards = append(wp.Cards, c)
					}
				}
			}
			piles = append(piles, wp)
		}
	}
	this := redsEvents(v["thisTurn"])
	last := redsEvents(v["lastTurn"])
	pending, pendingFrom := str(v, "pending"), str(v, "pendingFrom")
	m.centre = func(mm tableModel) app.UI {
		legal := map[string]bool{}
		for _, a := range mm.legal {
			legal[a] = true
			if strings.HasPrefix(a, "take ") {
				mm.consumed[a] = true
			}
		}
		// The selected hand card's captures, shown before it is played.
		var preview []string
		previewAll := false
		sel := ""
		if mm.handSel != "" && legal["play "+mm.handSel] {
			sel = mm.handSel
			preview, previewAll = redsTargets(sel, layout, triple)
		}
		hint := ""
		cards := []app.UI{}
		for _, c := range layout {
			f := components.Face{Code: c}
			var h app.EventHandler
			switch {
			case legal["take "+c]:
				f.State, f.Action = components.CardLegal, "take "+c
				h = mm.play(f.Action)
			case sel != "" && slices.Contains(preview, c):
				f.State, f.Action = components.CardLegal, "play "+sel
				play := mm.play("play " + sel)
				h = play
				if len(preview) > 1 && !previewAll {
					// Two or more targets: the engine asks which one.
					take := mm.play("take " + c)
					h = func(ctx app.Context, e app.Event) { play(ctx, e); take(ctx, e) }
				}
			}
			cls := "fish__slot"
			if triple != "" {
				if r, _, _ := components.SplitCode(c); r == triple {
					cls += " fish__slot--triple"
				}
			}
			cards = append(cards, app.Div().Class(cls).Body(components.Card(f, h)))
		}
		if len(cards) == 0 {
			cards = append(cards, app.Div().Class("pile__empty").Text("empty"))
		}
		switch {
		case sel != "" && len(preview) == 0:
			hint = components.CardShort(sel) + " takes nothing: tap it again to lay it on the layout."
		case sel != "" && previewAll:
			hint = components.CardShort(sel) + " takes all three " + triple + "s: tap one of them or tap it again."
		case sel != "" && len(preview) == 1:
			hint = components.CardShort(sel) + " takes " + components.CardShort(preview[0]) + ": tap either card to play."
		case sel != "":
			hint = components.CardShort(sel) + " can take " + components.CardList(preview) + ": tap the one to take."
		case phase == "take" && len(mm.consumed) > 0:
			hint = "Pick the card your " + components.CardShort(pending) + " takes."
		}
		// The card waiting to capture, or the cards of this turn (else the last one).
		var spot app.UI
		if phase == "take" && pending != "" {
			who := nameOf(in.names, turn)
			caption := fmt.Sprintf("%s card from %s", capitalize(possessive(who)), map[string]string{"hand": "hand", "stock": "the stock"}[pendingFrom])
			if who != "You" {
				caption += ": choosing"
			}
			spot = components.Spot("spot--pending", "Capturing", caption,
				components.Card(components.Face{Code: pending, Winner: true}, nil))
		}
		// The engine keeps the latest turn in thisTurn until the next card
		// is played from hand.
		evs := this
		if len(evs) == 0 {
			evs = last
		}
		var turnUI app.UI
		if len(evs) > 0 {
			seat := evs[0].seat
			name := nameOf(in.names, seat)
			title := "Last turn: " + name
			if seat == turn && phase == "take" {
				title = capitalize(possessive(name)) + " turn"
			}
			items := []app.UI{}
			for _, e := range evs {
				var play app.UI
				if e.card != "" {
					play = app.Div().Class("play__card").Body(components.Card(components.Face{Code: e.card}, nil))
				}
				src := map[string]string{"hand": "from hand", "stock": "from the stock", "deal": "first layout"}[e.from]
				item := app.Li().Class("play").Aria("label", e.describe(in.names)).Body(
					app.Span().Class("play__who").Text(src),
					app.Div().Class("play__cards").Body(
						app.If(play != nil, func() app.UI { return play }),
						app.If(len(e.took) > 0, func() app.UI {
							return app.Span().Class("play__arrow").Aria("hidden", true).Text("→")
						}),
						app.If(len(e.took) > 0, func() app.UI { return components.MiniCards(e.took, 0) }),
						app.If(len(e.took) == 0, func() app.UI { return app.Span().Class("play__laid").Text("laid") }),
					),
				)
				items = append(items, item)
			}
			turnUI = app.Section().Class("turnlog").Aria("label", title).Body(
				app.H3().Class("spot__label").Text(title), app.Ol().Class("turnlog__plays").Body(items...))
		}
		return app.Div().Class("fish fish--reds").Body(
			app.Div().Class("fish__top").Body(
				app.Div().Class("spot spot--stock").Body(
					app.H3().Class("spot__label").Text("Stock"), components.Stock(stock, "", nil)),
				app.If(spot != nil, func() app.UI { return spot }),
				app.If(turnUI != nil, func() app.UI { return turnUI }),
			),
			app.Section().Class("fish__layout").Aria("label", "Layout").Body(cards...),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
			components.WonPiles("Won piles", piles),
		)
	}
	return m
}

// eatredsNotice tells what the cards of the last action did ("North takes
// 9♥ with A♦").
func eatredsNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	pd, _ := num(prev, "deal")
	cd, _ := num(cur, "deal")
	var news []fishEvent
	pt, ct := redsEvents(prev["thisTurn"]), redsEvents(cur["thisTurn"])
	switch {
	case cd != pd:
		news = ct
	case !reflect.DeepEqual(prev["lastTurn"], cur["lastTurn"]):
		// The turn ended: its new cards are in lastTurn.
		cl := redsEvents(cur["lastTurn"])
		if len(cl) >= len(pt) {
			news = append(news, cl[len(pt):]...)
		}
		news = append(news, ct...)
	case len(ct) > len(pt):
		news = ct[len(pt):]
	}
	var parts []string
	for _, e := range news {
		parts = append(parts, e.describe(names))
	}
	if cd != pd {
		parts = append([]string{fmt.Sprintf("Deal %d", cd+1)}, parts...)
	}
	if len(parts) == 0 {
		return ""
	}
	return capitalize(strings.Join(parts, "; ")) + "."
}

// ---------------------------------------------------------------------------
// Eat Pairs: the stock to draw from, the card just turned and who paired it,
// the dead cards, every seat's laid pairs.

var rankOrder = map[string]int{"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}

// byRank sorts cards by rank (suit order kept), so pairs lie together.
func byRank(cs []string) []string {
	out := slices.Clone(cs)
	slices.SortStableFunc(out, func(a, b string) int {
		ra, _, _ := components.SplitCode(a)
		rb, _, _ := components.SplitCode(b)
		return rankOrder[ra] - rankOrder[rb]
	})
	return out
}

// pairsExposure describes the last turned card: "West draws 7♥: North pairs it".
func pairsExposure(last map[string]any, names []string) string {
	seat, _ := num(last, "seat")
	by, _ := num(last, "pairedBy")
	who := nameOf(names, seat)
	act := verb(who, "play", "plays")
	if str(last, "from") == "stock" {
		act = verb(who, "draw", "draws")
	}
	s := fmt.Sprintf("%s %s %s: ", who, act, components.CardShort(str(last, "card")))
	if by < 0 {
		return s + "nobody pairs it"
	}
	p := nameOf(names, by)
	if p == "You" {
		return s + "you pair it"
	}
	return s + p + " pairs it"
}

func eatpairsModel(v map[string]any, in modelInput) tableModel {
	m := tableModel{}
	round, _ := num(v, "round")
	rounds, _ := num(v, "rounds")
	stock, _ := num(v, "stock")
	dealer, _ := num(v, "dealer")
	lead, _ := num(v, "lead")
	turn, _ := num(v, "turn")
	done, _ := v["done"].(bool)
	phase := str(v, "phase")
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprintf("%d / %d", round+1, rounds)},
		{Label: "Phase", Value: map[string]string{"open": "the dealer opens", "draw": "drawing", "hand": "playing from hand", "done": "over"}[phase]},
		{Label: "Dealer", Value: nameOf(in.names, dealer)},
	}
	sizes, _ := ints(v["handSizes"])
	points, _ := ints(v["points"])
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards = at(sizes, i)
		if i < len(points) {
			p := points[i]
			s.Score = &p
		}
		s.Turn = !done && turn == i
		s.Leader = !done && lead == i
		m.seats = append(m.seats, s)
	}
	m.hand, _ = strs(v["hand"])
	waste, _ := strs(v["waste"])
	var piles []components.WonPile
	if l, ok := v["laid"].([]any); ok {
		for i, x := range l {
			cs, _ := strs(x)
			piles = append(piles, components.WonPile{Name: nameOf(in.names, i), Count: len(cs) / 2, Unit: "pairs",
				Cards: byRank(cs), Group: 2, Team: -1, Turn: !done && turn == i, Empty: "no pairs", Recent: 8})
		}
	}
	last, _ := v["last"].(map[string]any)
	m.centre = func(mm tableModel) app.UI {
		var draw app.EventHandler
		action := ""
		if slices.Contains(mm.legal, "draw") {
			mm.consumed["draw"] = true
			action, draw = "draw", mm.play("draw")
		}
		var lastUI app.UI
		if last != nil {
			by, _ := num(last, "pairedBy")
			lastUI = components.Spot("spot--last", "Turned", pairsExposure(last, in.names),
				components.Card(components.Face{Code: str(last, "card"), Winner: by >= 0}, nil))
		}
		top := waste
		if len(top) > 6 {
			top = top[len(top)-6:]
		}
		var wasteBody app.UI = app.Div().Class("pile__empty").Text("none")
		if len(top) > 0 {
			wasteBody = components.MiniCards(top, 0)
		}
		hint := ""
		switch {
		case action != "":
			hint = "Tap the stock to draw."
		case phase == "open" && len(mm.legal) > 0:
			hint = "You deal: open with a card from your hand."
		case phase == "hand" && len(mm.legal) > 0:
			hint = "The stock is out: play a card from your hand."
		}
		return app.Div().Class("fish fish--pairs").Body(
			app.Div().Class("fish__top").Body(
				app.Div().Class("spot spot--stock").Body(
					app.H3().Class("spot__label").Text("Stock"), components.Stock(stock, action, draw)),
				app.If(lastUI != nil, func() app.UI { return lastUI }),
				components.Spot("spot--waste", fmt.Sprintf("Dead cards (%d)", len(waste)), "", wasteBody),
			),
			app.If(hint != "", func() app.UI { return app.P().Class("hint").Text(hint) }),
			components.WonPiles("Laid pairs", piles),
		)
	}
	m.labels = func(a string) string {
		if a == "draw" {
			return "Draw from the stock"
		}
		return ""
	}
	return m
}

// eatpairsNotice tells who paired the card just turned, and who won a round.
func eatpairsNotice(prev, cur map[string]any, names []string) string {
	if prev == nil {
		return ""
	}
	ph, _ := prev["history"].([]any)
	ch, _ := cur["history"].([]any)
	if len(ch) > len(ph) {
		w, _ := ints(ch[len(ch)-1])
		var who []string
		for _, s := range w {
			who = append(who, nameOf(names, s))
		}
		n := len(ch)
		switch len(who) {
		case 0:
			return fmt.Sprintf("Round %d: nobody wins.", n)
		case 1:
			return fmt.Sprintf("%s %s round %d.", who[0], verb(who[0], "win", "wins"), n)
		}
		return fmt.Sprintf("%s share round %d.", strings.Join(who, " and "), n)
	}
	last, ok := cur["last"].(map[string]any)
	if ok && !reflect.DeepEqual(prev["last"], cur["last"]) {
		return pairsExposure(last, names) + "."
	}
	return ""
}
