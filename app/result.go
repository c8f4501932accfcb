package main

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
)

// resultPage shows how the saved match ended: every seat's score, who won,
// and a button to play again with the same seats and options.
type resultPage struct {
	app.Compo
	settings Settings
	gameID   string
	info     games.Info
	save     Save
	ok       bool
	history  []historyRow
}

// historyRow is one finished round of a match: its name and every seat's
// score.
type historyRow struct {
	label  string
	scores []int
}

// historian is a View that lists a match's finished rounds (The King).
type historian interface {
	history() []historyRow
}

func (p *resultPage) OnNav(ctx app.Context) {
	p.settings = loadSettings(ctx)
	p.gameID = ctx.Page().URL().Query().Get("game")
	g, found := lookupGame(p.gameID)
	p.ok = found
	if found {
		p.info = g.Game.Info()
	}
	if !p.ok || !app.IsClient {
		p.ok = false
		return
	}
	p.save, p.ok = loadSave(ctx, p.gameID)
	if p.ok && p.save.Result == nil {
		p.ok = false
	}
	p.history = nil
	if p.ok {
		// The finished match's record replays here; a spectator's view of
		// its end shows the rounds.
		if s, err := record.Replay(g.Game, p.save.Record, nil); err == nil {
			if v, err := readView(p.gameID, s.View(games.Observer)); err == nil {
				if h, ok := v.(historian); ok {
					p.history = h.history()
				}
			}
		}
	}
}

func (p *resultPage) Render() app.UI {
	if !p.ok {
		return page(p.settings, "Result", app.Div().ID("result").DataSet("ready", app.IsClient).Body(
			app.P().Text("No finished game to show."),
			app.A().Class("btn").Href("/").Text("Home"),
		))
	}
	r := p.save.Result
	n := p.save.Record.Players
	names := make([]string, n)
	for i := range names {
		names[i] = seatName((i-int(p.save.Seat)+n)%n, n)
	}
	var hist app.UI
	if len(p.history) > 0 {
		head := []app.UI{app.Th().Text("Round")}
		for _, nm := range names {
			head = append(head, app.Th().Text(nm))
		}
		body := []app.UI{}
		for _, h := range p.history {
			row := []app.UI{app.Th().Scope("row").Text(h.label)}
			for i := range names {
				row = append(row, app.Td().Text(strconv.Itoa(at(h.scores, i))))
			}
			body = append(body, app.Tr().Body(row...))
		}
		hist = app.Details().Class("history").Body(
			app.Summary().Text("Round by round"),
			app.Table().Body(app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(body...)),
		)
	}
	return page(p.settings, "Result: "+p.info.Title,
		app.Div().ID("result").DataSet("ready", true).Body(
			app.Div().Body(resultSummary(*r, names, p.save.Seat)...),
			app.If(hist != nil, func() app.UI { return hist }),
			app.Div().Class("actions").Body(
				app.Button().Class("btn btn--primary").ID("again").Text("Play again").OnClick(p.again),
				app.A().Class("btn").Href(gameURL("/new", p.gameID)).Text("New setup"),
				app.A().Class("btn btn--ghost").Href("/").Text("Home"),
			),
		),
	)
}

// resultSummary says who won and lists every seat's score, best first, and
// the teams' scores.
func resultSummary(r games.Result, names []string, me games.Seat) []app.UI {
	n := len(names)
	var headline string
	switch {
	case len(r.Winners) == 0:
		headline = "Nobody won."
	case slices.Contains(r.Winners, me) && len(r.Winners) == 1:
		headline = "You won!"
	case slices.Contains(r.Winners, me):
		headline = "You share the win."
	case len(r.Winners) == 1:
		headline = names[r.Winners[0]] + " won."
	default:
		headline = "Shared win."
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return at(r.Scores, b) - at(r.Scores, a) })
	rows := []app.UI{}
	for _, i := range order {
		won := slices.Contains(r.Winners, games.Seat(i))
		rows = append(rows, app.Tr().Class(map[bool]string{true: "won"}[won]).DataSet("seat", i).Body(
			app.Th().Scope("row").Text(names[i]),
			app.Td().Text(strconv.Itoa(at(r.Scores, i))),
			app.Td().Text(map[bool]string{true: "🏆 winner"}[won]),
		))
	}
	var teams app.UI
	if len(r.TeamScores) > 0 {
		items := []app.UI{}
		for t, s := range r.TeamScores {
			items = append(items, app.Li().Text(fmt.Sprintf("Team %d: %d", t+1, s)))
		}
		teams = app.Ul().Class("teams").Body(items...)
	}
	out := []app.UI{
		app.H2().Class("result__headline").Text(headline),
		app.Table().Class("result__scores").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("Player"), app.Th().Text("Score"), app.Th())),
			app.TBody().Body(rows...),
		),
	}
	if teams != nil {
		out = append(out, teams)
	}
	return out
}

// again starts a new match with the same seats and options.
func (p *resultPage) again(ctx app.Context, e app.Event) {
	old := p.save.Record
	cfg := games.Config{Players: old.Players, Options: old.Options, Seed: newSeed()}
	s := p.save
	s.Record, s.Done, s.Result = record.New(old.Game, cfg), false, nil
	storeSave(ctx, s)
	ctx.Navigate(gameURL("/play", p.gameID))
}
