package deflate

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// samples are what a link may pack: nothing, a few bytes, a record's JSON
// (repetitive), and bytes that do not compress.
func samples() map[string][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 20000)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	var rec strings.Builder
	rec.WriteString(`{"game":"king","players":4,"seed":7,"actions":[`)
	for i := range 450 {
		fmt.Fprintf(&rec, `{"seat":%d,"act":"play %d%c"},`, i%4, 2+i%9, "CDHS"[i%4])
	}
	rec.WriteString(`]}`)
	return map[string][]byte{"empty": {}, "short": []byte("hi"), "record": []byte(rec.String()), "noise": noise}
}

// goPack is compress/flate's stream of data, as a link made natively holds.
func goPack(t *testing.T, data []byte) []byte {
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestCompression)
	require.NoError(t, err)
	_, err = zw.Write(data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// TestPackThenUnpackGivesTheBytesBack, and either side reads the other's
// streams: what Pack writes compress/flate reads, and what compress/flate
// writes Unpack reads (natively and in the browser alike).
func TestPackThenUnpackGivesTheBytesBack(t *testing.T) {
	for name, data := range samples() {
		packed, err := Pack(data)
		require.NoError(t, err, name)
		got, err := Unpack(packed, len(data)+1)
		require.NoError(t, err, name)
		assert.Equal(t, data, got, name)

		read, err := io.ReadAll(flate.NewReader(bytes.NewReader(packed)))
		require.NoError(t, err, name)
		assert.Equal(t, data, read, "%s: compress/flate reads Pack's stream", name)

		got, err = Unpack(goPack(t, data), len(data)+1)
		require.NoError(t, err, name)
		assert.Equal(t, data, got, "%s: Unpack reads compress/flate's stream", name)
		if name == "record" {
			assert.Less(t, len(packed), len(data)/4, "a record packs small")
			t.Logf("a record of %d B packs to %d B here, %d B with compress/flate", len(data), len(packed), len(goPack(t, data)))
		}
	}
}

// TestAStreamCutShortIsSaidSo: every cut of a record's stream before its
// end is ErrCutShort, never a record.
func TestAStreamCutShortIsSaidSo(t *testing.T) {
	data := samples()["record"]
	packed := goPack(t, data)
	for _, n := range []int{0, 1, len(packed) / 3, len(packed) / 2, len(packed) - 1} {
		got, err := Unpack(packed[:n], len(data)+1)
		assert.ErrorIs(t, err, ErrCutShort, "cut to %d of %d bytes", n, len(packed))
		assert.Nil(t, got)
	}
}

// TestADamagedStreamIsAnError: bytes that are not DEFLATE are an error,
// and not one that says the stream was cut.
func TestADamagedStreamIsAnError(t *testing.T) {
	for _, bad := range [][]byte{[]byte("hello world"), {0xff, 0xff, 0xff, 0x00}} {
		got, err := Unpack(bad, 1000)
		require.Error(t, err, "%q", bad)
		assert.NotErrorIs(t, err, ErrCutShort, "%q", bad)
		assert.Nil(t, got)
	}
}

// TestUnpackStopsAtItsLimit: a small stream that unpacks to a megabyte
// (a link made to exhaust the page) is read no further than the limit.
func TestUnpackStopsAtItsLimit(t *testing.T) {
	bomb := goPack(t, make([]byte, 1<<20))
	require.Less(t, len(bomb), 2000)
	got, err := Unpack(bomb, 5000)
	require.NoError(t, err)
	assert.Len(t, got, 5000)
}
