package msg

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// formLetters writes a form as one letter in the tables below.
var formLetters = map[form]byte{formZero: 'z', formOne: '1', formTwo: '2', formFew: 'f', formMany: 'm', formOther: '.'}

// TestPluralFormsOfWholeNumbers holds every language's forms of 0 to 209
// against CLDR's categories, one row of ten numbers a line (0–9, 10–19, …):
// "1" one, "f" few, "m" many, "." other.
func TestPluralFormsOfWholeNumbers(t *testing.T) {
	ru := []string{
		"m1fffmmmmm", "mmmmmmmmmm", "m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", // 0–49
		"m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", // 50–99
		"m1fffmmmmm", "mmmmmmmmmm", "m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", // 100–149
		"m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", "m1fffmmmmm", // 150–199
		"m1fffmmmmm", // 200–209
	}
	// The other languages name one or no number below 210 apart from "other".
	rows := func(one ...int) []string {
		b := []byte(strings.Repeat(".", 210))
		for _, n := range one {
			b[n] = '1'
		}
		var out []string
		for i := 0; i < len(b); i += 10 {
			out = append(out, string(b[i:i+10]))
		}
		return out
	}
	want := map[string][]string{
		English: rows(1), Pseudo: rows(1), "es": rows(1), "hi": rows(0, 1), "ru": ru,
		"km": rows(), "lo": rows(), "vi": rows(), "zh-Hans": rows(),
	}
	for _, l := range append(Languages, Language{Pseudo, "Pseudo"}) {
		w, ok := want[l.Tag]
		if !assert.True(t, ok, "%s has a row in the table", l.Tag) {
			continue
		}
		for r, row := range w {
			got := make([]byte, 10)
			for i := range got {
				got[i] = formLetters[l.form(r*10+i)]
			}
			assert.Equal(t, row, string(got), "%s, %d to %d", l.Tag, r*10, r*10+9)
		}
	}
}

// TestPluralFormsOfCLDRSamples holds the forms against the @integer samples
// plurals.xml gives each rule of these languages, far numbers among them.
func TestPluralFormsOfCLDRSamples(t *testing.T) {
	span := func(a, b int) []int {
		var out []int
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
		return out
	}
	join := func(parts ...[]int) []int {
		var out []int
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	oneOther := map[form][]int{ // en, es: one for 1
		formOne:   {1},
		formOther: join([]int{0}, span(2, 16), []int{100, 1000, 10000, 100000}),
	}
	samples := map[string]map[form][]int{
		English: oneOther, Pseudo: oneOther,
		// Spanish's samples without its "many" (whole millions), left out
		// on purpose (plural.go says why): 1000000 is "other" here.
		"es": {formOne: {1}, formOther: join(oneOther[formOther], []int{1000000, 2000000})},
		"hi": {
			formOne:   {0, 1},
			formOther: join(span(2, 17), []int{100, 1000, 10000, 100000, 1000000}),
		},
		"ru": {
			formOne:  {1, 21, 31, 41, 51, 61, 71, 81, 101, 1001},
			formFew:  join(span(2, 4), span(22, 24), span(32, 34), span(42, 44), span(52, 54), []int{62, 102, 1002}),
			formMany: join([]int{0}, span(5, 19), []int{100, 1000, 10000, 100000, 1000000}),
		},
	}
	for _, tag := range []string{"km", "lo", "vi", "zh-Hans"} {
		samples[tag] = map[form][]int{formOther: join(span(0, 15), []int{100, 1000, 10000, 100000, 1000000})}
	}
	for tag, byForm := range samples {
		l, ok := Find(tag)
		if tag == Pseudo {
			l, ok = Language{Pseudo, "Pseudo"}, true
		}
		if !assert.True(t, ok, tag) {
			continue
		}
		for f, ns := range byForm {
			for _, n := range ns {
				assert.Equal(t, string(formLetters[f]), string(formLetters[l.form(n)]), "%s %d", tag, n)
				assert.Equal(t, l.form(n), l.form(-n), "%s −%d takes the form of its size", tag, n)
			}
		}
	}
}

func TestPluralFormOfTheExtremes(t *testing.T) {
	ru, _ := Find("ru")
	en, _ := Find(English)
	// The size of the most negative int (2^63, or 2^31) ends in 8, the
	// largest int in 7: both many.
	assert.Equal(t, formMany, ru.form(math.MinInt))
	assert.Equal(t, formMany, ru.form(math.MaxInt))
	assert.Equal(t, formOther, en.form(math.MinInt))
	assert.Equal(t, formOne, ru.form(-1001))
}
