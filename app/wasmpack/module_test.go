package main

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// header is the start of every WebAssembly binary.
var header = []byte("\x00asm\x01\x00\x00\x00")

// section encodes a section with its id and body.
func section(id byte, body []byte) []byte {
	return append(appendU32([]byte{id}, uint32(len(body))), body...)
}

// wasmOf joins a header and sections.
func wasmOf(sections ...[]byte) []byte {
	return bytes.Join(append([][]byte{header}, sections...), nil)
}

// dataBody encodes a data section's body of active segments in memory 0.
func dataBody(segs ...segment) []byte {
	b := appendU32(nil, uint32(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendS32(b, int32(s.offset))
		b = append(b, 0x0b)
		b = appendU32(b, uint32(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// Sections a Go module has around its data section, with made-up bodies.
var (
	typeSec   = section(1, []byte{1, 0x60, 0, 0})
	memorySec = section(5, []byte{1, 0, 2})
	nameSec   = section(0, append([]byte{4}, "name\x01\x02\x03"...))
)

func TestLEB128RoundTrips(t *testing.T) {
	for _, v := range []uint32{0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 1<<28 - 1, 1 << 28, math.MaxUint32} {
		b := appendU32(nil, v)
		got, n, err := readU32(append(b, 0xff))
		require.NoError(t, err, "%d", v)
		assert.Equal(t, v, got)
		assert.Equal(t, len(b), n)
	}
	for _, v := range []int32{0, 1, -1, 63, 64, -64, -65, 8191, 8192, -8193, math.MaxInt32, math.MinInt32} {
		b := appendS32(nil, v)
		got, n, err := readS32(append(b, 0xff))
		require.NoError(t, err, "%d", v)
		assert.Equal(t, v, got)
		assert.Equal(t, len(b), n)
	}
	// Go's linker writes section sizes in five bytes whatever their value.
	got, n, err := readU32([]byte{0x85, 0x80, 0x80, 0x80, 0x00})
	require.NoError(t, err)
	assert.Equal(t, uint32(5), got)
	assert.Equal(t, 5, n)
}

func TestLEB128Refused(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty":      {},
		"cut short":  {0x80, 0x80},
		"six bytes":  {0x80, 0x80, 0x80, 0x80, 0x80, 0x00},
		"33 bits":    {0xff, 0xff, 0xff, 0xff, 0x1f},
		"the 5th ff": {0xff, 0xff, 0xff, 0xff, 0x7f},
	} {
		_, _, err := readU32(b)
		assert.Error(t, err, "unsigned %s", name)
	}
	for name, b := range map[string][]byte{
		"empty":     {},
		"cut short": {0xff},
		"six bytes": {0x80, 0x80, 0x80, 0x80, 0x80, 0x00},
		"2^31":      {0x80, 0x80, 0x80, 0x80, 0x08},
		"-2^31-1":   {0xff, 0xff, 0xff, 0xff, 0x77},
	} {
		_, _, err := readS32(b)
		assert.Error(t, err, "signed %s", name)
	}
}

func TestParseModuleReadsTheDataSection(t *testing.T) {
	data := section(11, dataBody(segment{16, []byte{1, 2}}, segment{0x80000000, []byte{3}}))
	b := wasmOf(typeSec, memorySec, data, nameSec)
	m, err := parseModule(b)
	require.NoError(t, err)
	require.True(t, m.hasData)
	assert.Equal(t, []segment{{16, []byte{1, 2}}, {0x80000000, []byte{3}}}, m.segments)
	assert.Equal(t, wasmOf(typeSec, memorySec), m.head)
	assert.Equal(t, nameSec, m.tail)
	assert.Equal(t, b, m.encode(m.segments), "a data section written as Go's linker writes it reads back the same")

	m, err = parseModule(wasmOf(typeSec, nameSec))
	require.NoError(t, err)
	assert.False(t, m.hasData)
}

func TestParseModuleAcceptsAnExplicitMemoryZero(t *testing.T) {
	body := []byte{1, 2, 0, 0x41, 8, 0x0b, 1, 7} // one segment, flags 2, memory 0
	m, err := parseModule(wasmOf(section(11, body)))
	require.NoError(t, err)
	assert.Equal(t, []segment{{8, []byte{7}}}, m.segments)
}

func TestParseModuleRefusesBadInput(t *testing.T) {
	seg := func(b ...byte) []byte { return wasmOf(section(11, b)) }
	for name, c := range map[string]struct {
		wasm        []byte
		unsupported bool
	}{
		"empty":                 {wasm: nil},
		"no magic":              {wasm: []byte("\x00wasm\x01\x00\x00\x00")},
		"version 2":             {wasm: []byte("\x00asm\x02\x00\x00\x00")},
		"unknown section":       {wasm: wasmOf([]byte{14, 0})},
		"section size cut":      {wasm: append(wasmOf(), 1, 0x80)},
		"section too long":      {wasm: append(wasmOf(), 1, 5, 0)},
		"two data sections":     {wasm: wasmOf(section(11, dataBody()), section(11, dataBody()))},
		"data count":            {wasm: wasmOf(section(12, []byte{0}), section(11, dataBody())), unsupported: true},
		"count past the end":    {wasm: seg(3, 0, 0x41, 0, 0x0b, 0)},
		"count cut":             {wasm: seg(0x80)},
		"flags cut":             {wasm: seg(1, 0x80, 0x41, 0, 0x0b, 0)},
		"unknown flags":         {wasm: seg(1, 3, 0x41, 0, 0x0b, 0)},
		"passive":               {wasm: seg(1, 1, 1, 7, 0, 0), unsupported: true},
		"memory 1":              {wasm: seg(1, 2, 1, 0x41, 0, 0x0b, 0), unsupported: true},
		"memory index cut":      {wasm: seg(1, 2, 0x80, 0x80, 0x80, 0x80, 0x80)},
		"global.get offset":     {wasm: seg(1, 0, 0x23, 0, 0x0b, 0), unsupported: true},
		"offset cut":            {wasm: seg(1, 0, 0x41, 0x80, 0x80, 0x80, 0x80)},
		"offset then i32.add":   {wasm: seg(1, 0, 0x41, 0, 0x6a, 0x0b, 0), unsupported: true},
		"unreachable after":     {wasm: seg(1, 0, 0x41, 0, 0, 0), unsupported: true},
		"cut after the flags":   {wasm: seg(2, 0, 0x41, 0, 0x0b, 5, 1, 2, 3, 4, 5, 0)},
		"cut after the offset":  {wasm: seg(2, 0, 0x41, 0, 0x0b, 5, 1, 2, 3, 4, 5, 0, 0x41, 0)},
		"size cut":              {wasm: seg(1, 0, 0x41, 0, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80)},
		"size past the end":     {wasm: seg(1, 0, 0x41, 0, 0x0b, 4, 1, 2)},
		"ends past 4 GiB":       {wasm: seg(1, 0, 0x41, 0x7f, 0x0b, 2, 1, 2)},
		"bytes after the last":  {wasm: seg(1, 0, 0x41, 0, 0x0b, 1, 1, 9)},
		"offset over 32 bits":   {wasm: seg(1, 0, 0x41, 0x80, 0x80, 0x80, 0x80, 0x10, 0x0b, 0)},
		"section id past a tag": {wasm: wasmOf(section(0x20, nil))},
	} {
		_, err := parseModule(c.wasm)
		if assert.Error(t, err, name) {
			assert.Equal(t, c.unsupported, errors.Is(err, errUnsupported), "%s: %v", name, err)
		}
	}
}
