package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/king"
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

var kingContracts = map[string]string{
	"notricks": "No tricks", "nohearts": "No hearts", "noboys": "No boys (J, K)",
	"noqueens": "No queens", "nolasttwo": "No last two tricks", "noking": "No king of hearts",
	"noanything": "No anything", "collecting": "Collecting tricks",
}

func kingContract(c string) string {
	if n := kingContracts[c]; n != "" {
		return n
	}
	return humanize(c)
}

func (k kingView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{}
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprintf("%d / %d", v.Round, len(v.Rounds))},
		{Label: "Contract", Value: kingContract(v.Contract)},
	}
	if v.Contract == "collecting" {
		t := v.Trump
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
	m.stats = append(m.stats, components.Stat{Label: "Trick", Value: fmt.Sprintf("%d / 8", v.TrickNo)})
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards, s.Tricks = at(v.HandSizes, i), at(v.Tricks, i)
		if i < len(v.Scores) {
			sc := v.Scores[i]
			s.Score = &sc
		}
		if i < len(v.RoundScores) {
			s.Extra = fmt.Sprintf("round %+d", v.RoundScores[i])
		}
		s.Turn = !v.Done && int(v.Turn) == i
		s.Leader = int(v.TrickLeader) == i
		m.seats = append(m.seats, s)
	}
	m.hand = v.Hand
	var played []components.Played
	label := "Trick"
	switch {
	case len(v.Trick) > 0:
		seats := make([]int, len(v.Trick))
		for j := range seats {
			seats[j] = (int(v.TrickLeader) + j) % in.players
		}
		played = trickPlays(in, seats, v.Trick, -1)
	case v.LastTrick != nil:
		lt := v.LastTrick
		label = "Last trick, taken by " + nameOf(in.names, int(lt.Winner))
		seats := make([]int, len(lt.Cards))
		for j := range seats {
			seats[j] = (int(lt.Leader) + j) % in.players
		}
		played = trickPlays(in, seats, lt.Cards, int(lt.Winner))
	}
	if label == "Trick" {
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
		s := fmt.Sprintf("Round %d: %s.", v.Round, kingContract(v.Contract))
		if v.ChoosingTrump {
			s += " " + sentence(in.say.subject(v.FirstLeader, "name", "names")+" the trump")
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
			c += " (no trump)"
		case suitWords[h.Trump] != "":
			c += " (" + suitWords[h.Trump] + ")"
		}
		out = append(out, historyRow{label: c, scores: h.Scores})
	}
	return out
}
