package main

import (
	"strconv"
	"strings"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// optionWordsOf are a game's words for its options, nil for a game without
// any.
func optionWordsOf(game string) []ui.OptionWords { return gameUI(game).Options }

// wordsFor returns the words of a game's option; ok is false when none are
// written (a test keeps every registered option worded).
func wordsFor(game, option string) (ui.OptionWords, bool) {
	for _, w := range optionWordsOf(game) {
		if w.Name == option {
			return w, w.Label != "" && w.Help != ""
		}
	}
	return ui.OptionWords{}, false
}

// optionTitle is the label of an option; an option without words (which a
// test forbids) shows its name made readable rather than nothing.
func optionTitle(p *msg.Catalogue, game, option string) string {
	if w, ok := wordsFor(game, option); ok {
		return w.Label.Say(p)
	}
	return ui.OptionLabel(option)
}

// optionHelp is the help sentence of an option.
func optionHelp(p *msg.Catalogue, game string, o games.Option) string {
	if w, ok := wordsFor(game, o.Name); ok {
		if w.More != "" {
			return p.T("%s %s", strings.TrimSpace(w.Help.Say(p)), w.More.Say(p))
		}
		return w.Help.Say(p)
	}
	return o.Help
}

// valueWords says one value of a game's option; ok is false when no words
// are written for it.
func valueWords(p *msg.Catalogue, game, option, value string) (string, bool) {
	w, ok := wordsFor(game, option)
	if !ok {
		return value, false
	}
	for _, v := range w.Values {
		if v.Value == value && v.Words != "" {
			return v.Words.Say(p), true
		}
	}
	n, err := strconv.Atoi(value)
	if err != nil || w.Number == nil {
		return value, false
	}
	return w.Number(p, n), true
}

// valueText says a value, or shows it made readable when it has no words.
func valueText(p *msg.Catalogue, game, option, value string) string {
	if s, ok := valueWords(p, game, option, value); ok {
		return s
	}
	return ui.ValueLabel(value)
}

// isMainOption reports whether an option is on the new-game page's first
// screen.
func isMainOption(game, option string) bool {
	w, ok := wordsFor(game, option)
	return ok && w.Main
}
