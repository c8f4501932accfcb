package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// Traceback tables (-tables FILE): Go's runtime keeps, beside the tables it
// needs to run (a function's frame size and its stack maps), the ones that
// only name what a trace prints: every function's name, its files and lines,
// where inlined calls sit, and its unsafe points (which js/wasm, with no
// asynchronous preemption, never reads). In app.wasm they were 0.26 MB of
// brotli that compress worse than anything else. stripTables moves them out
// of the module into a file of their own, the way a source map sits beside a
// script: the module keeps every table it runs on, and each function says
// "no name, no lines" (an offset of 0, which the runtime reads as unknown)
// until the page writes the file back into its memory (web/tables.js), once
// the app is ready. Until then a trace has no frames; after, the same as
// before.
//
// The file holds, little-endian (`make build` writes its brotli and gzip
// copies, which `app serve` sends as it sends app.wasm's):
//
//	tablesMagic            8 bytes
//	lo, hi                 uint32: the memory the file writes lies in
//	sum                    SHA-256 of that memory as the stripped module starts it
//	ftab, nfunc, pclntab   uint32: the functab's address, its functions, the
//	                       address its record offsets count from
//	nfunc × 5 uint32       the functions' fields (funcFields), a column for
//	                       each field, each value less the one before it
//	count                  uint32
//	count × (addr, length uint32, the bytes): the tables' own bytes
//
// The fields go by column, as differences, because the records they sit in
// lie apart: as 22,000 small runs they and the bytes between took app.tables
// from 309 kB of brotli to 348 kB.
// web/tables.js writes the file only when the running module's memory
// hashes to sum, so a file from another build is never written into it.

// tablesMagic opens a traceback tables file, version 2.
const tablesMagic = "CTTBLS02"

// tablesHead is the length of the file's header, to its columns.
const tablesHead = 60

// pcHeaderMagic is the runtime's pcHeader magic since Go 1.20
// (abi.CurrentPCLnTabMagic); a module whose tables are laid out otherwise
// is refused.
const pcHeaderMagic = 0xfffffff1

// The runtime's _func record: field offsets, and where its pcdata offsets
// begin (runtime/runtime2.go).
const (
	funcNameOff  = 4
	funcPCSP     = 16
	funcPCFile   = 20
	funcPCLn     = 24
	funcNPCData  = 28
	funcPCData   = 44
	pcdataUnsafe = 0 // _PCDATA_UnsafePoint
	pcdataInline = 2 // _PCDATA_InlTreeIndex
)

// funcFields are the record fields the file carries by column: the name,
// the file and line tables, the unsafe-point and inlining pcdata (which a
// record with fewer pcdata lacks: then 0, and not written back).
var funcFields = [...]uint64{funcNameOff, funcPCFile, funcPCLn, funcPCData + 4*pcdataUnsafe, funcPCData + 4*pcdataInline}

// fieldPCData is the pcdata index of funcFields[k], or -1 for a field every
// record has.
func fieldPCData(k int) int {
	switch k {
	case 3:
		return pcdataUnsafe
	case 4:
		return pcdataInline
	}
	return -1
}

// A funcTab is where the file finds the records it writes fields into.
type funcTab struct{ ftab, nfunc, pclntab uint32 }

// A patch is bytes the tables file writes back at addr.
type patch struct {
	addr uint32
	data []byte
}

// stripTables returns the module without its traceback tables, and the
// tables file that puts them back.
func stripTables(wasm []byte) ([]byte, []byte, error) {
	m, err := parseModule(wasm)
	if err != nil {
		return nil, nil, err
	}
	segs, err := sortedSegments(m.segments)
	if err != nil {
		return nil, nil, err
	}
	orig, err := memoryImage(segs)
	if err != nil {
		return nil, nil, err
	}
	stripped, ft, err := strippedImage(orig)
	if err != nil {
		return nil, nil, err
	}
	file, err := encodeTables(orig, stripped, ft)
	if err != nil {
		return nil, nil, err
	}
	// The file must bring the original memory back.
	back := bytes.Clone(stripped)
	if err := applyTables(back, file); err != nil {
		return nil, nil, fmt.Errorf("the tables file does not read back: %w", err)
	}
	if !bytes.Equal(back, orig) {
		return nil, nil, errors.New("the tables file does not restore the module's memory")
	}
	out := m.encode([]segment{{offset: 0, data: stripped}})
	return out, file, nil
}

// memoryImage is the memory sorted, non-overlapping segments start.
func memoryImage(segs []segment) ([]byte, error) {
	var end uint64
	for _, s := range segs {
		end = max(end, s.end())
	}
	if end > 1<<30 {
		return nil, fmt.Errorf("%w: data reaches byte %d", errUnsupported, end)
	}
	mem := make([]byte, end)
	for _, s := range segs {
		copy(mem[s.offset:], s.data)
	}
	return mem, nil
}

// le32 and le64 read little-endian integers at p, or report false past the
// end of b.
func le32(b []byte, p uint64) (uint32, bool) {
	if p+4 > uint64(len(b)) || p+4 < p {
		return 0, false
	}
	return binary.LittleEndian.Uint32(b[p:]), true
}

func le64(b []byte, p uint64) (uint64, bool) {
	if p+8 > uint64(len(b)) || p+8 < p {
		return 0, false
	}
	return binary.LittleEndian.Uint64(b[p:]), true
}

// goTables are where a Go module's function tables lie in its memory.
type goTables struct {
	funcnametab, cutab, filetab, pctab, pclntab span // cutab in bytes
	nftab                                       uint64
	ftab                                        uint64 // address of the functab
}

// A span is [at, at+n) in memory.
type span struct{ at, n uint64 }

func (s span) end() uint64 { return s.at + s.n }

// findTables finds the runtime's pcHeader (by its magic, at most once) and
// the moduledata that points at it, and checks every table lies in mem.
func findTables(mem []byte) (goTables, error) {
	var hdr uint64
	found := 0
	for p := uint64(0); p+72 <= uint64(len(mem)); p += 8 {
		if v, _ := le32(mem, p); v != pcHeaderMagic {
			continue
		}
		if mem[p+4] != 0 || mem[p+5] != 0 || mem[p+6] != 1 || mem[p+7] != 8 {
			continue
		}
		hdr = p
		found++
	}
	if found != 1 {
		return goTables{}, fmt.Errorf("%w: %d Go function tables found, want 1", errUnsupported, found)
	}
	nameOff, _ := le64(mem, hdr+32)
	// The moduledata starts with the header's address and funcnametab's.
	var needle [16]byte
	binary.LittleEndian.PutUint64(needle[:], hdr)
	binary.LittleEndian.PutUint64(needle[8:], hdr+nameOff)
	md := bytes.Index(mem, needle[:])
	if md < 0 || bytes.Index(mem[md+1:], needle[:]) >= 0 {
		return goTables{}, fmt.Errorf("%w: the module data of the function tables is not found once", errUnsupported)
	}
	slice := func(field uint64) span {
		at, _ := le64(mem, uint64(md)+field)
		n, _ := le64(mem, uint64(md)+field+8)
		return span{at, n}
	}
	t := goTables{
		funcnametab: slice(8),
		cutab:       slice(32),
		filetab:     slice(56),
		pctab:       slice(80),
		pclntab:     slice(104),
	}
	t.cutab.n *= 4
	ftab := slice(128)
	t.ftab, t.nftab = ftab.at, ftab.n
	for _, s := range []span{t.funcnametab, t.cutab, t.filetab, t.pctab, t.pclntab, {ftab.at, ftab.n * 8}} {
		if s.end() < s.at || s.end() > uint64(len(mem)) {
			return goTables{}, fmt.Errorf("%w: a function table lies outside memory", errUnsupported)
		}
	}
	if t.nftab == 0 {
		return goTables{}, fmt.Errorf("%w: no functions", errUnsupported)
	}
	return t, nil
}

// tableLen is the length of the pc-value table at pctab offset off: pairs of
// a value delta and a pc delta (varints) until a value delta of 0 after the
// first pair (runtime.step).
func tableLen(pctab []byte, off uint64) (uint64, error) {
	p := off
	for first := true; ; first = false {
		if p >= uint64(len(pctab)) {
			return 0, errors.New("a pc-value table runs past the end")
		}
		if pctab[p] == 0 && !first {
			return p + 1 - off, nil
		}
		for range 2 {
			_, n := binary.Uvarint(pctab[p:])
			if n <= 0 {
				return 0, errors.New("a pc-value table is cut short")
			}
			p += uint64(n)
		}
	}
}

// strippedImage is mem without its traceback tables: every function's name
// offset, file and line tables, and unsafe-point and inlining pcdata set to
// 0, the bytes only those reach zeroed. A byte that a kept table also uses
// (the linker shares equal tables) stays.
func strippedImage(mem []byte) ([]byte, funcTab, error) {
	t, err := findTables(mem)
	if err != nil {
		return nil, funcTab{}, err
	}
	if t.ftab+8*t.nftab > 1<<32 || t.pclntab.at >= 1<<32 {
		return nil, funcTab{}, fmt.Errorf("%w: the function tables lie past 4 GiB", errUnsupported)
	}
	ft := funcTab{ftab: uint32(t.ftab), nfunc: uint32(t.nftab - 1), pclntab: uint32(t.pclntab.at)}
	out := bytes.Clone(mem)
	pctab := mem[t.pctab.at:t.pctab.end()]
	keep := make([]bool, len(pctab))
	drop := make([]bool, len(pctab))
	mark := func(set []bool, off uint64) error {
		if off == 0 {
			return nil
		}
		n, err := tableLen(pctab, off)
		if err != nil {
			return err
		}
		for i := off; i < off+n; i++ {
			set[i] = true
		}
		return nil
	}
	for i := uint64(0); i < t.nftab-1; i++ {
		foff, ok := le32(mem, t.ftab+8*i+4)
		if !ok {
			return nil, funcTab{}, errors.New("the functab is cut short")
		}
		f := t.pclntab.at + uint64(foff)
		npc, ok := le32(mem, f+funcNPCData)
		if !ok || f+funcPCData+4*uint64(npc) > t.pclntab.end() {
			return nil, funcTab{}, fmt.Errorf("function %d's record lies outside its table", i)
		}
		field := func(at uint64) uint64 { v, _ := le32(mem, f+at); return uint64(v) }
		// The record is read as this Go lays it out, or not at all: it
		// starts with the entry the functab gives, and its name and
		// tables lie in theirs.
		entry, _ := le32(mem, t.ftab+8*i)
		if field(0) != uint64(entry) || field(funcNameOff) >= t.funcnametab.n ||
			field(funcPCFile) >= t.pctab.n || field(funcPCLn) >= t.pctab.n || field(funcPCSP) >= t.pctab.n {
			return nil, funcTab{}, fmt.Errorf("%w: function %d's record is not laid out as this tool reads it", errUnsupported, i)
		}
		strip := []uint64{funcPCFile, funcPCLn}
		if err := mark(keep, field(funcPCSP)); err != nil {
			return nil, funcTab{}, err
		}
		for k := uint64(0); k < uint64(npc); k++ {
			at := funcPCData + 4*k
			if k == pcdataUnsafe || k == pcdataInline {
				strip = append(strip, at)
			} else if err := mark(keep, field(at)); err != nil {
				return nil, funcTab{}, err
			}
		}
		for _, at := range strip {
			if err := mark(drop, field(at)); err != nil {
				return nil, funcTab{}, err
			}
			binary.LittleEndian.PutUint32(out[f+at:], 0)
		}
		binary.LittleEndian.PutUint32(out[f+funcNameOff:], 0)
	}
	for i := range pctab {
		if drop[i] && !keep[i] {
			out[t.pctab.at+uint64(i)] = 0
		}
	}
	for _, s := range []span{t.funcnametab, t.cutab, t.filetab} {
		clear(out[s.at:s.end()])
	}
	return out, ft, nil
}

// diffRuns lists where b differs from a, as runs of a's bytes; differences
// fewer than 8 bytes apart share a run (app.tables' brotli is smallest
// there: 309 kB, against 312 kB at 32 bytes and 318 kB at 128).
func diffRuns(a, b []byte) []patch {
	var runs []patch
	for i := 0; i < len(a); {
		if a[i] == b[i] {
			i++
			continue
		}
		j, same := i+1, 0
		for ; j < len(a) && same < 8; j++ {
			if a[j] == b[j] {
				same++
			} else {
				same = 0
			}
		}
		j -= same
		runs = append(runs, patch{addr: uint32(i), data: bytes.Clone(a[i:j])})
		i = j
	}
	return runs
}

// encodeTables writes the tables file that turns the memory stripped back
// into orig: the fields of ft's records by column, then every other byte
// that differs as runs.
func encodeTables(orig, stripped []byte, ft funcTab) ([]byte, error) {
	all := diffRuns(orig, stripped)
	if len(all) == 0 {
		return nil, errors.New("no traceback tables to move")
	}
	// The bounds hold every byte the file writes and the functab it reads.
	lo, hi := uint64(all[0].addr), uint64(all[len(all)-1].addr)+uint64(len(all[len(all)-1].data))
	var recs []record
	if ft.nfunc > 0 {
		var err error
		if recs, err = records(stripped, ft, 0, uint32(min(len(stripped), 1<<32-1))); err != nil {
			return nil, err
		}
		lo, hi = min(lo, uint64(ft.ftab)), max(hi, uint64(ft.ftab)+8*(uint64(ft.nfunc)+1))
		for _, r := range recs {
			for k := range funcFields {
				if at, ok := r.field(k); ok {
					lo, hi = min(lo, at), max(hi, at+4)
				}
			}
		}
	}
	sum := sha256.Sum256(stripped[lo:hi])
	var raw bytes.Buffer
	raw.WriteString(tablesMagic)
	binary.Write(&raw, binary.LittleEndian, [2]uint32{uint32(lo), uint32(hi)})
	raw.Write(sum[:])
	binary.Write(&raw, binary.LittleEndian, [3]uint32{ft.ftab, ft.nfunc, ft.pclntab})
	// The fields, column by column, and what the memory is with them back.
	withFields := bytes.Clone(stripped)
	for k := range funcFields {
		var prev uint32
		for _, r := range recs {
			var v uint32
			if at, ok := r.field(k); ok {
				v = binary.LittleEndian.Uint32(orig[at:])
				binary.LittleEndian.PutUint32(withFields[at:], v)
			}
			binary.Write(&raw, binary.LittleEndian, v-prev)
			prev = v
		}
	}
	runs := diffRuns(orig, withFields)
	binary.Write(&raw, binary.LittleEndian, uint32(len(runs)))
	for _, r := range runs {
		binary.Write(&raw, binary.LittleEndian, [2]uint32{r.addr, uint32(len(r.data))})
		raw.Write(r.data)
	}
	return raw.Bytes(), nil
}

// A record is a function's _func in memory: its address and how many
// pcdata it has.
type record struct {
	at  uint64
	npc uint32
}

// field is the address of funcFields[k] in r, and false when r lacks it.
func (r record) field(k int) (uint64, bool) {
	if pc := fieldPCData(k); pc >= 0 && uint32(pc) >= r.npc {
		return 0, false
	}
	return r.at + funcFields[k], true
}

// records finds ft's records in mem, each field inside [lo, hi).
func records(mem []byte, ft funcTab, lo, hi uint32) ([]record, error) {
	if uint64(ft.ftab) < uint64(lo) || uint64(ft.ftab)+8*(uint64(ft.nfunc)+1) > uint64(hi) {
		return nil, errors.New("the functab lies outside the tables' bounds")
	}
	recs := make([]record, ft.nfunc)
	for i := range recs {
		foff, _ := le32(mem, uint64(ft.ftab)+8*uint64(i)+4)
		r := record{at: uint64(ft.pclntab) + uint64(foff)}
		npc, ok := le32(mem, r.at+funcNPCData)
		if !ok {
			return nil, fmt.Errorf("function %d's record lies outside memory", i)
		}
		r.npc = npc
		for k := range funcFields {
			if at, ok := r.field(k); ok && (at < uint64(lo) || at+4 > uint64(hi)) {
				return nil, fmt.Errorf("function %d's fields lie outside the tables' bounds", i)
			}
		}
		recs[i] = r
	}
	return recs, nil
}

// applyTables writes a tables file into mem, as web/tables.js does in the
// page: only when mem holds what the file was made over, and then all of it
// or, when it is damaged, nothing.
func applyTables(mem, raw []byte) error {
	if len(raw) < tablesHead || string(raw[:8]) != tablesMagic {
		return errors.New("not a traceback tables file")
	}
	u32 := func(p uint64) uint32 { return binary.LittleEndian.Uint32(raw[p:]) }
	lo, hi := u32(8), u32(12)
	if lo > hi || uint64(hi) > uint64(len(mem)) {
		return errors.New("the tables lie outside memory")
	}
	if sum := sha256.Sum256(mem[lo:hi]); !bytes.Equal(sum[:], raw[16:48]) {
		return errors.New("the tables were made for another build")
	}
	ft := funcTab{ftab: u32(48), nfunc: u32(52), pclntab: u32(56)}
	p := uint64(tablesHead) + 4*uint64(len(funcFields))*uint64(ft.nfunc)
	if p+4 > uint64(len(raw)) {
		return errors.New("the tables file is cut short")
	}
	type w struct {
		at   uint64
		data []byte
	}
	var writes []w
	if ft.nfunc > 0 {
		recs, err := records(mem, ft, lo, hi)
		if err != nil {
			return err
		}
		col := uint64(tablesHead)
		for k := range funcFields {
			var v uint32
			for _, r := range recs {
				v += u32(col)
				col += 4
				if at, ok := r.field(k); ok {
					writes = append(writes, w{at, binary.LittleEndian.AppendUint32(nil, v)})
				}
			}
		}
	}
	n := u32(p)
	p += 4
	for range n {
		if p+8 > uint64(len(raw)) {
			return errors.New("the tables file is cut short")
		}
		at, size := u32(p), u32(p+4)
		p += 8
		if p+uint64(size) > uint64(len(raw)) || at < lo || uint64(at)+uint64(size) > uint64(hi) {
			return errors.New("a run of the tables file lies outside its bounds")
		}
		writes = append(writes, w{uint64(at), raw[p : p+uint64(size)]})
		p += uint64(size)
	}
	if p != uint64(len(raw)) {
		return errors.New("the tables file has bytes after its runs")
	}
	for _, x := range writes {
		copy(mem[x.at:], x.data)
	}
	return nil
}
