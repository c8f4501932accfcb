package catte

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/catte"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// Cat Te: chips and the pot, the trick with face-down folds, who is out.

// readCatte decodes a session's view into its table.
func readCatte(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[catte.View](v)
	if err != nil {
		return nil, err
	}
	return catteView{x}, nil
}

type catteView struct{ v *catte.View }

// catteStatus says a seat's status in words.
func catteStatus(p *msg.Catalogue, st string) string {
	switch st {
	case "folded":
		return p.T("threw in the hand")
	case "eliminated":
		return p.T("eliminated")
	case "out":
		return p.T("out of the match")
	}
	return ui.Humanize(st)
}

func (k catteView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	m.Stats = []components.Stat{
		{Label: p.T("Round"), Value: fmt.Sprint(v.Round)},
		{Label: p.T("Pot"), Value: p.N(v.Pot, "%d chip", "%d chips")},
		{Label: p.T("Trick"), Value: p.T("%d / %d", v.Trick, 6)},
	}
	if v.Dealer >= 0 && v.Dealer < len(in.Names) {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Dealer"), Value: in.Names[v.Dealer]})
	}
	if v.Upcard != "" {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Side pot"), Value: p.T("%d chips for the %s", v.SidePot, components.CardName(p, v.SideCard))})
	}
	m.TallyHeads = [2]string{p.T("Chips won or lost"), p.T("Chips")}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Cards, s.Tricks = ui.At(v.HandSizes, i), ui.At(v.TricksWon, i)
		s.Extra = p.N(ui.At(v.Chips, i), "%d chip", "%d chips")
		m.Tally = append(m.Tally, ui.At(v.Chips, i))
		note := ""
		if i < len(v.Status) && v.Status[i] != "active" {
			note = catteStatus(p, v.Status[i])
			s.Extra = p.T("%s · %s", s.Extra, note)
		}
		m.Notes = append(m.Notes, note)
		s.Turn = v.Turn == i
		s.Leader = v.Leader == i
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	// A card's own moves: play it face up, fold it, or choose it for the
	// face-down trick. Throwing in the hand, claiming and the side pot are
	// buttons.
	m.HandCard = func(mv rtc.Move) string {
		switch mv.Desc.Kind {
		case games.KindPlay, catte.KindFold, catte.KindSecret:
			return ui.First(mv.Desc)
		}
		return ""
	}
	plays := func(ps []catte.PlayView, winner int) []components.Played {
		seats := make([]int, len(ps))
		codes := make([]string, len(ps))
		for j, p := range ps {
			seats[j], codes[j] = p.Seat, p.Card
		}
		return ui.TrickPlays(p, in, seats, codes, winner)
	}
	label, current := p.T("Trick"), true
	var played []components.Played
	lastOf := func(ts []catte.TrickView) {
		if len(ts) > 0 {
			last := ts[len(ts)-1]
			m.Last, m.LastLabel = plays(last.Plays, last.Winner), ui.LastTrickLabel(p, in, last.Winner)
		}
	}
	if len(v.Tricks) > 0 {
		lastOf(v.Tricks)
	} else if v.LastRound != nil {
		lastOf(v.LastRound.Tricks) // a new round's table starts empty
	}
	switch {
	case len(v.Plays) > 0:
		played = plays(v.Plays, -1)
	case len(v.Tricks) > 0:
		label, current, played = m.LastLabel, false, m.Last
	}
	if current {
		m.Trick = played
	}
	m.Centre = func(ui.Model) app.UI { return components.Trick(p, played, label) }
	return m
}

// catteHow says how a round was won.
func catteHow(p *msg.Catalogue, how string) string {
	switch how {
	case "showdown":
		return p.T("with the last trick")
	case "sweep":
		return p.T("by a sweep")
	case "lastStanding":
		return p.T("as the last player standing")
	case "claim":
		return p.T("by a claim")
	case "instant":
		return p.T("with an instant win")
	}
	return ui.Humanize(how)
}

// News tells who won the round that just ended.
func (k catteView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(catteView)
	if !ok || k.v.Round == pv.v.Round || k.v.LastRound == nil {
		return ""
	}
	lr := k.v.LastRound
	return in.Say.Tell(p, ui.SeatAt(lr.Winner), "You win round %[1]d %[2]s: a pot of %[3]d chips.", "%[1]s wins round %[2]d %[3]s: a pot of %[4]d chips.",
		lr.Round, catteHow(p, lr.How), lr.Pot+lr.Bonus)
}
