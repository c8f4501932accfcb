// Package signaling is the tiny server that introduces the players of a peer
// match, and the client that talks to it. It never sees a game: it relays the
// WebRTC offer, answer and ICE candidates between a room's host and each
// joiner, then the peers talk directly over data channels.
//
// # Rooms
//
// A host opens a WebSocket on `GET /signal/new` and receives the room's code
// and a host secret. Joiners open `GET /signal/{code}`. A host whose page
// reloaded opens `GET /signal/{code}` and presents the secret in its hello:
// it takes the room back, even after the server forgot it (the secret is an
// HMAC of the code under the server's key, so the server keeps nothing to
// check it). Codes hold 96 random bits, URL-safe base64 (16 characters). A
// room is forgotten when its last connection closes.
//
// # Messages
//
// Every message is one JSON object (Message) in a text frame. The client's
// first message is a hello; after that:
//
//	client → server
//	  {"type":"hello","v":1,"secret":"…"}     first message; secret only when reclaiming a room as its host
//	  {"type":"signal","peer":"p3","data":…}  host → one joiner (peer names it)
//	  {"type":"signal","data":…}              joiner → the host
//	  {"type":"ping"}                         keeps the connection from idling out
//	server → client
//	  {"type":"room","room":"…","secret":"…","peer":"p3","host":true,"ice":[…]}
//	                                          answer to the hello: the host gets the secret,
//	                                          a joiner its peer id and whether the host is present
//	  {"type":"join","peer":"p3"}             to the host: a joiner arrived (also sent for every
//	                                          joiner waiting when the host connects)
//	  {"type":"leave","peer":"p3"}            to the host: that joiner's connection closed
//	  {"type":"host"}                         to joiners: the host (re)connected: send an offer now
//	  {"type":"nohost"}                       to joiners: the host's connection closed
//	  {"type":"signal","peer":"p3","data":…}  relayed signal (to the host, peer is the sender)
//	  {"type":"error","error":"…"}            a request that could not be served (unknown peer)
//	  {"type":"pong"}
//
// data is opaque JSON the peers agree on (offer, answer, candidate); the
// server only checks that it is JSON.
//
// # Limits
//
// Everything a client does wrong or too much ends its connection with a
// WebSocket close code and a reason a person can read (see the Close*
// constants), within WebSocket's 123 bytes and cut at a character; requests
// refused before the upgrade get an HTTP status and a one-line reason. A
// message over the size limit is read to its end before the close, so the
// client gets the close frame (1009) rather than a reset. Limits are in
// Config: message size, joiners per room and per address in a room, rooms
// in all and per address (a room counts while its host is in it),
// connections in all and per address, messages per second, handshake and
// idle time-outs.
//
// What a joiner sends is limited per connection and per address (the
// address's allowance outlives its connections: reconnecting refills
// nothing). A host is never closed for answering: each message a joiner
// sends it lets it send more, a host over its allowance loses the message,
// and a joiner whose signal finds the host's queue full is refused in its
// place.
//
// # Many instances
//
// By default a server keeps its rooms in its own memory, and a room's host
// and joiners must reach the same instance. With Config.NATS (`app signal
// -nats URL`, or $CARDTABLE_NATS) every instance shares its rooms through a
// NATS server with JetStream, and a host on one instance and joiners on
// others find each other:
//
//   - Each room's record (its host's instance and generation, its joiners
//     with their addresses and instances, the next peer id, the address it
//     counts against) lives in the JetStream key-value bucket
//     cardtable_signal_rooms, and each address's live rooms in the same
//     bucket; both change only by compare-and-set, so every instance sees and
//     enforces the same numbers.
//   - What clients say crosses instances on core NATS subjects, one per room
//     and role: cardtable.signal.CODE.h (to the host: joins, leaves, signals),
//     .e (to the joiners: the host came or left) and .j.PEER (to one joiner).
//     Every instance, the one a message comes from included, hears it there.
//     A host's signal to a peer no longer in the room is dropped without the
//     error a single instance answers.
//   - Each instance writes a heartbeat to cardtable_signal_instances every
//     3 s; one silent for 10 s is dead, and the records drop its host and its
//     joiners when they are next changed. A host whose instance died takes
//     its room back on any other with its secret (Key must be the same on
//     every instance), and its WebRTC links stay up: signaling is needed only
//     for new joins and rejoins.
//   - What arrives from NATS is as untrusted as what a client sends: records
//     and messages are size-checked and strictly decoded (fuzzed), and what
//     fails is dropped. When NATS cannot be reached, new rooms and joins are
//     refused with CloseUnavailable ("signaling unavailable … retrying"): the
//     clients of package rtc/pion try again, with a growing pause, on the next
//     instance they know; matches under way go on over their data channels.
//   - NATS may come back without the records (a server keeping them in
//     memory restarted), or lose one: each instance writes back what its own
//     clients need (its hosts' rooms, its joiners, the joiner ids handed
//     out, its heartbeat, the buckets, the leaving of clients that left
//     meanwhile) as soon as its connection is back and every 15 s after.
//     While the rooms bucket is newly made, a room not yet written back is
//     refused with CloseUnavailable, not CloseUnknownRoom.
//   - The buckets keep their records on file (Config.NATSStorage) in as many
//     servers of a NATS cluster as Config.NATSReplicas says: with 3, one
//     server may die and no room is lost.
//
// Across instances hold: joiners in a room and from one address in it, live
// rooms per address, peer ids, host secrets. Per instance stay: connections
// in all and per address, rooms in all, message size, and message rates
// (a connection's and an address's allowance).
//
// A deployment (the PWA is static files: any web host or CDN serves it; TURN
// is a separate service, scaled on its own, that the instances name in the
// ICE servers they tell the pages):
//
//	phones and browsers ──HTTPS──▶ static hosting of the PWA (app.wasm, assets)
//	       │
//	       ├──WSS /signal/──▶ load balancer ──▶ signal A   signal B   signal C
//	       │                                      │          │          │
//	       │                                      └──────────┼──────────┘
//	       │                                                 │
//	       │                              NATS with JetStream (room records,
//	       │                              heartbeats, the relay between instances)
//	       │
//	       └──WebRTC data channels: peer to peer, or through TURN (pion/turn,
//	          `app signal -turn`, or any TURN server named with -ice)
//
// NATS lets in only the instances (natsauth.go). An instance logs in with
// a user and password or a token in Config.NATS, a credentials file, or a
// client certificate (Config.NATSAuth, which also names the CA its server's
// certificate must come from); with none, as NATSUser with the password its
// Key gives (NATSPassword). Its user may use only NATSPermissions: the
// rooms' subjects, the two buckets and the replies to its requests.
//
// StartNATS runs an embedded NATS server with JetStream (`app signal
// -embedded-nats`), for a cluster of instances on one machine and for
// tests. It lets in only NATSUser with the instances' key's password, and
// grants it NATSPermissions.
package signaling

import (
	"encoding/json"

	"github.com/coder/websocket"
)

// Version is the protocol version a hello carries.
const Version = 1

// Message is every message in both directions; Type says which fields are used.
type Message struct {
	Type   string          `json:"type"`
	V      int             `json:"v,omitempty"`
	Room   string          `json:"room,omitempty"`
	Secret string          `json:"secret,omitempty"`
	Peer   string          `json:"peer,omitempty"`
	Host   bool            `json:"host,omitempty"`
	Data   json.RawMessage `json:"data,omitempty"`
	ICE    []ICEServer     `json:"ice,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// ICEServer is a STUN or TURN server the server tells its clients to use, in
// the shape of the browser's RTCIceServer.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`
	Credential string   `json:"credential,omitempty"`
}

// Message types.
const (
	TypeHello  = "hello"
	TypeSignal = "signal"
	TypePing   = "ping"
	TypePong   = "pong"
	TypeRoom   = "room"
	TypeJoin   = "join"
	TypeLeave  = "leave"
	TypeHostUp = "host"
	TypeNoHost = "nohost"
	TypeError  = "error"
)

// NewRoom is the path segment that asks for a new room.
const NewRoom = "new"

// Close codes the server ends a connection with (4000-4999 are the
// application's range; the browser's CloseEvent shows code and reason).
const (
	CloseBadMessage  websocket.StatusCode = 4000
	CloseHandshake   websocket.StatusCode = 4001
	CloseIdle        websocket.StatusCode = 4002
	CloseUnknownRoom websocket.StatusCode = 4004
	CloseRoomFull    websocket.StatusCode = 4008 // joiners in the room, or from one address in it
	CloseTooMany     websocket.StatusCode = 4009 // rooms per address, rooms in all, message rate, the host busy
	CloseReplaced    websocket.StatusCode = 4010 // the host connected again elsewhere
	CloseBadSecret   websocket.StatusCode = 4011
	CloseTooSlow     websocket.StatusCode = 4012 // the client does not read what it is sent
	CloseUnavailable websocket.StatusCode = 4013 // the instances' message service (NATS) cannot be reached: try again
)

// ValidRoom reports whether s has the shape of a room code.
func ValidRoom(s string) bool {
	if len(s) != roomLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// roomLen is the length of a room code: 12 random bytes in base64url.
const roomLen = 16
