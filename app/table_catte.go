package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/catte"
	"cardtable/rtc"
)

// Cat Te: chips and the pot, the trick with face-down folds, who is out.

func init() {
	tables["catte"] = func(v any) (tableView, error) {
		x, err := decodeView[catte.View](v)
		if err != nil {
			return nil, err
		}
		return catteView{x}, nil
	}
}

type catteView struct{ v *catte.View }

// catteStatus says a seat's status in words.
var catteStatus = map[string]string{"folded": "threw in the hand", "eliminated": "eliminated", "out": "out of the match"}

func (k catteView) model(in modelInput) tableModel {
	v := k.v
	m := tableModel{}
	m.stats = []components.Stat{
		{Label: "Round", Value: fmt.Sprint(v.Round)},
		{Label: "Pot", Value: fmt.Sprintf("%d chips", v.Pot)},
		{Label: "Trick", Value: fmt.Sprintf("%d / 6", v.Trick)},
	}
	if v.Dealer >= 0 && v.Dealer < len(in.names) {
		m.stats = append(m.stats, components.Stat{Label: "Dealer", Value: in.names[v.Dealer]})
	}
	if v.Upcard != "" {
		m.stats = append(m.stats, components.Stat{Label: "Side pot", Value: fmt.Sprintf("%d chips for the %s", v.SidePot, components.CardName(v.SideCard))})
	}
	for i := 0; i < in.players; i++ {
		s := seatBase(in, i)
		s.Cards, s.Tricks = at(v.HandSizes, i), at(v.TricksWon, i)
		s.Extra = fmt.Sprintf("%d chips", at(v.Chips, i))
		if i < len(v.Status) && v.Status[i] != "active" {
			st := catteStatus[v.Status[i]]
			if st == "" {
				st = humanize(v.Status[i])
			}
			s.Extra += " · " + st
		}
		s.Turn = v.Turn == i
		s.Leader = v.Leader == i
		m.seats = append(m.seats, s)
	}
	m.hand = v.Hand
	// A card's own moves: play it face up, fold it, or choose it for the
	// face-down trick. Throwing in the hand, claiming and the side pot are
	// buttons.
	m.handCard = func(mv rtc.Move) string {
		switch mv.Desc.Kind {
		case "play", "fold", "secret":
			return first(mv.Desc)
		}
		return ""
	}
	plays := func(ps []catte.PlayView, winner int) []components.Played {
		seats := make([]int, len(ps))
		codes := make([]string, len(ps))
		for j, p := range ps {
			seats[j], codes[j] = p.Seat, p.Card
		}
		return trickPlays(in, seats, codes, winner)
	}
	label := "Trick"
	var played []components.Played
	switch {
	case len(v.Plays) > 0:
		played = plays(v.Plays, -1)
	case len(v.Tricks) > 0:
		last := v.Tricks[len(v.Tricks)-1]
		label = "Last trick, taken by " + nameOf(in.names, last.Winner)
		played = plays(last.Plays, last.Winner)
	}
	if label == "Trick" {
		m.trick = played
	}
	m.centre = func(tableModel) app.UI { return components.Trick(played, label) }
	return m
}

// catteHow says how a round was won.
var catteHow = map[string]string{
	"showdown": "with the last trick", "sweep": "by a sweep", "lastStanding": "as the last player standing",
	"claim": "by a claim", "instant": "with an instant win",
}

// news tells who won the round that just ended.
func (k catteView) news(prev tableView, in modelInput) string {
	p, ok := prev.(catteView)
	if !ok || k.v.Round == p.v.Round || k.v.LastRound == nil {
		return ""
	}
	lr := k.v.LastRound
	how := catteHow[lr.How]
	if how == "" {
		how = humanize(lr.How)
	}
	s := fmt.Sprintf("%s round %d %s: a pot of %d chips.", in.say.subject(seatAt(lr.Winner), "win", "wins"), lr.Round, how, lr.Pot+lr.Bonus)
	return capitalize(s)
}
