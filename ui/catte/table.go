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
func catteStatus(st string) string {
	switch st {
	case "folded":
		return msg.T("threw in the hand")
	case "eliminated":
		return msg.T("eliminated")
	case "out":
		return msg.T("out of the match")
	}
	return ui.Humanize(st)
}

func (k catteView) Model(in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	m.Stats = []components.Stat{
		{Label: msg.T("Round"), Value: fmt.Sprint(v.Round)},
		{Label: msg.T("Pot"), Value: msg.N(v.Pot, "%d chip", "%d chips")},
		{Label: msg.T("Trick"), Value: msg.T("%d / %d", v.Trick, 6)},
	}
	if v.Dealer >= 0 && v.Dealer < len(in.Names) {
		m.Stats = append(m.Stats, components.Stat{Label: msg.T("Dealer"), Value: in.Names[v.Dealer]})
	}
	if v.Upcard != "" {
		m.Stats = append(m.Stats, components.Stat{Label: msg.T("Side pot"), Value: msg.T("%d chips for the %s", v.SidePot, components.CardName(v.SideCard))})
	}
	m.TallyHeads = [2]string{msg.T("Chips won or lost"), msg.T("Chips")}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(in, i)
		s.Cards, s.Tricks = ui.At(v.HandSizes, i), ui.At(v.TricksWon, i)
		s.Extra = msg.N(ui.At(v.Chips, i), "%d chip", "%d chips")
		m.Tally = append(m.Tally, ui.At(v.Chips, i))
		note := ""
		if i < len(v.Status) && v.Status[i] != "active" {
			note = catteStatus(v.Status[i])
			s.Extra = msg.T("%s · %s", s.Extra, note)
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
		return ui.TrickPlays(in, seats, codes, winner)
	}
	label, current := msg.T("Trick"), true
	var played []components.Played
	lastOf := func(ts []catte.TrickView) {
		if len(ts) > 0 {
			last := ts[len(ts)-1]
			m.Last, m.LastLabel = plays(last.Plays, last.Winner), ui.LastTrickLabel(in, last.Winner)
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
	m.Centre = func(ui.Model) app.UI { return components.Trick(played, label) }
	return m
}

// catteHow says how a round was won.
func catteHow(how string) string {
	switch how {
	case "showdown":
		return msg.T("with the last trick")
	case "sweep":
		return msg.T("by a sweep")
	case "lastStanding":
		return msg.T("as the last player standing")
	case "claim":
		return msg.T("by a claim")
	case "instant":
		return msg.T("with an instant win")
	}
	return ui.Humanize(how)
}

// News tells who won the round that just ended.
func (k catteView) News(prev ui.View, in ui.Input) string {
	p, ok := prev.(catteView)
	if !ok || k.v.Round == p.v.Round || k.v.LastRound == nil {
		return ""
	}
	lr := k.v.LastRound
	return in.Say.Tell(ui.SeatAt(lr.Winner), "You win round %[1]d %[2]s: a pot of %[3]d chips.", "%[1]s wins round %[2]d %[3]s: a pot of %[4]d chips.",
		lr.Round, catteHow(lr.How), lr.Pot+lr.Bonus)
}
