package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/king"
	"cardtable/msg"
)

// The King: the contract and trump on the scoreboard, the trick in the
// middle (the last one, with its winner, between tricks).

func init() {
	tables["king"] = func(v any) (tableView, error) {
		x, err := decodeView[king.View](v)
		if err != nil {
			return nil, err
		}
		return kingView{x}, nil
	}
}

type kingView struct{ v *king.View }

// kingContract names a round's contract.
func kingContract(c string) string {
	switch c {
	case "notricks":
		return msg.T("No tricks")
	case "nohearts":
		return msg.T("No hearts")
	case "noboys":
		return msg.T("No boys (J, K)")
	case "noqueens":
		return msg.T("No queens")
	case "nolasttwo":
		return msg.T("No last two tricks")
	case "noking":
		return msg.T("No king of hearts")
	case "noanything":
		return msg.T("Every penalty at once")
	case "collecting":
		return msg.T("Collecting tricks")
	}
	return humanize(c)
}

func (k kingView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{}
	m.stats = []components.Stat{
		{Label: msg.T("Round"), Value: msg.T("%d / %d", v.Round, len(v.Rounds))},
		{Label: msg.T("Contract"), Value: kingContract(v.Contract)},
	}
	if v.Contract == "collecting" {
		t := v.Trump
		switch {
		case t == "":
			t = msg.T("being chosen")
		case t == "none":
			t = msg.T("no trump")
		case suitWords(t) != "":
			t = suitWords(t)
		}
		m.stats = append(m.stats, components.Stat{Label: msg.T("Trump"), Value: t})
	}
	m.stats = append(m.stats, components.Stat{Label: msg.T("Trick"), Value: msg.T("%d / %d", v.TrickNo, 8)})
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards, s.Tricks = at(v.HandSizes, i), at(v.Tricks, i)
		if i < len(v.Scores) {
			sc := v.Scores[i]
			s.Score = &sc
		}
		if i < len(v.RoundScores) {
			s.Extra = msg.T("this round %+d", v.RoundScores[i])
		}
		s.Turn = !v.Done && int(v.Turn) == i
		s.Leader = int(v.TrickLeader) == i
		m.seats = append(m.seats, s)
	}
	m.notes = []string{} // the summary's columns say the round and the total
	m.hand = v.Hand
	var played []components.Played
	label, current := msg.T("Trick"), true
	if lt := v.LastTrick; lt != nil {
		seats := make([]int, len(lt.Cards))
		for j := range seats {
			seats[j] = (int(lt.Leader) + j) % in.players
		}
		m.last, m.lastLabel = trickPlays(in, seats, lt.Cards, int(lt.Winner)), lastTrickLabel(in, int(lt.Winner))
	}
	switch {
	case len(v.Trick) > 0:
		seats := make([]int, len(v.Trick))
		for j := range seats {
			seats[j] = (int(v.TrickLeader) + j) % in.players
		}
		played = trickPlays(in, seats, v.Trick, -1)
	case m.last != nil && v.TrickNo > 1:
		// The trick just taken stays until the next lead; a new round's
		// table starts empty (the last round's trick is under "Last trick").
		label, current, played = m.lastLabel, false, m.last
	}
	if current {
		m.trick = played
	}
	m.centre = func(tableModel) app.UI { return components.Trick(played, label) }
	return m
}

// news tells a new round's contract and who names the trump.
func (k kingView) news(prev tableView, in modelInput) string {
	p, ok := prev.(kingView)
	if !ok {
		return ""
	}
	v := k.v
	if v.Round != p.v.Round && !v.Done {
		s := msg.T("Round %d: %s.", v.Round, kingContract(v.Contract))
		if v.ChoosingTrump {
			s = msg.T("%s %s", s, in.say.who(v.FirstLeader, "You name the trump.", "%s names the trump."))
		}
		return s
	}
	return ""
}

// history lists the finished rounds for the result page.
func (k kingView) history() []historyRow {
	var out []historyRow
	for _, h := range k.v.History {
		c := kingContract(h.Contract)
		switch {
		case h.Trump == "none":
			c = msg.T("%s (no trump)", c)
		case suitWords(h.Trump) != "":
			c = msg.T("%s (%s)", c, suitWords(h.Trump))
		}
		out = append(out, historyRow{label: c, scores: h.Scores})
	}
	return out
}
