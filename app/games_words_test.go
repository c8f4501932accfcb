package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cardtable/games/catalog"
	"cardtable/msg"
	uicatalog "cardtable/ui/catalog"
)

// TestEveryGameHasItsWords: every registered game has its title, pitch and
// rules written once, the pages find them (in the pseudo-language, where
// they differ from the engine's English), and no words are written for a
// game not registered.
func TestEveryGameHasItsWords(t *testing.T) {
	pseudo := msg.PseudoCatalogue()
	titled, ruled := map[string]int{}, map[string]int{}
	for _, g := range uicatalog.Games {
		titled[g.ID]++
		ruled[g.ID]++
		assert.NotEmpty(t, g.Title, g.ID)
		assert.NotEmpty(t, g.Pitch, g.ID)
		assert.NotEmpty(t, g.Rules, g.ID)
	}
	for _, e := range catalog.All() {
		info := e.Game.Info()
		assert.Equal(t, 1, titled[info.ID], "%s: its UI with its title and pitch, once", info.ID)
		assert.Equal(t, 1, ruled[info.ID], "%s: its UI with its rules, once", info.ID)
		assert.NotEqual(t, info.Title, gameTitle(pseudo, info), "%s: the page says the title from its words", info.ID)
		assert.NotEqual(t, info.Pitch, gamePitch(pseudo, info), "%s: the page says the pitch from its words", info.ID)
		assert.NotEmpty(t, rulesOf(info.ID), info.ID)
		delete(titled, info.ID)
		delete(ruled, info.ID)
	}
	assert.Empty(t, titled, "words for games that are not registered")
	assert.Empty(t, ruled, "rules for games that are not registered")
}
