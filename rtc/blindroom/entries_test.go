package blindroom

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games/catalog"
)

// TestTheRoomsGamesAreTheCatalogs: the room's own entries of the games it
// deals are the catalogue's, field by field (the same types, the same
// functions).
func TestTheRoomsGamesAreTheCatalogs(t *testing.T) {
	for _, e := range dealt() {
		want, err := catalog.Lookup(e.ID())
		require.NoError(t, err)
		a, b := reflect.ValueOf(e), reflect.ValueOf(want)
		for i := range a.NumField() {
			name := a.Type().Field(i).Name
			x, y := a.Field(i), b.Field(i)
			if x.Kind() == reflect.Func {
				assert.Equal(t, y.Pointer(), x.Pointer(), "%s's %s", e.ID(), name)
				continue
			}
			assert.Equal(t, y.Interface(), x.Interface(), "%s's %s", e.ID(), name)
		}
	}
}
