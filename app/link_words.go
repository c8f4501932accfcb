package main

import (
	"errors"

	"cardtable/msg"
	"cardtable/rtc/pion"
	"cardtable/rtc/wire"
	"cardtable/signaling"
	"cardtable/ui"
)

// linkWords says in the player's language why a room's link failed or
// ended: the signaling server's close code, or the host's bye code, each a
// sentence of the catalogue. A failure with neither (a network error) is
// told in English words only to an English reader; another reader gets a
// sentence of their language.
func linkWords(err error) string {
	if errors.Is(err, pion.ErrUnreachable) {
		return msg.T("The server that connects the players cannot be reached. Check the connection, then try again.")
	}
	var ce *signaling.CloseError
	if errors.As(err, &ce) {
		if s, ok := closeWords(ce.Code); ok {
			return s
		}
	}
	if msg.Lang() != msg.English {
		return msg.T("The connection failed: check the network and try again.")
	}
	return ui.Sentence(err.Error())
}

// closeWords is the sentence for a signaling server's close code.
func closeWords(code int) (string, bool) {
	switch code {
	case int(signaling.CloseUnknownRoom):
		return msg.T("This room does not exist any more: ask for a new link."), true
	case int(signaling.CloseRoomFull):
		return msg.T("This room is full."), true
	case int(signaling.CloseTooMany):
		return msg.T("Too many rooms or messages from this network right now: wait a moment and try again."), true
	case int(signaling.CloseReplaced):
		return msg.T("This room was opened again on another page or device."), true
	case int(signaling.CloseBadSecret):
		return msg.T("This device can no longer host this room."), true
	case int(signaling.CloseUnavailable):
		return msg.T("Signaling is unavailable: retrying."), true
	case int(signaling.CloseIdle), int(signaling.CloseTooSlow):
		return msg.T("The connection was idle or too slow and was closed: try again."), true
	case int(signaling.CloseBadMessage), int(signaling.CloseHandshake):
		return msg.T("The server could not understand this page: reload it."), true
	}
	return "", false
}

// byeWords is the sentence for the host's bye code, "" for a code it does
// not know (the host's own words are shown then, in English readers' pages).
func byeWords(code string) string {
	switch code {
	case wire.ByeKicked:
		return msg.T("The host removed you from the room.")
	case wire.ByeToken, wire.ByeReplaced:
		return msg.T("Your seat was taken back on another page or device.")
	case wire.ByeClosed:
		return msg.T("The host closed the room.")
	case wire.ByeAgain:
		return msg.T("The host opened the next match at this table.")
	case wire.ByeLeft:
		return msg.T("The host's page left: waiting for it to come back…")
	case wire.ByeFull:
		return msg.T("The room has no place for another link now: trying again…")
	case wire.ByeHello, wire.ByeRate, wire.ByeBad, wire.ByeSlow:
		return msg.T("The host dropped the link: reconnecting…")
	}
	return ""
}

// lobbyWords says why the lobby refused a host's or a player's request (a
// seat taken, the match already started): the host's words to an English
// reader, a sentence of their language to another.
func lobbyWords(err error) string {
	if msg.Lang() != msg.English {
		return msg.T("That cannot be done in the lobby now.")
	}
	return ui.Sentence(err.Error())
}
