//go:build !(js && wasm)

package deflate

import (
	"bytes"
	"testing"
)

// FuzzUnpack: any bytes unpack or fail without a panic and within the
// limit; what Pack writes unpacks to the same bytes.
func FuzzUnpack(f *testing.F) {
	for _, s := range samples() {
		f.Add(s)
		if p, err := Pack(s); err == nil {
			f.Add(p)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, err := Unpack(b, 4096); err == nil && len(got) > 4096 {
			t.Fatalf("unpacked %d bytes past the limit", len(got))
		}
		p, err := Pack(b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Unpack(p, len(b)+1)
		if err != nil || !bytes.Equal(got, b) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
