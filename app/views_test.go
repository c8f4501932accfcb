package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/king"
)

func fourNames() modelInput {
	return modelInput{players: 4, me: 0, names: []string{"You", "West", "North", "East"}, bots: []string{"", "easy", "easy", "easy"}}
}

func TestKingModelReadsTheView(t *testing.T) {
	first := 2
	s, err := king.Game{}.New(games.Config{Players: 4, Seed: 1, Deals: []games.Deal{{First: &first, Hands: [][]string{
		{"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"},
		{"7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"},
		{"7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"},
		{"7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"},
	}}}})
	require.NoError(t, err)
	a, err := s.ParseAction("play 7H")
	require.NoError(t, err)
	require.NoError(t, s.Apply(2, a))
	m := kingModel(viewMap(s.View(0)), fourNames())
	assert.Equal(t, []string{"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"}, m.hand)
	require.Len(t, m.seats, 4)
	assert.True(t, m.seats[3].Turn, "East plays after North")
	assert.True(t, m.seats[2].Leader, "North led the trick")
	assert.Equal(t, 7, m.seats[2].Cards)
	assert.Equal(t, "top", m.seats[2].Position)
	assert.Contains(t, m.stats, componentsStat("Contract", "No tricks"))
	assert.Equal(t, "Trump: ♥ hearts", m.label("trump H"))
}

func TestKingNoticeNamesTheTrickWinner(t *testing.T) {
	prev := map[string]any{"round": 1.0}
	cur := map[string]any{"round": 1.0, "lastTrick": map[string]any{"winner": 1.0, "leader": 0.0, "cards": []any{"7H"}}}
	names := fourNames().names
	assert.Equal(t, "West takes the trick.", kingNotice(prev, cur, names))
	cur["lastTrick"].(map[string]any)["winner"] = 0.0
	assert.Equal(t, "You take the trick.", kingNotice(prev, cur, names))
	assert.Equal(t, "", kingNotice(cur, cur, names), "no news, no notice")
	assert.Equal(t, "Round 2: No hearts.", kingNotice(prev, map[string]any{"round": 2.0, "contract": "nohearts"}, names))
}

func TestGenericModelShowsSeatsPilesAndNamedSeats(t *testing.T) {
	v := map[string]any{
		"turn": 1.0, "dealer": 3.0, "pot": 4.0, "region": "VIETNAMESE",
		"handSizes": []any{5.0, 4.0, 4.0, 4.0}, "chips": []any{19.0, 20.0, 21.0, 20.0},
		"hand": []any{"7H", "QS"}, "layout": []any{"3D", "KC"},
	}
	m := genericModel(v, fourNames())
	assert.Equal(t, []string{"7H", "QS"}, m.hand)
	assert.True(t, m.seats[1].Turn)
	assert.Equal(t, 5, m.seats[0].Cards)
	assert.Equal(t, "Chips 21", m.seats[2].Extra)
	assert.Contains(t, m.stats, componentsStat("Dealer", "East"))
	assert.Contains(t, m.stats, componentsStat("Pot", "4"))
	assert.Contains(t, m.stats, componentsStat("Region", "VIETNAMESE"))
}

func TestKlondikeMovesParseTheNotation(t *testing.T) {
	got := klondikeMoves([]string{"draw", "move w t5", "move t2 t6 3", "move fH t4", "move t1 f"})
	assert.Equal(t, []klondikeMove{
		{action: "move w t5", src: "w", dst: "t5", n: 1},
		{action: "move t2 t6 3", src: "t2", dst: "t6", n: 3},
		{action: "move fH t4", src: "fH", dst: "t4", n: 1},
		{action: "move t1 f", src: "t1", dst: "f", n: 1},
	}, got)
}

func TestOptionLabels(t *testing.T) {
	assert.Equal(t, "Include anything", optionLabel("includeAnything"))
	assert.Equal(t, "rounds 6 7", valueLabel("ROUNDS_6_7"))
	assert.Equal(t, "on", valueLabel("on"))
	assert.Equal(t, "4", valueLabel("4"))
}

func TestGameClockStartsFromTheElapsedTimeAndStopsWhenDone(t *testing.T) {
	var c gameClock
	c.sync(map[string]any{"timed": false}, false)
	assert.False(t, c.on, "untimed games have no clock")
	c.sync(map[string]any{"timed": true, "elapsed": 125.0, "game": 0.0}, false)
	require.True(t, c.on)
	assert.InDelta(t, 125, time.Since(c.started).Seconds(), 1, "a resumed game goes on from its last time")
	started := c.started
	c.sync(map[string]any{"timed": true, "elapsed": 130.0, "game": 0.0}, false)
	assert.Equal(t, started, c.started, "the same deal keeps its clock")
	c.sync(map[string]any{"timed": true, "elapsed": 0.0, "game": 1.0}, false)
	assert.InDelta(t, 0, time.Since(c.started).Seconds(), 1, "a new deal starts at zero")
	c.sync(map[string]any{"timed": true, "elapsed": 0.0, "game": 1.0}, true)
	assert.False(t, c.on, "a finished match has no clock")
}

func TestMindikotModelShowsTeamsTrickAndTens(t *testing.T) {
	v := map[string]any{
		"round": 2.0, "mode": "CUT", "trump": "S", "turn": 3.0, "leader": 1.0,
		"tens": []any{2.0, 1.0}, "tricks": []any{5.0, 4.0}, "points": []any{1.0, 3.0}, "target": 7.0,
		"handSizes": []any{4.0, 3.0, 3.0, 4.0}, "voids": []any{"", "CH", "", ""},
		"hand":  []any{"7H", "10S"},
		"trick": []any{map[string]any{"seat": 1.0, "card": "QD"}, map[string]any{"seat": 2.0, "card": "AD"}},
	}
	m := mindikotModel(v, fourNames())
	assert.Contains(t, m.stats, componentsStat("Trump", "♠ spades"))
	assert.Contains(t, m.stats, componentsStat("Tens (us – them)", "2 – 1"))
	assert.Contains(t, m.stats, componentsStat("Points", "1 – 3 (to 7)"))
	assert.Equal(t, 0, m.seats[2].Team, "partners share a colour")
	assert.Equal(t, 1, m.seats[1].Team)
	assert.Equal(t, "void ♣♥", m.seats[1].Extra)
	assert.True(t, m.seats[3].Turn)
	assert.True(t, m.seats[1].Leader)
	assert.Equal(t, []string{"7H", "10S"}, m.hand)
	assert.Equal(t, "Trumps are ♠ spades.", mindikotNotice(map[string]any{"trump": ""}, v, fourNames().names))
}

func TestCatteModelShowsFoldsFaceDownAndChips(t *testing.T) {
	v := map[string]any{
		"round": 1.0, "pot": 4.0, "trick": 2.0, "dealer": 3.0, "upcard": "", "turn": 2.0, "leader": 0.0,
		"chips": []any{19.0, 19.0, 19.0, 19.0}, "tricksWon": []any{1.0, 0.0, 0.0, 0.0},
		"handSizes": []any{5.0, 5.0, 5.0, 4.0}, "status": []any{"active", "active", "active", "folded"},
		"plays": []any{map[string]any{"seat": 0.0, "kind": "up", "card": "9S"}, map[string]any{"seat": 1.0, "kind": "fold", "card": ""}},
	}
	m := catteModel(v, fourNames())
	assert.Contains(t, m.stats, componentsStat("Pot", "4 chips"))
	assert.Contains(t, m.stats, componentsStat("Dealer", "East"))
	assert.Equal(t, "19 chips · folded", m.seats[3].Extra)
	assert.True(t, m.seats[2].Turn)
	assert.Equal(t, 1, m.seats[0].Tricks)
	assert.Equal(t, "Throw in my hand", m.label("foldhand"))
}

func TestPapasModelShowsGoldenPotatoesAndTheChain(t *testing.T) {
	v := map[string]any{
		"turn": 3.0, "target": 6.0, "deck": 40.0, "phase": "window", "active": 1.0,
		"handCounts": []any{5.0, 4.0, 5.0, 5.0}, "gp": []any{0.0, 2.0, 1.0, 0.0},
		"hand": []any{"papa3", "wild"}, "discard": []any{"fritas5"},
		"window": map[string]any{"id": 2.0, "chain": []any{map[string]any{"seat": 1.0, "act": "play dorada"}}},
	}
	m := papasModel(v, fourNames())
	assert.Equal(t, 2, *m.seats[1].Score)
	assert.True(t, m.seats[1].Turn)
	assert.Contains(t, m.stats, componentsStat("Reaction", "anyone may answer"))
	assert.Equal(t, []string{"West: play dorada"}, papasChain(v["window"], fourNames().names))
	prev := map[string]any{"last": nil}
	cur := map[string]any{"last": map[string]any{"resolved": false, "chain": []any{map[string]any{"seat": 2.0, "act": "play robo 1"}}}}
	assert.Equal(t, "North: play robo 1 — cancelled.", papasNotice(prev, cur, fourNames().names))
}
