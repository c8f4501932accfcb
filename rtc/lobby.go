package rtc

import "cardtable/rtc/wire"

// What a room's pages show of the lobby and of a link's end, as the peer
// protocol (rtc/wire) carries it: the pages talk to a room through rtc and
// never read the wire themselves.

// DrawStatus is a room's joint-seed draw as the lobby shows it.
type DrawStatus = wire.DrawStatus

// The phases of a draw under way.
const (
	PhaseCommit = wire.PhaseCommit // waiting for the commitments
	PhaseReveal = wire.PhaseReveal // every commitment is in: waiting for the shares
)

// Why a seat was left out of a draw.
const (
	LeftNoCommit = wire.LeftNoCommit // its page sent no commitment in time
	LeftNoReveal = wire.LeftNoReveal // its page did not reveal its share in time
	LeftMismatch = wire.LeftMismatch // its share did not match its commitment
)

// The codes of the host's bye: why a link ended (wire.Bye*).
const (
	ByeKicked   = wire.ByeKicked
	ByeToken    = wire.ByeToken
	ByeReplaced = wire.ByeReplaced
	ByeClosed   = wire.ByeClosed
	ByeAgain    = wire.ByeAgain
	ByeLeft     = wire.ByeLeft
	ByeFull     = wire.ByeFull
	ByeHello    = wire.ByeHello
	ByeRate     = wire.ByeRate
	ByeBad      = wire.ByeBad
	ByeSlow     = wire.ByeSlow
	ByeDealt    = wire.ByeDealt
)

// DealMental is the deal of a room whose pages deal with no dealer.
const DealMental = wire.DealMental

// TokenLen is the length of a seat token in hexadecimal characters.
const TokenLen = wire.TokenLen

// ValidToken reports whether s has the form of a seat token.
func ValidToken(s string) bool { return wire.ValidToken(s) }
