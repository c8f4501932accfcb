package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/stats"
)

// Stats is a game's own part in the statistics, beyond the outcome and the
// score every game has: the figures a finished match of it adds (Klondike's
// time and moves), its best ones on the statistics page, and how its
// history says a won match. The statistics pages ask for it through Game's
// methods, never by the game's id.
type Stats struct {
	// Tally reads a finished match's own figures from its record and final
	// state: the time played in seconds and the moves; false for none.
	Tally func(ctx app.Context, rec *record.Record, seat games.Seat, end games.State) (secs, moves int, ok bool)
	// Figures are the game's own figures among f, in order (none for a
	// figure not reached yet).
	Figures func(p *msg.Catalogue, f stats.Figures) []Figure
	// Won says a won match with its own figures ("Won in 3:12, 87
	// moves."); "" says it the way every game does.
	Won func(p *msg.Catalogue, t stats.Tally) string
}

// Figure is one of a game's own figures on the statistics page: its key
// (the page's data-fig), its name and its value, in the reader's language.
type Figure struct{ Key, Label, Value string }

// TallyOf is a finished match's own figures, the time and the moves; false
// for a game that keeps none.
func (g Game) TallyOf(ctx app.Context, rec *record.Record, seat games.Seat, end games.State) (secs, moves int, ok bool) {
	if g.Stats == nil || g.Stats.Tally == nil {
		return 0, 0, false
	}
	return g.Stats.Tally(ctx, rec, seat, end)
}

// FiguresOf are the game's own figures among f; nil for a game without.
func (g Game) FiguresOf(p *msg.Catalogue, f stats.Figures) []Figure {
	if g.Stats == nil || g.Stats.Figures == nil {
		return nil
	}
	return g.Stats.Figures(p, f)
}

// WonWords says a won match with the game's own figures; "" for a game
// without, or a match without them.
func (g Game) WonWords(p *msg.Catalogue, t stats.Tally) string {
	if g.Stats == nil || g.Stats.Won == nil {
		return ""
	}
	return g.Stats.Won(p, t)
}

// RoundOf is the round a match is in as the table numbers it ("Round 2"),
// read by the game from its own view; 0 for a game not played in rounds or
// a view that says none.
func (g Game) RoundOf(v games.View) int {
	if g.Round == nil || v == nil {
		return 0
	}
	return max(g.Round(v), 0)
}
