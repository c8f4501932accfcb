package main

import (
	"strconv"
	"strings"

	"cardtable/games"
	"cardtable/msg"
)

// optionWords is how the new-game and rules pages speak of one option of a
// game: a label, a sentence of help and words for every value, written for
// players (the engine's option names and values stay in the form's values
// and in records). The words are static data, lists rather than maps, so
// that the page builds nothing at start to hold them.
type optionWords struct {
	Name  string // the engine's name of the option
	Label msg.Key
	Help  msg.Key
	More  msg.Key // a second sentence of help, if any
	// Main options are on the new-game page's first screen; the others wait
	// under "More options".
	Main bool
	// Values names values one by one; Number words the numeric values it
	// does not name ("8 rounds"), in the player's language.
	Values []valueWord
	Number func(n int) string
}

// valueWord names one value of an option.
type valueWord struct {
	Value string // the engine's value
	Words msg.Key
}

// gameOptionWords holds, per game, the words of each of its options.
var gameOptionWords = []struct {
	game  string
	words []optionWords
}{
	{"king", kingOptionWords},
	{"mindikot", mindikotOptionWords},
	{"catte", catteOptionWords},
	{"eatreds", eatredsOptionWords},
	{"eatpairs", eatpairsOptionWords},
	{"klondike", klondikeOptionWords},
	{"sortcoop", sortcoopOptionWords},
	{"papas", papasOptionWords},
}

// optionWordsOf are a game's words for its options, nil for a game without
// any.
func optionWordsOf(game string) []optionWords {
	for _, g := range gameOptionWords {
		if g.game == game {
			return g.words
		}
	}
	return nil
}

// wordsFor returns the words of a game's option; ok is false when none are
// written (a test keeps every registered option worded).
func wordsFor(game, option string) (optionWords, bool) {
	for _, w := range optionWordsOf(game) {
		if w.Name == option {
			return w, w.Label != "" && w.Help != ""
		}
	}
	return optionWords{}, false
}

// optionTitle is the label of an option; an option without words (which a
// test forbids) shows its name made readable rather than nothing.
func optionTitle(game, option string) string {
	if w, ok := wordsFor(game, option); ok {
		return w.Label.Say()
	}
	return optionLabel(option)
}

// optionHelp is the help sentence of an option.
func optionHelp(game string, o games.Option) string {
	if w, ok := wordsFor(game, o.Name); ok {
		if w.More != "" {
			return msg.T("%s %s", strings.TrimSpace(w.Help.Say()), w.More.Say())
		}
		return w.Help.Say()
	}
	return o.Help
}

// valueWords says one value of a game's option; ok is false when no words
// are written for it.
func valueWords(game, option, value string) (string, bool) {
	w, ok := wordsFor(game, option)
	if !ok {
		return value, false
	}
	for _, v := range w.Values {
		if v.Value == value && v.Words != "" {
			return v.Words.Say(), true
		}
	}
	n, err := strconv.Atoi(value)
	if err != nil || w.Number == nil {
		return value, false
	}
	return w.Number(n), true
}

// valueText says a value, or shows it made readable when it has no words.
func valueText(game, option, value string) string {
	if s, ok := valueWords(game, option, value); ok {
		return s
	}
	return valueLabel(value)
}

// isMainOption reports whether an option is on the new-game page's first
// screen.
func isMainOption(game, option string) bool {
	w, ok := wordsFor(game, option)
	return ok && w.Main
}
