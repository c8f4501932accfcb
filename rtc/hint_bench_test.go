package rtc

import (
	"testing"

	"cardtable/games/catalog"
)

// BenchmarkHint is one hint per game, mid-match (hintStep): what the player waits for after tapping Hint.
func BenchmarkHint(b *testing.B) {
	for _, e := range catalog.All() {
		if e.Advisor == nil {
			continue
		}
		b.Run(e.ID(), func(b *testing.B) {
			l := hintTable(b, e, hintStep(e))
			for i := 0; b.Loop(); i++ {
				if _, err := l.hint(uint64(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
