// Package uitest holds what the tables' tests share: readers of the seats,
// a game's view read into its table, a session's legal moves made from a
// state, and a board rendered to HTML and read back as a person reads it.
package uitest

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/require"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/sortcoop"
	"cardtable/rtc"
	"cardtable/ui"
)

// FourNames is four seats read by the first, in the words every game shares.
func FourNames() ui.Input {
	names := []string{"You", "West", "North", "East"}
	return ui.Input{Players: 4, Me: 0, Names: names, Bots: []string{"", "easy", "easy", "easy"}, Say: ui.NewWords(ui.Game{}, names, 0)}
}

// ThreeNames is three seats read by the first, in the words every game shares.
func ThreeNames() ui.Input {
	names := []string{"You", "West", "East"}
	return ui.Input{Players: 3, Me: 0, Names: names, Bots: []string{"", "easy", "easy"}, Say: ui.NewWords(ui.Game{}, names, 0)}
}

// ForGame is in with the game's own words.
func ForGame(in ui.Input, g ui.Game) ui.Input {
	in.Say = ui.NewWords(g, in.Names, games.Seat(in.Me))
	return in
}

// Read decodes a view for the game's table, failing the test otherwise.
func Read(t *testing.T, g ui.Game, v games.View) ui.View {
	t.Helper()
	tv, err := g.ReadView(v)
	require.NoError(t, err)
	return tv
}

// MovesOf lists seat's legal moves as a session offers them: notation and
// the engine's description for the seat.
func MovesOf(s games.State, seat games.Seat) []rtc.Move {
	var out []rtc.Move
	for _, a := range s.Legal(seat, nil) {
		out = append(out, rtc.Move{Action: a, Text: s.FormatAction(a), Desc: s.Describe(seat, seat, a)})
	}
	return out
}

// RenderCentre renders a model's board as the table page does, with the
// local seat's legal moves, a selected hand card, a board selection and a
// hint. It returns the HTML and the moves the board took over from the
// buttons.
func RenderCentre(m ui.Model, in ui.Input, legal []rtc.Move, handSel, selected, hint string) (string, map[string]bool) {
	m.Legal, m.HandSel, m.Selected, m.Hint, m.Say = legal, handSel, selected, hint, in.Say
	m.Consumed = map[string]bool{}
	m.Choose = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.Play = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.BoardAction = func(string) (components.Choice, app.EventHandler) { return components.Choice{}, nil }
	return app.HTMLString(m.Centre(m)), m.Consumed
}

// DataActions lists the data-action attributes of an HTML string in order.
func DataActions(h string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`data-action="([^"]*)"`).FindAllStringSubmatch(h, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

var (
	tags      = regexp.MustCompile(`<([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*(/?)>`)
	attrs     = regexp.MustCompile(`[a-z-]+(?:="[^"]*")?`)
	svgs      = regexp.MustCompile(`(?s)<svg.*?</svg>`)
	readables = regexp.MustCompile(`(?:aria-label|title)="([^"]*)"|>([^<]+)<`)
)

// Canonical writes every tag's attributes in order: the renderer writes
// them in any order.
func Canonical(h string) string {
	return tags.ReplaceAllStringFunc(h, func(tag string) string {
		m := tags.FindStringSubmatch(tag)
		as := attrs.FindAllString(m[2], -1)
		slices.Sort(as)
		return "<" + strings.Join(append([]string{m[1]}, as...), " ") + m[3] + ">"
	})
}

// Readable is what a person reads or hears of an HTML string: its text and
// its aria labels and titles, without the card faces' drawings.
func Readable(h string) string {
	var out []string
	for _, m := range readables.FindAllStringSubmatch(svgs.ReplaceAllString(h, ""), -1) {
		out = append(out, html.UnescapeString(m[1]+m[2]))
	}
	return strings.Join(out, " | ")
}

// Stat is a scoreboard line as a table lays it out.
func Stat(label, value string) components.Stat {
	return components.Stat{Label: label, Value: value}
}

// Notation matches what a person must never read: a card code, a potato
// card's code, a Klondike place.
var Notation = regexp.MustCompile(`\b(10|[1-9AJQK])[CDHS]\b|\b(papa|duquesas|fritas)[1-5]\b|\b(nopoh|tedije|dorada|robo|wild)\b|\b(t[1-7]|f[CDHS])\b|@\d`)

// SortedMatch plays a Co-op Sort match that the players win: seat 0 holds
// the seven lowest cards and seat 1 the next seven, and each places its
// cards on the slots of their rank.
func SortedMatch(t *testing.T) games.State {
	t.Helper()
	low := []string{"1H", "2H", "3H", "4H", "5H", "6H", "7H"}
	high := []string{"8H", "9H", "10H", "1S", "2S", "3S", "4S"}
	e, err := catalog.Lookup("sortcoop")
	require.NoError(t, err)
	s, err := e.Game.New(games.Config{Players: 2, Seed: 1, Deals: []games.Deal{{Hands: [][]string{low, high}}}})
	require.NoError(t, err)
	slot := map[string]int{}
	for i, c := range append(slices.Clone(low), high...) {
		slot[c] = i + 1
	}
	next := [2]int{}
	hands := [2][]string{low, high}
	for step := 0; !s.Done(); step++ {
		require.Less(t, step, 100)
		actors := s.Actors(nil)
		require.NotEmpty(t, actors)
		seat := actors[0]
		text := "done"
		switch v := s.View(seat).(sortcoop.View); v.Phase {
		case "prefer":
			text = map[games.Seat]string{0: "prefer want", 1: "prefer dont"}[seat]
		case "place":
			c := hands[seat][next[seat]]
			next[seat]++
			text = fmt.Sprintf("place %s %d", c, slot[c])
		}
		a, err := s.ParseAction(text)
		require.NoError(t, err, text)
		require.NoError(t, s.Apply(seat, a), text)
	}
	return s
}

// KlondikeLegal is a Klondike position's legal moves as the session
// describes them: the ace of spades (column 1) goes only to its foundation;
// the 2 of hearts (column 4) to its foundation or onto column 5; the 9 and 8
// of column 2 onto column 6; the waste's 7 onto column 3; and ending the
// game.
func KlondikeLegal() []rtc.Move {
	mv := func(text, src, dst string, cards ...string) rtc.Move {
		return rtc.Move{Text: text, Desc: games.Description{Kind: "move", Cards: cards, Targets: []string{src, dst}}}
	}
	return []rtc.Move{
		{Text: "draw", Desc: games.Description{Kind: games.KindDraw, Hidden: 1}},
		mv("move t4 t5", "t4", "t5", "2H"),
		mv("move t1 f", "t1", "fS", "AS"),
		mv("move t4 f", "t4", "fH", "2H"),
		mv("move t2 t6 2", "t2", "t6", "9C", "8D"),
		mv("move w t3", "w", "t3", "7H"),
		{Text: "end", Desc: games.Description{Kind: games.KindEnd}},
	}
}
