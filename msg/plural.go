package msg

import (
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// cldr are the languages' tags for CLDR's plural rules.
var cldr = map[string]language.Tag{
	English: language.English, "ru": language.Russian, "vi": language.Vietnamese, "km": language.Khmer,
	"lo": language.Lao, "zh-Hans": language.SimplifiedChinese, "hi": language.Hindi, "es": language.Spanish,
	Pseudo: language.English,
}

// form is the CLDR plural form of the whole number n in the language.
func (l Language) form(n int) form {
	if n < 0 {
		n = -n
	}
	switch plural.Cardinal.MatchPlural(cldr[l.Tag], n, 0, 0, 0, 0) {
	case plural.Zero:
		return formZero
	case plural.One:
		return formOne
	case plural.Two:
		return formTwo
	case plural.Few:
		return formFew
	case plural.Many:
		return formMany
	}
	return formOther
}
