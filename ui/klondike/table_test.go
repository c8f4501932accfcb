package klondike

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/klondike"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

func TestKlondikeTapMovesCardsWithOnePlaceAndPicksUpCardsWithSeveral(t *testing.T) {
	moves := klondikeMoves(uitest.KlondikeLegal())
	cases := map[string]struct {
		sel, key, place string
		want            klondikeTap
	}{
		"one place: the tap moves the card":            {"", "t1:1", "t1", klondikeTap{play: "move t1 f"}},
		"a run with one place moves whole":             {"", "t2:2", "t2", klondikeTap{play: "move t2 t6 2"}},
		"several places: picked up, both lit":          {"", "t4:1", "t4", klondikeTap{sel: "t4:1", places: []string{"f", "t5"}}},
		"a second tap sends it to its foundation":      {"t4:1", "t4:1", "t4", klondikeTap{play: "move t4 f"}},
		"a tap on a place the picked card may go":      {"t4:1", "t5:1", "t5", klondikeTap{play: "move t4 t5"}},
		"another card with one place moves there":      {"t4:1", "w:1", "w", klondikeTap{play: "move w t3"}},
		"cards with no move: nothing, the pick is put": {"t4:1", "t2:1", "t2", klondikeTap{}},
		"a card with no move does nothing":             {"", "t7:1", "t7", klondikeTap{}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, c.want, klondikeTapOn(moves, c.sel, c.key, c.place))
		})
	}
}

func TestKlondikeDropIsOnlyWhereAMoveGoes(t *testing.T) {
	moves := klondikeMoves(uitest.KlondikeLegal())
	cases := []struct {
		key, place, want string
	}{
		{"t4:1", "f", "move t4 f"},
		{"t4:1", "t5", "move t4 t5"},
		{"t4:1", "t6", ""},
		{"t2:2", "t6", "move t2 t6 2"},
		{"t2:1", "t6", ""}, // the engine moves the 9 with the 8, not the 8 alone
		{"w:1", "t3", "move w t3"},
		{"w:1", "", ""},
	}
	for _, c := range cases {
		mv, ok := klondikeDrop(moves, c.key, c.place)
		assert.Equal(t, c.want != "", ok, "%s on %s", c.key, c.place)
		assert.Equal(t, c.want, mv.move.Text, "%s on %s", c.key, c.place)
	}
}

func TestKlondikeKeysReadBack(t *testing.T) {
	src, n := klondikeSplitKey(klondikeKey("t3", 2))
	assert.Equal(t, "t3", src)
	assert.Equal(t, 2, n)
	src, n = klondikeSplitKey("")
	assert.Equal(t, "", src)
	assert.Zero(t, n)
	src, n = klondikeSplitKey("w:x")
	assert.Equal(t, "", src)
	assert.Zero(t, n)
}

func TestKlondikeMoveCountIsThePlayersActionsInThisGame(t *testing.T) {
	steps := func(acts ...string) *record.Record {
		r := &record.Record{Game: "klondike", Players: 1}
		for _, a := range acts {
			seat := games.Seat(0)
			if strings.HasPrefix(a, "time") {
				seat = games.System
			}
			r.Actions = append(r.Actions, record.Step{Seat: seat, Act: a})
		}
		return r
	}
	assert.Zero(t, MoveCount(steps(), 0))
	assert.Equal(t, 3, MoveCount(steps("draw", "time 10", "move w t3", "time 20", "move t1 f"), 0), "the clock's actions are not moves")
	assert.Equal(t, 1, MoveCount(steps("draw", "move w t3", "deal", "draw"), 0), "a deal starts a new game")
}

func TestKlondikeClockReadsAsMinutesAndSeconds(t *testing.T) {
	for s, want := range map[int]string{0: "0:00", 5: "0:05", 65: "1:05", 600: "10:00", 3725: "1:02:05", -3: "0:00"} {
		assert.Equal(t, want, Time(s), "%d seconds", s)
	}
}

// TestKlondikeBoardOffersAutoCompleteAndLightsTheHintedRun: the engine's
// auto-complete is a Finish button on the board (not repeated below), and
// the hint lights every card of the run it moves and where it goes.
func TestKlondikeBoardOffersAutoCompleteAndLightsTheHintedRun(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	legal := append(uitest.KlondikeLegal(), rtc.Move{Text: "auto", Desc: games.Description{Kind: "auto"}})
	html, consumed := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.True(t, consumed["auto"], "the board offers auto-complete")
	assert.False(t, consumed["end"], "ending the game stays a button")
	assert.Contains(t, uitest.DataActions(html), "auto")
	assert.Contains(t, uitest.Readable(html), "Finish: every card goes to the foundations")
	assert.Contains(t, html, `id="kl-moves"`)
	assert.Contains(t, html, `id="kl-clock"`)

	legal = uitest.MovesOf(s, 0)
	for _, mv := range klondikeMoves(legal) {
		html, _ := uitest.RenderCentre(m, in, legal, "", "", mv.move.Text)
		assert.Equal(t, mv.n, strings.Count(html, "card--hint"), "every card %q moves glows", mv.move.Text)
		assert.Equal(t, 1, strings.Count(html, "kl__target--hint"), "and where it goes")
	}
}

// TestKlondikeColumnsTellTheirLength: each column carries its face-down and
// face-up counts, from which the style sheet overlaps a long column more.
func TestKlondikeColumnsTellTheirLength(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	html, _ := uitest.RenderCentre(m, in, uitest.MovesOf(s, 0), "", "", "")
	for i := range 7 {
		require.Contains(t, html, `--down:`+string(rune('0'+i))+`;--up:1`, "column %d", i+1)
	}
}

func klondikeDeal(t *testing.T, opts map[string]string) games.State {
	t.Helper()
	s, err := klondike.Game{}.New(games.Config{Players: 1, Seed: 11, Options: opts})
	require.NoError(t, err)
	return s
}

func TestKlondikeBoardOffersTheEnginesMoves(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	legal := uitest.MovesOf(s, 0)
	html, consumed := uitest.RenderCentre(m, in, legal, "", "", "")
	for _, mv := range legal {
		board := mv.Desc.Kind == "draw" || mv.Desc.Kind == "move"
		assert.Equal(t, board, consumed[mv.Text], "the board offers %q, the buttons the rest", mv.Text)
	}
	assert.Contains(t, uitest.DataActions(html), "draw", "the stock draws")
	assert.Contains(t, html, `aria-label="Stock, 24 cards: Draw from the stock"`)
	// Pick up a source: the places it may go are the moves' targets.
	for _, mv := range klondikeMoves(legal) {
		key := mv.src + ":" + "1"
		html, _ := uitest.RenderCentre(m, in, legal, "", key, "")
		assert.Contains(t, uitest.DataActions(html), mv.move.Text, "the destination of %q plays it", mv.move.Text)
		assert.Contains(t, uitest.Readable(html), in.Say.Offer(nil, mv.move.Desc))
	}
}

func TestKlondikeHintGlowsOnTheBoard(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
	legal := uitest.MovesOf(s, 0)
	html, _ := uitest.RenderCentre(m, in, legal, "", "", "draw")
	assert.Contains(t, html, "card--hint", "the hinted draw glows on the stock")
	html, _ = uitest.RenderCentre(m, in, legal, "", "", "")
	assert.NotContains(t, html, "card--hint")
	moves := klondikeMoves(legal)
	require.NotEmpty(t, moves)
	mv := moves[0]
	html, _ = uitest.RenderCentre(m, in, legal, "", "", mv.move.Text)
	assert.Equal(t, 1, strings.Count(html, "card--hint"), "the hinted move's card glows")
	assert.Contains(t, html, "kl__target--hint", "and where it goes")
}

func TestKlondikeMovesComeFromTheDescriptions(t *testing.T) {
	legal := []rtc.Move{
		{Text: "draw", Desc: games.Description{Kind: "draw", Hidden: 1}},
		{Text: "move w t5", Desc: games.Description{Kind: "move", Cards: []string{"7H"}, Targets: []string{"w", "t5"}}},
		{Text: "move t2 t6 3", Desc: games.Description{Kind: "move", Cards: []string{"9C", "8D", "7S"}, Targets: []string{"t2", "t6"}}},
		{Text: "move t1 f", Desc: games.Description{Kind: "move", Cards: []string{"AS"}, Targets: []string{"t1", "fS"}}},
	}
	got := klondikeMoves(legal)
	require.Len(t, got, 3)
	assert.Equal(t, []string{"w t5 1", "t2 t6 3", "t1 fS 1"}, []string{
		got[0].src + " " + got[0].dst + " " + "1", got[1].src + " " + got[1].dst + " 3", got[2].src + " " + got[2].dst + " 1"})
	assert.Equal(t, 3, got[1].n)
}

func TestKlondikeMovesOfACardListAFoundationFirstAndKeepTheirOrder(t *testing.T) {
	moves := []klondikeMove{
		{src: "t1", dst: "t4", n: 1},
		{src: "t2", dst: "fC", n: 1},
		{src: "t1", dst: "t2", n: 1},
		{src: "t1", dst: "fH", n: 1},
		{src: "t1", dst: "t6", n: 2},
		{src: "t1", dst: "fS", n: 1},
	}
	got := klondikeFrom(moves, "t1:1")
	var dsts []string
	for _, mv := range got {
		dsts = append(dsts, mv.dst)
	}
	assert.Equal(t, []string{"fH", "fS", "t4", "t2"}, dsts)
	assert.Empty(t, klondikeFrom(moves, "t3:1"))
}
