package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// finished plays a match of game to its end with bots of level in every
// seat and returns its last state.
func finished(t *testing.T, game, level string, cfg games.Config) games.State {
	t.Helper()
	e, err := catalog.Lookup(game)
	require.NoError(t, err)
	s, err := e.Game.New(cfg)
	require.NoError(t, err)
	seats := make([]bots.Bot, cfg.Players)
	for i := range seats {
		seats[i], err = bots.New(level, e, cfg.Seed*10+uint64(i))
		require.NoError(t, err)
	}
	require.NoError(t, bots.Play(e, cfg, s, seats, games.NewRand(cfg.Seed), 100000, nil))
	require.True(t, s.Done())
	return s
}

// endFor is the result page's telling of a finished state for the reader
// me: the names it uses, and the board count read from the spectator's view
// of the end, as the page reads it from the replayed record.
func endFor(t *testing.T, game string, s games.State, me games.Seat) matchEnd {
	t.Helper()
	n := len(s.Result().Scores)
	names := make([]string, n)
	for i := range names {
		names[i] = ui.SeatName(nil, (i-int(me)+n)%n, n)
	}
	e := matchEnd{r: s.Result(), names: names, me: me, game: game}
	if b, ok := uitest.Read(t, gameUI(game), s.View(games.Observer)).(ui.BoardCounter); ok {
		e.inOrder, e.onBoard = b.Sorted()
	}
	return e
}

// TestTeamResultSaysYourTeamWinsOrLosesByTheScore plays Mindikot matches to
// the end: each reader's headline says whether the reader's team won, with
// its own score first, and the teams are named in words.
func TestTeamResultSaysYourTeamWinsOrLosesByTheScore(t *testing.T) {
	for _, cfg := range []games.Config{
		{Players: 4, Seed: 1, Options: map[string]string{"targetPoints": "3"}},
		{Players: 4, Seed: 2, Options: map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "3"}},
		{Players: 6, Seed: 3, Options: map[string]string{"targetPoints": "3"}},
	} {
		s := finished(t, "mindikot", "easy", cfg)
		r := s.Result()
		require.Len(t, r.TeamScores, 2)
		require.NotEmpty(t, r.Winners, "Mindikot ends when a team reaches the target")
		winTeam := int(r.Winners[0]) % 2
		for me := range cfg.Players {
			e := endFor(t, "mindikot", s, games.Seat(me))
			us, them := r.TeamScores[me%2], r.TeamScores[1-me%2]
			want := fmt.Sprintf("Your team loses %d–%d.", us, them)
			if me%2 == winTeam {
				want = fmt.Sprintf("Your team wins %d–%d.", us, them)
				assert.Greater(t, us, them)
			}
			assert.Equal(t, want, e.headline(nil), "seed %d, seat %d", cfg.Seed, me)
			html := app.HTMLString(app.Div().Body(e.summary(nil)...))
			assert.Contains(t, html, fmt.Sprintf("Your team (%s): %s", e.team(nil, me%2, 2), points(nil, us)))
			assert.Contains(t, html, "The other team (")
			assert.NotContains(t, html, "Shared win")
			assert.NotContains(t, html, "Team 1")
			assert.True(t, strings.HasPrefix(e.team(nil, me%2, 2), "You"), "the reader's team starts with the reader: %q", e.team(nil, me%2, 2))
		}
	}
}

// TestCoopResultSaysHowManyCardsWereSortedTogether tells finished Co-op
// Sort matches, a sorted one and bots' matches: a win reads "Together you
// sorted 14 of 14 — you win!", a loss counts the cards in order and says
// the players lose together; never "Nobody won." or a team number.
func TestCoopResultSaysHowManyCardsWereSortedTogether(t *testing.T) {
	seen := map[bool]bool{}
	ends := []games.State{uitest.SortedMatch(t)}
	for seed := uint64(1); seed <= 4; seed++ {
		ends = append(ends, finished(t, "sortcoop", "normal", games.Config{Players: 2, Seed: seed}))
	}
	for seed, s := range ends {
		r := s.Result()
		won := len(r.Winners) == 2
		seen[won] = true
		for me := range 2 {
			e := endFor(t, "sortcoop", s, games.Seat(me))
			require.Equal(t, 14, e.onBoard, "seed %d", seed)
			if won {
				assert.Equal(t, "Together you sorted 14 of 14 — you win!", e.headline(nil), "seed %d", seed)
			} else {
				assert.Less(t, e.inOrder, 14, "seed %d: a lost board has a card out of place", seed)
				assert.Positive(t, e.inOrder)
				assert.Equal(t, fmt.Sprintf("Together you sorted %d of 14 — you lose.", e.inOrder), e.headline(nil), "seed %d", seed)
			}
			html := app.HTMLString(app.Div().Body(e.summary(nil)...))
			assert.NotContains(t, html, "Nobody won")
			assert.NotContains(t, html, "Team 1")
			assert.Contains(t, html, map[bool]string{true: "won together", false: "lost together"}[won])
		}
	}
	assert.True(t, seen[true], "a won match was played")
	assert.True(t, seen[false], "a lost match was played")
}

// TestIndividualResultNamesTheWinnerAndTheReadersScore plays King matches
// to the end: the headline names the top scorer (or the reader) with the
// score, and the reader's own score when someone else won.
func TestIndividualResultNamesTheWinnerAndTheReadersScore(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		s := finished(t, "king", "easy", games.Config{Players: 4, Seed: seed})
		r := s.Result()
		require.NotEmpty(t, r.Winners)
		require.Empty(t, r.TeamScores)
		best := slices.Max(r.Scores)
		for me := range 4 {
			e := endFor(t, "king", s, games.Seat(me))
			h := e.headline(nil)
			switch {
			case len(r.Winners) == 1 && int(r.Winners[0]) == me:
				assert.Equal(t, "You win with "+points(nil, best)+"!", h)
			case len(r.Winners) == 1:
				assert.Equal(t, fmt.Sprintf("%s wins with %s; you have %s.", e.names[r.Winners[0]], points(nil, best), points(nil, r.Scores[me])), h)
			case slices.Contains(r.Winners, games.Seat(me)):
				assert.True(t, strings.HasPrefix(h, "You share the win with "), h)
			default:
				assert.Contains(t, h, "share the win with "+points(nil, best)+" each; you have "+points(nil, r.Scores[me]))
			}
			assert.NotRegexp(t, uitest.Notation, h)
		}
	}
}

func TestPointsSaysOneOrMany(t *testing.T) {
	assert.Equal(t, "1 point", points(nil, 1))
	assert.Equal(t, "-1 point", points(nil, -1))
	assert.Equal(t, "0 points", points(nil, 0))
	assert.Equal(t, "-38 points", points(nil, -38))
}
