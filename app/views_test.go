package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/king"
	"cardtable/games/klondike"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// TestEveryGameReadsItsTypedView plays random matches of every registered
// game: at every step each seat's view, as a local session hands it (the
// engine's value) and as a joiner receives it (JSON), is read by the game's
// own table into the same layout, and nothing a person reads on the board
// is notation.
func TestEveryGameReadsItsTypedView(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			own := gameUI(info.ID).Read != nil
			assert.True(t, own, "%s has a table file of its own", info.ID)
			players := info.MinPlayers
			s, err := e.Game.New(games.Config{Players: players, Seed: 7})
			require.NoError(t, err)
			names := make([]string, players)
			for i := range names {
				names[i] = ui.SeatName(i, players)
			}
			rng := games.NewRand(7)
			for step := 0; step < 300 && !s.Done(); step++ {
				if step%5 == 0 {
					for seat := range games.Seat(players) {
						in := ui.Input{Players: players, Me: int(seat), Names: names, Say: newWords(info.ID, names, seat)}
						typed := s.View(seat)
						raw, err := json.Marshal(typed)
						require.NoError(t, err)
						a, b := uitest.Read(t, gameUI(info.ID), typed), uitest.Read(t, gameUI(info.ID), json.RawMessage(raw))
						ma, mb := a.Model(in), b.Model(in)
						assert.Equal(t, ma.Seats, mb.Seats)
						assert.Equal(t, ma.Stats, mb.Stats)
						assert.Equal(t, len(ma.Hand), len(mb.Hand))
						assert.Subset(t, ma.Hand, mb.Hand)
						legal := uitest.MovesOf(s, seat)
						ha, _ := uitest.RenderCentre(ma, in, legal, "", "", "")
						hb, _ := uitest.RenderCentre(mb, in, legal, "", "", "")
						require.Equal(t, uitest.Canonical(ha), uitest.Canonical(hb), "the same board from the typed view and from its JSON")
						for _, c := range ma.Hand {
							hs, _ := uitest.RenderCentre(ma, in, legal, c, "", "")
							assert.NotRegexp(t, uitest.Notation, uitest.Readable(hs), "%s, %s selected", info.ID, c)
						}
						assert.NotRegexp(t, uitest.Notation, uitest.Readable(ha), info.ID)
						for _, st := range ma.Stats {
							assert.NotRegexp(t, uitest.Notation, st.Label+" "+st.Value)
						}
						assert.Equal(t, "", a.News(a, in), "no news without a change")
					}
				}
				actor, act, ok := randomMove(s, rng)
				if !ok {
					break
				}
				require.NoError(t, s.Apply(actor, act))
			}
		})
	}
}

func TestReadViewRefusesAnotherGamesView(t *testing.T) {
	_, err := readView("king", &klondike.View{})
	assert.Error(t, err)
	_, err = readView("king", json.RawMessage(`{"round": "one"}`))
	assert.Error(t, err, "a view that does not fit the game's type")
	_, err = readView("king", nil)
	assert.Error(t, err)
}

// The King.

// The generic table.

func TestGenericTableShowsSeatsPilesAndNamedSeats(t *testing.T) {
	v := uitest.Read(t, gameUI("nogame"), json.RawMessage(`{"turn": 1, "dealer": 3, "pot": 4, "region": "VIETNAMESE",
		"handSizes": [5, 4, 4, 4], "chips": [19, 20, 21, 20], "hand": ["7H", "QS"], "layout": ["3D", "KC"]}`))
	_, generic := v.(ui.Generic)
	require.True(t, generic)
	m := v.Model(uitest.FourNames())
	assert.Equal(t, []string{"7H", "QS"}, m.Hand)
	assert.True(t, m.Seats[1].Turn)
	assert.Equal(t, 5, m.Seats[0].Cards)
	assert.Equal(t, "Chips 21", m.Seats[2].Extra)
	assert.Contains(t, m.Stats, uitest.Stat("Dealer", "East"))
	assert.Contains(t, m.Stats, uitest.Stat("Pot", "4"))
	assert.Contains(t, m.Stats, uitest.Stat("Region", "vietnamese"))
	html, _ := uitest.RenderCentre(m, uitest.FourNames(), nil, "", "", "")
	assert.Contains(t, html, `data-card="KC"`)
	// A local session's typed value reads the same.
	typed := uitest.Read(t, gameUI("nogame"), struct {
		Turn int      `json:"turn"`
		Hand []string `json:"hand"`
	}{2, []string{"AS"}}).Model(uitest.FourNames())
	assert.True(t, typed.Seats[2].Turn)
	assert.Equal(t, []string{"AS"}, typed.Hand)
}

// Klondike.

func klondikeDeal(t *testing.T, opts map[string]string) games.State {
	t.Helper()
	s, err := klondike.Game{}.New(games.Config{Players: 1, Seed: 11, Options: opts})
	require.NoError(t, err)
	return s
}

func TestKlondikeBoardOffersTheEnginesMoves(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, gameUI("klondike"))
	m := uitest.Read(t, gameUI("klondike"), s.View(0)).Model(in)
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
		assert.Contains(t, uitest.Readable(html), in.Say.Offer(mv.move.Desc))
	}
}

func TestKlondikeHintGlowsOnTheBoard(t *testing.T) {
	s := klondikeDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 1, Names: []string{"You"}}, gameUI("klondike"))
	m := uitest.Read(t, gameUI("klondike"), s.View(0)).Model(in)
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

func TestGameClockStartsFromTheElapsedTimeAndStopsWhenDone(t *testing.T) {
	view := func(timed bool, elapsed, game int) ui.View {
		return klondikeView{&klondike.View{Timed: timed, Elapsed: elapsed, Game: game}}
	}
	var c gameClock
	c.sync(view(false, 0, 0), false)
	assert.False(t, c.on, "untimed games have no clock")
	c.sync(uitest.Read(t, gameUI("king"), &king.View{}), false)
	assert.False(t, c.on, "a game without time has no clock")
	c.sync(view(true, 125, 0), false)
	require.True(t, c.on)
	assert.InDelta(t, 125, time.Since(c.started).Seconds(), 1, "a resumed game goes on from its last time")
	started := c.started
	c.sync(view(true, 130, 0), false)
	assert.Equal(t, started, c.started, "the same deal keeps its clock")
	assert.Equal(t, 130, c.elapsed)
	c.sync(view(true, 0, 1), false)
	assert.InDelta(t, 0, time.Since(c.started).Seconds(), 1, "a new deal starts at zero")
	c.sync(view(true, 0, 1), true)
	assert.False(t, c.on, "a finished match has no clock")
}

// Mindikot.

// Cat Te.

// Donde Las Papas Queman.

// Eat Reds.

// Eat Pairs.

// Co-op Sort.

func TestOptionLabels(t *testing.T) {
	assert.Equal(t, "Include anything", ui.OptionLabel("includeAnything"))
	assert.Equal(t, "rounds 6 7", ui.ValueLabel("ROUNDS_6_7"))
	assert.Equal(t, "on", ui.ValueLabel("on"))
	assert.Equal(t, "4", ui.ValueLabel("4"))
}
