// Package rtc holds sessions: the one Session the UI talks to. A session
// owns a match: it takes the local player's intents (Act), keeps the game's
// record, and tells the UI what changed. The local session runs the engine
// and the bots in the page itself.
//
// Go WebAssembly runs every goroutine on the page's one thread, so a session
// never computes for long without waiting on a timer: bots move one action at
// a time after a pause (the bot pace), which hands the thread back to the
// browser between moves so taps, animations and the reaction timer never
// stall.
package rtc

import (
	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/wire"
)

// Move is one legal action of the local seat: its notation (for the
// session and the wire) and the engine's description of it as the seat
// reads it (for the words on screen).
type Move = wire.Move

// Event is one applied action as the local seat may know it: the engine's
// description for that seat, never the action's notation.
type Event = wire.Event

// SeatStatus is one seat as the lobby and every update show it.
type SeatStatus = wire.SeatStatus

// Seat kinds.
const (
	KindEmpty  = wire.KindEmpty
	KindHost   = wire.KindHost
	KindPlayer = wire.KindPlayer
	KindBot    = wire.KindBot
)

// Session is what the UI talks to: a local match against bots, a room's
// host or joiner, or a replay of a record.
type Session interface {
	// Info is the game's description.
	Info() games.Info
	// Seat is the local player's seat.
	Seat() games.Seat
	// Snapshot is the match as the local seat has it now: its view, what
	// happened last, its legal moves, who acts, the window, the result.
	Snapshot() Snapshot
	// Act plays the local seat's action given in the text notation (a
	// legal move's Text) and returns what was applied as the seat is told
	// it; a joiner's intent goes to the host, which answers in its next
	// update, so it returns none.
	Act(text string) ([]Event, error)
	// Record is a copy of the match's record so far.
	Record() *record.Record
}
