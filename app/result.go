package main

import (
	"errors"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
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
	end      ui.EndPanel // the game's own figures (Klondike's time, moves, score and streak)
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
	p.history, p.board, p.inOrder, p.onBoard, p.end = nil, nil, 0, 0, nil
	if p.ok {
		// The finished match's record replays here; a spectator's view of
		// its end shows the rounds.
		if s, err := record.Replay(g.Game, p.save.Record, nil); err == nil {
			p.end = endPanelOf(ctx, p.save, s)
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
	names := seatNames(p.P(), p.save, p.save.Seat)
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
			app.If(p.end != nil, func() app.UI { return p.end.Render(p.P()) }),
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
	names := seatNames(p.P(), p.save, p.save.Seat)
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

// again starts a new match with the same seats and options.
func (p *resultPage) again(ctx app.Context, e app.Event) {
	old := p.save.Record
	cfg := games.Config{Players: old.Players, Options: old.Options, Seed: newSeed()}
	s := p.save
	s.Record, s.Done, s.Result = record.New(old.Game, cfg), false, nil
	storeSave(ctx, s)
	ctx.Navigate(ui.GameURL("/play", p.gameID))
}
