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

func (k mindikotView) Model(in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	trump := msg.T("not yet")
	switch {
	case v.Trump != "":
		trump = ui.SuitWords(v.Trump)
	case v.Mode == "HIDDEN":
		trump = msg.T("hidden")
	}
	m.Stats = []components.Stat{
		{Label: msg.T("Round"), Value: fmt.Sprint(v.Round)},
		{Label: msg.T("Trump"), Value: trump},
		{Label: msg.T("Tens (us – them)"), Value: teamPair(v.Tens, in.Me)},
		{Label: msg.T("Tricks"), Value: teamPair(v.Tricks, in.Me)},
		{Label: msg.T("Points"), Value: msg.T("%s (to %d)", teamPair(v.Points, in.Me), v.Target)},
	}
	if v.Hidden != "" && v.HiddenState == "aside" {
		m.Stats = append(m.Stats, components.Stat{Label: msg.T("Your hidden card"), Value: components.CardName(v.Hidden)})
	}
	switch v.Declared {
	case "reveal":
		m.Stats = append(m.Stats, components.Stat{Label: msg.T("Declared"), Value: msg.T("the trump is revealed")})
	case "pass":
		m.Stats = append(m.Stats, components.Stat{Label: msg.T("Declared"), Value: msg.T("no reveal")})
	}
	m.TallyHeads = [2]string{msg.T("Team points this round"), msg.T("Team points")}
	m.Notes = []string{}
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(in, i)
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
				vs = append(vs, strings.Fields(ui.SuitWords(string(c)))[0])
			}
			s.Extra = msg.T("void %s", strings.Join(vs, ""))
		}
		m.Seats = append(m.Seats, s)
	}
	m.Hand = v.Hand
	var played []components.Played
	label, current := msg.T("Trick"), true
	plays := func(ps []mindikot.Play, winner int) {
		seats := make([]int, len(ps))
		codes := make([]string, len(ps))
		for j, p := range ps {
			seats[j], codes[j] = p.Seat, p.Card
		}
		played = ui.TrickPlays(in, seats, codes, winner)
	}
	if lt := v.LastTrick; lt != nil {
		plays(lt.Cards, lt.Winner)
		m.Last, m.LastLabel = played, ui.LastTrickLabel(in, lt.Winner)
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
		if step := mindikotStep(mm, v); step != nil {
			return app.Div().Class("mindikot-centre").Body(step, components.Trick(played, label))
		}
		return components.Trick(played, label)
	}
	return m
}

// mindikotStep explains the hidden trump's two moments (RULES.md,
// Mindikot, mode HIDDEN) when the legal moves reach them: choosing the
// card to set aside, and choosing to reveal it or play on. nil otherwise.
func mindikotStep(mm ui.Model, v *mindikot.View) app.UI {
	switch {
	case len(mm.MovesOf(mindikot.KindHide)) > 0:
		return app.Section().Class("hidden-step").ID("hidden-step").Aria("label", msg.T("Your hidden card")).Body(
			app.P().Body(app.Strong().Text(msg.T("Choose your hidden card."))),
			app.P().Text(msg.T("Pick a card to set aside face down: its suit is the trump, known only to you. A player who cannot follow suit may have it revealed, and it comes back to your hand; otherwise it is your last card.")),
		)
	case len(mm.MovesOf(mindikot.KindReveal)) > 0:
		return app.Section().Class("hidden-step").ID("hidden-step").Aria("label", msg.T("The hidden trump")).Body(
			app.P().Body(app.Strong().Text(msg.T("You cannot follow the suit led."))),
			app.P().Text(msg.T("Reveal the hidden trump: its suit becomes trumps for everyone (with the usual rule you must then play a trump if you hold one). Or pass: play any card, and it will never count as a trump.")),
		)
	}
	return nil
}

// News tells the trump once it is known, and a new round.
func (k mindikotView) News(prev ui.View, in ui.Input) string {
	p, ok := prev.(mindikotView)
	if !ok {
		return ""
	}
	v := k.v
	switch {
	case v.Round != p.v.Round && v.Phase != "over":
		return msg.T("Round %d.", v.Round)
	case v.Trump != "" && p.v.Trump == "":
		return msg.T("Trumps are %s.", ui.SuitWords(v.Trump))
	}
	return ""
}
