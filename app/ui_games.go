package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"cardtable/games"
	gamecat "cardtable/games/catalog"
	"cardtable/ui"
	"cardtable/ui/catalog"
)

// gameUI is a game's UI (ui/catalog); a game without its own plays through
// the generic table.
func gameUI(id string) ui.Game { return catalog.Of(id) }

// readView reads a session's view for the table of game: the game's own
// View for its table, any JSON object for the generic table.
func readView(game string, v any) (ui.View, error) {
	g := gameUI(game)
	if v == nil {
		return nil, errors.New("no view yet")
	}
	if g.Read == nil {
		return ui.ReadGeneric(v)
	}
	view, err := gameView(game, v)
	if err != nil {
		return nil, err
	}
	return g.ReadView(view)
}

// gameView is a session's view as the game's own View: a local session and
// a replay hand the engine's value, a joiner the host's JSON, which the
// game's one decoder reads (games.Entry.DecodeView).
func gameView(game string, v any) (games.View, error) {
	var b []byte
	switch x := v.(type) {
	case nil:
		return nil, errors.New("no view yet")
	case games.View:
		return x, nil
	case json.RawMessage:
		b = x
	case []byte:
		b = x
	default:
		return nil, fmt.Errorf("a view of type %T", v)
	}
	e, err := gamecat.Lookup(game)
	if err != nil {
		return nil, err
	}
	return e.DecodeView(b)
}

// newWords is the phrasing of game for the reader me, with the seats named.
func newWords(game string, names []string, me games.Seat) ui.Words {
	return ui.NewWords(gameUI(game), names, me)
}
