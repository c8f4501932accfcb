//go:build js && wasm

package record

import "cardtable/games"

// The browser's Record has no Mental: a match dealt with no dealer is read
// and checked natively for now (record_native.go), and a field the browser
// never fills would still move app.wasm's layout (about 10 kB of brotli for
// 100 bytes). Keep the two definitions the same but for Mental.

// Record is one match: enough to rebuild every state of it.
type Record struct {
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
	Deals   []games.Deal      `json:"deals,omitempty"`
	Actions []Step            `json:"actions"`
	// Peeks lists, for a one-player game, the number of actions played
	// each time the player asked whether the true deal could still be won:
	// a look at the hidden cards that a fair hint never takes.
	Peeks []int `json:"peeks,omitempty"`
	// Fair is how a room match's seed was drawn jointly (fair.go); nil for
	// a match one page seeded alone.
	Fair *Fair `json:"fair,omitempty"`
}
