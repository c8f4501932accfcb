package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/eatreds"
	"cardtable/games/king"
	"cardtable/games/klondike"
	"cardtable/games/sortcoop"
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

// eatredsDeal deals two hands with the ace of diamonds facing two nines on
// the layout; seat 0 plays first.
func eatredsDeal(t *testing.T, opts map[string]string) games.State {
	t.Helper()
	layout := []string{"2C", "9H", "KD", "9S"}
	hand0 := []string{"AD", "9C", "4S", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D", "6D"}
	used := map[string]bool{}
	for _, c := range append(slices.Clone(layout), hand0...) {
		used[c] = true
	}
	var rest []string
	for _, su := range "CDHS" {
		for _, r := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			if c := r + string(su); !used[c] {
				rest = append(rest, c)
			}
		}
	}
	dealer := 1
	s, err := eatreds.Game{}.New(games.Config{Players: 2, Seed: 3, Options: opts, Deals: []games.Deal{{
		First: &dealer, Hands: [][]string{hand0, rest[:12]}, Layout: layout, Stock: rest[12:36],
	}}})
	require.NoError(t, err)
	return s
}

func TestEatRedsTableShowsTheLayoutStockAndWonPiles(t *testing.T) {
	s := eatredsDeal(t, map[string]string{"matchTarget": "200"})
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "North"}}, gameUI("eatreds"))
	m := uitest.Read(t, gameUI("eatreds"), s.View(0)).Model(in)
	require.Len(t, m.Seats, 2)
	assert.True(t, m.Seats[0].Turn)
	require.NotNil(t, m.Seats[1].Score, "a match to 200 shows the totals")
	assert.Equal(t, 12, m.Seats[0].Cards)
	assert.Len(t, m.Hand, 12)
	assert.Contains(t, m.Stats, uitest.Stat("Dealer", "North"))
	legal := uitest.MovesOf(s, 0)
	html, consumed := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.Empty(t, consumed, "hand cards keep their moves")
	assert.Empty(t, uitest.DataActions(html), "nothing on the layout plays before a hand card is picked")
	for _, c := range []string{"2C", "9H", "KD", "9S"} {
		assert.Contains(t, html, `data-card="`+c+`"`)
	}
}

func TestEatRedsPickedHandCardTakesOnTheLayoutInOneAction(t *testing.T) {
	s := eatredsDeal(t, nil)
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "North"}}, gameUI("eatreds"))
	m := uitest.Read(t, gameUI("eatreds"), s.View(0)).Model(in)
	legal := uitest.MovesOf(s, 0)
	var aceMoves []rtc.Move
	for _, mv := range legal {
		if m.CardOf(mv) == "AD" {
			aceMoves = append(aceMoves, mv)
		}
	}
	require.Len(t, aceMoves, 2, "the ace takes either nine: two moves of the one card")
	html, _ := uitest.RenderCentre(m, in, legal, "AD", "", "")
	got := uitest.DataActions(html)
	require.Len(t, got, 2, "both nines are played on the layout")
	assert.ElementsMatch(t, []string{aceMoves[0].Text, aceMoves[1].Text}, got, "one tap sends the one action that plays the ace and takes that nine")
	assert.Contains(t, uitest.Readable(html), "Play the ace of diamonds and take the 9 of hearts")
	assert.Contains(t, html, "The ace of diamonds can take the 9 of hearts or the 9 of spades: tap the one to take.")
	html, _ = uitest.RenderCentre(m, in, legal, "4S", "", "")
	assert.Empty(t, uitest.DataActions(html), "the 4 of spades takes nothing")
	assert.Contains(t, html, "takes nothing: tap it again to lay it on the layout")
	// Playing it is the engine's one action: the ace and the nine leave.
	require.NoError(t, s.Apply(0, aceMoves[0].Action))
	v := s.View(0).(*eatreds.View)
	assert.NotContains(t, v.Hand, "AD")
	assert.Subset(t, v.Piles[0].Cards, []string{"AD", aceMoves[0].Desc.Targets[0]})
	assert.NotContains(t, v.Layout, aceMoves[0].Desc.Targets[0])
}

func TestEatRedsStockChoiceIsPlayedOnTheLayout(t *testing.T) {
	v := &eatreds.View{Players: 2, Phase: "take", Pending: "AD", PendingFrom: "stock", Targets: []string{"9H", "9S"},
		Layout: []string{"2C", "9H", "9S"}, Hand: []string{"4S"}, HandSizes: []int{1, 1}, Piles: make([]eatreds.Pile, 2)}
	legal := []rtc.Move{
		{Text: "take 9H", Desc: games.Description{Kind: "take", Cards: []string{"AD"}, Targets: []string{"9H"}}},
		{Text: "take 9S", Desc: games.Description{Kind: "take", Cards: []string{"AD"}, Targets: []string{"9S"}}},
	}
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "North"}}, gameUI("eatreds"))
	m := uitest.Read(t, gameUI("eatreds"), v).Model(in)
	html, consumed := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.Equal(t, []string{"take 9H", "take 9S"}, uitest.DataActions(html))
	assert.Equal(t, map[string]bool{"take 9H": true, "take 9S": true}, consumed, "no buttons repeat the layout's choices")
	assert.Contains(t, html, "Pick the card your A♦ from the stock takes")
	assert.Contains(t, uitest.Readable(html), "Take the 9 of hearts with the ace of diamonds")
}

func TestEatRedsNewsTellsWhatTheStockCardDid(t *testing.T) {
	in := uitest.ForGame(uitest.ThreeNames(), gameUI("eatreds"))
	eastTurn := []eatreds.Event{{Seat: 2, From: "hand", Card: "QD", Took: []string{"QS"}}}
	prev := eatredsView{v: &eatreds.View{ThisTurn: eastTurn}}
	cur := eatredsView{v: &eatreds.View{ThisTurn: append(slices.Clone(eastTurn), eatreds.Event{Seat: 2, From: "stock", Card: "3H", Took: []string{"7C"}})}}
	assert.Equal(t, "East's stock card, the 3 of hearts, takes the 7 of clubs.", cur.News(prev, in))
	mine := eatredsView{v: &eatreds.View{LastTurn: cur.v.ThisTurn, ThisTurn: []eatreds.Event{
		{Seat: 0, From: "hand", Card: "8C"}, {Seat: 0, From: "stock", Card: "4C"}}}}
	assert.Equal(t, "The 4 of clubs from the stock joins the layout.", mine.News(cur, in), "the hand card is the action's own words")
	waiting := eatredsView{v: &eatreds.View{ThisTurn: []eatreds.Event{{Seat: 1, From: "hand", Card: "5D", Took: []string{"5S"}}},
		Phase: "take", Turn: 1, Pending: "2D", Targets: []string{"8H", "8S"}}}
	assert.Equal(t, "The 2 of diamonds from the stock can take the 8 of hearts or the 8 of spades. West chooses which.", waiting.News(mine, in))
	taken := eatredsView{v: &eatreds.View{ThisTurn: append(slices.Clone(waiting.v.ThisTurn), eatreds.Event{Seat: 1, From: "stock", Card: "2D", Took: []string{"8H"}})}}
	assert.Equal(t, "", taken.News(waiting, in), "the take says it")
	next := eatredsView{v: &eatreds.View{Deal: 1, ThisTurn: []eatreds.Event{{Seat: 2, From: "deal", Took: []string{"KC", "KD", "KH", "KS"}}}}}
	assert.Equal(t, "Deal 2. East takes the king of clubs, the king of diamonds, the king of hearts and the king of spades from the first layout.", next.News(taken, in))
}

// Eat Pairs.

// Co-op Sort.

func TestSortcoopSwapsAreDrawnAsArrows(t *testing.T) {
	v := &sortcoop.View{Phase: "swap", First: 1, Turn: 0,
		Swaps:   []sortcoop.Proposal{{By: 1, A: 2, B: 9}, {By: 0, A: 4, B: 5}},
		Pending: &sortcoop.Proposal{By: 0, A: 11, B: 14}}
	for i := range v.Slots {
		v.Slots[i] = sortcoop.Slot{Filled: true, Owner: i % 2}
	}
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, gameUI("sortcoop"))
	m := uitest.Read(t, gameUI("sortcoop"), v).Model(in)
	propose := rtc.Move{Text: "propose 1 2", Desc: games.Description{Kind: "propose", Targets: []string{"1", "2"}}}
	done := rtc.Move{Text: "done", Desc: games.Description{Kind: "done"}}
	html, consumed := uitest.RenderCentre(m, in, []rtc.Move{done, propose}, "", "", "")
	assert.True(t, consumed["propose 1 2"], "proposals are made on the board")
	assert.False(t, consumed["done"])
	for _, layout := range []string{"arrows--wide", "arrows--narrow"} {
		assert.Contains(t, html, layout)
	}
	assert.Equal(t, 2, strings.Count(html, `data-swap="2-9"`), "one arrow in each layout")
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--team1"`), "coloured by who proposed")
	assert.Equal(t, 2, strings.Count(html, `class="arrow arrow--pending"`), "the open proposal is dashed")
	assert.Contains(t, html, "Bot 1: slot 2 ⇄ slot 9", "the swaps in words for screen readers")
	assert.Contains(t, html, "2 swaps made")
	html, _ = uitest.RenderCentre(m, in, []rtc.Move{done, propose}, "", "1", "")
	assert.Equal(t, []string{"propose 1 2"}, uitest.DataActions(html), "slot 1 picked: slot 2 proposes the swap")
	assert.Contains(t, uitest.Readable(html), "Propose to swap slots 1 and 2")
}

func TestSortcoopPlacesComeFromTheDescriptions(t *testing.T) {
	v := &sortcoop.View{Phase: "place", First: 0, Turn: 0, Hand: []string{"7H", "2S"}}
	v.Slots[0] = sortcoop.Slot{Filled: true, Owner: 1}
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, gameUI("sortcoop"))
	m := uitest.Read(t, gameUI("sortcoop"), v).Model(in)
	var legal []rtc.Move
	for _, slot := range []string{"2", "3"} {
		for _, c := range v.Hand {
			legal = append(legal, rtc.Move{Text: "place " + c + " " + slot, Desc: games.Description{Kind: "place", Cards: []string{c}, Targets: []string{slot}}})
		}
	}
	assert.Equal(t, "7H", m.CardOf(legal[0]))
	html, _ := uitest.RenderCentre(m, in, legal, "7H", "", "")
	assert.Equal(t, []string{"place 7H 2", "place 7H 3"}, uitest.DataActions(html))
	assert.Contains(t, uitest.Readable(html), "Place the 7 of hearts on slot 2")
	assert.Contains(t, html, "Pick an empty slot for the 7 of hearts.")
}

func TestSortcoopNewsTellsThePartnersPickWhenMineCompletesTheRound(t *testing.T) {
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "Bot 1"}}, gameUI("sortcoop"))
	waiting := sortcoopView{&sortcoop.View{Phase: "prefer", First: -1, Picked: [2]bool{false, true}}}
	shown := sortcoopView{&sortcoop.View{Phase: "place", First: 0, Turn: 0, PickRounds: [][2]string{{"want", "dont"}}}}
	assert.Equal(t, "Revealed: Bot 1 would rather not go first. You place first.", shown.News(waiting, in))
	botLast := sortcoopView{&sortcoop.View{Phase: "prefer", First: -1, Picked: [2]bool{true, false}}}
	assert.Equal(t, "You place first.", shown.News(botLast, in), "the bot's pick is told by its action")
	done := sortcoopView{&sortcoop.View{Phase: "done", Done: true, Won: true}}
	assert.Equal(t, "Together you sorted 0 of 0 — you win!", done.News(shown, in))
}

func TestOptionLabels(t *testing.T) {
	assert.Equal(t, "Include anything", ui.OptionLabel("includeAnything"))
	assert.Equal(t, "rounds 6 7", ui.ValueLabel("ROUNDS_6_7"))
	assert.Equal(t, "on", ui.ValueLabel("on"))
	assert.Equal(t, "4", ui.ValueLabel("4"))
}
