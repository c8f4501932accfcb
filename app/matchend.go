package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/ui"
	klondikeui "cardtable/ui/klondike"
)

// The end of a solo match, over its table: the table dims under who won and
// every seat's score (Klondike's time, moves, score and streak), and waits
// for the player: "See the result" opens the result page (the rounds, the
// replay, Play again), "Look at the table" puts the box away to look at the
// final table (its tools keep "See the result"). A table that shows its own
// end (Co-op Sort's reveal, with its Continue) has no box.

// matchOver is the match's end as the box tells it, made once when the
// match ends on this page.
type matchOver struct {
	end      matchEnd
	klondike *klondikeEnd
	away     bool // put away: the player looks at the table
}

// endMatch makes the box for the match that just ended.
func (p *tablePage) endMatch(ctx app.Context) {
	if p.sess == nil || !p.snap.Done || p.over != nil {
		return
	}
	o := &matchOver{end: matchEnd{r: p.snap.Result, names: p.names(), me: p.me, game: p.gameID}}
	if g, ok := lookupGame(p.gameID); ok {
		if s, err := record.Replay(g.Game, p.save.Record, nil); err == nil {
			o.klondike = klondikeEndOf(ctx, p.save, s) // the run of wins as the statistics count it
		}
	}
	p.over = o
}

// renderMatchEnd draws the box over the dimmed table.
func (p *tablePage) renderMatchEnd() app.UI {
	o := p.over
	result := []app.UI{app.H2().Class("result__headline").Text(o.end.headline(p.P()))}
	if len(o.end.names) > 1 {
		result = o.end.summary(p.P()) // the headline and every seat's score
	}
	return app.Div().Class("summary-veil").Body(app.Section().Class("summary match-end").ID("match-end").
		Attr("role", "dialog").Aria("labelledby", "match-end-title").Body(
		app.Div().Class("summary__body").Attr("role", "status").Aria("live", "polite").Body(
			app.H2().ID("match-end-title").Class("summary__title").Text(p.P().T("The match is over")),
			app.Div().Class("match-end__result").Body(result...),
			app.If(o.klondike != nil, func() app.UI { return o.klondike.Render(p.P()) }),
		),
		app.Div().Class("actions match-end__actions").Body(
			app.A().Class("btn btn--primary").ID("end-result").Href(ui.GameURL("/result", p.gameID)).Text(p.P().T("See the result")),
			app.Button().Class("btn btn--ghost").ID("end-look").Text(p.P().T("Look at the table")).
				OnClick(func(ctx app.Context, e app.Event) { p.over.away = true }),
		),
	))
}

// klondikeEnd is Klondike's panel of figures at a match's end.
type klondikeEnd = klondikeui.End

// klondikeEndOf is Klondike's figures at the end of a finished match (end
// is its final state), its run of wins from the statistics; nil for
// another game.
func klondikeEndOf(ctx app.Context, s Save, end games.State) *klondikeEnd {
	if s.Record == nil || s.Record.Game != "klondike" {
		return nil
	}
	e, ok := klondikeui.EndOf(ctx, s.Record, s.Seat, end)
	if !ok {
		return nil
	}
	f := readStatistics(localStore{}).Store.Overall("klondike")
	e.Streak, e.Best = f.Streak, f.BestStreak
	return &e
}
