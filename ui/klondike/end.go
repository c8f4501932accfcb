package klondike

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/klondike"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/ui"
)

// End is a finished Klondike match as a solitaire app shows it, on the
// result page and in the box over the table at the match's end: the time,
// the moves, the score and the run of wins (the statistics count it).
type End struct {
	Secs, Moves, Score int
	Streak, Best       int // wins in a row now, and the best run
}

// EndOf reads a finished match's time, moves and score from its record and
// its final state: the time is the game's own when timed, else the clock
// the table kept in local storage for this deal. False for a state that is
// not Klondike's.
func EndOf(ctx app.Context, rec *record.Record, seat games.Seat, end games.State) (End, bool) {
	if rec == nil || end == nil {
		return End{}, false
	}
	v, err := ui.DecodeView[klondike.View](end.View(seat))
	if err != nil {
		return End{}, false
	}
	e := End{Moves: MoveCount(rec, seat), Score: v.Score, Secs: v.Elapsed}
	if !v.Timed && app.IsClient {
		var c ClockSave
		if ctx.LocalStorage().Get(ClockKey, &c) == nil && c.Seed == rec.Seed && c.Game == v.Game {
			e.Secs = c.Secs
		}
	}
	return e, true
}

// endPanel is the game's panel at a match's end (ui.Game's End): the
// figures of the finished match and the statistics' run of wins; nil when
// the state is not Klondike's.
func endPanel(ctx app.Context, rec *record.Record, seat games.Seat, end games.State, run ui.Run) ui.EndPanel {
	e, ok := EndOf(ctx, rec, seat, end)
	if !ok {
		return nil
	}
	e.Streak, e.Best = run.Streak, run.Best
	return e
}

// Render lists the figures, each with its name.
func (e End) Render(p *msg.Catalogue) app.UI {
	row := func(id, label, value string) app.UI {
		return app.Div().Class("kl-end__row").Body(app.Dt().Text(label), app.Dd().ID(id).Text(value))
	}
	return app.Dl().Class("kl-end").ID("klondike-end").Body(
		row("kl-end-time", p.T("Time"), Time(e.Secs)),
		row("kl-end-moves", p.T("Moves"), strconv.Itoa(e.Moves)),
		row("kl-end-score", p.T("Score"), strconv.Itoa(e.Score)),
		row("kl-end-streak", p.T("Wins in a row"), strconv.Itoa(e.Streak)),
		row("kl-end-best", p.T("Best run of wins"), strconv.Itoa(e.Best)),
	)
}
