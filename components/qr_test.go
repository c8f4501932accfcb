package components

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"rsc.io/qr"
)

// The path draws exactly the code's black modules, shifted by the quiet zone.
func TestQRSVGDrawsEveryBlackModule(t *testing.T) {
	link := "http://127.0.0.1:8000/play?room=AbCdEfGhIjKlMnOp"
	code, err := qr.Encode(link, qr.M)
	require.NoError(t, err)
	svg := QRSVG(link)
	require.NotEmpty(t, svg)
	drawn := map[[2]int]bool{}
	for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-\d+z`).FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[2])
		run, _ := strconv.Atoi(m[3])
		for i := range run {
			drawn[[2]int{x + i - 4, y - 4}] = true
		}
	}
	for y := range code.Size {
		for x := range code.Size {
			assert.Equal(t, code.Black(x, y), drawn[[2]int{x, y}], "module %d,%d", x, y)
		}
	}
	assert.Contains(t, svg, `viewBox="0 0 `+strconv.Itoa(code.Size+8)+" ")
}

func TestQRSVGRefusesTextTooLong(t *testing.T) {
	long := make([]byte, 5000)
	for i := range long {
		long[i] = 'a'
	}
	assert.Empty(t, QRSVG(string(long)))
}
