package main

import (
	"net/url"
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/pion"
)

// An invitation: the room's link names the game and the host (?game=ID
// &from=NAME), so a friend's page says whose table it is and what is played
// there before it connects. The link only describes the room: once
// connected, the page shows the game and the seats the host announces.

// roomLink is the room's link to share: roomPath on the page's origin, with
// the game's id and the host's name when they are known.
func roomLink(code, game, host string) string {
	link := pion.RoomLink(app.Window().Get("location").Get("origin").String(), code)
	return link + inviteQuery(game, host)
}

// inviteQuery is the part of a room's link that names its game and host.
func inviteQuery(game, host string) string {
	q := ""
	if game != "" {
		q += "&game=" + url.QueryEscape(game)
	}
	if host = linkName(host); host != "" {
		q += "&from=" + url.QueryEscape(host)
	}
	return q
}

// linkName is a name read from a link as a page may show it: printable,
// trimmed, at most 24 characters (as the name field allows); "" when
// nothing is left.
func linkName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return ' '
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 24 {
		s = strings.TrimSpace(string(r[:24]))
	}
	return s
}

// linkInviteWords says what a room's link tells of it before the page
// connects: the game when it is one this app has, and the host's name.
func linkInviteWords(p *msg.Catalogue, q url.Values) string {
	from := linkName(q.Get("from"))
	title := ""
	if g, ok := lookupGame(q.Get("game")); ok {
		title = gameTitle(p, g.Game.Info())
	}
	switch {
	case title != "" && from != "":
		return p.T("%[1]s invites you to a game of %[2]s.", from, title)
	case title != "":
		return p.T("You are invited to a game of %s.", title)
	case from != "":
		return p.T("%s invites you to their table.", from)
	}
	return p.T("A friend invited you to their table.")
}

// inviteWords tells a joiner whose table it is and what is played there,
// from what the host's welcome announced: "Ana invites you to a game of
// Mindikot." Until the seats arrive it keeps saying what the link said
// (linked), so the host's name does not blink away.
func inviteWords(p *msg.Catalogue, seats []rtc.SeatStatus, game, linked string) string {
	for _, s := range seats {
		if s.Kind == rtc.KindHost && s.Name != "" {
			return p.T("%[1]s invites you to a game of %[2]s.", s.Name, game)
		}
	}
	if len(seats) == 0 && linked != "" {
		return linked
	}
	return p.T("You are invited to a game of %s.", game)
}
