package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/stats"
	"cardtable/ui"
)

// render is a page's HTML without the spaces between its tags.
func render(c app.UI) string {
	return regexp.MustCompile(`\s*<\s*`).ReplaceAllString(regexp.MustCompile(`>\s+`).ReplaceAllString(app.HTMLString(c), ">"), "<")
}

// TestStatsResultInWords: every outcome is said, team and co-op results
// the way their games count them.
func TestStatsResultInWords(t *testing.T) {
	w := statsWords{}
	m := func(game string, o stats.Outcome, f func(*stats.Match)) stats.Match {
		x := stats.Match{Tally: stats.Tally{ID: "x", Game: game, Outcome: o}}
		if f != nil {
			f(&x)
		}
		return x
	}
	for _, c := range []struct {
		m    stats.Match
		want string
	}{
		{m("king", stats.Won, func(x *stats.Match) { x.Score, x.Scored = 42, true }), "Won with 42 points."},
		{m("catte", stats.Lost, func(x *stats.Match) { x.Score, x.Scored = -3, true }), "Lost with -3 chips."},
		{m("mindikot", stats.Won, func(x *stats.Match) { x.Seat, x.TeamScores = 1, []int{2, 7} }), "Your team won 7–2."},
		{m("mindikot", stats.Lost, func(x *stats.Match) { x.Seat, x.TeamScores = 0, []int{2, 7} }), "Your team lost 2–7."},
		{m("sortcoop", stats.Won, func(x *stats.Match) { x.TeamScores = []int{5} }), "Won together."},
		{m("sortcoop", stats.Lost, func(x *stats.Match) { x.TeamScores = []int{1} }), "Lost together."},
		{m("klondike", stats.Won, func(x *stats.Match) { x.Secs, x.Moves = 125, 98 }), "Won in 2:05, 98 moves."},
		{m("klondike", stats.Abandoned, nil), "Given up."},
		{m("eatreds", stats.Drawn, nil), "Drawn."},
		{m("papas", stats.Lost, nil), "Lost."},
	} {
		assert.Equal(t, c.want, w.result(c.m), "%+v", c.m)
	}
}

// TestStatsSeatsAndNames: the seats are said from the player round the
// table, each bot with its level, a friend by name, a person who shared
// the phone as such.
func TestStatsSeatsAndNames(t *testing.T) {
	w := statsWords{}
	m := stats.Match{Tally: stats.Tally{Seat: 2, Room: true}, Seats: []stats.Seat{
		{Kind: stats.Bot, Level: "hard"}, {Kind: stats.Friend, Name: "Ann"}, {Kind: stats.You}, {Kind: stats.Open},
	}}
	assert.Equal(t, "You, West (open seat), Bot 1 (bot, hard), Ann (friend)", strings.ReplaceAll(w.seats(m), "North", "Bot 1"))
	assert.Equal(t, []string{"North", "Ann", "You", "West"}, w.names(m, 4))
	m.Room = false
	m.Seats[3] = stats.Seat{Kind: stats.Bot, Level: "normal"}
	assert.Equal(t, "You, West (bot, normal), Bot 1 (bot, hard), Ann (on this phone)", strings.ReplaceAll(w.seats(m), "North", "Bot 1"))
}

// TestStatsVariantAndLineNames: a line names its options in words and solo
// or rooms.
func TestStatsVariantAndLineNames(t *testing.T) {
	w := statsWords{}
	v := stats.Variant("klondike", map[string]string{"drawCount": "3"})
	line := w.line(stats.Key{Game: "klondike", Variant: v, Room: false})
	assert.Contains(t, line, "— Solo")
	assert.NotContains(t, line, "drawCount", "the option is said in words")
	assert.NotContains(t, line, "=")
	assert.Equal(t, "In rooms", w.line(stats.Key{Game: "king", Room: true}))
	assert.Equal(t, "", w.variant("king", ""))
}

// TestRunningScoresAddUpTheRounds: the result's chart draws each seat's
// score after each round, added up.
func TestRunningScoresAddUpTheRounds(t *testing.T) {
	rows := []ui.HistoryRow{{Scores: []int{1, -2, 0, 1}}, {Scores: []int{0, 3}}, {Scores: []int{2, 2, 2, 2}}}
	assert.Equal(t, [][]int{{1, -2, 0, 1}, {1, 1, 0, 1}, {3, 3, 2, 3}}, runningScores(rows, 4))
	summary, series := statsWords{}.chartSeries([]string{"You", "West"}, [][]int{{1, 2}, {4, 0}})
	assert.Equal(t, "Score round by round over 2 rounds, at the end: You: 4, West: 0.", summary)
	assert.Equal(t, [][]float64{{1, 4}, {2, 0}}, series)
}

// TestStatisticsPageRendersFiguresAndHistory renders the page from a store:
// only the games played have figures, in the catalogue's order, with the
// others named in a line; Klondike's lines split draw 1 and draw 3; the
// history lists the matches newest first with their replay and chart.
func TestStatisticsPageRendersFiguresAndHistory(t *testing.T) {
	var s stats.Store
	add := func(id, game, variant string, o stats.Outcome, ended int64, f func(*stats.Match)) {
		m := stats.Match{Tally: stats.Tally{ID: id, Game: game, Variant: variant, Outcome: o, Ended: ended}}
		if f != nil {
			f(&m)
		}
		require.True(t, s.Add(m))
	}
	d1 := stats.Variant("klondike", nil)
	d3 := stats.Variant("klondike", map[string]string{"drawCount": "3"})
	add("k1", "klondike", d1, stats.Won, 1000, func(m *stats.Match) { m.Secs, m.Moves, m.Replay = 300, 120, "abc" })
	add("k2", "klondike", d3, stats.Lost, 2000, nil)
	add("k3", "klondike", d1, stats.Won, 3000, func(m *stats.Match) { m.Secs, m.Moves = 200, 130 })
	add("q1", "king", "", stats.Lost, 4000, func(m *stats.Match) {
		m.Score, m.Scored = -10, true
		m.Seats = []stats.Seat{{Kind: stats.You}, {Kind: stats.Bot, Level: "easy"}, {Kind: stats.Bot, Level: "easy"}, {Kind: stats.Bot, Level: "easy"}}
		m.Rounds = [][]int{{-1, 0, 0, 0}, {-10, 2, 3, 1}}
	})
	html := render(&statisticsPage{store: s, ready: true})
	for _, id := range []string{"stats-klondike", "stats-king"} {
		assert.Contains(t, html, `id="`+id+`"`)
	}
	assert.NotContains(t, html, `id="stats-catte"`, "a game not played has no figures")
	assert.Regexp(t, `Not played yet: [^<]*Cat Te`, html)
	assert.Less(t, strings.Index(html, `id="stats-game-king"`), strings.Index(html, `id="stats-game-klondike"`), "the catalogue's order")
	fig := func(game, name string) string {
		m := regexp.MustCompile(`id="stats-` + game + `".*?data-fig="` + name + `"[^>]*><dt>[^<]*</dt><dd>([^<]*)</dd>`).FindStringSubmatch(html)
		require.NotNil(t, m, "%s %s", game, name)
		return m[1]
	}
	assert.Equal(t, "3", fig("klondike", "played"))
	assert.Equal(t, "2", fig("klondike", "won"))
	assert.Equal(t, "67%", fig("klondike", "rate"))
	assert.Equal(t, "1", fig("klondike", "streak"))
	assert.Equal(t, "3:20", fig("klondike", "best-time"))
	assert.Equal(t, "120", fig("klondike", "fewest-moves"))
	assert.Equal(t, "-10", fig("king", "best-score"))
	assert.Equal(t, 2, strings.Count(html, `class="stats__line"`), "Klondike's two lines: draw 1 and draw 3")
	assert.NotContains(t, html, `class="stats__only"`, "King's one line, solo without options, is not named")
	order := regexp.MustCompile(`data-match="([^"]+)"`).FindAllStringSubmatch(html, -1)
	require.Len(t, order, 4)
	assert.Equal(t, []string{"q1", "k3", "k2", "k1"}, []string{order[0][1], order[1][1], order[2][1], order[3][1]})
	assert.Contains(t, html, `href="/replay#abc"`)
	assert.Contains(t, html, "Seats: You, West (bot, easy), North (bot, easy), East (bot, easy).")
	assert.Contains(t, html, `aria-label="Score round by round over 2 rounds, at the end: You: -10, West: 2, North: 3, East: 1."`)
	assert.Contains(t, html, `id="stats-export"`)

	var one stats.Store
	one.Add(stats.Match{Tally: stats.Tally{ID: "k", Game: "klondike", Variant: d1, Outcome: stats.Won}})
	only := render(&statisticsPage{store: one, ready: true})
	assert.Regexp(t, `class="stats__only">[^<]*— Solo<`, only, "one line is named once")
	assert.NotContains(t, only, `class="stats__line"`, "and its figures are not repeated")

	empty := render(&statisticsPage{ready: true})
	assert.Contains(t, empty, "No matches yet. Finish a game and its result is counted here.")
	assert.NotContains(t, empty, "Not played yet")
}

// TestStatisticsPageSaysADamagedStore: damaged statistics are said in a
// sentence and offered as a file; no Export of an empty store over them.
func TestStatisticsPageSaysADamagedStore(t *testing.T) {
	_, err := stats.Decode([]byte(`{"version":1,"tallies":[{"id":`))
	require.Error(t, err)
	var bad *stats.DecodeError
	require.ErrorAs(t, err, &bad)
	html := render(&statisticsPage{bad: bad, data: []byte("{oops"), ready: true})
	assert.Contains(t, html, "Your statistics are damaged, so they can&#39;t be read.")
	assert.Contains(t, html, `id="stats-save-damaged"`)
	assert.NotContains(t, html, `id="stats-export"`)
	newer := render(&statisticsPage{bad: &stats.DecodeError{Kind: stats.Newer, Version: 2}, ready: true})
	assert.Contains(t, newer, "saved by a newer version of cardtable")
	assert.Contains(t, importError(nil, &stats.DecodeError{Kind: stats.Newer}), "newer version")
	assert.Contains(t, importError(nil, bad), "nothing was imported")
}

// TestStatisticsPageChoosesWhoseFigures: with people who played on this
// phone, the page offers "You" and each of them by name (one button for
// "Ann" and "ann "), shows the chosen person's figures, and each shared
// match in the history says every person's result.
func TestStatisticsPageChoosesWhoseFigures(t *testing.T) {
	var s stats.Store
	// Co-op Sort, won together by the owner, Ann and an unnamed person in seat 2.
	s.Add(stats.Match{Tally: stats.Tally{ID: "c1", Game: "sortcoop", Outcome: stats.Won, Score: 5, Scored: true, Ended: 1000,
		People: []stats.Person{{Name: "Ann", Seat: 1, Outcome: stats.Won, Score: 5, Scored: true}, {Seat: 2, Outcome: stats.Won, Score: 5, Scored: true}}},
		Seats: []stats.Seat{{Kind: stats.You}, {Kind: stats.Friend, Name: "Ann"}, {Kind: stats.Friend}}, TeamScores: []int{5}})
	// Mindikot: Ann (seat 3, typed "ann ") on the losing team with a bot.
	s.Add(stats.Match{Tally: stats.Tally{ID: "m1", Game: "mindikot", Outcome: stats.Won, Score: 7, Scored: true, Ended: 2000,
		People: []stats.Person{{Name: "ann ", Seat: 3, Outcome: stats.Lost, Score: 3, Scored: true}}},
		Seats: []stats.Seat{{Kind: stats.You, Name: "Me"}, {Kind: stats.Bot}, {Kind: stats.Bot}, {Kind: stats.Friend, Name: "ann "}}, TeamScores: []int{7, 3}})
	html := render(&statisticsPage{store: s, ready: true})
	buttons := regexp.MustCompile(`<button[^>]*id="stats-who-\d"[^>]*>([^<]*)<`).FindAllStringSubmatch(html, -1)
	require.Len(t, buttons, 3, html)
	assert.Equal(t, []string{"You", "ann", "Player 3"}, []string{buttons[0][1], buttons[1][1], buttons[2][1]}, "the name as last typed, an unnamed person by seat")
	pressed := regexp.MustCompile(`<button[^>]*aria-pressed(="true")?[ >][^>]*>?`).FindAllString(html, -1)
	require.Len(t, pressed, 1, "one choice at a time")
	assert.Contains(t, pressed[0], `id="stats-who-0"`, "You, first")
	assert.Contains(t, pressed[0], `btn--primary`)
	assert.Contains(t, html, "Seats: You, Ann (on this phone), Player 3 (on this phone).", "a person on the phone named as the table names them")
	assert.Contains(t, html, "Seats: You, West (bot, normal), North (bot, normal), ann (on this phone).")
	assert.Contains(t, html, "On this phone: Ann won, Player 3 won.")
	assert.Contains(t, html, "On this phone: ann lost.")
	fig := func(html, game, name string) string {
		m := regexp.MustCompile(`id="stats-` + game + `".*?data-fig="` + name + `"[^>]*><dt>[^<]*</dt><dd>([^<]*)</dd>`).FindStringSubmatch(html)
		require.NotNil(t, m, "%s %s", game, name)
		return m[1]
	}
	assert.Equal(t, "1", fig(html, "mindikot", "won"), "the owner won Mindikot")

	ann := render(&statisticsPage{store: s, ready: true, who: "ann"})
	assert.Contains(t, ann, `data-who="ann"`)
	assert.Regexp(t, `<button[^>]*aria-pressed(="true")?[ >][^>]*>?ann<`, ann)
	assert.Equal(t, "0", fig(ann, "mindikot", "won"), "Ann lost it")
	assert.Equal(t, "1", fig(ann, "mindikot", "lost"))
	assert.Equal(t, "3", fig(ann, "mindikot", "best-score"), "her team's score")
	assert.Equal(t, "1", fig(ann, "sortcoop", "won"), "she won Co-op Sort with the table")
	assert.Contains(t, ann, "Your team lost 3–7.")
	assert.Contains(t, ann, "On this phone: Me won.", "the owner is one of the people in her history")
	assert.Contains(t, ann, "On this phone: Player 1 won, Player 3 won.")

	// Someone no longer in the statistics: the owner's figures.
	gone := render(&statisticsPage{store: s, ready: true, who: "cy"})
	assert.NotContains(t, gone, `data-who="cy"`)
	assert.Equal(t, "1", fig(gone, "mindikot", "won"), "the owner's figures")
	alone := render(&statisticsPage{store: stats.Store{}, ready: true})
	assert.NotContains(t, alone, `id="stats-who"`, "no chooser for a phone played alone")
}
