package king

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/king"
	"cardtable/msg"
	"cardtable/ui"
)

// The King: the contract and trump on the scoreboard, the trick in the
// middle (the last one, with its winner, between tricks).

// readKing decodes a session's view into its table.
func readKing(v games.View) (ui.View, error) {
	x, err := ui.DecodeView[king.View](v)
	if err != nil {
		return nil, err
	}
	return kingView{x}, nil
}

type kingView struct{ v *king.View }

// kingContract names a round's contract.
func kingContract(p *msg.Catalogue, c string) string {
	switch c {
	case "notricks":
		return p.T("No tricks")
	case "nohearts":
		return p.T("No hearts")
	case "noboys":
		return p.T("No boys (J, K)")
	case "noqueens":
		return p.T("No queens")
	case "nolasttwo":
		return p.T("No last two tricks")
	case "noking":
		return p.T("No king of hearts")
	case "noanything":
		return p.T("Every penalty at once")
	case "collecting":
		return p.T("Collecting tricks")
	}
	return ui.Humanize(c)
}

func (k kingView) Model(p *msg.Catalogue, in ui.Input) ui.Model {
	v := k.v
	m := ui.Model{}
	m.Stats = []components.Stat{
		{Label: p.T("Round"), Value: p.T("%d / %d", v.Round, len(v.Rounds))},
		{Label: p.T("Contract"), Value: kingContract(p, v.Contract)},
	}
	if v.Contract == "collecting" {
		t := v.Trump
		switch {
		case t == "":
			t = p.T("being chosen")
		case t == "none":
			t = p.T("no trump")
		case ui.SuitWords(p, t) != "":
			t = ui.SuitWords(p, t)
		}
		m.Stats = append(m.Stats, components.Stat{Label: p.T("Trump"), Value: t})
	}
	m.Stats = append(m.Stats, components.Stat{Label: p.T("Trick"), Value: p.T("%d / %d", v.TrickNo, 8)})
	for i := 0; i < in.Players; i++ {
		s := ui.SeatBase(p, in, i)
		s.Cards, s.Tricks = ui.At(v.HandSizes, i), ui.At(v.Tricks, i)
		if i < len(v.Scores) {
			sc := v.Scores[i]
			s.Score = &sc
		}
		if i < len(v.RoundScores) {
			s.Extra = p.T("this round %+d", v.RoundScores[i])
		}
		s.Turn = !v.Done && int(v.Turn) == i
		s.Leader = int(v.TrickLeader) == i
		m.Seats = append(m.Seats, s)
	}
	m.Notes = []string{} // the summary's columns say the round and the total
	m.Hand = v.Hand
	var played []components.Played
	label, current := p.T("Trick"), true
	if lt := v.LastTrick; lt != nil {
		seats := make([]int, len(lt.Cards))
		for j := range seats {
			seats[j] = (int(lt.Leader) + j) % in.Players
		}
		m.Last, m.LastLabel = ui.TrickPlays(p, in, seats, lt.Cards, int(lt.Winner)), ui.LastTrickLabel(p, in, int(lt.Winner))
	}
	switch {
	case len(v.Trick) > 0:
		seats := make([]int, len(v.Trick))
		for j := range seats {
			seats[j] = (int(v.TrickLeader) + j) % in.Players
		}
		played = ui.TrickPlays(p, in, seats, v.Trick, -1)
	case m.Last != nil && v.TrickNo > 1:
		// The trick just taken stays until the next lead; a new round's
		// table starts empty (the last round's trick is under "Last trick").
		label, current, played = m.LastLabel, false, m.Last
	}
	if current {
		m.Trick = played
	}
	m.Centre = func(ui.Model) app.UI { return components.Trick(p, played, label) }
	return m
}

// News tells a new round's contract and who names the trump.
func (k kingView) News(p *msg.Catalogue, prev ui.View, in ui.Input) string {
	pv, ok := prev.(kingView)
	if !ok {
		return ""
	}
	v := k.v
	if v.Round != pv.v.Round && !v.Done {
		s := p.T("Round %d: %s.", v.Round, kingContract(p, v.Contract))
		if v.ChoosingTrump {
			s = p.T("%s %s", s, in.Say.Tell(p, v.FirstLeader, "You name the trump.", "%s names the trump."))
		}
		return s
	}
	return ""
}

// kingView lists its finished rounds for the result page.
var _ ui.Historian = kingView{}

// History lists the finished rounds for the result page.
func (k kingView) History(p *msg.Catalogue) []ui.HistoryRow {
	var out []ui.HistoryRow
	for _, h := range k.v.History {
		c := kingContract(p, h.Contract)
		switch {
		case h.Trump == "none":
			c = p.T("%s (no trump)", c)
		case ui.SuitWords(p, h.Trump) != "":
			c = p.T("%s (%s)", c, ui.SuitWords(p, h.Trump))
		}
		out = append(out, ui.HistoryRow{Label: c, Scores: h.Scores})
	}
	return out
}
