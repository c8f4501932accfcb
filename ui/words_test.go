package ui

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// cardCodeRegexp is how the reasons' cards were found before: the plain
// string code must find exactly what it found.
var cardCodeRegexp = regexp.MustCompile(`\b(10|[2-9AJQK])[CDHS]\b`)

func bracket(code string) string { return "<" + code + ">" }

func TestReasonCardsAreWordsOfTheirOwn(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"you do not hold 9C", "you do not hold <9C>"},
		{"10H beats 9H", "<10H> beats <9H>"},
		{"AS, KD and QS", "<AS>, <KD> and <QS>"},
		{"JC.", "<JC>."},
		{"(2D)", "(<2D>)"},
		{"no card here", "no card here"},
		{"", ""},
		{"1C is no rank", "1C is no rank"},
		{"11C and 100C are no ranks", "11C and 100C are no ranks"},
		{"10X is no suit", "10X is no suit"},
		{"A9C and 9CS are inside words", "A9C and 9CS are inside words"},
		{"_9C 9C_ x9C", "_9C 9C_ x9C"},
		{"9c is lower case", "9c is lower case"},
		{"é9C and 9Cé end at letters outside ASCII", "é<9C> and <9C>é end at letters outside ASCII"},
		{"10", "10"},
		{"9", "9"},
		{"KH", "<KH>"},
		{"must follow clubs", "must follow clubs"},
		{"10C10C", "10C10C"},
		{"9C-9D", "<9C>-<9D>"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			assert.Equal(t, tc.want, replaceCardCodes(tc.in, bracket))
			assert.Equal(t, cardCodeRegexp.ReplaceAllStringFunc(tc.in, bracket), replaceCardCodes(tc.in, bracket))
		})
	}
}

// Random strings over the notation's letters and the characters around
// them: the plain code and the regular expression agree on every one.
func TestReasonCardsFoundAsTheRegularExpressionFoundThem(t *testing.T) {
	const alphabet = "0123456789AJQKCDHSx_ .,-é"
	runes := []rune(alphabet)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteRune(runes[r.IntN(len(runes))])
		}
		s := b.String()
		if !assert.Equal(t, cardCodeRegexp.ReplaceAllStringFunc(s, bracket), replaceCardCodes(s, bracket), "%q", s) {
			return
		}
	}
}
