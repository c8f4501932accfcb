// Command wasmpack rewrites the data section of a WebAssembly module that Go
// linked, so that it downloads smaller and starts with the same memory.
//
// Go's linker starts a new data segment at every run of eight zero bytes or
// more, until it reaches its cap of 100,000 segments. For js/wasm most of
// them come from the runtime's findfunctab: a PC there is a function's index
// times 65,536, so the table holds 16 buckets of 20 bytes for every function,
// of which two or three bytes are not zero. The header of each segment (its
// flags, address and size) compresses far worse than the zeros it leaves out,
// since no two addresses are alike. wasmpack lays the segments out again: one
// per stretch of memory whose runs of zeros are at most -gap bytes long, with
// no zero at either end. The raw file grows by the zeros written out; its
// brotli copy shrinks. Everything else in the module is kept byte for byte;
// before writing, wasmpack reads its result back and checks that it puts the
// same non-zero bytes at the same addresses.
//
// It packs only what it can prove the same: every segment active in memory 0
// at an i32.const address, none overlapping, and no data count section (whose
// presence lets code name segments by index).
//
//	go run ./app/wasmpack web/app.wasm               pack in place
//	go run ./app/wasmpack -o packed.wasm app.wasm    pack into another file
//	wasmpack -run go_js_wasm_exec pkg.test ARGS...   pack, then run it (go test -exec)
//	go run ./app/wasmpack -tables web/app.tables -o web/app.wasm .build/app.linked.wasm
//	                                                 move the traceback tables out (tables.go), then pack
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// defaultGap is the longest run of zeros kept inside a segment, chosen by
// the brotli size of app.wasm: it falls as the gap grows to 32 bytes (the
// findfunctab's 18 joined), then hardly moves; 4096 gave the smallest.
const defaultGap = 4096

func main() {
	gap := flag.Int("gap", defaultGap, "the longest run of zero bytes kept inside a segment")
	out := flag.String("o", "", "write the packed module here (default: in place)")
	runner := flag.String("run", "", "after packing FILE in place, run this program with FILE and the arguments after it")
	tables := flag.String("tables", "", "move the module's traceback tables (function names, files, lines) into this file first (not with -run: a test keeps its traces)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmpack [-gap N] [-tables TABLES] [-o OUT] FILE\n       wasmpack [-gap N] -run PROGRAM FILE [ARGS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || (*runner == "" && len(args) != 1) || (*runner != "" && (*out != "" || *tables != "")) {
		flag.Usage()
		os.Exit(2)
	}
	dst := *out
	if dst == "" {
		dst = args[0]
	}
	st, err := packFile(args[0], dst, *gap, *tables)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmpack:", err)
		os.Exit(1)
	}
	if *runner == "" {
		fmt.Printf("%s: %d data segments → %d, %d B → %d B\n", dst, st.segmentsBefore, st.segmentsAfter, st.bytesBefore, st.bytesAfter)
		if *tables != "" {
			fmt.Printf("%s: %d B of traceback tables\n", *tables, st.tablesBytes)
		}
		return
	}
	if err := run(*runner, args); err != nil {
		fmt.Fprintln(os.Stderr, "wasmpack:", err)
		os.Exit(1)
	}
}

// packFile packs the module in src and writes it to dst (which may be src)
// through a temporary file in dst's folder, keeping src's permissions. With
// tables set, the module's traceback tables go to that file first.
func packFile(src, dst string, gap int, tables string) (stats, error) {
	b, err := os.ReadFile(src)
	if err != nil {
		return stats{}, err
	}
	fi, err := os.Stat(src)
	if err != nil {
		return stats{}, err
	}
	var tb []byte
	linkedSegments, linkedBytes := 0, len(b)
	if tables != "" {
		if m, err := parseModule(b); err == nil {
			linkedSegments = len(m.segments)
		}
		if b, tb, err = stripTables(b); err != nil {
			return stats{}, fmt.Errorf("%s: traceback tables: %w", src, err)
		}
	}
	packed, st, err := pack(b, gap)
	if err != nil {
		return stats{}, fmt.Errorf("%s: %w", src, err)
	}
	if tables != "" {
		if err := writeFile(tables, tb, 0o644); err != nil {
			return stats{}, err
		}
		st.tablesBytes, st.segmentsBefore, st.bytesBefore = len(tb), linkedSegments, linkedBytes
	}
	return st, writeFile(dst, packed, fi.Mode().Perm())
}

// writeFile writes b to dst through a temporary file in dst's folder.
func writeFile(dst string, b []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(dst), ".wasmpack-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(perm)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), dst)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
