package main

import (
	"errors"

	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/ui"
)

// linkWords says in the player's language why a room's link failed or
// ended: the signaling server's close code, or the host's bye code, each a
// sentence of the catalogue. A failure with neither (a network error) is
// told in English words only to an English reader; another reader gets a
// sentence of their language.
func linkWords(p *msg.Catalogue, err error) string {
	if errors.Is(err, pion.ErrUnreachable) {
		return p.T("The server that connects the players cannot be reached. Check the connection, then try again.")
	}
	var ce *pion.CloseError
	if errors.As(err, &ce) {
		if s, ok := closeWords(p, ce.Code); ok {
			return s
		}
	}
	if p.Lang() != msg.English {
		return p.T("The connection failed: check the network and try again.")
	}
	return ui.Sentence(p, err.Error())
}

// closeWords is the sentence for a signaling server's close code.
func closeWords(p *msg.Catalogue, code int) (string, bool) {
	switch code {
	case int(pion.CloseUnknownRoom):
		return p.T("This room does not exist any more: ask for a new link."), true
	case int(pion.CloseRoomFull):
		return p.T("This room is full."), true
	case int(pion.CloseTooMany):
		return p.T("Too many rooms or messages from this network right now: wait a moment and try again."), true
	case int(pion.CloseReplaced):
		return p.T("This room was opened again on another page or device."), true
	case int(pion.CloseBadSecret):
		return p.T("This device can no longer host this room."), true
	case int(pion.CloseUnavailable):
		return p.T("Signaling is unavailable: retrying."), true
	case int(pion.CloseIdle), int(pion.CloseTooSlow):
		return p.T("The connection was idle or too slow and was closed: try again."), true
	case int(pion.CloseBadMessage), int(pion.CloseHandshake):
		return p.T("The server could not understand this page: reload it."), true
	}
	return "", false
}

// byeWords is the sentence for the host's bye code, "" for a code it does
// not know (the host's own words are shown then, in English readers' pages).
func byeWords(p *msg.Catalogue, code string) string {
	switch code {
	case rtc.ByeKicked:
		return p.T("The host removed you from the room.")
	case rtc.ByeToken, rtc.ByeReplaced:
		return p.T("Your seat was taken back on another page or device.")
	case rtc.ByeClosed:
		return p.T("The host closed the room.")
	case rtc.ByeAgain:
		return p.T("The host opened the next match at this table.")
	case rtc.ByeLeft:
		return p.T("The host's page left: waiting for it to come back…")
	case rtc.ByeFull:
		return p.T("The room has no place for another link now: trying again…")
	case rtc.ByeDealt:
		return p.T("This match deals with no dealer: a page that left it cannot come back.")
	case rtc.ByeHello, rtc.ByeRate, rtc.ByeBad, rtc.ByeSlow:
		return p.T("The host dropped the link: reconnecting…")
	}
	return ""
}

// lobbyWords says why the lobby refused a host's or a player's request (a
// seat taken, the match already started): the host's words to an English
// reader, a sentence of their language to another.
func lobbyWords(p *msg.Catalogue, err error) string {
	if p.Lang() != msg.English {
		return p.T("That cannot be done in the lobby now.")
	}
	return ui.Sentence(p, err.Error())
}
