package mindikot

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/mindikot"
	"cardtable/msg"
	"cardtable/ui"
)

// Mindikot: two teams, the trick in the middle, tens and tricks per team.

// readMindikot decodes a session's view into its table.
func readMindikot(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[mindikot.View](v)
	if err != nil {
		return nil, err
	}
	return mindikotView{x}, nil
}

type mindikotView struct{ v *mindikot.View }

// teamPair writes two teams' numbers, the reader's team first.
func teamPair(l []int, me int) string {
	if len(l) < 2 {
		return "–"
	}
	us := max(me, 0) % 2
	return fmt.Sprintf("%d – %d", l[us], l[1-us])
}

func (k mindikotView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	trump := p.T("not yet")
	switch {
	case v.Trump != "":
		trump = ui.SuitWords(p, v.Trump)
	case v.Mode == "HIDDEN":
		trump = p.T("hidden")
	}
	m.Stats = []components.Stat{
		{Label: p.T("Round"), Value: fmt.Sprint(v.Round)},
		{Label: p.T("Trump"), Value: trump},
		{Label: p.T("Tens (us – them)"), Value: teamPair(v.Tens, in.Me)},
		{Label: p.T("Tricks"), Value: teamPair(v.Tricks, in.Me)},
		{Label: p.T("Points"), Value: p.T("%s (to %d)", teamPair(v.Points, in.Me), v.Target)},
	}
	if v.Hidden != "" && v.HiddenState == "aside" {
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Your hidden card"), Value: components.CardName(p, v.Hidden)})
	}
	switch v.Declared {
	case "reveal":
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Declared"), Value: p.T("the trump is revealed")})
	case "pass":
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Declared"), Value: p.T("no reveal")})
	}
	m.TallyHeads = [2]string{p.T("Team points this round"), p.T("Team points")}
	m.Notes = []string{}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Team = i % 2
		if len(v.Points) == 2 {
			m.Tally = append(m.Tally, v.Points[i%2])
		}
		s.Cards = ui.At(v.HandSizes, i)
		s.Turn = v.Turn == i
		s.Leader = v.Leader == i
		if i < len(v.Voids) && v.Voids[i] != "" {
			var vs []string
			for _, c := range v.Voids[i] {
				vs = append(vs, strings.Fields(ui.SuitWords(p, string(c)))[0])
			}
			s.Extra = p.T("void %s", strings.Join(vs, ""))
		}
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	var played []components.Played
	label, current := p.T("Trick"), true
	plays := func(ps []mindikot.Play, winner int) {
		seats := make([]int, len(ps))
		codes := make([]string, len(ps))
		for j, p := range ps {
			seats[j], codes[j] = p.Seat, p.Card
		}
		played = ui.TrickPlays(p, in, seats, codes, winner)
	}
	if lt := v.LastTrick; lt != nil {
		plays(lt.Cards, lt.Winner)
		m.Last, m.LastLabel = played, ui.LastTrickLabel(p, in, lt.Winner)
		played = nil
	}
	switch {
	case len(v.Trick) > 0:
		plays(v.Trick, -1)
	case m.Last != nil && v.TricksPlayed > 0:
		// The trick just taken stays until the next lead; a new round's
		// table starts empty (the last round's trick is under "Last trick").
		label, current, played = m.LastLabel, false, m.Last
	}
	if current {
		m.Trick = played
	}
	m.Centre = func(mm ui.Model) app.UI {
		if step := mindikotStep(p, mm, v); step != nil {
			return app.Div().Class("mindikot-centre").Body(step, components.Trick(p, played, label))
		}
		return components.Trick(p, played, label)
	}
	return m
}

// mindikotStep explains the hidden trump's two moments (RULES.md,
// Mindikot, mode HIDDEN) when the legal moves reach them: choosing the
// card to set aside, and choosing to reveal it or play on. nil otherwise.
func mindikotStep(p *msg.Catalogue, mm ui.Model, v *mindikot.View) app.UI {
	switch {
	case len(mm.MovesOf(mindikot.KindHide)) > 0:
		return app.Section().Class("hidden-step").ID("hidden-step").Aria("label", p.T("Your hidden card")).Body(
			app.P().Body(app.Strong().Text(p.T("Choose your hidden card."))),
			app.P().Text(p.T("Pick a card to set aside face down: its suit is the trump, known only to you. A player who cannot follow suit may have it revealed, and it comes back to your hand; otherwise it is your last card.")),
		)
	case len(mm.MovesOf(mindikot.KindReveal)) > 0:
		return app.Section().Class("hidden-step").ID("hidden-step").Aria("label", p.T("The hidden trump")).Body(
			app.P().Body(app.Strong().Text(p.T("You cannot follow the suit led."))),
			app.P().Text(p.T("Reveal the hidden trump: its suit becomes trumps for everyone (with the usual rule you must then play a trump if you hold one). Or pass: play any card, and it will never count as a trump.")),
		)
	}
	return nil
}

// News tells the trump once it is known, and a new round.
func (k mindikotView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(mindikotView)
	if !ok {
		return ""
	}
	v := k.v
	switch {
	case v.Round != pv.v.Round && v.Phase != "over":
		return p.T("Round %d.", v.Round)
	case v.Trump != "" && pv.v.Trump == "":
		return p.T("Trumps are %s.", ui.SuitWords(p, v.Trump))
	}
	return ""
}
