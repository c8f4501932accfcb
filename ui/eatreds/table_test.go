package eatreds

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games"
	"cardtable/games/eatreds"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
	"github.com/stretchr/testify/require"
	"slices"
)

// TestEatRedsTellsEveryTurnSinceYours: the table tells each turn since the
// player's own last one, whole (the hand card and the stock card), from the
// views it was shown one after another; a new deal starts afresh, and a
// table just opened tells the last turn alone.
func TestEatRedsTellsEveryTurnSinceYours(t *testing.T) {
	in := uitest.ForGame(uitest.ThreeNames(), UI)
	mine := []eatreds.Event{{Seat: 0, From: "hand", Card: "8C"}, {Seat: 0, From: "stock", Card: "4C"}}
	east := []eatreds.Event{{Seat: 2, From: "hand", Card: "QD", Took: []string{"QS"}}, {Seat: 2, From: "stock", Card: "3H", Took: []string{"7C"}}}
	west := []eatreds.Event{{Seat: 1, From: "hand", Card: "5D"}, {Seat: 1, From: "stock", Card: "2S"}}
	// A view between turns: the next seat (after the last turn's) to play.
	view := func(deal int, last []eatreds.Event) *eatreds.View {
		turn := 0
		if len(last) > 0 {
			turn = (int(last[0].Seat) + 1) % 3
		}
		return &eatreds.View{Deal: deal, LastTurn: last, Turn: ui.SeatAt(turn)}
	}
	eastSaid := ui.Told{Line: "East: Q♦ takes Q♠ · stock 3♥ takes 7♣", Said: "East takes the queen of spades with the queen of diamonds. East's stock card, the 3 of hearts, takes the 7 of clubs."}
	westSaid := ui.Told{Line: "West: 5♦ laid · stock 2♠ laid", Said: "West lays the 5 of diamonds on the layout. The 2 of spades from the stock joins the layout."}
	for _, tc := range []struct {
		name  string
		views []*eatreds.View
		want  []ui.Told
	}{
		{"a table just opened tells the last turn", []*eatreds.View{view(0, west)}, []ui.Told{westSaid}},
		{"the player's own turn is not told back", []*eatreds.View{view(0, mine)}, nil},
		{"each turn since the player's", []*eatreds.View{view(0, mine), view(0, west), view(0, west), view(0, east)}, []ui.Told{westSaid, eastSaid}},
		{"the player's turn starts the list again", []*eatreds.View{view(0, west), view(0, mine), view(0, east)}, []ui.Told{eastSaid}},
		{"a new deal starts afresh", []*eatreds.View{view(0, west), view(0, east), view(1, nil), view(1, west)}, []ui.Told{westSaid}},
		{"a turn just finished while the next has not begun", []*eatreds.View{view(0, mine), {LastTurn: west, ThisTurn: east, Turn: 0}}, []ui.Told{westSaid, eastSaid}},
		{"a turn in progress is not told yet", []*eatreds.View{view(0, mine), {LastTurn: mine, ThisTurn: west[:1], Turn: 1}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var prev ui.View
			var cur eatredsView
			for _, v := range tc.views {
				cur = eatredsView{v: v, seen: &redsSeen{}}
				if prev != nil {
					cur.Carry(prev)
				}
				prev = cur
			}
			assert.Equal(t, tc.want, cur.Model(nil, in).Recent)
		})
	}
}

// TestEatRedsPointsOfEveryPile: a won pile scores its red cards (and the
// ace of spades with the bonus), counted from the cards captured in front
// of the table when the pile lies face down for the viewer.
func TestEatRedsPointsOfEveryPile(t *testing.T) {
	open := 25
	for _, tc := range []struct {
		name     string
		pile     eatreds.Pile
		blackAce bool
		want     int
	}{
		{"an open pile's own points", eatreds.Pile{Open: true, Points: &open, Taken: []string{"AH"}}, false, 25},
		{"a closed pile counted from its cards", eatreds.Pile{Count: 3, Taken: []string{"KH", "10D", "5C"}}, false, 20},
		{"black cards score nothing", eatreds.Pile{Count: 2, Taken: []string{"AS", "9C"}}, false, 0},
		{"the ace of spades with the bonus", eatreds.Pile{Count: 2, Taken: []string{"AS", "9C"}}, true, 30},
		{"an empty pile", eatreds.Pile{}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, redsPoints(tc.pile, tc.blackAce))
		})
	}
}

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
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "North"}}, UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
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
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "North"}}, UI)
	m := uitest.Read(t, UI, s.View(0)).Model(nil, in)
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
	in := uitest.ForGame(ui.Input{Players: 2, Me: 0, Names: []string{"You", "North"}}, UI)
	m := uitest.Read(t, UI, v).Model(nil, in)
	html, consumed := uitest.RenderCentre(m, in, legal, "", "", "")
	assert.Equal(t, []string{"take 9H", "take 9S"}, uitest.DataActions(html))
	assert.Equal(t, map[string]bool{"take 9H": true, "take 9S": true}, consumed, "no buttons repeat the layout's choices")
	assert.Contains(t, html, "Pick the card your A♦ from the stock takes")
	assert.Contains(t, uitest.Readable(html), "Take the 9 of hearts with the ace of diamonds")
}

func TestEatRedsNewsTellsWhatTheStockCardDid(t *testing.T) {
	in := uitest.ForGame(uitest.ThreeNames(), UI)
	eastTurn := []eatreds.Event{{Seat: 2, From: "hand", Card: "QD", Took: []string{"QS"}}}
	prev := eatredsView{v: &eatreds.View{ThisTurn: eastTurn}}
	cur := eatredsView{v: &eatreds.View{ThisTurn: append(slices.Clone(eastTurn), eatreds.Event{Seat: 2, From: "stock", Card: "3H", Took: []string{"7C"}})}}
	assert.Equal(t, "East's stock card, the 3 of hearts, takes the 7 of clubs.", cur.News(nil, prev, in))
	mine := eatredsView{v: &eatreds.View{LastTurn: cur.v.ThisTurn, ThisTurn: []eatreds.Event{
		{Seat: 0, From: "hand", Card: "8C"}, {Seat: 0, From: "stock", Card: "4C"}}}}
	assert.Equal(t, "The 4 of clubs from the stock joins the layout.", mine.News(nil, cur, in), "the hand card is the action's own words")
	waiting := eatredsView{v: &eatreds.View{ThisTurn: []eatreds.Event{{Seat: 1, From: "hand", Card: "5D", Took: []string{"5S"}}},
		Phase: "take", Turn: 1, Pending: "2D", Targets: []string{"8H", "8S"}}}
	assert.Equal(t, "The 2 of diamonds from the stock can take the 8 of hearts or the 8 of spades. West chooses which.", waiting.News(nil, mine, in))
	taken := eatredsView{v: &eatreds.View{ThisTurn: append(slices.Clone(waiting.v.ThisTurn), eatreds.Event{Seat: 1, From: "stock", Card: "2D", Took: []string{"8H"}})}}
	assert.Equal(t, "", taken.News(nil, waiting, in), "the take says it")
	next := eatredsView{v: &eatreds.View{Deal: 1, ThisTurn: []eatreds.Event{{Seat: 2, From: "deal", Took: []string{"KC", "KD", "KH", "KS"}}}}}
	assert.Equal(t, "Deal 2. East takes the king of clubs, the king of diamonds, the king of hearts and the king of spades from the first layout.", next.News(nil, taken, in))
}

func TestOrListNamesTheCards(t *testing.T) {
	assert.Equal(t, "the 9 of hearts or the 9 of spades", orList(nil, []string{"9H", "9S"}))
}
