package main

import (
	"cmp"
	"fmt"
	"slices"
)

// maxGap is the longest gap pack accepts: a WebAssembly page.
const maxGap = 1 << 16

// maxFill bounds the zeros pack may write into gaps, so that a small input
// cannot make a large output: as many as the data bytes there were, and one
// MiB more.
func maxFill(data int) int { return data + 1<<20 }

// stats tells what packing changed.
type stats struct {
	segmentsBefore, segmentsAfter int
	bytesBefore, bytesAfter       int
	tablesBytes                   int // the traceback tables file (-tables)
}

// pack lays out a module's data segments anew: one segment per stretch of
// memory whose runs of zero bytes are at most gap long, with no zero byte at
// either end. Everything outside the data section is kept byte for byte, and
// the memory the module starts with is the same, which pack checks on the
// result before returning it. A module without a data section comes back
// unchanged.
func pack(wasm []byte, gap int) ([]byte, stats, error) {
	if gap < 0 || gap > maxGap {
		return nil, stats{}, fmt.Errorf("gap %d: want 0 to %d bytes", gap, maxGap)
	}
	m, err := parseModule(wasm)
	if err != nil {
		return nil, stats{}, err
	}
	st := stats{segmentsBefore: len(m.segments), bytesBefore: len(wasm)}
	if !m.hasData {
		st.segmentsAfter, st.bytesAfter = st.segmentsBefore, st.bytesBefore
		return wasm, st, nil
	}
	before, err := sortedSegments(m.segments)
	if err != nil {
		return nil, stats{}, err
	}
	segs, err := resegment(before, gap)
	if err != nil {
		return nil, stats{}, err
	}
	out := m.encode(segs)
	// Read the result back and compare what it puts in memory.
	back, err := parseModule(out)
	if err != nil {
		return nil, stats{}, fmt.Errorf("the packed module does not read back: %w", err)
	}
	after, err := sortedSegments(back.segments)
	if err != nil {
		return nil, stats{}, fmt.Errorf("the packed module: %w", err)
	}
	if err := sameMemory(before, after); err != nil {
		return nil, stats{}, fmt.Errorf("the packed module starts with other memory: %w", err)
	}
	st.segmentsAfter, st.bytesAfter = len(back.segments), len(out)
	return out, st, nil
}

// sortedSegments returns the segments in the order of their addresses, and
// an error if two of them overlap: then the order they are written in
// matters, and no other layout is sure to give the same memory.
func sortedSegments(segs []segment) ([]segment, error) {
	s := slices.Clone(segs)
	slices.SortStableFunc(s, func(a, b segment) int { return cmp.Compare(a.offset, b.offset) })
	var end uint64 // the end of the segments so far
	for _, seg := range s {
		if len(seg.data) == 0 {
			continue
		}
		if uint64(seg.offset) < end {
			return nil, fmt.Errorf("%w: the segment at %d overlaps another", errUnsupported, seg.offset)
		}
		end = max(end, seg.end())
	}
	return s, nil
}

// resegment cuts the memory that sorted, non-overlapping segments make into
// stretches of non-zero bytes, joined across runs of at most gap zeros.
func resegment(sorted []segment, gap int) ([]segment, error) {
	data := 0
	for _, s := range sorted {
		data += len(s.data)
	}
	fill := maxFill(data) // the zeros left to write into gaps
	var out []segment
	var cur []byte        // the segment being built
	var start, end uint64 // its address and the address after its last byte
	for _, s := range sorted {
		d := s.data
		for i := 0; i < len(d); {
			if d[i] == 0 {
				i++
				continue
			}
			j := i + 1
			for j < len(d) && d[j] != 0 {
				j++
			}
			at := uint64(s.offset) + uint64(i)
			if cur != nil && at-end <= uint64(gap) {
				if fill -= int(at - end); fill < 0 {
					return nil, fmt.Errorf("joining the segments would write more than %d zeros", maxFill(data))
				}
				cur = append(cur, make([]byte, at-end)...)
			} else {
				if cur != nil {
					out = append(out, segment{offset: uint32(start), data: cur})
				}
				cur, start = []byte{}, at
			}
			cur = append(cur, d[i:j]...)
			end = at + uint64(j-i)
			i = j
		}
	}
	if cur != nil {
		out = append(out, segment{offset: uint32(start), data: cur})
	}
	return out, nil
}

// sameMemory reports whether two lists of sorted, non-overlapping segments
// fill memory alike: memory starts zeroed, so they do when they put the same
// non-zero bytes at the same addresses.
func sameMemory(a, b []segment) error {
	na, nb := nonZero(a), nonZero(b)
	for {
		addrA, va, okA := na()
		addrB, vb, okB := nb()
		switch {
		case !okA && !okB:
			return nil
		case !okA:
			return fmt.Errorf("byte %d is %#x instead of 0", addrB, vb)
		case !okB:
			return fmt.Errorf("byte %d is 0 instead of %#x", addrA, va)
		case addrA != addrB:
			return fmt.Errorf("byte %d differs", min(addrA, addrB))
		case va != vb:
			return fmt.Errorf("byte %d is %#x instead of %#x", addrA, vb, va)
		}
	}
}

// nonZero returns an iterator over the non-zero bytes of sorted segments,
// address by address.
func nonZero(segs []segment) func() (uint64, byte, bool) {
	si, i := 0, 0
	return func() (uint64, byte, bool) {
		for si < len(segs) {
			d := segs[si].data
			for i < len(d) {
				if v := d[i]; v != 0 {
					i++
					return uint64(segs[si].offset) + uint64(i-1), v, true
				}
				i++
			}
			si, i = si+1, 0
		}
		return 0, 0, false
	}
}
