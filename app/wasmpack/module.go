package main

import (
	"bytes"
	"errors"
	"fmt"
)

// Section ids of the WebAssembly binary format this tool looks at.
const (
	sectionData      = 11
	sectionDataCount = 12
	lastSectionID    = 13 // tag, from the exception-handling proposal
)

// errUnsupported marks a module that is well formed but not one this tool
// may repack (its code may name data segments, or a segment is not an active
// one at a constant offset in memory 0).
var errUnsupported = errors.New("not packable")

// A segment is an active data segment of memory 0: its bytes are copied to
// the constant address offset when the module is instantiated.
type segment struct {
	offset uint32
	data   []byte
}

func (s segment) end() uint64 { return uint64(s.offset) + uint64(len(s.data)) }

// A module is a WebAssembly binary cut around its data section: the bytes
// before it and after it, kept as they are, and the segments it holds.
type module struct {
	head, tail []byte
	segments   []segment
	hasData    bool
}

// parseModule reads a WebAssembly binary: its header, the frame of every
// section, and the data section in full. Every length is checked against
// the bytes left, so bad input gives an error.
func parseModule(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module (no \\0asm header)")
	}
	if !bytes.Equal(b[4:8], []byte{1, 0, 0, 0}) {
		return nil, fmt.Errorf("WebAssembly binary version %x, want 1", b[4:8])
	}
	m := &module{head: b}
	for p := 8; p < len(b); {
		start, id := p, b[p]
		if id > lastSectionID {
			return nil, fmt.Errorf("section at byte %d: unknown id %d", start, id)
		}
		size, n, err := readU32(b[p+1:])
		if err != nil {
			return nil, fmt.Errorf("section %d at byte %d: size: %w", id, start, err)
		}
		p += 1 + n
		if uint64(size) > uint64(len(b)-p) {
			return nil, fmt.Errorf("section %d at byte %d: %d bytes, only %d left", id, start, size, len(b)-p)
		}
		body := b[p : p+int(size)]
		p += int(size)
		switch id {
		case sectionDataCount:
			return nil, fmt.Errorf("%w: the module has a data count section, so its code may name data segments by index", errUnsupported)
		case sectionData:
			if m.hasData {
				return nil, fmt.Errorf("a second data section at byte %d", start)
			}
			segs, err := parseData(body)
			if err != nil {
				return nil, fmt.Errorf("data section at byte %d: %w", start, err)
			}
			m.hasData, m.segments = true, segs
			m.head, m.tail = b[:start], b[p:]
		}
	}
	return m, nil
}

// parseData reads a data section's body: a count, then per segment its
// flags, its offset expression, its size and its bytes.
func parseData(b []byte) ([]segment, error) {
	count, p, err := readU32(b)
	if err != nil {
		return nil, fmt.Errorf("segment count: %w", err)
	}
	// The smallest active segment takes five bytes: flags, i32.const,
	// offset, end, size.
	if uint64(count) > uint64(len(b)-p)/5 {
		return nil, fmt.Errorf("%d segments cannot fit in %d bytes", count, len(b)-p)
	}
	segs := make([]segment, 0, count)
	for i := range count {
		flags, n, err := readU32(b[p:])
		if err != nil {
			return nil, fmt.Errorf("segment %d: flags: %w", i, err)
		}
		p += n
		switch flags {
		case 0:
		case 2:
			mem, n, err := readU32(b[p:])
			if err != nil {
				return nil, fmt.Errorf("segment %d: memory index: %w", i, err)
			}
			if mem != 0 {
				return nil, fmt.Errorf("%w: segment %d fills memory %d", errUnsupported, i, mem)
			}
			p += n
		case 1:
			return nil, fmt.Errorf("%w: segment %d is passive", errUnsupported, i)
		default:
			return nil, fmt.Errorf("segment %d: unknown flags %d", i, flags)
		}
		if p+1 >= len(b) {
			return nil, fmt.Errorf("segment %d: cut short", i)
		}
		if b[p] != 0x41 { // i32.const
			return nil, fmt.Errorf("%w: segment %d's offset is not an i32.const", errUnsupported, i)
		}
		off, n, err := readS32(b[p+1:])
		if err != nil {
			return nil, fmt.Errorf("segment %d: offset: %w", i, err)
		}
		p += 1 + n
		if p >= len(b) {
			return nil, fmt.Errorf("segment %d: cut short", i)
		}
		if b[p] != 0x0b { // end
			return nil, fmt.Errorf("%w: segment %d's offset expression goes on after its constant", errUnsupported, i)
		}
		p++
		size, n, err := readU32(b[p:])
		if err != nil {
			return nil, fmt.Errorf("segment %d: size: %w", i, err)
		}
		p += n
		if uint64(size) > uint64(len(b)-p) {
			return nil, fmt.Errorf("segment %d: %d bytes, only %d left", i, size, len(b)-p)
		}
		s := segment{offset: uint32(off), data: b[p : p+int(size)]}
		if s.end() > 1<<32 {
			return nil, fmt.Errorf("segment %d: ends past 4 GiB", i)
		}
		p += int(size)
		segs = append(segs, s)
	}
	if p != len(b) {
		return nil, fmt.Errorf("%d bytes after the last segment", len(b)-p)
	}
	return segs, nil
}

// encode writes the module with segs as its data section.
func (m *module) encode(segs []segment) []byte {
	var body []byte
	body = appendU32(body, uint32(len(segs)))
	for _, s := range segs {
		body = append(body, 0, 0x41) // active in memory 0, i32.const
		body = appendS32(body, int32(s.offset))
		body = append(body, 0x0b) // end
		body = appendU32(body, uint32(len(s.data)))
		body = append(body, s.data...)
	}
	out := make([]byte, 0, len(m.head)+len(body)+6+len(m.tail))
	out = append(out, m.head...)
	out = append(out, sectionData)
	out = appendU32(out, uint32(len(body)))
	out = append(out, body...)
	return append(out, m.tail...)
}

// readU32 reads an unsigned LEB128 number of at most 32 bits and returns it
// with the count of bytes it took.
func readU32(b []byte) (uint32, int, error) {
	var v uint64
	for i := 0; i < 5; i++ {
		if i >= len(b) {
			return 0, 0, errors.New("number cut short")
		}
		c := b[i]
		v |= uint64(c&0x7f) << (7 * i)
		if c&0x80 == 0 {
			if v > 1<<32-1 {
				return 0, 0, errors.New("number over 32 bits")
			}
			return uint32(v), i + 1, nil
		}
	}
	return 0, 0, errors.New("number longer than 5 bytes")
}

// readS32 reads a signed LEB128 number of at most 32 bits.
func readS32(b []byte) (int32, int, error) {
	var v int64
	for i := 0; i < 5; i++ {
		if i >= len(b) {
			return 0, 0, errors.New("number cut short")
		}
		c := b[i]
		v |= int64(c&0x7f) << (7 * i)
		if c&0x80 == 0 {
			if shift := 7 * (i + 1); c&0x40 != 0 {
				v -= 1 << shift // sign-extend
			}
			if v < -1<<31 || v > 1<<31-1 {
				return 0, 0, errors.New("number over 32 bits")
			}
			return int32(v), i + 1, nil
		}
	}
	return 0, 0, errors.New("number longer than 5 bytes")
}

func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendS32(b []byte, v int32) []byte {
	x := int64(v)
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if (x == 0 && c&0x40 == 0) || (x == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
