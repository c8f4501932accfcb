package msg

// form is the CLDR plural form of the whole number n in the language (a
// negative number takes the form of its size). These are the cardinal rules of
// CLDR's plurals.xml (common/supplemental/plurals.xml) for whole numbers, where
// the operands v, f, t and e are 0 and i = n:
//
//	en, en-XA (pseudo)    one: i = 1 and v = 0
//	es                    one: n = 1
//	hi                    one: i = 0 or n = 1
//	ru                    one:  v = 0 and i % 10 = 1 and i % 100 != 11
//	                      few:  v = 0 and i % 10 = 2..4 and i % 100 != 12..14
//	                      many: v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9
//	                            or v = 0 and i % 100 = 11..14
//	km, lo, vi, zh-Hans   other only
//
// every other number being "other". One rule is left out: since CLDR 38,
// Spanish says a whole number of millions in the "many" form
// (e = 0 and i != 0 and i % 1000000 = 0 and v = 0), for the "de" of
// "1 millón de cartas" in words. The app writes counts in digits, where that
// form reads as "other", and no count it shows comes near a million; keeping
// it would make every Spanish count message carry a form nobody sees.
func (l Language) form(n int) form {
	i := uint64(n)
	if n < 0 {
		i = -i // the size of n, even for the most negative int
	}
	switch l.Tag {
	case English, Pseudo, "es":
		if i == 1 {
			return formOne
		}
	case "hi":
		if i <= 1 {
			return formOne
		}
	case "ru":
		switch d, dd := i%10, i%100; {
		case d == 1 && dd != 11:
			return formOne
		case d >= 2 && d <= 4 && (dd < 12 || dd > 14):
			return formFew
		default:
			return formMany
		}
	}
	return formOther
}
