// Package msg is the one message catalogue of the UI and the languages it
// speaks. Every sentence a person reads or hears — on the pages and the
// tables, in the game log, the results, buttons, aria-labels and the reasons
// a move is refused — is a message looked up here by its key. A key is the
// message's English text with fmt verbs for its arguments ("%s plays %s"),
// written whole: a sentence is one message, never pieces glued together, so
// that a language can order its words its own way.
//
// # The catalogue and the languages
//
// catalogue.txt lists every key the code uses, one per line; the package's
// test extracts the keys from the code (every call of a printer's T, N and
// Who, of Later (a conversion to Key) and games.Refuse takes its keys as literals) and fails when the code uses a key
// the catalogue lacks or the catalogue keeps one the code no longer uses
// (`go test ./msg -update` rewrites it).
//
// English is the keys themselves. Every other language has one file,
// lang/<tag>.json: a JSON object from key to translation. A plain message's
// translation is a string; a count's message (a printer's N) is listed once, under
// its English "other" form, with an object of the CLDR plural forms the
// language uses for whole numbers ("one", "few", "many", "other" in
// Russian; "other" alone in Vietnamese, Khmer, Lao and Chinese):
//
//	{
//	  "%s plays %s": "%s играет %s",
//	  "%d cards": {"one": "%d карта", "few": "%d карты", "many": "%d карт", "other": "%d карты"}
//	}
//
// A translation keeps every placeholder of its key (the same verbs for the
// same arguments); it may reorder them with explicit indexes ("%[2]s … %[1]s").
// lang/<tag>.glossary.md next to it names the game terms, cards and suits as
// players of that language call them. The tests fail when a key lacks a
// translation in any language, when a translation drops or changes a
// placeholder, misses a plural form its language needs, or is left over
// from a key no code uses.
//
// # Printers
//
// A *Catalogue is a printer: T, N and Who say a message in its language
// (nil is English). There is no language of the process: each page speaks
// its reader's, so the server renders pages in many languages at once. The
// registry (Register, For) keeps the catalogues loaded so far by their tags:
// the server registers every language at start; the browser loads the one
// it speaks alone (the server serves lang/ at /web/lang/, the service worker
// keeps every file for offline play) and registers it. Plural forms follow
// CLDR's rules for whole numbers (plural.go).
package msg

import (
	"fmt"
	"strings"
)

// A printer is a *Catalogue: it says the messages in its language, and the
// nil printer says them in English. Nothing here holds a current language:
// whatever says something is handed the printer of the reader it speaks to
// (a page's components take theirs from the page's language).

// Key is a message kept in a table and said when it is shown, so that it
// follows the language of the page that shows it.
type Key string

// Later marks a message that is said later, by its Key: the catalogue lists
// it like any other. It is the type Key by another name, so msg.Later("…")
// is a conversion of a constant, not a call: the tables of keys the pages
// and the games' UIs keep (rules, options, lessons, words) are data linked
// as they are, not code that builds them when app.wasm starts (the page's
// packages are compiled without inlining, so a call would never fold away).
type Later = Key

// Say is the message in p's language, filled with args.
func (k Key) Say(p *Catalogue, args ...any) string { return p.T(string(k), args...) }

// Catalogue is one language's messages.
type Catalogue struct {
	lang   Language
	plain  map[string]string
	counts map[string]map[form]string
	pseudo bool
}

// Lang is the tag of c's language ("en" for a nil c, "ru", …).
func (c *Catalogue) Lang() string { return c.Language().Tag }

// Language is the catalogue's language.
func (c *Catalogue) Language() Language {
	if c == nil {
		return Languages[0]
	}
	return c.lang
}

// T is the message format in c's language (English for a nil c), filled
// with args.
func (c *Catalogue) T(format string, args ...any) string {
	if c != nil {
		if s, ok := c.plain[format]; ok {
			format = s
		} else if c.pseudo {
			format = pseudoLocalise(format)
		}
	}
	return fmt.Sprintf(format, args...)
}

// Who is a sentence about a seat in c's language, in the form for the
// reader when the seat is the reader ("You play %s") and in the form for
// another seat otherwise ("%[1]s plays %[2]s", the seat's name first, then
// args). Languages whose sentences agree with their subject differently
// keep both forms whole.
func (c *Catalogue) Who(reader bool, name, you, other string, args ...any) string {
	if reader {
		return c.T(you, args...)
	}
	return c.T(other, append([]any{name}, args...)...)
}

// N is the message for the count n in c's language (one when n is 1 and
// other otherwise in English; a language's catalogue brings that language's
// forms, listed under the English other form), filled with n and args.
func (c *Catalogue) N(n int, one, other string, args ...any) string {
	args = append([]any{n}, args...)
	if c != nil {
		if forms, ok := c.counts[other]; ok {
			if f, ok := forms[c.lang.form(n)]; ok {
				return fmt.Sprintf(f, args...)
			}
			return fmt.Sprintf(forms[formOther], args...)
		}
		if c.pseudo {
			return c.T(pick(n, one, other), args...)
		}
	}
	return fmt.Sprintf(pick(n, one, other), args...)
}

// pick is English's form of n: one for 1 (and −1), other otherwise.
func pick(n int, one, other string) string {
	if n == 1 || n == -1 {
		return one
	}
	return other
}

// form is a CLDR plural form; plural.go tells a language's form of a number.
type form uint8

const (
	formZero form = iota
	formOne
	formTwo
	formFew
	formMany
	formOther
)

// formNames are the forms by their names in a catalogue file.
var formNames = map[string]form{"zero": formZero, "one": formOne, "two": formTwo, "few": formFew, "many": formMany, "other": formOther}

// FormsFor lists the names of the plural forms a language's counts need:
// those CLDR gives some whole number in it, "other" always among them.
func (l Language) FormsFor() []string {
	seen := map[form]bool{formOther: true}
	for n := 0; n <= 1000; n++ {
		seen[l.form(n)] = true
	}
	seen[l.form(1000000)] = true
	var out []string
	for _, name := range []string{"zero", "one", "two", "few", "many", "other"} {
		if seen[formNames[name]] {
			out = append(out, name)
		}
	}
	return out
}

// pseudoLocalise is the pseudo-language of the layout tests: every letter
// accented and the text 40 % longer, in words that wrap, the placeholders
// kept, so a table that fits it fits the longest translation.
func pseudoLocalise(format string) string {
	var b strings.Builder
	letters := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch == '%' {
			j := i + 1
			for j < len(format) && strings.IndexByte("[]0123456789.+-# ", format[j]) >= 0 {
				j++
			}
			if j < len(format) {
				b.WriteString(format[i : j+1])
				i = j
				continue
			}
		}
		if ch < 0x80 && accents[ch] != "" {
			b.WriteString(accents[ch])
			letters++
			continue
		}
		if ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' {
			letters++
		}
		b.WriteByte(ch)
	}
	if letters == 0 {
		return b.String()
	}
	extra := (len(format)*2 + 4) / 5
	for extra > 0 {
		w := min(extra, 6)
		b.WriteString(" " + strings.Repeat("ŵ", max(w-1, 1)))
		extra -= w
	}
	return b.String()
}

// accents are the pseudo-language's letters for the ASCII letters it
// accents, by the letter.
var accents = [128]string{
	'a': "á", 'e': "é", 'i': "í", 'o': "ö", 'u': "ü", 'y': "ý", 'c': "ç", 'n': "ñ", 's': "š", 'z': "ž",
	'A': "Å", 'E': "É", 'I': "Î", 'O': "Ö", 'U': "Û", 'C': "Ç", 'N': "Ñ", 'S': "Š",
}
