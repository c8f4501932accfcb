package msg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Language is one language the app speaks.
type Language struct {
	Tag  string // the BCP 47 tag: the page's lang attribute and the file's name
	Name string // the language's own name for itself, as Settings lists it
}

// English is the language of the keys.
const English = "en"

// Pseudo is the pseudo-language of the layout tests (not listed in Settings).
const Pseudo = "en-XA"

// Languages are the languages the app speaks, as Settings lists them.
var Languages = []Language{
	{English, "English"},
	{"ru", "Русский"},
	{"vi", "Tiếng Việt"},
	{"km", "ភាសាខ្មែរ"},
	{"lo", "ພາສາລາວ"},
	{"zh-Hans", "中文 (简体)"},
	{"hi", "हिन्दी"},
	{"es", "Español"},
}

// Find is the language with the tag; ok is false for a tag the app does not
// speak.
func Find(tag string) (Language, bool) {
	for _, l := range Languages {
		if strings.EqualFold(l.Tag, tag) {
			return l, true
		}
	}
	return Language{}, false
}

// Match picks the language for a browser's preferred languages (its
// navigator.languages, best first): the first whose language the app
// speaks, by its primary subtag ("es-CL" is Español, "zh-CN" and "zh-TW"
// are 中文); English when none is.
func Match(prefs []string) string {
	for _, p := range prefs {
		p = strings.TrimSpace(p)
		if l, ok := Find(p); ok {
			return l.Tag
		}
		base, _, _ := strings.Cut(p, "-")
		base, _, _ = strings.Cut(base, "_")
		for _, l := range Languages {
			if b, _, _ := strings.Cut(l.Tag, "-"); strings.EqualFold(b, base) {
				return l.Tag
			}
		}
	}
	return English
}

// PseudoCatalogue is the pseudo-language: every message accented and 40 %
// longer.
func PseudoCatalogue() *Catalogue {
	return &Catalogue{lang: Language{Pseudo, "Pseudo"}, pseudo: true}
}

// Parse reads a language's catalogue file (lang/<tag>.json). It refuses,
// naming the key, a file that is not one JSON object of strings and plural
// objects, a plural object with a form the language does not use or without
// "other", and an empty translation.
func Parse(tag string, data []byte) (*Catalogue, error) {
	l, ok := Find(tag)
	if !ok || l.Tag == English {
		return nil, fmt.Errorf("msg: %q is not a language with a catalogue", tag)
	}
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("msg: the %s catalogue is not a JSON object of messages: %w", l.Tag, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("msg: the %s catalogue has more after its object", l.Tag)
	}
	c := &Catalogue{lang: l, plain: map[string]string{}, counts: map[string]map[form]string{}}
	needs := l.FormsFor()
	for key, v := range raw {
		v = bytes.TrimSpace(v)
		if len(v) > 0 && v[0] == '"' {
			var s string
			if err := json.Unmarshal(v, &s); err != nil || s == "" {
				return nil, fmt.Errorf("msg: %s %q: the translation is not a non-empty string", l.Tag, key)
			}
			c.plain[key] = s
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(v, &forms); err != nil {
			return nil, fmt.Errorf("msg: %s %q: a translation is a string or an object of plural forms", l.Tag, key)
		}
		byForm := map[form]string{}
		for name, s := range forms {
			f, ok := formNames[name]
			if !ok || !slices.Contains(needs, name) {
				return nil, fmt.Errorf("msg: %s %q: %q is not a plural form of this language (it has %s)", l.Tag, key, name, strings.Join(needs, ", "))
			}
			if s == "" {
				return nil, fmt.Errorf("msg: %s %q: the %s form is empty", l.Tag, key, name)
			}
			byForm[f] = s
		}
		for _, name := range needs {
			if _, ok := byForm[formNames[name]]; !ok {
				return nil, fmt.Errorf("msg: %s %q: the %s form is missing", l.Tag, key, name)
			}
		}
		c.counts[key] = byForm
	}
	return c, nil
}

// Keys lists the keys the catalogue translates, plain and counts.
func (c *Catalogue) Keys() (plain, counts []string) {
	if c == nil {
		return nil, nil
	}
	for k := range c.plain {
		plain = append(plain, k)
	}
	for k := range c.counts {
		counts = append(counts, k)
	}
	return plain, counts
}

// Forms are a count message's translations by the names of their forms.
func (c *Catalogue) Forms(key string) map[string]string {
	out := map[string]string{}
	for name, f := range formNames {
		if s, ok := c.counts[key][f]; ok {
			out[name] = s
		}
	}
	return out
}

// Translation is a plain message's translation; ok is false when the
// catalogue lacks it.
func (c *Catalogue) Translation(key string) (string, bool) {
	if c == nil {
		return key, true
	}
	s, ok := c.plain[key]
	return s, ok
}
