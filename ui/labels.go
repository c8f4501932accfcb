package ui

import (
	"net/url"
	"strings"
	"unicode"

	"cardtable/msg"
)

// OptionWords is how the new-game and rules pages speak of one option of a
// game: a label, a sentence of help and words for every value, written for
// players (the engine's option names and values stay in the form's values
// and in records). The words are static data, lists rather than maps, so
// that the page builds nothing at start to hold them.
type OptionWords struct {
	Name  string // the engine's name of the option
	Label msg.Key
	Help  msg.Key
	More  msg.Key // a second sentence of help, if any
	// Main options are on the new-game page's first screen; the others wait
	// under "More options".
	Main bool
	// Values names values one by one; Number words the numeric values it
	// does not name ("8 rounds"), in the player's language.
	Values []ValueWord
	Number func(p *msg.Catalogue, n int) string
}

// ValueWord names one value of an option.
type ValueWord struct {
	Value string // the engine's value
	Words msg.Key
}

// OptionLabel turns an option name into words: "includeAnything" → "Include anything".
func OptionLabel(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i == 0 {
			b.WriteRune(unicode.ToUpper(r))
			continue
		}
		if unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ValueLabel makes an option value readable: "ROUNDS_6_7" → "rounds 6 7".
func ValueLabel(v string) string {
	if strings.ToUpper(v) == v && strings.ContainsAny(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		v = strings.ToLower(strings.ReplaceAll(v, "_", " "))
	}
	return v
}

// LevelWord is a bot level's short name for a seat's badge ("easy").
func LevelWord(p *msg.Catalogue, level string) string {
	switch level {
	case "random":
		return p.T("random")
	case "easy":
		return p.T("easy")
	case "normal":
		return p.T("normal")
	case "hard":
		return p.T("hard")
	}
	return level
}

// SeatName names a seat from the local player's point of view.
func SeatName(p *msg.Catalogue, seat, players int) string {
	switch {
	case seat == 0:
		return p.T("You")
	case players == 4 && seat == 1:
		return p.T("West")
	case players == 4 && seat == 2:
		return p.T("North")
	case players == 4 && seat == 3:
		return p.T("East")
	}
	return p.T("Bot %d", seat)
}

func GameURL(path, id string) string { return path + "?game=" + url.QueryEscape(id) }
