// Package wasmreplay replays game records and prints the outcome the same way
// natively and in WebAssembly: the God view and the Result as JSON. The
// native test in wasm_test writes records with their native outcome; this
// package's test, compiled to WebAssembly, replays them and compares bytes.
package wasmreplay

import (
	"encoding/json"
	"fmt"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// Outcome is what a replay produces, byte for byte.
type Outcome struct {
	God    json.RawMessage `json:"god"`
	Result json.RawMessage `json:"result"`
}

// Replay parses a record, replays it and returns its outcome as JSON.
func Replay(data []byte) ([]byte, error) {
	rec, err := record.Parse(data)
	if err != nil {
		return nil, err
	}
	g, err := catalog.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	s, err := record.Replay(g.Game, rec, nil)
	if err != nil {
		return nil, err
	}
	god, err := json.Marshal(s.View(games.God))
	if err != nil {
		return nil, fmt.Errorf("god view: %w", err)
	}
	res, err := json.Marshal(s.Result())
	if err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	return json.Marshal(Outcome{God: god, Result: res})
}
