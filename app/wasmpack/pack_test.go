package main

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// image is the memory a module's data segments make, from address 0 to the
// end of the last segment, written in the order the module lists them.
func image(t testing.TB, wasm []byte) []byte {
	t.Helper()
	m, err := parseModule(wasm)
	require.NoError(t, err)
	var end uint64
	for _, s := range m.segments {
		end = max(end, s.end())
	}
	require.LessOrEqual(t, end, uint64(64<<20), "a test image stays small")
	mem := make([]byte, end)
	for _, s := range m.segments {
		copy(mem[s.offset:], s.data)
	}
	return bytes.TrimRight(mem, "\x00")
}

// checkLayout checks what pack promises of its segments: in address order,
// no zero byte at either end, no run of more than gap zeros inside, and more
// than gap bytes between two of them.
func checkLayout(t testing.TB, wasm []byte, gap int) {
	t.Helper()
	m, err := parseModule(wasm)
	require.NoError(t, err)
	for i, s := range m.segments {
		require.NotEmpty(t, s.data, "segment %d", i)
		require.NotZero(t, s.data[0], "segment %d starts with a zero", i)
		require.NotZero(t, s.data[len(s.data)-1], "segment %d ends with a zero", i)
		require.NotContains(t, string(s.data), string(make([]byte, gap+1)), "segment %d", i)
		if i > 0 {
			require.Greater(t, uint64(s.offset), m.segments[i-1].end()+uint64(gap), "segment %d is within %d bytes of the one before", i, gap)
		}
	}
}

func TestPackJoinsSegmentsAcrossShortGaps(t *testing.T) {
	in := wasmOf(typeSec, memorySec, section(11, dataBody(
		segment{100, []byte{1, 2}},
		segment{120, []byte{3}},       // 18 zeros after the first: joined
		segment{140, []byte{4, 0, 0}}, // 19 zeros: a new segment
		segment{160, []byte{0, 0, 5}}, // 21 zeros from the 4 to the 5
		segment{163, []byte{6}},       // right after
	)), nameSec)
	out, st, err := pack(in, 18)
	require.NoError(t, err)
	m, err := parseModule(out)
	require.NoError(t, err)
	assert.Equal(t, []segment{
		{100, append([]byte{1, 2}, append(make([]byte, 18), 3)...)},
		{140, []byte{4}},
		{162, []byte{5, 6}},
	}, m.segments)
	assert.Equal(t, wasmOf(typeSec, memorySec), m.head, "the sections before the data are kept")
	assert.Equal(t, nameSec, m.tail, "the sections after it are kept")
	assert.Equal(t, stats{segmentsBefore: 5, segmentsAfter: 3, bytesBefore: len(in), bytesAfter: len(out)}, st)
	assert.Equal(t, image(t, in), image(t, out))

	out, _, err = pack(in, 21)
	require.NoError(t, err)
	m, err = parseModule(out)
	require.NoError(t, err)
	require.Len(t, m.segments, 1, "with a gap of 21 all of it is one segment")
	assert.Equal(t, image(t, in), image(t, out))
}

func TestPackSplitsLongZeroRunsAndSortsByAddress(t *testing.T) {
	long := append(append([]byte{7}, make([]byte, 40)...), 8, 0, 0)
	in := wasmOf(section(11, dataBody(
		segment{1000, long},
		segment{10, []byte{0, 0, 9}}, // listed after, lower address
		segment{500, make([]byte, 30)},
		segment{600, nil},
	)))
	out, st, err := pack(in, 8)
	require.NoError(t, err)
	m, err := parseModule(out)
	require.NoError(t, err)
	assert.Equal(t, []segment{{12, []byte{9}}, {1000, []byte{7}}, {1041, []byte{8}}}, m.segments)
	assert.Equal(t, 3, st.segmentsAfter)
	assert.Equal(t, image(t, in), image(t, out))
}

func TestPackKeepsAModuleWithoutData(t *testing.T) {
	in := wasmOf(typeSec, nameSec)
	out, st, err := pack(in, 8)
	require.NoError(t, err)
	assert.Equal(t, in, out)
	assert.Equal(t, stats{bytesBefore: len(in), bytesAfter: len(in)}, st)

	out, _, err = pack(wasmOf(typeSec, section(11, dataBody(segment{8, make([]byte, 9)}))), 8)
	require.NoError(t, err)
	assert.Equal(t, wasmOf(typeSec, section(11, dataBody())), out, "a data section of zeros packs to no segment")
}

func TestPackRefuses(t *testing.T) {
	_, _, err := pack(wasmOf(section(11, dataBody(segment{10, []byte{1, 2, 3}}, segment{12, []byte{4}}))), 8)
	assert.True(t, errors.Is(err, errUnsupported), "overlapping segments: %v", err)
	_, _, err = pack(wasmOf(section(11, dataBody(segment{10, []byte{1, 2, 3}}, segment{11, nil}, segment{12, []byte{4}}))), 8)
	assert.True(t, errors.Is(err, errUnsupported), "overlapping segments around an empty one: %v", err)
	var far []segment // a byte every 60,000: joining them writes far more zeros than data
	for i := range 40 {
		far = append(far, segment{uint32(i * 60000), []byte{1}})
	}
	_, _, err = pack(wasmOf(section(11, dataBody(far...))), maxGap)
	assert.ErrorContains(t, err, "zeros")
	_, st, err := pack(wasmOf(section(11, dataBody(far[:10]...))), maxGap)
	require.NoError(t, err, "up to a MiB of zeros more than data")
	assert.Equal(t, 1, st.segmentsAfter)
	_, _, err = pack([]byte("not wasm"), 8)
	assert.Error(t, err)
	for _, gap := range []int{-1, maxGap + 1} {
		_, _, err = pack(wasmOf(), gap)
		assert.Error(t, err, "gap %d", gap)
	}
}

// TestSameMemoryFindsEveryDifference makes sure pack's check of its own
// result can fail.
func TestSameMemoryFindsEveryDifference(t *testing.T) {
	base := []segment{{10, []byte{1, 0, 2}}, {20, []byte{3}}}
	require.NoError(t, sameMemory(base, []segment{{10, []byte{1}}, {12, []byte{2, 0, 0, 0}}, {20, []byte{3}}}))
	for name, other := range map[string][]segment{
		"a byte changed": {{10, []byte{1, 0, 2}}, {20, []byte{4}}},
		"a byte moved":   {{10, []byte{1, 2}}, {20, []byte{3}}},
		"a byte missing": {{10, []byte{1, 0, 2}}},
		"a byte more":    {{10, []byte{1, 0, 2}}, {20, []byte{3, 5}}},
		"the first gone": {{12, []byte{2}}, {20, []byte{3}}},
	} {
		assert.Error(t, sameMemory(base, other), name)
		assert.Error(t, sameMemory(other, base), name)
	}
}

// TestPackRandomModules packs modules of random segments, some listed out
// of address order, with zeros inside, between and around them.
func TestPackRandomModules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var segs []segment
		addr := uint32(r.IntN(64))
		for range r.IntN(40) {
			d := make([]byte, r.IntN(60))
			for i := range d {
				if r.IntN(3) == 0 {
					d[i] = byte(1 + r.IntN(255))
				}
			}
			// Runs of zeros of every length around the gaps tried.
			for range r.IntN(3) {
				at, n := r.IntN(len(d)+1), r.IntN(40)
				d = append(d[:at], append(make([]byte, n), d[at:]...)...)
			}
			segs = append(segs, segment{addr, d})
			addr += uint32(len(d) + r.IntN(40))
		}
		r.Shuffle(len(segs), func(i, j int) { segs[i], segs[j] = segs[j], segs[i] })
		in := wasmOf(typeSec, section(11, dataBody(segs...)), nameSec)
		gap := r.IntN(30)
		out, st, err := pack(in, gap)
		require.NoError(t, err)
		require.Equal(t, image(t, in), image(t, out))
		checkLayout(t, out, gap)
		require.Equal(t, len(segs), st.segmentsBefore)
		again, _, err := pack(out, gap)
		require.NoError(t, err)
		require.Equal(t, out, again, "packing is idempotent")
	}
}

func TestPackFileInPlaceAndElsewhere(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "app.wasm")
	in := wasmOf(typeSec, section(11, dataBody(segment{8, []byte{1}}, segment{12, []byte{2}})))
	require.NoError(t, os.WriteFile(src, in, 0o750))

	dst := filepath.Join(dir, "packed.wasm")
	st, err := packFile(src, dst, 8, "")
	require.NoError(t, err)
	assert.Equal(t, 1, st.segmentsAfter)
	packed, err := os.ReadFile(dst)
	require.NoError(t, err)
	kept, err := os.ReadFile(src)
	require.NoError(t, err)
	assert.Equal(t, in, kept, "-o leaves the input alone")

	_, err = packFile(src, src, 8, "")
	require.NoError(t, err)
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	assert.Equal(t, packed, b)
	fi, err := os.Stat(src)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o750), fi.Mode().Perm(), "the file keeps its permissions")

	bad := filepath.Join(dir, "bad.wasm")
	require.NoError(t, os.WriteFile(bad, []byte("\x00asm\x01\x00\x00\x00\x0b\x09"), 0o644))
	_, err = packFile(bad, bad, 8, "")
	assert.Error(t, err)
	b, err = os.ReadFile(bad)
	require.NoError(t, err)
	assert.Equal(t, []byte("\x00asm\x01\x00\x00\x00\x0b\x09"), b, "a module that does not read is left as it is")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "no temporary file is left behind")
}

func FuzzPack(f *testing.F) {
	f.Add(wasmOf(typeSec, section(11, dataBody(segment{100, []byte{1, 2}}, segment{120, []byte{3, 0, 0, 4}})), nameSec), uint16(18))
	f.Add(wasmOf(section(11, dataBody(segment{0xfffffff0, []byte{1, 0, 0, 2}}, segment{0, []byte{0, 9}}))), uint16(1))
	f.Add(wasmOf(section(12, []byte{0})), uint16(8))
	f.Add(wasmOf(section(11, []byte{1, 2, 0, 0x41, 8, 0x0b, 1, 7})), uint16(8))
	f.Add([]byte("\x00asm\x01\x00\x00\x00\x0b\x85\x80\x80\x80\x00\x01\x00\x41\x00\x0b"), uint16(0))
	f.Fuzz(func(t *testing.T, wasm []byte, g uint16) {
		gap := int(g) % (maxGap + 1)
		out, st, err := pack(wasm, gap)
		if err != nil {
			return
		}
		m, err := parseModule(out)
		if err != nil {
			t.Fatalf("the packed module does not read back: %v", err)
		}
		checkLayout(t, out, gap)
		in, _ := parseModule(wasm)
		before, err := sortedSegments(in.segments)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameMemory(before, m.segments); err != nil {
			t.Fatal(err)
		}
		// Every segment holds the start of a stretch of non-zero bytes.
		stretches := 0
		for _, s := range in.segments {
			for i, c := range s.data {
				if c != 0 && (i == 0 || s.data[i-1] == 0) {
					stretches++
				}
			}
		}
		if st.segmentsAfter > stretches {
			t.Fatalf("%d segments from %d stretches of non-zero bytes", st.segmentsAfter, stretches)
		}
	})
}
