package pion

import "cardtable/signaling"

// CloseError is why the signaling server closed a page's connection to a
// room; its Code is one of the codes below, which the page says in words.
type CloseError = signaling.CloseError

// The signaling server's close codes a page tells its player.
const (
	CloseUnknownRoom = signaling.CloseUnknownRoom
	CloseRoomFull    = signaling.CloseRoomFull
	CloseTooMany     = signaling.CloseTooMany
	CloseReplaced    = signaling.CloseReplaced
	CloseBadSecret   = signaling.CloseBadSecret
	CloseUnavailable = signaling.CloseUnavailable
	CloseIdle        = signaling.CloseIdle
	CloseTooSlow     = signaling.CloseTooSlow
	CloseBadMessage  = signaling.CloseBadMessage
	CloseHandshake   = signaling.CloseHandshake
)
