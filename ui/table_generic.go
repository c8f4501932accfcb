package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/msg"
)

// The generic table draws any game's View from its JSON fields, for a game
// that has no table file of its own yet: seats from per-seat number lists,
// card lists as piles, numbers, words and switches on the scoreboard. Every
// legal move stays playable, from a hand card or a button.

// genericView is a View as its JSON fields, each kept raw until the
// renderer asks what it holds.
type Generic struct{ fields map[string]json.RawMessage }

// ReadGeneric reads any game's view by its JSON fields.
func ReadGeneric(v games.View) (View, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("the view: %w", err)
	}
	g := Generic{}
	if err := json.Unmarshal(b, &g.fields); err != nil {
		return nil, fmt.Errorf("the view: %w", err)
	}
	return g, nil
}

// as decodes field k into out and reports whether it fits.
func (g Generic) as(k string, out any) bool {
	raw, ok := g.fields[k]
	return ok && json.Unmarshal(raw, out) == nil
}

func (g Generic) num(k string) (int, bool) {
	var f float64
	if !g.as(k, &f) || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

func (g Generic) News(*msg.Catalogue, View, Input) string { return "" }

func (g Generic) Model(p *msg.Catalogue, in Input) Model {
	m := Model{}
	keys := make([]string, 0, len(g.fields))
	for k := range g.fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	turn, hasTurn := g.num("turn")
	var done bool
	g.as("done", &done)
	seats := make([]components.SeatInfo, in.Players)
	extras := make([][]string, in.Players)
	for i := range seats {
		seats[i] = SeatBase(p, in, i)
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
		var (
			nums  []int
			codes []string
			lists [][]string
			f     float64
			s     string
			b     bool
		)
		switch {
		case g.as(k, &nums) && len(nums) == in.Players && in.Players > 1:
			for i, x := range nums {
				switch k {
				case "handSizes", "handCounts", "counts", "cards":
					seats[i].Cards = x
				case "tricks":
					seats[i].Tricks = x
				case "scores":
					sc := x
					seats[i].Score = &sc
				default:
					extras[i] = append(extras[i], fmt.Sprintf("%s %d", OptionLabel(k), x))
				}
			}
		case g.as(k, &codes) && len(codes) > 0 && isCard(codes[0]):
			piles = append(piles, pile{OptionLabel(k), codes})
		case g.as(k, &lists) && len(lists) > 0:
			for i, cs := range lists {
				if len(cs) > 0 && !isCard(cs[0]) {
					continue
				}
				name := fmt.Sprintf("%s %d", OptionLabel(k), i+1)
				if len(lists) == in.Players && i < len(in.Names) {
					name = OptionLabel(k) + ": " + in.Names[i]
				}
				piles = append(piles, pile{name, cs})
			}
		case g.as(k, &f):
			if seatKey(k) {
				if i := int(f); i >= 0 && i < len(in.Names) && float64(i) == f {
					m.Stats = append(m.Stats, components.Stat{Label: OptionLabel(k), Value: in.Names[i]})
				}
				continue
			}
			m.Stats = append(m.Stats, components.Stat{Label: OptionLabel(k), Value: fmt.Sprint(f)})
		case g.as(k, &s):
			if s != "" {
				m.Stats = append(m.Stats, components.Stat{Label: OptionLabel(k), Value: ValueLabel(s)})
			}
		case g.as(k, &b):
			if b {
				m.Stats = append(m.Stats, components.Stat{Label: OptionLabel(k), Value: p.T("yes")})
			}
		}
	}
	for i := range seats {
		seats[i].Extra = strings.Join(extras[i], " · ")
	}
	m.Seats = seats
	g.as("hand", &m.Hand)
	m.Centre = func(mm Model) app.UI {
		items := []app.UI{}
		for _, pile := range piles {
			items = append(items, components.Pile(p, pile.label, pile.cards, 0, mm.BoardAction))
		}
		return app.Div().Class("piles").Body(items...)
	}
	return m
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
