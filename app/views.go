package main

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
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
		case string:
			if x != "" {
				m.stats = append(m.stats, components.Stat{Label: optionLabel(k), Value: x})
			}
		case float64:
			m.stats = append(m.stats, components.Stat{Label: optionLabel(k), Value: fmt.Sprint(x)})
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
