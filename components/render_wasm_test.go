//go:build js && wasm

package components

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
)

// These tests render components in a real DOM (headless Chromium through
// wasmbrowsertest).

type handHost struct {
	app.Compo
	hand   *Hand
	next   []HandCard // the cards after a click on #swap
	played []string
}

func (h *handHost) Render() app.UI {
	return app.Div().Body(
		app.Button().ID("swap").OnClick(func(ctx app.Context, e app.Event) {
			h.hand = &Hand{Cards: h.next, OnPlay: h.hand.OnPlay}
		}),
		h.hand,
	)
}

func loadHand(t *testing.T, cards []HandCard, waiting bool) (*handHost, app.TestEngine) {
	t.Helper()
	host := &handHost{}
	host.hand = &Hand{Cards: cards, Waiting: waiting, OnPlay: func(ctx app.Context, a string) { host.played = append(host.played, a) }}
	e := app.NewTestEngine()
	require.NoError(t, e.Load(host))
	e.ConsumeAll()
	return host, e
}

func query(v app.Value, sel string) app.Value { return v.Call("querySelector", sel) }

func TestHandHighlightsLegalCardsAndDimsTheRest(t *testing.T) {
	host, _ := loadHand(t, []HandCard{{Code: "7H"}, {Code: "QS", Actions: []Choice{{Action: "play QS", Say: "Play the queen of spades"}}}, {Code: "AD"}}, false)
	root := host.JSValue()
	require.True(t, root.Truthy())
	legal := query(root, `[data-card="QS"]`)
	require.True(t, legal.Truthy())
	assert.Equal(t, "BUTTON", legal.Get("tagName").String())
	assert.Equal(t, "play QS", legal.Get("dataset").Get("action").String())
	assert.Contains(t, legal.Get("className").String(), "card--legal")
	assert.Equal(t, "Play the queen of spades", legal.Call("getAttribute", "aria-label").String(), "a playable card says its action in words")
	other := query(root, `[data-card="7H"]`)
	assert.Equal(t, "DIV", other.Get("tagName").String(), "an unplayable card is not a button")
	assert.False(t, other.Get("dataset").Get("action").Truthy())
	assert.Contains(t, other.Get("className").String(), "card--dimmed")
	assert.Equal(t, 2, root.Call("querySelectorAll", ".card--dimmed").Length())
}

func TestHandShowsCardsPlainWhileWaiting(t *testing.T) {
	host, _ := loadHand(t, []HandCard{{Code: "7H"}, {Code: "QS"}}, true)
	root := host.JSValue()
	assert.Equal(t, 0, root.Call("querySelectorAll", ".card--dimmed").Length())
	assert.Equal(t, 0, root.Call("querySelectorAll", ".card--legal").Length())
	assert.Equal(t, 2, root.Call("querySelectorAll", ".card").Length())
}

func TestHandTapSelectsThenPlays(t *testing.T) {
	host, e := loadHand(t, []HandCard{{Code: "QS", Actions: []Choice{{Action: "play QS", Say: "Play the queen of spades"}}}, {Code: "KS", Actions: []Choice{{Action: "play KS", Say: "Play the king of spades"}}}}, false)
	root := host.JSValue()
	query(root, `[data-card="KS"]`).Call("click")
	e.ConsumeAll()
	assert.Empty(t, host.played, "the first tap only selects")
	assert.Equal(t, "KS", host.hand.Selected())
	assert.Contains(t, query(root, `[data-card="KS"]`).Get("className").String(), "card--selected")
	query(root, `[data-card="KS"]`).Call("click")
	e.ConsumeAll()
	assert.Equal(t, []string{"play KS"}, host.played, "the second tap plays")
}

func TestHandOffersAChoiceWhenACardHasSeveralActions(t *testing.T) {
	host, e := loadHand(t, []HandCard{{Code: "9C", Actions: []Choice{{Action: "play 9C", Say: "Play the 9 of clubs"}, {Action: "fold 9C", Say: "Fold the 9 of clubs face down"}}}}, false)
	root := host.JSValue()
	query(root, `[data-card="9C"]`).Call("click")
	e.ConsumeAll()
	fold := query(root, `.hand__choices [data-action="fold 9C"]`)
	require.True(t, fold.Truthy(), "a button per action")
	assert.Equal(t, "Fold the 9 of clubs face down", fold.Get("textContent").String(), "labelled in words")
	fold.Call("click")
	e.ConsumeAll()
	assert.Equal(t, []string{"fold 9C"}, host.played)
}

// After the hand changes, a tap plays the card now in that place, not the
// one a previous render put there.
func TestHandPlaysTheCardShownAfterAnUpdate(t *testing.T) {
	host, e := loadHand(t, []HandCard{{Code: "9C", Actions: []Choice{{Action: "play 9C", Say: "Play the 9 of clubs"}}}, {Code: "JC", Actions: []Choice{{Action: "play JC", Say: "Play the jack of clubs"}}}}, false)
	host.next = []HandCard{{Code: "JC", Actions: []Choice{{Action: "play JC", Say: "Play the jack of clubs"}}}, {Code: "9S", Actions: []Choice{{Action: "play 9S", Say: "Play the 9 of spades"}}}}
	root := host.JSValue()
	query(root, "#swap").Call("click")
	e.ConsumeAll()
	first := query(root, ".hand .card")
	require.Equal(t, "JC", first.Get("dataset").Get("card").String())
	first.Call("click")
	e.ConsumeAll()
	query(root, ".hand .card").Call("click")
	e.ConsumeAll()
	assert.Equal(t, []string{"play JC"}, host.played)
}

type uiHost struct {
	app.Compo
	ui app.UI
}

func (h *uiHost) Render() app.UI { return app.Div().Body(h.ui) }

func render(t *testing.T, ui app.UI) app.Value {
	t.Helper()
	h := &uiHost{ui: ui}
	e := app.NewTestEngine()
	require.NoError(t, e.Load(h))
	e.ConsumeAll()
	return h.JSValue()
}

func TestTrickHighlightsTheWinner(t *testing.T) {
	root := render(t, Trick(nil, []Played{{Code: "7S", Position: "bottom"}, {Code: "AS", Position: "left", Winner: true}}, "Last trick"))
	assert.Equal(t, 2, root.Call("querySelectorAll", ".trick__slot").Length())
	w := query(root, ".card--winner")
	require.True(t, w.Truthy())
	assert.Equal(t, "AS", w.Get("dataset").Get("card").String())
	assert.True(t, query(root, ".trick__slot--left .card--winner").Truthy(), "the winner's card sits on its player's side")
}

func TestSeatShowsTurnCountsAndScore(t *testing.T) {
	score := -12
	root := render(t, Seat(nil, SeatInfo{Seat: 1, Name: "West", Bot: "random", Cards: 5, Tricks: 2, Score: &score, Turn: true, Leader: true, Team: -1, Position: "left"}))
	seat := query(root, ".seat")
	assert.Contains(t, seat.Get("className").String(), "seat--turn")
	assert.Equal(t, "West, random bot, leads, to play, 5 cards, 2 tricks, score minus 12", seat.Call("getAttribute", "aria-label").String())
	text := seat.Get("textContent").String()
	assert.Contains(t, text, "5")
	assert.Contains(t, text, "tricks 2")
	assert.Contains(t, text, "-12")
	assert.True(t, query(root, ".seat__crown").Truthy())
}

func TestReactionTimerCountsDownFromTheRemainingTime(t *testing.T) {
	root := render(t, ReactionTimer(nil, 3e9, 1.5e9, "k"))
	timer := query(root, "[role=timer]")
	require.True(t, timer.Truthy())
	assert.Contains(t, timer.Call("getAttribute", "aria-label").String(), "2 seconds left")
	assert.Contains(t, query(root, ".timer__arc").Call("getAttribute", "style").String(), "animation-duration:1500ms")
	idle := render(t, ReactionTimer(nil, 0, 0, "k"))
	assert.False(t, query(idle, "[role=timer]").Truthy(), "no window, no timer")
}

func TestPileMakesNamedCardsPlayable(t *testing.T) {
	root := render(t, Pile(nil, "Layout", []string{"7H", "3D"}, 2, func(code string) (Choice, app.EventHandler) {
		if code == "7H" {
			return Choice{Action: "take 7H", Say: "Take the 7 of hearts"}, func(app.Context, app.Event) {}
		}
		return Choice{}, nil
	}))
	assert.True(t, query(root, `[data-action="take 7H"]`).Truthy())
	assert.Equal(t, "Take the 7 of hearts", query(root, `[data-action="take 7H"]`).Call("getAttribute", "aria-label").String())
	assert.False(t, query(root, `[data-card="3D"][data-action]`).Truthy())
	assert.Contains(t, query(root, ".pile__count").Get("textContent").String(), "2")
}

func TestHandLeavesTheChoiceToTheBoardWhenAsked(t *testing.T) {
	host := &handHost{}
	var selected []string
	host.hand = &Hand{
		Cards:        []HandCard{{Code: "7H", Actions: []Choice{{Action: "place 7H 1", Say: "Place the 7 of hearts on slot 1"}, {Action: "place 7H 2", Say: "Place the 7 of hearts on slot 2"}}}},
		BoardChoices: true,
		OnPlay:       func(ctx app.Context, a string) { host.played = append(host.played, a) },
		OnSelect:     func(ctx app.Context, code string) { selected = append(selected, code) },
	}
	e := app.NewTestEngine()
	require.NoError(t, e.Load(host))
	e.ConsumeAll()
	root := host.JSValue()
	query(root, `[data-card="7H"]`).Call("click")
	e.ConsumeAll()
	assert.Equal(t, []string{"7H"}, selected, "the board hears the selection")
	assert.False(t, query(root, ".hand__choices").Truthy(), "no buttons under the hand")
	query(root, `[data-card="7H"]`).Call("click")
	e.ConsumeAll()
	assert.Empty(t, host.played, "a card with several places is never played by a tap")
}

// TestHandSaysWhatTheNextTapDoes: a picked card says above it what the next
// tap on it does, in the move's words; a card that would fold face down is
// marked apart from one that would be played, before any tap.
func TestHandSaysWhatTheNextTapDoes(t *testing.T) {
	host, e := loadHand(t, []HandCard{
		{Code: "9C", Actions: []Choice{{Action: "fold 9C", Say: "Fold the 9 of clubs face down", FaceDown: true}}},
		{Code: "KS", Actions: []Choice{{Action: "play KS", Say: "Play the king of spades"}}},
	}, false)
	root := host.JSValue()
	slot := func(code string) app.Value {
		return query(root, `[data-card="`+code+`"]`).Call("closest", ".hand__slot")
	}
	assert.Contains(t, slot("9C").Get("className").String(), "hand__slot--facedown")
	assert.NotContains(t, slot("KS").Get("className").String(), "hand__slot--facedown")
	assert.False(t, query(root, `.hand__tag`).Truthy(), "nothing is said before a card is picked")
	query(root, `[data-card="9C"]`).Call("click")
	e.ConsumeAll()
	tag := query(root, `.hand__tag`)
	require.True(t, tag.Truthy())
	assert.Equal(t, "Fold the 9 of clubs face down", tag.Get("textContent").String())
	assert.True(t, slot("9C").Call("contains", tag).Bool(), "the words stand over the picked card")
	assert.Empty(t, host.played, "the first tap only picks")
	query(root, `[data-card="KS"]`).Call("click")
	e.ConsumeAll()
	assert.Equal(t, "Play the king of spades", query(root, `.hand__tag`).Get("textContent").String())
	assert.Equal(t, 1, root.Call("querySelectorAll", ".hand__tag").Length())
}

// TestAComponentKeepsItsPagesLanguage: a component speaks the language of
// the document it is on, and keeps it when its parent renders it again (go-app
// copies the fields of the component the parent's Render makes into the one
// on the page: the printer is not among them).
func TestAComponentKeepsItsPagesLanguage(t *testing.T) {
	pseudo := msg.PseudoCatalogue()
	msg.Register(pseudo)
	root := app.Window().Get("document").Get("documentElement")
	was := root.Get("lang").String()
	root.Set("lang", msg.Pseudo)
	defer root.Set("lang", was)
	host, e := loadHand(t, []HandCard{{Code: "7H"}}, false)
	label := func() string { return query(host.JSValue(), ".hand").Call("getAttribute", "aria-label").String() }
	assert.Equal(t, pseudo.T("Your hand"), label())
	host.next = []HandCard{{Code: "QS"}}
	query(host.JSValue(), "#swap").Call("click")
	e.ConsumeAll()
	require.Equal(t, "QS", query(host.JSValue(), ".hand .card").Get("dataset").Get("card").String())
	assert.Equal(t, pseudo.T("Your hand"), label(), "the hand rendered again speaks its page's language")
	assert.NotEqual(t, "Your hand", label())
}
