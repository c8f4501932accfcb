//go:build !(js && wasm)

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
)

// TestStatsDatesFollowTheLanguage: a match's date is written in the
// language's order of day, month and year.
func TestStatsDatesFollowTheLanguage(t *testing.T) {
	ms := time.Date(2026, 11, 7, 8, 5, 0, 0, time.UTC).UnixMilli()
	w := statsWords{tz: time.UTC}
	assert.Equal(t, "2026-11-07 08:05", w.date(ms))
	assert.Equal(t, "11-07", w.day(ms))
	for tag, want := range map[string]string{"ru": "07.11.2026 08:05", "zh-Hans": "2026/11/07 08:05", "es": "07/11/2026 08:05", "vi": "08:05 07/11/2026"} {
		t.Run(tag, func(t *testing.T) {
			c, err := msg.Load(tag)
			require.NoError(t, err)
			assert.Equal(t, want, statsWords{p: c, tz: time.UTC}.date(ms))
		})
	}
}
