package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/ui"
)

// The end of a solo match, over its table: the table dims under who won and
// every seat's score (and the game's own panel: Klondike's time, moves,
// score and streak), and waits for the player: "See the result" opens the
// result page (the rounds, the replay, Play again), "Look at the table" puts
// the box away to look at the final table (its tools keep "See the result").
// A table that shows its own end (Co-op Sort's reveal, with its Continue)
// has no box.

// matchOver is the match's end as the box tells it, made once when the
// match ends on the table page.
type matchOver struct {
	end   matchEnd
	game  string
	panel ui.EndPanel // the game's own figures, nil for none
	away  bool        // put away: the player looks at the table
}

// newMatchOver makes the box for the solo match s that just ended with
// result r, its seats named names.
func newMatchOver(ctx app.Context, game string, r games.Result, names []string, s Save) *matchOver {
	o := &matchOver{end: matchEnd{r: r, names: names, me: s.Seat, game: game}, game: game}
	if g, ok := lookupGame(game); ok && gameUI(game).End != nil {
		if st, err := record.Replay(g.Game, s.Record, nil); err == nil {
			o.panel = endPanelOf(ctx, s, st)
		}
	}
	return o
}

// box draws the match's end over the dimmed table.
func (o *matchOver) box(p *msg.Catalogue) app.UI {
	result := []app.UI{app.H2().Class("result__headline").Text(o.end.headline(p))}
	if len(o.end.names) > 1 {
		result = o.end.summary(p) // the headline and every seat's score
	}
	return app.Div().Class("summary-veil").Body(app.Section().Class("summary match-end").ID("match-end").
		Attr("role", "dialog").Aria("labelledby", "match-end-title").Body(
		app.Div().Class("summary__body").Attr("role", "status").Aria("live", "polite").Body(
			app.H2().ID("match-end-title").Class("summary__title").Text(p.T("The match is over")),
			app.Div().Class("match-end__result").Body(result...),
			app.If(o.panel != nil, func() app.UI { return o.panel.Render(p) }),
		),
		app.Div().Class("actions match-end__actions").Body(
			app.A().Class("btn btn--primary").ID("end-result").Href(ui.GameURL("/result", o.game)).Text(p.T("See the result")),
			app.Button().Class("btn btn--ghost").ID("end-look").Text(p.T("Look at the table")).
				OnClick(func(ctx app.Context, e app.Event) { o.away = true }),
		),
	))
}
