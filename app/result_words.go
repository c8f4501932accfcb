package main

import (
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// How a finished match ended, in words: who won, every seat's score in the
// game's unit, the teams'; the result page, the box over the table at a
// match's end, a room's result and the statistics' history say it so.

// resultSummary says who won, in words for the reader (me), and lists
// every seat's score, best first. A result with team scores is told per
// team: one team is everyone playing together (Co-op Sort), two are the
// alternating seats (Mindikot).
func resultSummary(p *msg.Catalogue, game string, r games.Result, names []string, me games.Seat) []app.UI {
	return matchEnd{r: r, names: names, me: me, game: game}.summary(p)
}

// endPanelOf is the game's own panel at the end of the finished match s
// (end is its final state), with its run of wins from the statistics; nil
// for a game without one.
func endPanelOf(ctx app.Context, s Save, end games.State) ui.EndPanel {
	if s.Record == nil {
		return nil
	}
	g := gameUI(s.Record.Game)
	if g.End == nil {
		return nil
	}
	f := readStatistics(localStore{}).Store.Overall(s.Record.Game)
	return g.EndOf(ctx, s.Record, s.Seat, end, ui.Run{Streak: f.Streak, Best: f.BestStreak})
}

// matchEnd is a finished match as the result tells it.
type matchEnd struct {
	r     games.Result
	names []string
	me    games.Seat
	// A co-op board's cards in order of those on it (Co-op Sort), 0 and 0
	// when not known.
	inOrder, onBoard int
	// game is the game's ID: its scores are counted in the words of its
	// play (Cat Te's chips, Papas' golden potatoes).
	game string
}

// points is "1 point", "3 points", "−1 point", in the language's plural
// form of the number.
func points(p *msg.Catalogue, n int) string {
	return p.N(n, "%d point", "%d points")
}

// score is a seat's result in the unit the game counts it in during play.
func (e matchEnd) score(p *msg.Catalogue, n int) string {
	return gameUI(e.game).ScoreOf(p, n)
}

// teamOf is a seat's team when the result counts k teams.
func teamOf(seat games.Seat, k int) int {
	if k <= 1 || seat < 0 {
		return 0
	}
	return int(seat) % k
}

// team names a team's seats, from the reader round the table: "You and
// North".
func (e matchEnd) team(p *msg.Catalogue, t, k int) string {
	var who []string
	n := len(e.names)
	for j := range n {
		i := (j + max(int(e.me), 0)) % n
		if teamOf(games.Seat(i), k) == t {
			who = append(who, e.names[i])
		}
	}
	return ui.AndList(p, who)
}

// headline says how the match ended, to the reader.
func (e matchEnd) headline(p *msg.Catalogue) string {
	r := e.r
	won := slices.Contains(r.Winners, e.me)
	switch k := len(r.TeamScores); {
	case k == 1:
		if v := gameUI(e.game).VerdictOf(p, e.inOrder, e.onBoard, won); v != "" {
			return v
		}
		if won {
			return p.T("Together you sorted the board — you win!")
		}
		return p.T("The board is not sorted — together you lose.")
	case k == 2:
		us := teamOf(e.me, k)
		ours, theirs := r.TeamScores[us], r.TeamScores[1-us]
		switch {
		case len(r.Winners) == 0:
			return p.T("The teams draw %d–%d.", ours, theirs)
		case e.me < 0:
			w := teamOf(r.Winners[0], k)
			return p.T("%s win %d–%d.", e.team(p, w, k), r.TeamScores[w], r.TeamScores[1-w])
		case won:
			return p.T("Your team wins %d–%d.", ours, theirs)
		}
		return p.T("Your team loses %d–%d.", ours, theirs)
	}
	best := 0
	if len(r.Winners) > 0 {
		best = ui.At(r.Scores, int(r.Winners[0]))
	}
	var others []string
	for _, w := range r.Winners {
		if w != e.me {
			others = append(others, ui.NameOf(p, e.names, int(w)))
		}
	}
	seated := e.me >= 0 && int(e.me) < len(r.Scores)
	mine := ""
	if seated {
		mine = e.score(p, r.Scores[e.me])
	}
	switch {
	case len(r.Winners) == 0:
		return p.T("Nobody won.")
	case won && len(others) == 0:
		return p.T("You win with %s!", e.score(p, best))
	case won:
		return p.T("You share the win with %s, %s each.", ui.AndList(p, others), e.score(p, best))
	case len(others) == 1 && seated:
		return p.T("%s wins with %s; you have %s.", others[0], e.score(p, best), mine)
	case len(others) == 1:
		return p.T("%s wins with %s.", others[0], e.score(p, best))
	case seated:
		return p.T("%s share the win with %s each; you have %s.", ui.AndList(p, others), e.score(p, best), mine)
	}
	return p.T("%s share the win with %s each.", ui.AndList(p, others), e.score(p, best))
}

// summary is the headline, every seat's score, best first, and the teams'.
func (e matchEnd) summary(p *msg.Catalogue) []app.UI {
	r := e.r
	n := len(e.names)
	coop := len(r.TeamScores) == 1
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return ui.At(r.Scores, b) - ui.At(r.Scores, a) })
	rows := []app.UI{}
	for _, i := range order {
		won := slices.Contains(r.Winners, games.Seat(i))
		score := e.score(p, ui.At(r.Scores, i))
		if coop {
			score = p.T("lost together")
			if won {
				score = p.T("won together")
			}
		}
		rows = append(rows, app.Tr().Class(map[bool]string{true: "won"}[won]).DataSet("seat", i).Body(
			app.Th().Scope("row").Text(e.names[i]),
			app.Td().Text(score),
			app.Td().Text(map[bool]string{true: p.T("🏆 winner")}[won]),
		))
	}
	out := []app.UI{
		app.H2().Class("result__headline").Text(e.headline(p)),
		app.Table().Class("result__scores").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text(p.T("Player")), app.Th().Text(map[bool]string{true: p.T("Result"), false: p.T("Score")}[coop]), app.Th())),
			app.TBody().Body(rows...),
		),
	}
	if k := len(r.TeamScores); k >= 2 {
		us := teamOf(e.me, k)
		items := []app.UI{}
		for t, s := range r.TeamScores {
			label := p.T("The other team")
			switch {
			case e.me < 0:
				label = p.T("Team %d", t+1)
			case t == us:
				label = p.T("Your team")
			}
			items = append(items, app.Li().Text(p.T("%s (%s): %s", label, e.team(p, t, k), points(p, s))))
		}
		out = append(out, app.Ul().Class("teams").Aria("label", p.T("Teams")).Body(items...))
	}
	return out
}
