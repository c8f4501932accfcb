package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/eatpairs"
	"cardtable/games/eatreds"
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

// renderCentre renders a model's board as the table page does, with the
// local seat's legal actions, a selected hand card and a board selection.
// It returns the HTML and the actions the board took over from the buttons.
func renderCentre(m tableModel, legal []string, handSel, selected string) (string, map[string]bool) {
	m.legal, m.handSel, m.selected = legal, handSel, selected
	m.consumed = map[string]bool{}
	m.choose = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.play = func(string) app.EventHandler { return func(app.Context, app.Event) {} }
	m.boardAction = func(string) (string, app.EventHandler) { return "", nil }
	return app.HTMLString(m.centre(m)), m.consumed
}

// dataActions lists the data-action attributes of an HTML string in order.
func dataActions(html string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`data-action="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

func eatredsView() map[string]any {
	return map[string]any{
		"seat": 0.0, "players": 3.0, "deal": 0.0, "dealer": 2.0, "turn": 0.0, "phase": "play",
		"hand": []any{"AD", "9C", "4S"}, "handSizes": []any{3.0, 3.0, 2.0},
		"layout": []any{"2C", "9H", "KD", "9S"}, "triple": "", "stock": 14.0,
		"piles": []any{
			map[string]any{"count": 4.0, "open": true, "cards": []any{"3H", "7S", "JD", "JC"}, "points": 13.0},
			map[string]any{"count": 2.0, "open": false},
			map[string]any{"count": 0.0, "open": false},
		},
		"lastTurn": []any{map[string]any{"seat": 2.0, "from": "hand", "card": "JD", "took": []any{"JC"}}},
		"thisTurn": []any{}, "scores": []any{0.0, 0.0, 0.0}, "target": 0.0, "done": false,
	}
}

func threeNames() modelInput {
	return modelInput{players: 3, me: 0, names: []string{"You", "West", "East"}, bots: []string{"", "easy", "easy"}}
}

func TestEatRedsModelShowsTheLayoutStockAndWonPiles(t *testing.T) {
	m := eatredsModel(eatredsView(), threeNames())
	require.Len(t, m.seats, 3)
	assert.True(t, m.seats[0].Turn)
	assert.Equal(t, 2, m.seats[2].Cards)
	assert.Nil(t, m.seats[0].Score, "one deal decides: no match total")
	assert.Contains(t, m.stats, componentsStat("Stock", "14"))
	assert.Contains(t, m.stats, componentsStat("Dealer", "East"))
	assert.Equal(t, []string{"AD", "9C", "4S"}, m.hand)
	html, consumed := renderCentre(m, []string{"play AD", "play 9C", "play 4S"}, "", "")
	assert.Empty(t, consumed, "hand cards stay with the hand")
	assert.Empty(t, dataActions(html), "nothing on the board plays before a hand card is picked")
	for _, c := range []string{"2C", "9H", "KD", "9S"} {
		assert.Contains(t, html, `data-card="`+c+`"`)
	}
	assert.Contains(t, html, "14", "the stock count")
	assert.Contains(t, html, "13 pts", "the viewer's own pile shows its points")
	assert.Contains(t, html, "2 won", "a closed pile shows its count")
	assert.Contains(t, html, "Last turn: East")
}

func TestEatRedsPickedHandCardShowsWhatItTakes(t *testing.T) {
	m := eatredsModel(eatredsView(), threeNames())
	legal := []string{"play AD", "play 9C", "play 4S"}
	html, _ := renderCentre(m, legal, "AD", "")
	assert.Equal(t, []string{"play AD", "play AD"}, dataActions(html), "both nines are the ace's targets")
	assert.Contains(t, html, "A♦ can take 9♥ and 9♠")
	html, _ = renderCentre(m, legal, "9C", "")
	assert.Empty(t, dataActions(html), "no ace on the layout: 9♣ takes nothing")
	assert.Contains(t, html, "takes nothing")
	html, _ = renderCentre(m, []string{"play AD"}, "4S", "")
	assert.Empty(t, dataActions(html), "a card that is not legal previews nothing")
}

func TestEatRedsTakeChoicesArePlayedOnTheLayout(t *testing.T) {
	v := eatredsView()
	v["phase"], v["pending"], v["pendingFrom"], v["targets"] = "take", "AD", "hand", []any{"9H", "9S"}
	v["hand"] = []any{"9C", "4S"}
	m := eatredsModel(v, threeNames())
	html, consumed := renderCentre(m, []string{"take 9H", "take 9S"}, "", "")
	assert.Equal(t, []string{"take 9H", "take 9S"}, dataActions(html))
	assert.Equal(t, map[string]bool{"take 9H": true, "take 9S": true}, consumed, "no buttons repeat the layout's choices")
	assert.Contains(t, html, "Pick the card your A♦ takes")
	assert.Contains(t, html, `data-card="AD"`, "the card waiting to capture is shown")
}

func TestEatRedsTripleRankTakesAllThree(t *testing.T) {
	targets, all := redsTargets("QH", []string{"QC", "3D", "QS", "QD"}, "Q")
	assert.True(t, all)
	assert.Equal(t, []string{"QC", "QS", "QD"}, targets)
	targets, all = redsTargets("5H", []string{"5C", "3D", "KS"}, "")
	assert.False(t, all)
	assert.Equal(t, []string{"5C"}, targets, "5 pairs with 5")
	assert.True(t, redsCaptures("3D", "7S"))
	assert.False(t, redsCaptures("10D", "AS"), "10 pairs only by rank")
	assert.True(t, redsCaptures("10D", "10S"))
}

// The engine's thisTurn holds the latest turn until the next card is played
// from hand; lastTurn then takes it.
func TestEatRedsNoticeNamesTheCapture(t *testing.T) {
	names := threeNames().names
	eastTurn := []any{
		map[string]any{"seat": 2.0, "from": "hand", "card": "QD", "took": []any{"QS"}},
		map[string]any{"seat": 2.0, "from": "stock", "card": "3H", "took": []any{"7C"}},
	}
	prev := map[string]any{"deal": 0.0, "lastTurn": []any{}, "thisTurn": eastTurn}
	cur := map[string]any{"deal": 0.0, "lastTurn": eastTurn, "thisTurn": []any{
		map[string]any{"seat": 0.0, "from": "hand", "card": "9D", "took": []any{"AH"}},
		map[string]any{"seat": 0.0, "from": "stock", "card": "4C"},
	}}
	assert.Equal(t, "You take A♥ with 9♦; 4♣ joins the layout from the stock.", eatredsNotice(prev, cur, names))
	assert.Equal(t, "", eatredsNotice(cur, cur, names), "no news, no notice")
	// A hand card waiting for its take tells nothing yet; the take tells both.
	waiting := map[string]any{"deal": 0.0, "lastTurn": cur["thisTurn"], "thisTurn": []any{}}
	assert.Equal(t, "", eatredsNotice(cur, waiting, names))
	took := map[string]any{"deal": 0.0, "lastTurn": cur["thisTurn"], "thisTurn": []any{
		map[string]any{"seat": 1.0, "from": "hand", "card": "5D", "took": []any{"5S"}},
	}}
	assert.Equal(t, "West takes 5♠ with 5♦.", eatredsNotice(waiting, took, names))
	stock := map[string]any{"deal": 0.0, "lastTurn": cur["thisTurn"], "thisTurn": []any{
		map[string]any{"seat": 1.0, "from": "hand", "card": "5D", "took": []any{"5S"}},
		map[string]any{"seat": 1.0, "from": "stock", "card": "2D", "took": []any{"8H"}},
	}}
	assert.Equal(t, "West's stock card 2♦ takes 8♥.", eatredsNotice(took, stock, names))
	mine := map[string]any{"deal": 0.0, "lastTurn": stock["thisTurn"], "thisTurn": []any{
		map[string]any{"seat": 0.0, "from": "hand", "card": "8C"},
		map[string]any{"seat": 0.0, "from": "stock", "card": "2H", "took": []any{"8C"}},
	}}
	assert.Equal(t, "You lay 8♣; your stock card 2♥ takes 8♣.", eatredsNotice(stock, mine, names))
	next := map[string]any{"deal": 1.0, "lastTurn": mine["thisTurn"], "thisTurn": []any{
		map[string]any{"seat": 2.0, "from": "deal", "took": []any{"KC", "KD", "KH", "KS"}},
	}}
	assert.Equal(t, "Deal 2; East takes K♣, K♦, K♥ and K♠ from the first layout.", eatredsNotice(mine, next, names))
}

func TestEatRedsModelReadsTheEngineView(t *testing.T) {
	s, err := eatreds.Game{}.New(games.Config{Players: 2, Seed: 3, Options: map[string]string{"matchTarget": "200"}})
	require.NoError(t, err)
	v := viewMap(s.View(0))
	m := eatredsModel(v, modelInput{players: 2, me: 0, names: []string{"You", "North"}, bots: []string{"", "easy"}})
	require.Len(t, m.seats, 2)
	require.NotNil(t, m.seats[1].Score, "a match to 200 shows the totals")
	assert.Equal(t, 12, m.seats[0].Cards)
	assert.Len(t, m.hand, 12)
	var legal []string
	for _, a := range s.Legal(0, nil) {
		legal = append(legal, s.FormatAction(a))
	}
	html, _ := renderCentre(m, legal, "", "")
	layout, _ := strs(v["layout"])
	for _, c := range layout {
		assert.Contains(t, html, `data-card="`+c+`"`)
	}
}

func TestEatPairsModelShowsStockLastCardAndPairs(t *testing.T) {
	v := map[string]any{
		"seat": 0.0, "players": 3.0, "round": 0.0, "rounds": 3.0, "dealer": 1.0, "lead": 2.0, "turn": 0.0, "phase": "draw",
		"hand": []any{"3C", "8D"}, "handSizes": []any{2.0, 5.0, 4.0},
		"laid":  []any{[]any{"7C", "QC", "7H", "QS"}, []any{}, []any{"2D", "2S"}},
		"waste": []any{"5S", "JH"}, "stock": 20.0,
		"last":   map[string]any{"seat": 2.0, "from": "stock", "card": "JH", "pairedBy": -1.0},
		"points": []any{0.0, 1.0, 0.0}, "history": []any{}, "done": false,
	}
	m := eatpairsModel(v, threeNames())
	require.Len(t, m.seats, 3)
	assert.True(t, m.seats[0].Turn)
	assert.True(t, m.seats[2].Leader, "the lead player")
	assert.Equal(t, 1, *m.seats[1].Score)
	assert.Contains(t, m.stats, componentsStat("Round", "1 / 3"))
	html, consumed := renderCentre(m, []string{"draw"}, "", "")
	assert.Equal(t, []string{"draw"}, dataActions(html), "the stock draws")
	assert.True(t, consumed["draw"], "no draw button besides the stock")
	assert.Contains(t, html, "East draws J♥: nobody pairs it")
	assert.Contains(t, html, "2 pairs")
	assert.Contains(t, html, "Dead cards (2)")
	html, consumed = renderCentre(m, nil, "", "")
	assert.Empty(t, dataActions(html), "not our turn: the stock is not a button")
	assert.Empty(t, consumed)
	assert.Equal(t, []string{"7C", "7H", "QC", "QS"}, byRank([]string{"7C", "QC", "7H", "QS"}), "pairs lie together")
}

func TestEatPairsNoticeNamesWhoPairsAndWhoWins(t *testing.T) {
	names := threeNames().names
	prev := map[string]any{"history": []any{}}
	cur := map[string]any{"history": []any{}, "last": map[string]any{"seat": 0.0, "from": "hand", "card": "8D", "pairedBy": 1.0}}
	assert.Equal(t, "You play 8♦: West pairs it.", eatpairsNotice(prev, cur, names))
	assert.Equal(t, "", eatpairsNotice(cur, cur, names))
	won := map[string]any{"history": []any{[]any{2.0}}}
	assert.Equal(t, "East wins round 1.", eatpairsNotice(cur, won, names))
	drawn := map[string]any{"history": []any{[]any{2.0}, []any{}}}
	assert.Equal(t, "Round 2: nobody wins.", eatpairsNotice(won, drawn, names))
}

func TestEatPairsModelReadsTheEngineView(t *testing.T) {
	s, err := eatpairs.Game{}.New(games.Config{Players: 2, Seed: 5})
	require.NoError(t, err)
	m := eatpairsModel(viewMap(s.View(0)), modelInput{players: 2, me: 0, names: []string{"You", "North"}, bots: []string{"", "easy"}})
	require.Len(t, m.seats, 2)
	assert.NotEmpty(t, m.hand)
	html, _ := renderCentre(m, nil, "", "")
	assert.Contains(t, html, "Laid pairs")
}

func TestSortcoopSwapsAreDrawnAsArrows(t *testing.T) {
	slots := make([]any, 15)
	for i := range slots {
		slots[i] = map[string]any{"filled": true, "owner": float64(i % 2), "card": ""}
	}
	v := map[string]any{
		"seat": 0.0, "phase": "swap", "handCounts": []any{0.0, 0.0}, "first": 1.0, "turn": 0.0,
		"passUsed": []any{false, false}, "slots": slots,
		"swaps":   []any{map[string]any{"by": 1.0, "a": 2.0, "b": 9.0}, map[string]any{"by": 0.0, "a": 4.0, "b": 5.0}},
		"pending": map[string]any{"by": 0.0, "a": 11.0, "b": 14.0},
	}
	m := sortcoopModel(v, modelInput{players: 2, me: 0, names: []string{"You", "Bot 1"}, bots: []string{"", "easy"}})
	html, _ := renderCentre(m, []string{"done", "propose 1 2"}, "", "")
	for _, layout := range []string{"arrows--wide", "arrows--narrow"} {
		assert.Contains(t, html, layout)
	}
	assert.Equal(t, 2, strings.Count(html, `data-swap="2-9"`), "one arrow in each layout")
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--team1"`), "coloured by who proposed")
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--team0"`))
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--pending"`), "the open proposal is dashed")
	assert.Contains(t, html, "Bot 1: slot 2 ⇄ slot 9", "the swaps in words for screen readers")
	assert.Contains(t, html, "2 swaps made")
}

func TestKlondikeWordsSayTheMove(t *testing.T) {
	for a, want := range map[string]string{
		"draw":         "draw from the stock",
		"move w t5":    "move the top card of the waste to column 5",
		"move t2 f":    "move the top card of column 2 to its foundation",
		"move t2 t6 3": "move 3 cards from column 2 to column 6",
		"move fH t4":   "move the top card of the ♥ hearts foundation to column 4",
		"auto":         "auto-complete",
		"end":          "end the game",
	} {
		assert.Equal(t, want, klondikeWords(a), a)
	}
}
