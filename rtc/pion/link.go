package pion

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"cardtable/signaling"
)

// RoomLink is the link friends open to join a room: the PWA's address with
// the code in the query (`/play?room=CODE`), never in the path, so the link
// works when the PWA is served from a static host.
func RoomLink(page, code string) string {
	return strings.TrimSuffix(page, "/") + "/play?room=" + code
}

// ParseRoomLink finds the room code in a link, in the query (`?room=CODE`)
// or the fragment (`#room=CODE`), and returns it with the page's origin.
func ParseRoomLink(link string) (origin, code string, err error) {
	u, err := url.Parse(link)
	if err != nil {
		return "", "", fmt.Errorf("room link: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", "", fmt.Errorf("room link: %q is not a web address", link)
	}
	code = u.Query().Get("room")
	if code == "" {
		if f, err := url.ParseQuery(u.Fragment); err == nil {
			code = f.Get("room")
		}
	}
	if code == "" {
		return "", "", errors.New("room link: no room code in it (want ?room=CODE or #room=CODE)")
	}
	if !signaling.ValidRoom(code) {
		return "", "", fmt.Errorf("room link: %q is not a room code", code)
	}
	return u.Scheme + "://" + u.Host, code, nil
}

// SignalURL is the signaling server of the server at origin
// (`https://cards.example` → `wss://cards.example/signal/`).
func SignalURL(origin string) (string, error) {
	u, err := url.Parse(origin)
	if err != nil {
		return "", fmt.Errorf("signaling address: %w", err)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("signaling address: %q is not a web address", origin)
	}
	return u.Scheme + "://" + u.Host + "/signal/", nil
}
