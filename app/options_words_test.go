package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games/catalog"
	uicatalog "cardtable/ui/catalog"
)

// optionNotation matches what engine names look like and words do not: an
// underscore, a lower-case letter followed by a capital inside a word
// ("includeAnything"), or a word of capitals and digits ("ROUNDS_6_7").
var optionNotation = regexp.MustCompile(`_|\\p{Ll}\\p{Lu}|\\b[A-Z]{2,}[0-9]*\\b`)

// TestEveryOptionIsWorded: every option of every registered game has a
// label, a help sentence and words for each of its values, none of them
// engine optionNotation; the words name no option the game does not have.
func TestEveryOptionIsWorded(t *testing.T) {
	for _, g := range catalog.All() {
		info := g.Game.Info()
		names := map[string]bool{}
		main := 0
		for _, o := range info.Options {
			names[o.Name] = true
			w, ok := wordsFor(info.ID, o.Name)
			if !assert.True(t, ok, "%s: option %s has no label or help in ui/%s/options.go", info.ID, o.Name, info.ID) {
				continue
			}
			if w.Main {
				main++
			}
			for _, s := range []string{w.Label.Say(nil), w.Help.Say(nil)} {
				assert.NotRegexp(t, optionNotation, s, "%s: option %s", info.ID, o.Name)
			}
			assert.True(t, strings.HasSuffix(optionHelp(nil, info.ID, o), "."), "%s: the help of %s is a sentence: %q", info.ID, o.Name, optionHelp(nil, info.ID, o))
			seen := map[string]string{}
			for _, v := range o.Values {
				s, ok := valueWords(nil, info.ID, o.Name, v)
				assert.True(t, ok, "%s: option %s: value %q has no words", info.ID, o.Name, v)
				assert.NotRegexp(t, optionNotation, s, "%s: option %s: value %q", info.ID, o.Name, v)
				if other, dup := seen[s]; dup {
					t.Errorf("%s: option %s: values %q and %q both read %q", info.ID, o.Name, other, v, s)
				}
				seen[s] = v
			}
		}
		worded := map[string]bool{}
		for _, w := range optionWordsOf(info.ID) {
			assert.True(t, names[w.Name], "%s: words for an option the game does not have: %s", info.ID, w.Name)
			assert.False(t, worded[w.Name], "%s: option %s is worded twice", info.ID, w.Name)
			worded[w.Name] = true
			values := map[string]bool{}
			for _, v := range w.Values {
				assert.False(t, values[v.Value], "%s: option %s: value %q is worded twice", info.ID, w.Name, v.Value)
				values[v.Value] = true
			}
		}
		if len(info.Options) > 0 {
			assert.True(t, main >= 1 && main <= 3, "%s: %d options on the first screen; one to three matter most", info.ID, main)
		}
	}
	listed := map[string]bool{}
	for _, g := range uicatalog.Games {
		_, ok := lookupGame(g.ID)
		assert.True(t, ok, "words for a game that is not registered: %s", g.ID)
		assert.False(t, listed[g.ID], "the words of %s are listed twice", g.ID)
		listed[g.ID] = true
	}
}

// TestValueWordsCountThings: numeric values read as counts, "1" in the
// singular, and named values win over the count.
func TestValueWordsCountThings(t *testing.T) {
	for _, c := range []struct{ game, option, value, want string }{
		{"catte", "matchRounds", "1", "1 round"},
		{"catte", "matchRounds", "10", "10 rounds"},
		{"catte", "sweepBonusMinPlayers", "7", "Never"},
		{"papas", "turnLimit", "none", "No limit"},
		{"eatreds", "matchTarget", "0", "One deal"},
		{"king", "kingDiscardScope", "ROUNDS_6_7", "In rounds 6 and 7"},
	} {
		got, ok := valueWords(nil, c.game, c.option, c.value)
		assert.True(t, ok, "%+v", c)
		assert.Equal(t, c.want, got)
	}
	_, ok := valueWords(nil, "catte", "matchRounds", "many")
	assert.False(t, ok, "a value that is no number and has no words of its own")
	_, ok = valueWords(nil, "king", "noSuchOption", "on")
	assert.False(t, ok)
}
