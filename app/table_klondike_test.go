package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// klondikeLegal is a position's legal moves as the session describes them:
// the ace of spades (column 1) goes only to its foundation; the 2 of hearts
// (column 4) to its foundation or onto column 5; the 9 and 8 of column 2
// onto column 6; the waste's 7 onto column 3.
func klondikeLegal() []rtc.Move {
	mv := func(text, src, dst string, cards ...string) rtc.Move {
		return rtc.Move{Text: text, Desc: games.Description{Kind: "move", Cards: cards, Targets: []string{src, dst}}}
	}
	return []rtc.Move{
		{Text: "draw", Desc: games.Description{Kind: "draw", Hidden: 1}},
		mv("move t4 t5", "t4", "t5", "2H"),
		mv("move t1 f", "t1", "fS", "AS"),
		mv("move t4 f", "t4", "fH", "2H"),
		mv("move t2 t6 2", "t2", "t6", "9C", "8D"),
		mv("move w t3", "w", "t3", "7H"),
		{Text: "end", Desc: games.Description{Kind: "end"}},
	}
}

func TestKlondikeTapMovesCardsWithOnePlaceAndPicksUpCardsWithSeveral(t *testing.T) {
	moves := klondikeMoves(klondikeLegal())
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
	moves := klondikeMoves(klondikeLegal())
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
	steps := func(acts ...string) Save {
		r := &record.Record{Game: "klondike", Players: 1}
		for _, a := range acts {
			seat := games.Seat(0)
			if strings.HasPrefix(a, "time") {
				seat = games.System
			}
			r.Actions = append(r.Actions, record.Step{Seat: seat, Act: a})
		}
		return Save{Record: r}
	}
	assert.Zero(t, klondikeMoveCount(steps()))
	assert.Equal(t, 3, klondikeMoveCount(steps("draw", "time 10", "move w t3", "time 20", "move t1 f")), "the clock's actions are not moves")
	assert.Equal(t, 1, klondikeMoveCount(steps("draw", "move w t3", "deal", "draw")), "a deal starts a new game")
}

func TestKlondikeClockReadsAsMinutesAndSeconds(t *testing.T) {
	for s, want := range map[int]string{0: "0:00", 5: "0:05", 65: "1:05", 600: "10:00", 3725: "1:02:05", -3: "0:00"} {
		assert.Equal(t, want, klondikeTime(s), "%d seconds", s)
	}
}

// TestKlondikeBoardOffersAutoCompleteAndLightsTheHintedRun: the engine's
// auto-complete is a Finish button on the board (not repeated below), and
// the hint lights every card of the run it moves and where it goes.
func TestKlondikeBoardOffersAutoCompleteAndLightsTheHintedRun(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, gameUI("klondike"))
	m := uitest.Read(t, gameUI("klondike"), s.View(0)).Model(in)
	legal := append(klondikeLegal(), rtc.Move{Text: "auto", Desc: games.Description{Kind: "auto"}})
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
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, gameUI("klondike"))
	m := uitest.Read(t, gameUI("klondike"), s.View(0)).Model(in)
	html, _ := uitest.RenderCentre(m, in, uitest.MovesOf(s, 0), "", "", "")
	for i := range 7 {
		require.Contains(t, html, `--down:`+string(rune('0'+i))+`;--up:1`, "column %d", i+1)
	}
}

// TestKlondikeHintNeverProposesEndingTheGame: the hint lights the move the
// solver chose and says it; when the solver's best is to end the game, no
// move is lit and the notice says there are no more useful moves (the
// "End the game" button is never proposed while other moves are legal).
func TestKlondikeHintNeverProposesEndingTheGame(t *testing.T) {
	w := newWords("klondike", []string{"You"}, 0)
	legal := klondikeLegal()
	cases := map[string]struct {
		move       rtc.Move
		wantHint   string
		wantNotice string
	}{
		"a move is lit and said":      {legal[2], "move t1 f", "Hint: "},
		"a draw is lit and said":      {legal[0], "draw", "Hint: "},
		"ending the game is not lit":  {legal[6], "", "No more useful moves."},
		"nor said as the hint's move": {rtc.Move{Text: "end", Desc: games.Description{Kind: "end", Outcome: "match"}}, "", "No more useful moves."},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			hint, at, notice := hintOf(c.move, 7, w)
			assert.Equal(t, c.wantHint, hint)
			assert.True(t, strings.HasPrefix(notice, c.wantNotice), "%q", notice)
			if hint != "" {
				assert.Equal(t, 7, at)
				assert.Greater(t, len(notice), len(c.wantNotice), "the move is said in words")
			}
		})
	}
}
