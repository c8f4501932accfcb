package components

import (
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCardShortAndCardList(t *testing.T) {
	assert.Equal(t, "10♥", CardShort(nil, "10H"))
	assert.Equal(t, "A♠", CardShort(nil, "AS"))
	assert.Equal(t, "Papa 3", CardShort(nil, "papa3"))
	assert.Equal(t, "", CardList(nil, nil))
	assert.Equal(t, "9♥", CardList(nil, []string{"9H"}))
	assert.Equal(t, "9♥, 3♦ and K♣", CardList(nil, []string{"9H", "3D", "KC"}))
}

func wellFormed(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err, s)
	}
}

// pathStart reads an arrow's start point.
func pathStart(t *testing.T, svg, swap string) (string, string) {
	t.Helper()
	m := regexp.MustCompile(`d="M([0-9.]+) ([0-9.-]+) [^"]*" marker-start="[^"]*" marker-end="[^"]*" data-swap="` + swap + `"`).FindStringSubmatch(svg)
	require.NotNil(t, m, svg)
	return m[1], m[2]
}

func TestSwapArrowsConnectTheSlotCentres(t *testing.T) {
	arrows := []Arrow{{A: 9, B: 2, Team: 1}, {A: 4, B: 5, Team: 0}, {A: 11, B: 14, Pending: true}, {A: 3, B: 3}, {A: 0, B: 16}}
	wide := app.HTMLString(SwapArrows("w", 15, 15, arrows))
	wellFormed(t, wide)
	assert.Contains(t, wide, `viewBox="0 0 750 70"`, "15 cells of 50×70 in one row")
	x, _ := pathStart(t, wide, "2-9")
	assert.Equal(t, "75.0", x, "from the lower slot's centre (slot 2)")
	assert.Equal(t, 3, strings.Count(wide, "data-swap="), "a swap needs two different slots on the board")
	assert.Contains(t, wide, `marker-end="url(#w-team1)"`)
	assert.Contains(t, wide, `marker-end="url(#w-pending)"`)

	narrow := app.HTMLString(SwapArrows("n", 15, 5, arrows))
	wellFormed(t, narrow)
	assert.Contains(t, narrow, `viewBox="0 0 250 210"`, "5 columns, 3 rows")
	x, y := pathStart(t, narrow, "11-14")
	assert.Equal(t, "25.0", x, "slot 11 starts the third row")
	assert.Equal(t, "145.6", y, "in one row the arc starts at the cards' top (third row: 140 to 210)")
	x, y = pathStart(t, narrow, "2-9")
	assert.Equal(t, "75.0", x)
	assert.Equal(t, "22.4", y, "across rows: from the upper half of slot 2 (first row)")
}

// TestWonPilesShowCountsPointsAndCards: a pile says its count with its
// unit (in words with its plural when the game gives it: "1 pair"), its
// points with theirs, and its last cards.
func TestWonPilesShowCountsPointsAndCards(t *testing.T) {
	pts := 25
	html := app.HTMLString(WonPiles(nil, "Won piles", []WonPile{
		{Name: "You", Count: 6, Points: &pts, Cards: []string{"9H", "AD", "3H", "4H", "5H"}, Unit: "won", Team: -1, Recent: 3, Turn: true},
		{Name: "West", Count: 2, Unit: "won", Team: -1},
		{Name: "East", Unit: "won", Team: -1, Empty: "no captures"},
		{Name: "North", Count: 1, Unit: "pairs", Counted: "1 pair", Team: -1},
	}))
	assert.Contains(t, html, ">25 points<")
	assert.Contains(t, html, `aria-label="You: 6 won, 25 points"`)
	assert.Contains(t, html, ">1 pair<")
	assert.Contains(t, html, `aria-label="North: 1 pair"`)
	assert.NotContains(t, html, "1 pairs")
	assert.Contains(t, html, ">2 more<", "older cards are counted")
	assert.Equal(t, 1, strings.Count(html, `data-card="9H"`)+strings.Count(html, `data-card="4H"`), "only the last three are drawn")
	assert.Contains(t, html, "wonpile wonpile--turn")
	assert.Contains(t, html, "West: 2 won")
	assert.Contains(t, html, "no captures")
}

func TestStockIsAButtonOnlyWithAnAction(t *testing.T) {
	off := app.HTMLString(Stock(nil, 12, "", "", nil))
	assert.NotContains(t, off, "data-action")
	assert.Contains(t, off, "12")
	on := app.HTMLString(Stock(nil, 12, "draw", "Draw a card", func(app.Context, app.Event) {}))
	assert.Contains(t, on, `data-action="draw"`)
	assert.Contains(t, on, `aria-label="Stock, 12 cards: Draw a card"`, "the action in words, not its notation")
	assert.Contains(t, on, "<button")
	assert.Contains(t, app.HTMLString(Stock(nil, 0, "", "", nil)), "empty")
}
