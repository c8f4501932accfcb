package main

import (
	"errors"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/ui"
)

// resultPage shows how the saved match ended: every seat's score, who won,
// and a button to play again with the same seats and options.
type resultPage struct {
	app.Compo
	speaker
	settings Settings
	gameID   string
	info     games.Info
	save     Save
	ok       bool
	damaged  *damagedSave // the save is damaged: nothing is built from it
	history  []ui.HistoryRow
	board    ui.Revealer // a co-op board turned face up at the end, nil for none
	inOrder  int         // of a co-op board: its cards in order and on it
	onBoard  int
	klondike *klondikeEnd // a Klondike match's time, moves, score and streak
}

func (p *resultPage) OnNav(ctx app.Context) {
	p.settings = loadSettings(ctx)
	p.gameID = ctx.Page().URL().Query().Get("game")
	g, found := lookupGame(p.gameID)
	p.ok = found
	if found {
		p.info = g.Game.Info()
	}
	p.damaged = nil
	if !p.ok || !app.IsClient {
		p.ok = false
		return
	}
	save, data, err := readSave(p.gameID)
	var bad *saveDamage
	if errors.As(err, &bad) {
		p.damaged = &damagedSave{GameID: p.gameID, Data: data, Why: bad.Say(p.P())}
	}
	p.save, p.ok = save, err == nil && save.Result != nil
	p.history, p.board, p.inOrder, p.onBoard, p.klondike = nil, nil, 0, 0, nil
	if p.ok {
		// The finished match's record replays here; a spectator's view of
		// its end shows the rounds.
		if s, err := record.Replay(g.Game, p.save.Record, nil); err == nil {
			p.klondike = klondikeEndOf(ctx, p.save, s)
			if v, err := readView(p.gameID, s.View(games.Observer)); err == nil {
				if h, ok := v.(ui.Historian); ok {
					p.history = h.History(p.P())
				}
				if b, ok := v.(ui.BoardCounter); ok {
					p.inOrder, p.onBoard = b.Sorted()
				}
				if b, ok := v.(ui.Revealer); ok {
					p.board = b
				}
			}
		}
	}
}

func (p *resultPage) Render() app.UI {
	if p.damaged != nil {
		return page(p.settings, p.P().T("Result"), app.Div().ID("result").DataSet("ready", true).DataSet("damaged", true).Body(p.damaged))
	}
	if !p.ok {
		return page(p.settings, p.P().T("Result"), app.Div().ID("result").DataSet("ready", app.IsClient).Body(
			app.P().Text(p.P().T("No finished game to show.")),
			app.A().Class("btn").Href("/").Text(p.P().T("Home")),
		))
	}
	r := p.save.Result
	n := p.save.Record.Players
	names := make([]string, n)
	for i := range names {
		names[i] = ui.SeatName(p.P(), (i-int(p.save.Seat)+n)%n, n)
	}
	var hist app.UI
	if len(p.history) > 0 {
		head := []app.UI{app.Th().Text(p.P().T("Round"))}
		for _, nm := range names {
			head = append(head, app.Th().Text(nm))
		}
		body := []app.UI{}
		for _, h := range p.history {
			row := []app.UI{app.Th().Scope("row").Text(h.Label)}
			for i := range names {
				row = append(row, app.Td().Text(strconv.Itoa(ui.At(h.Scores, i))))
			}
			body = append(body, app.Tr().Body(row...))
		}
		hist = app.Details().Class("history").Body(
			app.Summary().Text(p.P().T("Round by round")),
			app.Table().Body(app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(body...)),
		)
	}
	summary := matchEnd{r: *r, names: names, me: p.save.Seat, inOrder: p.inOrder, onBoard: p.onBoard, game: p.gameID}.summary(p.P())
	if p.board != nil {
		// The co-op board, turned up card by card, under the headline.
		summary = slices.Insert(summary, 1, p.board.Reveal(p.P()))
	}
	return page(p.settings, p.P().T("Result: %s", gameTitle(p.P(), p.info)),
		app.Div().ID("result").DataSet("ready", true).Body(
			app.Div().Body(summary...),
			app.If(p.klondike != nil, func() app.UI { return p.klondike.Render(p.P()) }),
			app.If(hist != nil, func() app.UI { return hist }),
			app.If(len(p.history) > 0, p.roundsChart),
			app.Div().Class("actions").Body(
				app.Button().Class("btn btn--primary").ID("again").Text(p.P().T("Play again")).OnClick(p.again),
				app.A().Class("btn").Href(ui.GameURL("/new", p.gameID)).Text(p.P().T("New setup")),
				app.A().Class("btn btn--ghost").Href(statisticsPath).ID("result-stats").Text(p.P().T("Statistics")),
				app.A().Class("btn btn--ghost").Href("/").Text(p.P().T("Home")),
			),
			&replayShare{Record: p.save.Record, Title: gameTitle(p.P(), p.info)},
		),
	)
}

// roundsChart is the match's running score of every seat, round by round.
func (p *resultPage) roundsChart() app.UI {
	n := p.save.Record.Players
	names := make([]string, n)
	for i := range names {
		names[i] = ui.SeatName(p.P(), (i-int(p.save.Seat)+n)%n, n)
	}
	return app.Div().Class("result__chart").ID("result-chart").Body(
		roundsChart(statsWords{p: p.P()}, names, runningScores(p.history, n)),
	)
}

// runningScores adds up the rounds' scores: every seat's score after each
// round.
func runningScores(rows []ui.HistoryRow, n int) [][]int {
	out := make([][]int, len(rows))
	sum := make([]int, n)
	for r, h := range rows {
		for i := range sum {
			if i < len(h.Scores) {
				sum[i] += h.Scores[i]
			}
		}
		out[r] = slices.Clone(sum)
	}
	return out
}

// resultSummary says who won, in words for the reader (me), and lists
// every seat's score, best first. A result with team scores is told per
// team: one team is everyone playing together (Co-op Sort), two are the
// alternating seats (Mindikot).
func resultSummary(p *msg.Catalogue, game string, r games.Result, names []string, me games.Seat) []app.UI {
	return matchEnd{r: r, names: names, me: me, game: game}.summary(p)
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
	switch e.game {
	case "catte":
		return p.N(n, "%d chip", "%d chips")
	case "papas":
		return p.N(n, "%d golden potato", "%d golden potatoes")
	}
	return points(p, n)
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

// again starts a new match with the same seats and options.
func (p *resultPage) again(ctx app.Context, e app.Event) {
	old := p.save.Record
	cfg := games.Config{Players: old.Players, Options: old.Options, Seed: newSeed()}
	s := p.save
	s.Record, s.Done, s.Result = record.New(old.Game, cfg), false, nil
	storeSave(ctx, s)
	ctx.Navigate(ui.GameURL("/play", p.gameID))
}
