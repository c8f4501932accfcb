package main

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/king"
	"cardtable/games/klondike"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// TestEveryGameReadsItsTypedView plays random matches of every registered
// game: at every step each seat's view, as a local session hands it (the
// engine's value) and as a joiner's session has it (the host's JSON read by
// the game's decoder), is read by the game's own table into the same
// layout, and nothing a person reads on the board is notation.
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
				names[i] = ui.SeatName(nil, i, players)
			}
			rng := games.NewRand(7)
			for step := 0; step < 300 && !s.Done(); step++ {
				if step%5 == 0 {
					for seat := range games.Seat(players) {
						in := ui.Input{Players: players, Me: int(seat), Names: names, Say: newWords(info.ID, names, seat)}
						typed := s.View(seat)
						raw, err := json.Marshal(typed)
						require.NoError(t, err)
						a, err := readView(info.ID, typed)
						require.NoError(t, err)
						joined, err := e.DecodeView(raw) // a joiner's: its session reads the host's JSON
						require.NoError(t, err)
						b, err := readView(info.ID, joined)
						require.NoError(t, err)
						ma, mb := a.Model(nil, in), b.Model(nil, in)
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
						assert.Equal(t, "", a.News(nil, a, in), "no news without a change")
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
	_, err = readView("king", genericView{Turn: 1})
	assert.Error(t, err, "a view of another type than the game's")
	_, err = readView("king", nil)
	assert.Error(t, err)
}

// The generic table.

func TestGenericTableShowsSeatsPilesAndNamedSeats(t *testing.T) {
	v := uitest.Read(t, gameUI("nogame"), rawView(`{"turn": 1, "dealer": 3, "pot": 4, "region": "VIETNAMESE",
		"handSizes": [5, 4, 4, 4], "chips": [19, 20, 21, 20], "hand": ["7H", "QS"], "layout": ["3D", "KC"]}`))
	_, generic := v.(ui.Generic)
	require.True(t, generic)
	m := v.Model(nil, uitest.FourNames())
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
	typed := uitest.Read(t, gameUI("nogame"), genericView{2, []string{"AS"}}).Model(nil, uitest.FourNames())
	assert.True(t, typed.Seats[2].Turn)
	assert.Equal(t, []string{"AS"}, typed.Hand)
}

// rawView is a view given as its JSON, which is all the generic table reads.
type rawView []byte

func (v rawView) MarshalJSON() ([]byte, error) { return v, nil }
func (rawView) Viewer() games.Seat             { return 0 }

// genericView is a game's own view type that the generic table draws.
type genericView struct {
	Turn int      `json:"turn"`
	Hand []string `json:"hand"`
}

func (genericView) Viewer() games.Seat { return 0 }

// The game clock (Klondike's).

func TestGameClockStartsFromTheElapsedTimeAndStopsWhenDone(t *testing.T) {
	view := func(timed bool, elapsed, game int) ui.View {
		return uitest.Read(t, gameUI("klondike"), &klondike.View{Timed: timed, Elapsed: elapsed, Game: game})
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

func TestOptionLabels(t *testing.T) {
	assert.Equal(t, "Include anything", ui.OptionLabel("includeAnything"))
	assert.Equal(t, "rounds 6 7", ui.ValueLabel("ROUNDS_6_7"))
	assert.Equal(t, "on", ui.ValueLabel("on"))
	assert.Equal(t, "4", ui.ValueLabel("4"))
}
