// Package msg is the one message catalogue of the UI. Every sentence a
// person reads or hears — on the pages and the tables, in the game log, the
// results, buttons and aria-labels — is a message looked up here by its
// key. A key is the message's English text with fmt verbs for its
// arguments ("%s plays %s"), written whole: a sentence is one message, never
// pieces glued together, so that a language can order its words its own way.
//
// catalogue.txt lists every key the code uses, one per line; the package's
// test extracts the keys from the code (every call of T and N takes its keys
// as literals) and fails when the code uses a key the catalogue lacks or the
// catalogue keeps one the code no longer uses (`go test ./msg -update`
// rewrites it). The app speaks English today, whose text is the key; the
// languages it will speak add their translations of these keys.
package msg

import "fmt"

// T is the message format in the player's language, filled with args. A
// message is always a format: a literal percent sign is written "%%".
func T(format string, args ...any) string {
	return fmt.Sprintf(format, args...)
}

// Who is a sentence about a seat, in the form for the reader when the seat
// is the reader ("You play %s") and in the form for another seat otherwise
// ("%[1]s plays %[2]s", the seat's name first, then args). Languages whose
// sentences agree with their subject differently keep both forms whole.
func Who(reader bool, name, you, other string, args ...any) string {
	if reader {
		return T(you, args...)
	}
	return fmt.Sprintf(other, append([]any{name}, args...)...)
}

// N is the message for a count n, filled with n and then args: one when n
// is 1 and other otherwise, which is English's plural rule (the catalogue of
// a language brings that language's forms).
func N(n int, one, other string, args ...any) string {
	f := other
	if n == 1 {
		f = one
	}
	return fmt.Sprintf(f, append([]any{n}, args...)...)
}
