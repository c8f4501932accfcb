//go:build !(js && wasm)

package msg

import (
	"embed"
	"fmt"
)

// Files holds every language's catalogue and glossary (lang/<tag>.json,
// lang/<tag>.glossary.md) for the server, which serves them to the browser
// at /web/lang/, and for the tests. The browser's build leaves them out: it
// fetches the one it speaks.
//
//go:embed lang
var Files embed.FS

// Load is the catalogue of a language from Files (nil for English).
func Load(tag string) (*Catalogue, error) {
	l, ok := Find(tag)
	if !ok {
		return nil, fmt.Errorf("msg: %q is not a language the app speaks", tag)
	}
	if l.Tag == English {
		return nil, nil
	}
	data, err := Files.ReadFile("lang/" + l.Tag + ".json")
	if err != nil {
		return nil, fmt.Errorf("msg: the %s catalogue: %w", l.Tag, err)
	}
	return Parse(l.Tag, data)
}
