package msg

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// placeholders lists a format's arguments as "index:verb" (fmt's verbs,
// explicit indexes followed), sorted, so that a translation that reorders
// its arguments keeps the same list and one that drops or changes a
// placeholder does not.
func placeholders(format string) []string {
	var out []string
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			continue
		}
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				return append(out, "bad index")
			}
			fmt.Sscanf(format[i+1:i+end], "%d", &arg)
			arg--
			i += end + 1
		}
		for i < len(format) && strings.IndexByte("0123456789.*", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			return append(out, "cut verb")
		}
		out = append(out, fmt.Sprintf("%d:%c", arg+1, format[i]))
		arg++
	}
	slices.Sort(out)
	return out
}

func TestPlaceholdersFollowExplicitIndexes(t *testing.T) {
	assert.Equal(t, placeholders("%s plays %s"), placeholders("%[2]s 由 %[1]s 打出"))
	assert.NotEqual(t, placeholders("%s plays %s"), placeholders("%s играет"))
	assert.NotEqual(t, placeholders("%d cards"), placeholders("%s cards"))
	assert.Equal(t, []string{"1:d"}, placeholders("%d%% done"))
}

// TestEveryLanguageTranslatesEveryMessage fails when a language lacks a
// translation of a message the code uses, drops or changes one of its
// placeholders, lacks a plural form its language needs for whole numbers,
// or keeps a translation of a message no code uses.
func TestEveryLanguageTranslatesEveryMessage(t *testing.T) {
	all, counts := uses(t)
	oneForms := map[string]bool{}
	for _, one := range counts {
		oneForms[one] = true
	}
	for _, l := range Languages[1:] {
		t.Run(l.Tag, func(t *testing.T) {
			c, err := Load(l.Tag)
			require.NoError(t, err)
			plain, countKeys := c.Keys()
			missing := 0
			for _, k := range all {
				if _, isCount := counts[k]; isCount {
					forms := c.Forms(k)
					if len(forms) == 0 {
						missing++
						t.Errorf("%s lacks the count message %q (its plural forms: %s)", l.Tag, k, strings.Join(l.FormsFor(), ", "))
						continue
					}
					for name, f := range forms {
						assert.Equal(t, placeholders(k), placeholders(f), "%s %q, form %s: %q keeps the placeholders", l.Tag, k, name, f)
					}
					continue
				}
				if oneForms[k] && !slices.Contains(plain, k) {
					continue // said through its count message
				}
				s, ok := c.Translation(k)
				if !ok {
					missing++
					t.Errorf("%s lacks %q", l.Tag, k)
					continue
				}
				assert.Equal(t, placeholders(k), placeholders(s), "%s %q: %q keeps the placeholders", l.Tag, k, s)
			}
			for _, k := range append(plain, countKeys...) {
				assert.True(t, slices.Contains(all, k), "%s translates %q, which no code uses", l.Tag, k)
			}
			if missing > 0 {
				t.Logf("%s: %d of %d messages lack a translation", l.Tag, missing, len(all))
			}
		})
	}
}

func TestEveryLanguageHasAGlossary(t *testing.T) {
	for _, l := range Languages[1:] {
		b, err := Files.ReadFile("lang/" + l.Tag + ".glossary.md")
		require.NoError(t, err, "lang/%s.glossary.md names the game terms, cards and suits in %s", l.Tag, l.Name)
		assert.Greater(t, len(b), 200, l.Tag)
	}
}

func TestPluralFormsFollowCLDR(t *testing.T) {
	for _, c := range []struct {
		tag   string
		forms []string
	}{
		{"ru", []string{"one", "few", "many", "other"}},
		{"hi", []string{"one", "other"}},
		{"es", []string{"one", "other"}},
		{"vi", []string{"other"}},
		{"km", []string{"other"}},
		{"lo", []string{"other"}},
		{"zh-Hans", []string{"other"}},
	} {
		l, ok := Find(c.tag)
		require.True(t, ok)
		assert.Equal(t, c.forms, l.FormsFor(), c.tag)
	}
	ru, err := Parse("ru", []byte(`{"%d cards": {"one": "%d карта", "few": "%d карты", "many": "%d карт", "other": "%d карты"}}`))
	require.NoError(t, err)
	for n, want := range map[int]string{1: "1 карта", 2: "2 карты", 5: "5 карт", 11: "11 карт", 21: "21 карта", 22: "22 карты", 0: "0 карт"} {
		assert.Equal(t, want, ru.N(n, "%d card", "%d cards"), "%d", n)
	}
	hi, err := Parse("hi", []byte(`{"%d cards": {"one": "%d पत्ता", "other": "%d पत्ते"}}`))
	require.NoError(t, err)
	assert.Equal(t, "0 पत्ता", hi.N(0, "%d card", "%d cards"), "Hindi says 0 in the one form")
	assert.Equal(t, "-1 point", (*Catalogue)(nil).N(-1, "%d point", "%d points"), "a negative number takes the form of its size")
	assert.Equal(t, "-21 карта", ru.N(-21, "%d card", "%d cards"))
}

func TestParseRefusesABadCatalogue(t *testing.T) {
	for name, c := range map[string]struct{ tag, data, want string }{
		"not a language":  {"xx", `{}`, "not a language"},
		"english":         {"en", `{}`, "not a language"},
		"not json":        {"ru", `{"a": `, "not a JSON object"},
		"an array":        {"ru", `["a"]`, "not a JSON object"},
		"trailing":        {"ru", `{} {}`, "more after"},
		"empty":           {"ru", `{"Pass": ""}`, "non-empty string"},
		"a number":        {"ru", `{"Pass": 3}`, "string or an object"},
		"unknown form":    {"vi", `{"%d cards": {"one": "%d lá", "other": "%d lá"}}`, "not a plural form"},
		"missing form":    {"ru", `{"%d cards": {"one": "%d карта", "other": "%d карты"}}`, "few form is missing"},
		"empty form":      {"vi", `{"%d cards": {"other": ""}}`, "other form is empty"},
		"form not string": {"vi", `{"%d cards": {"other": 1}}`, "string or an object"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(c.tag, []byte(c.data))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("ru", []byte(`{"Pass": "Пас", "%d cards": {"one": "%d карта", "few": "%d карты", "many": "%d карт", "other": "%d карты"}}`))
	f.Add("vi", []byte(`{"%d cards": {"other": "%d lá"}}`))
	f.Fuzz(func(t *testing.T, tag string, data []byte) {
		c, err := Parse(tag, data)
		if err != nil {
			return
		}
		c.T("%s plays %s", "East", "9C")
		for _, n := range []int{0, 1, 2, 5, 21, -3} {
			c.N(n, "%d card", "%d cards")
		}
	})
}

func TestMatchPicksTheBrowsersLanguage(t *testing.T) {
	for prefs, want := range map[string]string{
		"es-CL,es,en": "es", "zh-CN": "zh-Hans", "zh-TW,en": "zh-Hans", "km-KH": "km", "lo": "lo",
		"de-DE,ru": "ru", "de": "en", "": "en", "hi-IN,en-IN": "hi", "vi-VN": "vi", "en-GB,ru": "en",
	} {
		assert.Equal(t, want, Match(strings.Split(prefs, ",")), prefs)
	}
}

func TestPseudoLocalisationIsLongerAndKeepsPlaceholders(t *testing.T) {
	p := PseudoCatalogue()
	for k, args := range map[string][]any{"%s plays %s": {"A", "B"}, "Pass": nil, "%[1]s takes %[2]s with %[3]s": {"A", "B", "C"}, "Loading %d%%": {5}} {
		assert.GreaterOrEqual(t, len([]rune(pseudoLocalise(k))), len(k)*7/5, k)
		s := p.T(k, args...)
		assert.NotContains(t, s, "%!", "%q → %q", k, s)
		assert.NotEqual(t, fmt.Sprintf(k, args...), s)
	}
	assert.Equal(t, placeholders("%[1]s takes %[2]s"), placeholders(pseudoLocalise("%[1]s takes %[2]s")))
	assert.Equal(t, "Thé qüíçk bröwñ föx jümpš övér thé lážý dög; THÉ QÛÎÇK BRÖWÑ FÖX JÛMPŠ ÖVÉR THÉ LÅZY DÖG é %s ŵŵŵŵŵ ŵŵŵŵŵ ŵŵŵŵŵ ŵŵŵŵŵ ŵŵŵŵŵ ŵŵŵŵŵ ŵ",
		pseudoLocalise("The quick brown fox jumps over the lazy dog; THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG é %s"),
		"the letters it accents, and the rest (a letter not in ASCII among them) as they are")
}
