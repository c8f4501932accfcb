package components

import (
	"regexp"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
)

// The log opens at what just happened: its newest line comes first and the
// list counts down, so every line keeps its number.
func TestLogShowsTheNewestLineFirst(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{"empty", nil, nil},
		{"one line", []string{"You play the ace of spades."}, []string{"You play the ace of spades."}},
		{"three lines", []string{"Round 1.", "West leads.", "East takes the trick."}, []string{"East takes the trick.", "West leads.", "Round 1."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html := app.HTMLString(Log(nil, tc.lines))
			var got []string
			for _, m := range regexp.MustCompile(`<li>([^<]*)</li>`).FindAllStringSubmatch(html, -1) {
				got = append(got, m[1])
			}
			assert.Equal(t, tc.want, got)
			assert.Regexp(t, `<ol[^>]* reversed`, html, "the list counts down")
		})
	}
}
