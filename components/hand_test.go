package components

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHandRowsKeepATapStripForEveryCard: a hand takes as few rows as leave
// every card minStrip of its own, filled evenly; a hand that fits stays one
// row, and one not measured yet is left to the stylesheet.
func TestHandRowsKeepATapStripForEveryCard(t *testing.T) {
	for _, c := range []struct {
		name         string
		n            int
		width, cardW float64
		want         int
	}{
		{"not measured yet", 13, 0, 0, 0},
		{"a single card", 1, 340, 56, 0},
		{"six cards fit one row on an upright phone", 6, 344, 56, 6},
		{"thirteen cards take two rows of seven and six upright", 13, 344, 56, 7},
		{"thirteen cards take two rows sideways", 13, 431, 49, 7},
		{"twelve cards fit one row on a desktop", 12, 800, 78, 12},
		{"a narrow hand takes four rows of four or fewer", 13, 200, 56, 4},
		{"a hand narrower than a card still lays one a row", 3, 40, 56, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := perRow(c.n, c.width, c.cardW)
			assert.Equal(t, c.want, got)
			if got > 0 && got < c.n {
				// Every row keeps the strip: its cards fit the width.
				room := c.width - 2*fanPad - 1
				assert.LessOrEqual(t, float64(got-1)*minStrip+c.cardW, max(room, c.cardW), "a row of %d fits", got)
			}
		})
	}
}
