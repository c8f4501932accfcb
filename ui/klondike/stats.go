package klondike

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/stats"
	"cardtable/ui"
)

// klondikeStats is Klondike's part in the statistics: a deal's time and
// moves, the best time and the fewest moves of the deals won, and a won
// deal in the history said with both.
var klondikeStats = &ui.Stats{
	Tally: func(ctx app.Context, rec *record.Record, seat games.Seat, end games.State) (int, int, bool) {
		e, ok := EndOf(ctx, rec, seat, end)
		return e.Secs, e.Moves, ok
	},
	Figures: func(p *msg.Catalogue, f stats.Figures) []ui.Figure {
		var out []ui.Figure
		if f.BestSecs > 0 {
			out = append(out, ui.Figure{Key: "best-time", Label: p.T("Best time"), Value: Time(f.BestSecs)})
		}
		if f.FewestMoves > 0 {
			out = append(out, ui.Figure{Key: "fewest-moves", Label: p.T("Fewest moves"), Value: strconv.Itoa(f.FewestMoves)})
		}
		return out
	},
	Won: func(p *msg.Catalogue, t stats.Tally) string {
		if t.Secs <= 0 {
			return ""
		}
		return p.T("Won in %[1]s, %[2]s.", Time(t.Secs), p.N(t.Moves, "%d move", "%d moves"))
	},
}
