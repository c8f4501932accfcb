package components

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// Positions around the table, from the local player's point of view, by the
// number of players.
var positions = [...][]string{
	1: {"bottom"},
	2: {"bottom", "top"},
	3: {"bottom", "left", "right"},
	4: {"bottom", "left", "top", "right"},
	5: {"bottom", "left", "topleft", "topright", "right"},
	6: {"bottom", "left", "topleft", "top", "topright", "right"},
	7: {"bottom", "left", "topleft", "top", "topright", "right", "bottomright"},
}

// Position is where seat sits on screen when me is the local seat.
func Position(seat, me, players int) string {
	if players < 1 || players >= len(positions) {
		return "top"
	}
	ps := positions[players]
	return ps[((seat-me)%players+players)%players]
}

// SeatInfo is what a seat's badge shows. Negative numbers are not shown.
type SeatInfo struct {
	Seat     int
	Name     string
	Bot      string // the bot's level; empty for a person
	Cards    int    // cards in hand
	Tricks   int    // tricks taken this round
	Score    *int   // match score
	Extra    string // a game's own line (chips, golden potatoes…)
	Turn     bool   // it is this seat's turn: the badge glows
	Leader   bool   // leads the trick or the round: a crown
	Team     int    // team number, -1 without teams
	Position string
}

// Seat draws a seat's compact badge: the name and its marks on one line,
// the counts on the next. Screen readers hear it as one sentence ("West,
// random bot, leads, to play, 5 cards, 2 tricks, score minus 12").
func Seat(p *msg.Catalogue, s SeatInfo) app.UI {
	cls := "seat seat--" + s.Position
	if s.Turn {
		cls += " seat--turn"
	}
	if s.Team >= 0 {
		cls += " seat--team" + strconv.Itoa(s.Team)
	}
	stats := []app.UI{}
	said := []string{s.Name}
	if s.Bot != "" {
		said = append(said, p.T("%s bot", s.Bot))
	}
	if s.Team >= 0 {
		said = append(said, p.T("team %d", s.Team+1))
	}
	if s.Leader {
		said = append(said, p.T("leads"))
	}
	if s.Turn {
		said = append(said, p.T("to play"))
	}
	if s.Cards >= 0 {
		stats = append(stats, app.Span().Class("seat__stat seat__cards").Title(p.T("cards in hand")).Text(fmt.Sprintf("🂠 %d", s.Cards)))
		said = append(said, p.N(s.Cards, "%d card", "%d cards"))
	}
	if s.Tricks >= 0 {
		stats = append(stats, app.Span().Class("seat__stat").Title(p.T("tricks taken")).Text(p.T("tricks %d", s.Tricks)))
		said = append(said, p.N(s.Tricks, "%d trick", "%d tricks"))
	}
	if s.Score != nil {
		stats = append(stats, app.Span().Class("seat__stat seat__score").Title(p.T("score")).Text(p.N(*s.Score, "%d point", "%d points")))
		said = append(said, signedWords(p, *s.Score))
	}
	if s.Extra != "" {
		stats = append(stats, app.Span().Class("seat__stat").Text(s.Extra))
		said = append(said, s.Extra)
	}
	return app.Div().Class(cls).DataSet("seat", s.Seat).Attr("role", "group").Aria("label", strings.Join(said, p.T(", "))).Body(
		app.Div().Class("seat__name").Aria("hidden", true).Body(
			app.If(s.Leader, func() app.UI { return app.Span().Class("seat__crown").Title(p.T("leads")).Text("♛") }),
			app.Span().Class("seat__who").Text(s.Name),
			app.If(s.Bot != "", func() app.UI { return app.Span().Class("seat__bot").Text(" · " + s.Bot) }),
		),
		app.Div().Class("seat__stats").Aria("hidden", true).Body(stats...),
	)
}

// signedWords says a score with its sign in words: "score plus 3",
// "score minus 12", "score 0".
func signedWords(p *msg.Catalogue, n int) string {
	switch {
	case n > 0:
		return p.T("score plus %d", n)
	case n < 0:
		return p.T("score minus %d", -n)
	}
	return p.T("score %d", 0)
}

// Played is a card on the table and where it came from.
type Played struct {
	Code     string
	Position string
	Winner   bool
	Label    string // who played it, in words ("West played the 9 of clubs"); the card's name when empty
}

// Trick draws the cards in the middle of the table; each lands from its
// player's side. A taken trick (one card marked Winner) has its winning card
// highlighted and drifts, gathered, towards its winner's side.
func Trick(p *msg.Catalogue, cards []Played, label string) app.UI {
	items := []app.UI{}
	cls := "trick"
	for _, c := range cards {
		items = append(items, app.Div().Class("trick__slot trick__slot--"+c.Position).Body(
			Card(p, Face{Code: c.Code, Winner: c.Winner, Label: c.Label}, nil),
		))
		if c.Winner {
			cls += " trick--taken trick--to-" + c.Position
		}
	}
	return app.Div().Class(cls).Attr("role", "group").Aria("label", label).Body(items...)
}

// Stat is one item of the scoreboard.
type Stat struct {
	Label string
	Value string
}

// Scoreboard draws the round indicator (contract, trump, pot…) as a row.
func Scoreboard(stats []Stat) app.UI {
	items := []app.UI{}
	for _, s := range stats {
		items = append(items, app.Div().Class("score__item").Body(
			app.Span().Class("score__label").Text(s.Label),
			app.Span().Class("score__value").Text(s.Value),
		))
	}
	return app.Div().Class("scoreboard").Attr("role", "status").Body(items...)
}

// Pile draws a labelled stack or row of cards; hidden counts face-down cards
// drawn under the visible ones. onCard, when set, tells what a tap on a card
// plays (an empty Action: nothing).
func Pile(p *msg.Catalogue, label string, codes []string, hidden int, onCard func(code string) (Choice, app.EventHandler)) app.UI {
	items := []app.UI{}
	if hidden > 0 {
		items = append(items, app.Div().Class("pile__hidden").Body(
			Card(p, Face{Label: p.N(hidden, "%d face-down card", "%d face-down cards")}, nil),
			app.Span().Class("pile__count").Text(strconv.Itoa(hidden)),
		))
	}
	for _, c := range codes {
		var choice Choice
		var h app.EventHandler
		if onCard != nil {
			choice, h = onCard(c)
		}
		st := CardPlain
		if choice.Action != "" {
			st = CardLegal
		}
		items = append(items, Card(p, Face{Code: c, Action: choice.Action, Say: choice.Say, State: st, Hint: choice.Hint}, h))
	}
	if len(items) == 0 {
		items = append(items, app.Div().Class("pile__empty").Text(p.T("empty")))
	}
	return app.Section().Class("pile").Aria("label", label).Body(
		app.H3().Class("pile__label").Text(label),
		app.Div().Class("pile__cards").Body(items...),
	)
}

// ReactionTimer is a countdown ring for the engine's timed window. It is
// pure CSS animation: nothing runs in Go while it counts. key restarts it.
func ReactionTimer(p *msg.Catalogue, total, remaining time.Duration, key string) app.UI {
	if total <= 0 {
		return app.Div().Class("timer timer--idle")
	}
	frac := float64(remaining) / float64(total)
	const circ = 2 * 3.14159 * 18
	secs := max(int(math.Ceil(remaining.Seconds()-0.01)), 0) // whole seconds left, counted up as a clock does
	return app.Div().Class("timer").Attr("role", "timer").
		Aria("label", p.N(secs, "%d second left", "%d seconds left")).DataSet("key", key).Body(
		app.Raw(fmt.Sprintf(`<svg viewBox="0 0 40 40" class="timer__ring"><circle cx="20" cy="20" r="18" class="timer__track"/>`+
			`<circle cx="20" cy="20" r="18" class="timer__arc" style="stroke-dasharray:%.1f;stroke-dashoffset:%.1f;animation-duration:%dms"/></svg>`,
			circ, circ*(1-frac), remaining.Milliseconds())),
		app.Span().Class("timer__text").Text(strconv.Itoa(secs)),
	)
}

// Log draws the game log, newest first: opened, it shows what just
// happened without scrolling (lines are given oldest first; the list counts
// down so each line keeps its number).
func Log(p *msg.Catalogue, lines []string) app.UI {
	items := make([]app.UI, 0, len(lines))
	for i := len(lines) - 1; i >= 0; i-- {
		items = append(items, app.Li().Text(lines[i]))
	}
	return app.Details().Class("log").Body(
		app.Summary().Text(p.T("Game log")),
		app.Ol().Class("log__lines").Attr("reversed", true).Aria("live", "off").Body(items...),
	)
}

// Notice draws a short message ("West takes the trick"), read out by screen
// readers.
func Notice(text string) app.UI {
	return app.Div().Class("notice").Attr("role", "status").Aria("live", "polite").Text(text)
}
