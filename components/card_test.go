package components

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCardNameSpeaksEveryKindOfCard(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"QH", "queen of hearts"},
		{"10S", "10 of spades"},
		{"7C", "7 of clubs"},
		{"AD", "ace of diamonds"},
		{"1D", "1 of diamonds"},
		{"papa3", "Papa 3"},
		{"wild", "Wildcard"},
		{"", "face-down card"},
	} {
		assert.Equal(t, tc.want, CardName(nil, tc.code), tc.code)
	}
}

func TestSplitCodeRefusesNonCards(t *testing.T) {
	for _, bad := range []string{"", "Q", "QX", "11H", "papa3", "HQ", "10"} {
		_, _, ok := SplitCode(bad)
		assert.False(t, ok, bad)
	}
	r, s, ok := SplitCode("10H")
	require.True(t, ok)
	assert.Equal(t, "10", r)
	assert.Equal(t, byte('H'), s)
}

// Every face is well-formed SVG with one root, so it renders inline.
func TestCardSVGIsWellFormed(t *testing.T) {
	codes := []string{""}
	for _, s := range "CDHS" {
		for _, r := range []string{"A", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			codes = append(codes, r+string(s))
		}
	}
	codes = append(codes, "papa1", "duquesas5", "fritas2", "wild", "nopoh", "tedije", "dorada", "robo", "<odd&>")
	for _, c := range codes {
		svg := CardSVG(nil, c)
		dec := xml.NewDecoder(strings.NewReader(svg))
		depth, roots := 0, 0
		for {
			tok, err := dec.Token()
			if err != nil {
				assert.EqualError(t, err, "EOF", "card %q", c)
				break
			}
			switch tok.(type) {
			case xml.StartElement:
				if depth == 0 {
					roots++
				}
				depth++
			case xml.EndElement:
				depth--
			}
		}
		assert.Equal(t, 1, roots, "card %q has one root", c)
		assert.True(t, strings.HasPrefix(svg, "<svg"), c)
	}
}

func TestNumberCardsDrawTheirPips(t *testing.T) {
	for n := 2; n <= 10; n++ {
		code := []string{"", "", "2", "3", "4", "5", "6", "7", "8", "9", "10"}[n] + "S"
		// corner pips (2) + centre pips (n)
		assert.Equal(t, n+2, strings.Count(CardSVG(nil, code), "<path"), code)
	}
}

func TestPositionPutsTheLocalSeatAtTheBottom(t *testing.T) {
	assert.Equal(t, "bottom", Position(2, 2, 4))
	assert.Equal(t, "left", Position(3, 2, 4))
	assert.Equal(t, "top", Position(0, 2, 4))
	assert.Equal(t, "right", Position(1, 2, 4))
	assert.Equal(t, "top", Position(1, 0, 2))
	for n := 1; n <= 7; n++ {
		seen := map[string]bool{}
		for s := 0; s < n; s++ {
			seen[Position(s, 0, n)] = true
		}
		assert.Len(t, seen, n, "%d players get distinct places", n)
	}
	for _, n := range []int{-1, 0, 8} {
		assert.Equal(t, "top", Position(0, 0, n), "%d players: no table of places", n)
	}
}

// A face as an image's address holds nothing a data: address must escape,
// and reads back as the face.
func TestCardURLReadsBackAsItsFace(t *testing.T) {
	for _, code := range []string{"", "QH", "10S", "papa3", "dorada", "<odd&>"} {
		u := CardURL(nil, code)
		require.True(t, strings.HasPrefix(u, "data:image/svg+xml,"), code)
		body := strings.TrimPrefix(u, "data:image/svg+xml,")
		assert.NotContains(t, body, "#", code)
		assert.NotContains(t, body, "<", code)
		assert.NotContains(t, body, `"`, code)
		back, err := url.PathUnescape(body)
		require.NoError(t, err, code)
		assert.Equal(t, CardSVG(nil, code), back, code)
	}
}

// A named card's title is large (a quarter of the card's width) and breaks
// into two even lines when it has several words.
func TestNamedCardTitleIsLargeAndBreaksEvenly(t *testing.T) {
	for _, c := range []struct {
		title string
		want  []string
	}{
		{"Papa", []string{"Papa"}},
		{"Papa Dorada", []string{"Papa", "Dorada"}},
		{"Robo de Papa", []string{"Robo", "de Papa"}},
		{"No Poh", []string{"No", "Poh"}},
	} {
		assert.Equal(t, c.want, titleLines(c.title), c.title)
	}
	assert.Contains(t, CardSVG(nil, "dorada"), fmt.Sprintf(`font-size="%d"`, namedTitleSize))
	assert.GreaterOrEqual(t, namedTitleSize, 25, "12 px on a hand card 48 px wide")
}
