package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"

	games "cardtable/games/catalog"
)

// TestTheListsNameTheSameGames: the UIs are listed once each, in the
// engines' order, and every game the engines list has its UI.
func TestTheListsNameTheSameGames(t *testing.T) {
	var engines, uis []string
	for _, e := range games.All() {
		engines = append(engines, e.Game.Info().ID)
	}
	for _, g := range Games {
		uis = append(uis, g.ID)
	}
	assert.Equal(t, engines, uis)
}

// TestOfFallsBackToTheGenericTable: a game without a UI of its own gets the
// generic table.
func TestOfFallsBackToTheGenericTable(t *testing.T) {
	assert.Equal(t, "king", Of("king").ID)
	assert.NotNil(t, Of("king").Read)
	g := Of("nogame")
	assert.Equal(t, "nogame", g.ID)
	assert.Nil(t, g.Read)
}
