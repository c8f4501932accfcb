package msg

import "sync"

// loaded are the catalogues loaded so far, by their tags.
var loaded sync.Map // string → *Catalogue

// Register keeps c as its language's catalogue, which For then hands out
// (a nil c, English, needs none). It is safe for concurrent use.
func Register(c *Catalogue) {
	if c != nil {
		loaded.Store(c.Lang(), c)
	}
}

// For is the printer of the language tag: its registered catalogue, nil
// (English) for English, a tag the app does not speak or a language not
// loaded.
func For(tag string) *Catalogue {
	if c, ok := loaded.Load(tag); ok {
		return c.(*Catalogue)
	}
	return nil
}
